/**
 * Door conditions as one table with kind global | campus | door (decision
 * 005). Ids of campus defaults and door overrides are derived from the
 * campus or door id, so removing an override (a tombstone, decision 004) and
 * adding it again revives the same row instead of hitting the unique door_id.
 */

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

export { doorCondition, indexConditions, type ConditionIndex } from '../../../lib/door-condition';

/** Finds a door by number, case-insensitive; within a campus when one is given. */
export function findDoorByNumber<T extends Row & { id: string }>(
  doors: readonly T[],
  doorNumber: string,
  campusId?: string,
): T | undefined {
  const n = doorNumber.trim().toLowerCase();
  return doors.find((d) => !d.deleted_at && String(d.door_number ?? '').toLowerCase() === n && (!campusId || d.campus_id === campusId));
}

export type OverrideDoor<T> = { kind: 'found'; door: T } | { kind: 'not-found' } | { kind: 'choose-campus'; campusIds: string[] };

/**
 * The door an override is for. Door numbers repeat across campuses (EA1 on
 * two schools), so a number alone names a door only when one campus has it;
 * with several the admin must say which campus instead of the first match
 * silently taking the override.
 */
export function resolveOverrideDoor<T extends Row & { id: string }>(
  doors: readonly T[],
  doorNumber: string,
  campusId?: string,
): OverrideDoor<T> {
  if (campusId) {
    const door = findDoorByNumber(doors, doorNumber, campusId);
    return door ? { kind: 'found', door } : { kind: 'not-found' };
  }
  const n = doorNumber.trim().toLowerCase();
  const matches = doors.filter((d) => !d.deleted_at && String(d.door_number ?? '').toLowerCase() === n);
  const campusIds = [...new Set(matches.map((d) => (typeof d.campus_id === 'string' ? d.campus_id : '')))];
  const [first] = matches;
  if (!first) return { kind: 'not-found' };
  return campusIds.length > 1 ? { kind: 'choose-campus', campusIds } : { kind: 'found', door: first };
}
