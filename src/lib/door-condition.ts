/**
 * A door's effective condition (spec §4): its override, then its campus's
 * default, then the global default. Pure and small, shared by the security
 * admin's Conditions tab and the officer's check form (which loads it lazily
 * to keep the scan path's budget).
 */

type Row = Readonly<Record<string, unknown>>;

export interface ConditionSources {
  doorOverride?: string | null;
  campusDefault?: string | null;
  globalDefault?: string | null;
}

export type ConditionSource = 'door' | 'campus' | 'global' | 'none';

/** Door override, then campus default, then global default; blank text does not count. */
export function effectiveCondition(s: ConditionSources): { condition: string | null; source: ConditionSource } {
  const pick = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  const door = pick(s.doorOverride);
  if (door) return { condition: door, source: 'door' };
  const campus = pick(s.campusDefault);
  if (campus) return { condition: campus, source: 'campus' };
  const global = pick(s.globalDefault);
  if (global) return { condition: global, source: 'global' };
  return { condition: null, source: 'none' };
}

/** The cached conditions rows (decision 005: kind global | campus | door), live ones only. */
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

const SOURCE_TEXT: Record<Exclude<ConditionSource, 'none'>, string> = {
  door: 'this door',
  campus: 'campus default',
  global: 'global default',
};

/** The expected condition and where it comes from, in words (never colour only): the check form and the door's details say it alike. */
export function expectedConditionText(c: { condition: string | null; source: ConditionSource }): string {
  if (c.source === 'none' || !c.condition) return 'Expected condition: none set';
  return `Expected condition: ${c.condition} (${SOURCE_TEXT[c.source]})`;
}
