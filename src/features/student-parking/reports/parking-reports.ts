/**
 * The parking reports (issue 15) as pure functions over cached rows, so the
 * Reports tab and its tests read the same figures: violations per type and
 * per week, repeat offenders, permits ending soon, the CSV exports, and the
 * rules of the violation types editor. Removed rows (deleted_at) never
 * count, whoever passes them in. "Today" is the device's day (YYYY-MM-DD),
 * as everywhere in parking: a week or a permit's end is what the person
 * holding the device calls it.
 */
import { localDateIso } from '../../../lib/local-date';
import { permitInForce, permitStatus, plateKey, violationTypeLabel, type PermitStatus } from '../parking-rules';

type Row = Readonly<Record<string, unknown>>;

function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

function live<T extends Row>(rows: readonly T[]): T[] {
  return rows.filter((r) => !r.deleted_at);
}

/** When a violation happened: the recorded time, or when the row was made. */
export function violationAt(row: Row): string {
  return text(row.occurred_at) || text(row.created_at);
}

/**
 * The device's calendar day of a timestamp. A bare date is already a day;
 * a timestamp is read in the device's zone, so 23:30 on Sunday evening
 * belongs to Sunday even where UTC is already Monday.
 */
export function localDayOf(value: unknown): string | null {
  const s = text(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : localDateIso(new Date(t));
}

// Day arithmetic on calendar days at UTC noon, so daylight saving never
// moves a day across midnight.
function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T12:00:00Z`) / 86_400_000);
}

function dayFromNumber(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayFromNumber(dayNumber(day) + days);
}

/** The Monday that starts the week holding `day`. */
export function weekStart(day: string): string {
  const n = dayNumber(day);
  // 1970-01-01 (day 0) was a Thursday: Monday is 3 days later.
  const sinceMonday = (((n - 4) % 7) + 7) % 7;
  return dayFromNumber(n - sinceMonday);
}

// ------------------------------------------------------------- per type

export interface TypeCount {
  type: string;
  count: number;
}

/** Violations per type, by the label shown (a legacy code and its words count together), most first. */
export function violationsByType(violations: readonly Row[]): TypeCount[] {
  const counts = new Map<string, number>();
  for (const v of live(violations)) {
    const label = violationTypeLabel(v.violation_type).trim() || 'Unspecified';
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

// ------------------------------------------------------------- per week

export interface WeekCount {
  /** The Monday starting the week (YYYY-MM-DD). */
  start: string;
  /** The Sunday ending it. */
  end: string;
  count: number;
  open: number;
}

export const REPORT_WEEKS = 8;

/**
 * Violations per week (Monday to Sunday on this device) for the last
 * `weeks` weeks, this week included, newest first; weeks with none are
 * listed with 0 so a quiet week is visible, not missing.
 */
export function violationsByWeek(violations: readonly Row[], today: string, weeks = REPORT_WEEKS): WeekCount[] {
  const thisWeek = weekStart(today);
  const rows: WeekCount[] = [];
  const byStart = new Map<string, WeekCount>();
  for (let i = 0; i < weeks; i++) {
    const start = addDays(thisWeek, -7 * i);
    const row = { start, end: addDays(start, 6), count: 0, open: 0 };
    rows.push(row);
    byStart.set(start, row);
  }
  for (const v of live(violations)) {
    const day = localDayOf(violationAt(v));
    const row = day ? byStart.get(weekStart(day)) : undefined;
    if (!row) continue;
    row.count++;
    if (v.status !== 'resolved') row.open++;
  }
  return rows;
}

// ------------------------------------------------------------- repeat offenders

export interface Offender {
  /** How the violations were grouped: the student's id, or the plate's key when no student is named. */
  by: 'student' | 'plate';
  key: string;
  studentId: string;
  studentName: string;
  /** The plate as last written. */
  plate: string;
  count: number;
  open: number;
  /** The latest violation's time. */
  last: string;
}

export const REPEAT_MIN = 2;

/**
 * Students (by student id) and, when no student is named, cars (by plate
 * key, so "tx qzk 2218" and "TX-QZK-2218" are one car) with two or more
 * violations, most first, the most recent first among equals.
 */
export function repeatOffenders(violations: readonly Row[]): Offender[] {
  const groups = new Map<string, Offender>();
  // Oldest first, so the name and plate kept are the latest written.
  const ordered = live(violations).sort((a, b) => violationAt(a).localeCompare(violationAt(b)));
  for (const v of ordered) {
    const studentId = text(v.student_id).trim();
    const plate = plateKey(v.license_plate);
    const by = studentId ? 'student' : plate ? 'plate' : null;
    if (!by) continue;
    const key = by === 'student' ? `student:${studentId.toUpperCase()}` : `plate:${plate}`;
    const g = groups.get(key) ?? { by, key, studentId, studentName: '', plate: '', count: 0, open: 0, last: '' };
    g.count++;
    if (v.status !== 'resolved') g.open++;
    g.studentName = text(v.student_name).trim() || g.studentName;
    g.plate = text(v.license_plate).trim() || g.plate;
    g.last = violationAt(v) || g.last;
    groups.set(key, g);
  }
  return [...groups.values()]
    .filter((g) => g.count >= REPEAT_MIN)
    .sort((a, b) => b.count - a.count || b.last.localeCompare(a.last) || a.key.localeCompare(b.key));
}

// ------------------------------------------------------------- permits ending soon

export const EXPIRING_DAYS = 30;

export interface ExpiringPermit<T extends Row = Row> {
  permit: T;
  expiresOn: string;
  /** 0 when it ends today. */
  daysLeft: number;
}

/**
 * Permits in force (active, not removed, not past their end) whose last day
 * falls between today and today + `days`, both included, soonest first. A
 * permit already past its end is not here: it shows as expired.
 */
export function expiringPermits<T extends Row>(permits: readonly T[], today: string, days = EXPIRING_DAYS): ExpiringPermit<T>[] {
  const last = addDays(today, days);
  return live(permits)
    .filter((p) => permitInForce(p, today))
    .map((p) => ({ permit: p, expiresOn: text(p.expires_on).slice(0, 10) }))
    .filter((e) => /^\d{4}-\d{2}-\d{2}$/.test(e.expiresOn) && e.expiresOn >= today && e.expiresOn <= last)
    .map((e) => ({ ...e, daysLeft: dayNumber(e.expiresOn) - dayNumber(today) }))
    .sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || text(a.permit.student_name).localeCompare(text(b.permit.student_name)));
}

// ------------------------------------------------------------- CSV

export type CsvCell = string | number | null | undefined;

// A spreadsheet runs a cell starting with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180), safe to open in a spreadsheet: the rules of
 * src/lib/csv, written again here because that module lives in the security
 * route's chunk, and importing it makes this route load that whole chunk
 * (checked with the build).
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A timestamp as the device's "YYYY-MM-DD HH:MM" (what a spreadsheet sorts and reads), or blank. */
export function localStamp(value: unknown): string {
  const t = Date.parse(text(value));
  if (Number.isNaN(t)) return '';
  const d = new Date(t);
  const hh = String(d.getHours()).padStart(2, '0');
  const mm = String(d.getMinutes()).padStart(2, '0');
  return `${localDateIso(d)} ${hh}:${mm}`;
}

export const VIOLATION_CSV_HEADER = [
  'Date',
  'Type',
  'License plate',
  'Student ID',
  'Student name',
  'Location',
  'Status',
  'Resolved at',
  'Description',
] as const;

/** Every violation not removed, newest first, as a spreadsheet reads it. */
export function violationsCsv(violations: readonly Row[]): string {
  const rows = live(violations)
    .sort((a, b) => violationAt(b).localeCompare(violationAt(a)))
    .map((v) => [
      localStamp(violationAt(v)),
      violationTypeLabel(v.violation_type),
      text(v.license_plate),
      text(v.student_id),
      text(v.student_name),
      text(v.location),
      v.status === 'resolved' ? 'Resolved' : 'Open',
      localStamp(v.resolved_at),
      text(v.description),
    ]);
  return toCsv(VIOLATION_CSV_HEADER, rows);
}

export const PERMIT_CSV_HEADER = [
  'Student ID',
  'Student name',
  'Grade',
  'License plate',
  'Vehicle',
  'Spot',
  'Status',
  'Starts',
  'Ends',
] as const;

const STATUS_WORDS: Record<PermitStatus, string> = { active: 'Active', suspended: 'Suspended', expired: 'Expired' };

/** Every permit not removed, by student name, with the status it shows on `today` (past its end: Expired). */
export function permitsCsv(permits: readonly Row[], today: string): string {
  const rows = live(permits)
    .sort(
      (a, b) =>
        text(a.student_name).localeCompare(text(b.student_name), undefined, { sensitivity: 'base' }) ||
        text(a.license_plate).localeCompare(text(b.license_plate)),
    )
    .map((p) => [
      text(p.student_id),
      text(p.student_name),
      text(p.grade),
      text(p.license_plate),
      text(p.vehicle_description),
      text(p.parking_spot_number),
      STATUS_WORDS[permitStatus(p, today)],
      text(p.issued_on).slice(0, 10),
      text(p.expires_on).slice(0, 10),
    ]);
  return toCsv(PERMIT_CSV_HEADER, rows);
}

/** `parking-violations-lincoln-isd-2026-03-04.csv`: what, whose, which day. */
export function csvFileName(kind: 'violations' | 'permits', slug: string, today: string): string {
  const safe =
    slug
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'tenant';
  return `parking-${kind}-${safe}-${today}.csv`;
}

// ------------------------------------------------------------- the types editor

export const MAX_TYPES = 30;
export const MAX_TYPE_LENGTH = 60;

export type TypesCheck = { ok: true; types: string[]; value: string } | { ok: false; error: string };

/**
 * What the editor saves: one type per line, trimmed, blank lines and
 * repeats (case ignored) dropped, so the list saved is the list offered.
 */
export function checkViolationTypes(input: string): TypesCheck {
  const seen = new Set<string>();
  const types: string[] = [];
  for (const line of input.split(/\r?\n/)) {
    const t = line.trim();
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    types.push(t);
  }
  if (types.length === 0) return { ok: false, error: 'Enter at least one violation type, one per line.' };
  const long = types.find((t) => t.length > MAX_TYPE_LENGTH);
  if (long) {
    return {
      ok: false,
      error: `Keep each type to ${MAX_TYPE_LENGTH} characters or fewer: "${long.slice(0, 30)}..." has ${long.length}.`,
    };
  }
  if (types.length > MAX_TYPES) {
    return { ok: false, error: `Keep the list to ${MAX_TYPES} types or fewer (it has ${types.length}).` };
  }
  return { ok: true, types, value: types.join('\n') };
}
