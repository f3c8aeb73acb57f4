/**
 * Rules only the rounds page uses (its own chunk): the due-doors list, the
 * officer's campus and links to the scan screen, kept out of the model the
 * scan path loads.
 */
import { compareDoorNumbers } from '../../lib/door-numbers';
import { doorFreshness, dueAt, isRealDoor, type Freshness, type Row } from './model';

export interface DueDoor<D> {
  door: D;
  lastCheck: number | null;
  freshness: Freshness;
  /** ms past the end of the interval (negative: still inside it); Infinity when never checked. */
  overdueMs: number;
}

/**
 * Doors that are due (Needs Check or Check Soon), the most overdue first:
 * never-checked doors, then by how long ago their interval ended; ties in
 * door order.
 */
export function dueDoors<D extends { id: string; door_number?: unknown }>(
  doors: readonly D[],
  latest: ReadonlyMap<string, number>,
  intervalHours: number,
  now: Date,
): DueDoor<D>[] {
  const out: DueDoor<D>[] = [];
  for (const door of doors) {
    if (
      !isRealDoor({
        id: door.id,
        door_number: typeof door.door_number === 'string' ? door.door_number : null,
      })
    )
      continue;
    const last = latest.get(door.id) ?? null;
    const freshness = doorFreshness(last === null ? null : new Date(last), intervalHours, now);
    if (freshness !== 'needs-check' && freshness !== 'check-soon') continue;
    const overdueMs = last === null ? Number.POSITIVE_INFINITY : now.getTime() - dueAt(last, intervalHours);
    out.push({ door, lastCheck: last, freshness, overdueMs });
  }
  return out.sort((a, b) => {
    if (a.overdueMs === b.overdueMs) return compareDoorNumbers(String(a.door.door_number ?? ''), String(b.door.door_number ?? ''));
    if (a.overdueMs === Number.POSITIVE_INFINITY) return -1;
    if (b.overdueMs === Number.POSITIVE_INFINITY) return 1;
    return b.overdueMs - a.overdueMs;
  });
}

/**
 * The officer's campus for their rounds: the one they chose, if it still
 * exists; else the campus of their latest check; else the first campus.
 */
export function officerCampus(
  chosen: string | null,
  campuses: readonly { id: string }[],
  myChecksNewestFirst: readonly Row[],
  doorById: ReadonlyMap<string, Row>,
): string | null {
  if (chosen && campuses.some((c) => c.id === chosen)) return chosen;
  for (const check of myChecksNewestFirst) {
    const campus = doorById.get(String(check.door_id))?.campus_id;
    if (typeof campus === 'string' && campuses.some((c) => c.id === campus)) return campus;
  }
  return campuses[0]?.id ?? null;
}

/** The scan screen of a tenant (src/lib/roles' tenantPath has no 'scan' screen yet). */
export function scanPath(slug: string, doorId?: string): string {
  const base = `/tenant/${encodeURIComponent(slug)}/scan`;
  return doorId ? `${base}?door=${encodeURIComponent(doorId)}` : base;
}
