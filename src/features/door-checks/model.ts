/**
 * Pure rules of door checks: QR payloads, check freshness, today's window,
 * check-interval labels, door tile order and which ids are not doors.
 */
// zod/mini: the same zod, tree-shakable, so the scan path does not carry all of zod's methods.
import { z } from 'zod/mini';

import { compareDoorNumbers as compareDoorNumbersImpl } from '../../lib/door-numbers';

export { compareDoorNumbersImpl as compareDoorNumbers };

/** What a Lockstep door QR code holds (spec §7): the door number and campus name. */
export const doorQrPayloadSchema = z.object({
  door_number: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  campus: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
});
export type DoorQrPayload = z.infer<typeof doorQrPayloadSchema>;

export type QrParseResult = { ok: true; payload: DoorQrPayload } | { ok: false; reason: 'not-json' | 'not-a-door' };

/** Never throws: a scanned string is untrusted input. */
export function parseDoorQr(text: string): QrParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  const parsed = doorQrPayloadSchema.safeParse(json);
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, reason: 'not-a-door' };
}

export function encodeDoorQr(payload: DoorQrPayload): string {
  return JSON.stringify({
    door_number: payload.door_number,
    campus: payload.campus,
  });
}

export type Freshness = 'needs-check' | 'check-soon' | 'activity-today' | 'recent-check';

export const FRESHNESS_LABEL: Record<Freshness, string> = {
  'needs-check': 'Needs Check',
  'check-soon': 'Check Soon',
  'activity-today': 'Activity Today',
  'recent-check': 'Recent Check',
};

const HOUR_MS = 3_600_000;

/** The local calendar day containing `now`: 00:00:00.000 to 23:59:59.999. */
export function todayWindow(now: Date): { start: Date; end: Date } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, 0, 0, 0);
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999);
  return { start, end };
}

export function isToday(when: Date, now: Date): boolean {
  const { start, end } = todayWindow(now);
  return when >= start && when <= end;
}

/**
 * Spec §4, computed from the door's latest log: no check, or N hours or more
 * since it, is Needs Check; N-1 hours or more is Check Soon (the last hour of
 * the interval); otherwise Activity Today if that check was today, else
 * Recent Check.
 */
export function doorFreshness(lastCheck: Date | null, intervalHours: number, now: Date): Freshness {
  if (!lastCheck || Number.isNaN(lastCheck.getTime())) return 'needs-check';
  const due = dueAt(lastCheck.getTime(), intervalHours);
  if (now.getTime() >= due) return 'needs-check';
  if (now.getTime() >= due - HOUR_MS) return 'check-soon';
  return isToday(lastCheck, now) ? 'activity-today' : 'recent-check';
}

/**
 * When a door checked at `lastCheck` (ms) is due again: the end of its
 * check interval. The one place the interval becomes a time, shared by the
 * Door Status tiles (doorFreshness), the rounds list and the missed-check
 * alerts (security/missed-check.ts), so they cannot disagree about when a door is due.
 */
export function dueAt(lastCheck: number, intervalHours: number): number {
  return lastCheck + intervalHours * HOUR_MS;
}

export const CHECK_INTERVAL_OPTIONS = [1, 2, 4, 6, 12, 24] as const;
export const DEFAULT_CHECK_INTERVAL_HOURS = 24;

export function checkIntervalLabel(hours: number): string {
  if (hours === 1) return 'Hourly';
  if (hours === 12) return 'Twice Daily';
  if (hours === 24) return 'Once Daily';
  return `Every ${hours} Hours`;
}

/**
 * Parses a whole-number tenant setting: a number, or a string of digits
 * (spaces, tabs and line breaks around allowed), within [min, max]; anything else gives the
 * fallback. public.setting_integer in the tenant database applies the same
 * rule, so a digest computed there reads the settings as the screens do.
 */
export function parseSettingInteger(value: unknown, min: number, max: number, fallback: number): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^[ \t\n\r]*[0-9]+[ \t\n\r]*$/.test(value)) n = Number(value);
  else return fallback;
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/** Parses a stored check_interval_hours setting (1..168); anything unusable gives the default. */
export function parseCheckInterval(value: unknown): number {
  return parseSettingInteger(value, 1, 168, DEFAULT_CHECK_INTERVAL_HOURS);
}

/** Spec §9: the rows of the doors table that are not doors, by the keys that find them through the cache's indexes. */
export const PSEUDO_DOOR_KEYS = {
  id: '00000000-0000-0000-0000-000000000000',
  idPrefix: 'campus-',
  doorNumber: 'GLOBAL_DEFAULT',
} as const;

/** Spec §9: the all-zero id, ids starting with campus-, and GLOBAL_DEFAULT are not doors. */
export function isRealDoor(door: { id: string; door_number?: string | null }): boolean {
  return (
    door.id !== PSEUDO_DOOR_KEYS.id && !door.id.startsWith(PSEUDO_DOOR_KEYS.idPrefix) && door.door_number !== PSEUDO_DOOR_KEYS.doorNumber
  );
}

export const DOOR_STATUSES = ['operational', 'maintenance', 'out_of_service'] as const;
export type DoorStatus = (typeof DOOR_STATUSES)[number];

/** A cached row or any object of columns (rows from the local store are loosely typed). */
export type Row = Readonly<Record<string, unknown>>;

export const DOOR_STATUS_LABEL: Record<DoorStatus, string> = {
  operational: 'Operational',
  maintenance: 'Maintenance',
  out_of_service: 'Out of Service',
};

