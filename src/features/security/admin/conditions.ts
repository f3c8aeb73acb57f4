/**
 * Door conditions as one table with kind global | campus | door (decision
 * 005). Ids of campus defaults and door overrides are derived from the
 * campus or door id, so removing an override (a tombstone, decision 004) and
 * adding it again revives the same row instead of hitting the unique door_id.
 */
import { effectiveCondition } from '../model';

export const GLOBAL_CONDITION_ID = '00000000-0000-0000-0000-000000000000';

type Row = Readonly<Record<string, unknown>>;

function deriveId(id: string, mask: number): string {
  return id.toLowerCase().replace(/[0-9a-f]/g, (h) => (parseInt(h, 16) ^ mask).toString(16));
}

export function conditionIdForDoor(doorId: string): string {
  return deriveId(doorId, 0x5);
}

export function conditionIdForCampus(campusId: string): string {
  return deriveId(campusId, 0xa);
}

export interface ConditionIndex {
  global: Row | null;
  byCampus: Map<string, Row>;
  byDoor: Map<string, Row>;
}

export function indexConditions(rows: readonly Row[]): ConditionIndex {
  const idx: ConditionIndex = { global: null, byCampus: new Map(), byDoor: new Map() };
  for (const r of rows) {
    if (r.deleted_at) continue;
    if (r.kind === 'global') idx.global = r;
    else if (r.kind === 'campus' && typeof r.campus_id === 'string') idx.byCampus.set(r.campus_id, r);
    else if (typeof r.door_id === 'string') idx.byDoor.set(r.door_id, r);
  }
  return idx;
}

const cond = (r: Row | null | undefined): string | null => (r && typeof r.condition === 'string' ? r.condition : null);

/** Door override, then campus default, then global default. */
export function doorCondition(idx: ConditionIndex, door: { id: string; campus_id?: unknown }) {
  return effectiveCondition({
    doorOverride: cond(idx.byDoor.get(door.id)),
    campusDefault: typeof door.campus_id === 'string' ? cond(idx.byCampus.get(door.campus_id)) : null,
    globalDefault: cond(idx.global),
  });
}

/** Finds a door by number, case-insensitive; within a campus when one is given. */
export function findDoorByNumber<T extends Row & { id: string }>(
  doors: readonly T[],
  doorNumber: string,
  campusId?: string,
): T | undefined {
  const n = doorNumber.trim().toLowerCase();
  return doors.find((d) => !d.deleted_at && String(d.door_number ?? '').toLowerCase() === n && (!campusId || d.campus_id === campusId));
}
