/**
 * The lot's plate lookup (issue 15): what an officer needs about one plate,
 * read from the device's cache by the plate_key index (local schema 6), so
 * the answer takes the same few reads with 20 permits or 20,000, offline
 * too. Nothing here loads a whole table.
 */
import type { CacheRow, TenantDb } from '../../../data';
import { permitStatus, plateKey } from '../parking-rules';

export type PlateVerdict =
  { kind: 'active'; permit: CacheRow } | { kind: 'suspended'; permit: CacheRow } | { kind: 'expired'; permit: CacheRow } | { kind: 'none' };

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

const RANK = { active: 0, suspended: 1, expired: 2 } as const;

/**
 * What the plate's permits say on `today`: a permit in force wins; else the
 * suspension (the office stopped it, the stronger word), else the expiry;
 * among equals the one ending last.
 */
export function classifyPlate(permits: readonly CacheRow[], today: string): PlateVerdict {
  let best: { rank: number; ends: string; permit: CacheRow } | null = null;
  for (const p of permits) {
    if (p.deleted_at) continue;
    const rank = RANK[permitStatus(p, today)];
    const ends = str(p.expires_on) || '9999-12-31';
    if (!best || rank < best.rank || (rank === best.rank && ends > best.ends)) best = { rank, ends, permit: p };
  }
  if (!best) return { kind: 'none' };
  const kind = (['active', 'suspended', 'expired'] as const)[best.rank] ?? 'expired';
  return { kind, permit: best.permit };
}

/** The plate's open violations, newest first. */
export function openViolations(rows: readonly CacheRow[]): CacheRow[] {
  const when = (r: CacheRow) => str(r.occurred_at) || str(r.created_at);
  return rows.filter((r) => !r.deleted_at && r.status !== 'resolved').sort((a, b) => (when(a) < when(b) ? 1 : when(a) > when(b) ? -1 : 0));
}

export interface PlateLookup {
  /** The key looked up (the screen shows an answer only for what is typed now). */
  key: string;
  verdict: PlateVerdict;
  open: CacheRow[];
  /** Other permitted plates starting with what is typed, for a plate half read. */
  suggestions: CacheRow[];
}

export const SUGGESTIONS = 8;
/** Room for the plate's own permits (a renewal leaves old ones) among the prefix rows. */
const exactRoom = 4;

/** One plate's answer from the cache: two exact index reads and one bounded prefix read. */
export async function lookupPlate(db: TenantDb, typed: string, today: string): Promise<PlateLookup | null> {
  const key = plateKey(typed);
  if (!key) return null;
  const permits = db.cache('parking_permits');
  const violations = db.cache('parking_violations');
  const [exact, found, near] = await db.transaction('r', permits, violations, () =>
    Promise.all([
      permits.where('plate_key').equals(key).toArray(),
      violations.where('plate_key').equals(key).toArray(),
      // A bounded read without a filter: Dexie then asks IndexedDB for the rows at once instead of walking a cursor.
      permits
        .where('plate_key')
        .startsWith(key)
        .limit(SUGGESTIONS + exactRoom)
        .toArray(),
    ]),
  );
  const suggestions = near.filter((p) => p.plate_key !== key && !p.deleted_at).slice(0, SUGGESTIONS);
  return { key, verdict: classifyPlate(exact, today), open: openViolations(found), suggestions };
}