/** Spec §4: operational green, maintenance yellow, out_of_service red, anything else grey. */
export function doorLogStatusColor(status: unknown): 'green' | 'yellow' | 'red' | 'grey' {
  if (status === 'operational') return 'green';
  if (status === 'maintenance') return 'yellow';
  if (status === 'out_of_service') return 'red';
  return 'grey';
}

/** Spec §5: a problem is noted when the text is non-empty and not no or none. */
export function problemNoted(problem: unknown): boolean {
  if (typeof problem !== 'string') return false;
  const s = problem.trim().toLowerCase();
  return s !== '' && s !== 'no' && s !== 'none';
}

/**
 * DESIGN §11, mirrored by public.door_check_fails in the tenant database: a
 * check fails when the door is in maintenance or out of service, or a
 * problem is noted.
 */
export function checkFails(check: Row): boolean {
  return check.door_status === 'maintenance' || check.door_status === 'out_of_service' || problemNoted(check.door_problem);
}

/** What the form collects; every value is trimmed and bounded. */
export const doorCheckFormSchema = z.object({
  door_status: z.enum(DOOR_STATUSES),
  door_problem: z.string().check(z.trim(), z.maxLength(500, 'Keep the problem under 500 characters')),
  maintenance: z.enum(['yes', 'no']),
  notes: z.string().check(z.trim(), z.maxLength(2000, 'Keep the notes under 2000 characters')),
});
export type DoorCheckForm = z.infer<typeof doorCheckFormSchema>;

export const EMPTY_CHECK: DoorCheckForm = {
  door_status: 'operational',
  door_problem: '',
  maintenance: 'no',
  notes: '',
};

/** The door_log columns a check form becomes (user_id and created_at are added by the offline core). */
export function doorLogValues(
  form: DoorCheckForm,
  door: { id: string },
  campusName: string | null,
): { door_id: string } & Record<string, unknown> {
  return {
    door_id: door.id,
    campus: campusName,
    door_status: form.door_status,
    door_problem: form.door_problem || null,
    maintenance: form.maintenance,
    notes: form.notes || null,
  };
}

export type CheckConsequence = 'opens' | 'stays-open' | 'resolves' | 'none';

/**
 * What the server will do with a check's maintenance record (the trigger of
 * migration 20261122000600), told locally at once so an offline officer sees
 * it: the client never writes the record itself, so nothing is duplicated.
 */
export function checkConsequence(check: Row, hasOpenAutoRecord: boolean): CheckConsequence {
  if (checkFails(check)) return hasOpenAutoRecord ? 'stays-open' : 'opens';
  return hasOpenAutoRecord ? 'resolves' : 'none';
}

export const CHECK_CONSEQUENCE_TEXT: Record<CheckConsequence, string> = {
  opens: 'Maintenance will be opened',
  'stays-open': 'Maintenance record already open',
  resolves: 'Maintenance will be resolved',
  none: '',
};

/** An open record the server opened from a check (source_door_log_id set, not resolved). */
export function isOpenAutoRecord(record: Row): boolean {
  return (
    typeof record.source_door_log_id === 'string' &&
    record.source_door_log_id !== '' &&
    (record.status === 'open' || record.status === 'in_progress')
  );
}

/** Milliseconds of an ISO time, or NaN; tolerant of both "Z" and "+00:00". */
export function timeOf(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

export type LogLike = Row;

/** One pass over the logs: each door's latest check time (ms). */
export function latestCheckByDoor(logs: readonly LogLike[]): Map<string, number> {
  const latest = new Map<string, number>();
  for (const log of logs) {
    const door = log.door_id;
    if (typeof door !== 'string') continue;
    const t = timeOf(log.created_at);
    if (Number.isNaN(t)) continue;
    const prev = latest.get(door);
    if (prev === undefined || t > prev) latest.set(door, t);
  }
  return latest;
}

/** "3 h overdue", "due in 40 min", "never checked". */
export function overdueLabel(overdueMs: number): string {
  if (overdueMs === Number.POSITIVE_INFINITY) return 'Never checked';
  const abs = Math.abs(overdueMs);
  const text = abs >= HOUR_MS ? `${Math.floor(abs / HOUR_MS)} h` : `${Math.max(1, Math.floor(abs / 60_000))} min`;
  return overdueMs >= 0 ? `${text} overdue` : `Due in ${text}`;
}

/** Case-insensitive search over door number, name, location and campus for the manual picker. */
export function matchesDoorSearch(door: Row, campusName: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const hay = [door.door_number, door.name, door.location, campusName].map((v) => (typeof v === 'string' ? v.toLowerCase() : '')).join(' ');
  return q.split(/\s+/).every((word) => hay.includes(word));
}

/**
 * Finds the cached door a scanned payload names: same door number and
 * campus, case-insensitive. A code names its campus by name, so when an
 * inactive campus shares the name of an active one, the active one's door wins.
 */
export function findScannedDoor<D extends { id: string; door_number?: unknown; campus_id?: unknown }>(
  payload: DoorQrPayload,
  doors: readonly D[],
  campuses: readonly { id: string; campus_name?: unknown; active?: unknown }[],
): D | null {
  const campusActive = new Map(
    campuses
      .filter(
        (c) =>
          String(c.campus_name ?? '')
            .trim()
            .toLowerCase() === payload.campus.toLowerCase(),
      )
      .map((c) => [c.id, c.active !== false]),
  );
  const number = payload.door_number.toLowerCase();
  let onInactive: D | null = null;
  for (const d of doors) {
    if (typeof d.door_number !== 'string' || d.door_number.trim().toLowerCase() !== number) continue;
    const active = campusActive.get(String(d.campus_id));
    if (active) return d;
    if (active === false) onInactive ??= d;
  }
  return onInactive;
}
