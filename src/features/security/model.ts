/**
 * Pure rules of security administration: door-number ranges, the effective
 * door condition, door-log report filters and export rows, phone formatting
 * and user role labels.
 */
import { toCsv } from '../../lib/csv';
import { compareDoorNumbers } from '../../lib/door-numbers';

export const MAX_DOORS_PER_RANGE = 500;

export type DoorRangeResult = { ok: true; doors: string[] } | { ok: false; error: string };

/**
 * "EA1-EA10", "D001-D005" or "101-110": an optional letter prefix (the same on
 * both ends, or only on the first), start not greater than end, zero padding
 * of the start kept. A single door number is a range of one.
 */
export function expandDoorRange(input: string): DoorRangeResult {
  const text = input.trim();
  if (!text) return { ok: false, error: 'Door number is required' };
  if (!text.includes('-')) return { ok: true, doors: [text] };
  const m = /^([A-Za-z]*)(\d+)\s*-\s*([A-Za-z]*)(\d+)$/.exec(text);
  if (!m) return { ok: false, error: 'Use a range like EA1-EA10 or D001-D005' };
  const [, prefix = '', startText = '', endPrefix = '', endText = ''] = m;
  if (endPrefix && endPrefix.toUpperCase() !== prefix.toUpperCase()) {
    return { ok: false, error: 'Both ends of a range must have the same letters' };
  }
  const start = Number(startText);
  const end = Number(endText);
  if (start > end) return { ok: false, error: 'The start of the range must not be greater than the end' };
  const count = end - start + 1;
  if (count > MAX_DOORS_PER_RANGE) return { ok: false, error: `A range can create at most ${MAX_DOORS_PER_RANGE} doors at once` };
  const width = startText.startsWith('0') ? startText.length : 0;
  const doors = Array.from({ length: count }, (_, i) => `${prefix}${String(start + i).padStart(width, '0')}`);
  return { ok: true, doors };
}

// Shared with the officer's check form (src/lib/door-condition.ts).
export { effectiveCondition, type ConditionSources } from '../../lib/door-condition';

/** Spec §5: yes is a non-empty value other than no/none; no is empty, no or none. */
export function yesNoValue(v: string | null | undefined): 'yes' | 'no' {
  const s = (v ?? '').trim().toLowerCase();
  return s === '' || s === 'no' || s === 'none' ? 'no' : 'yes';
}

export type DoorRange = { from: string; to: string };

/** "A-B", split at the hyphen, both ends needed. */
export function parseDoorRangeFilter(text: string): DoorRange | null {
  const i = text.indexOf('-');
  if (i < 0) return null;
  const from = text.slice(0, i).trim();
  const to = text.slice(i + 1).trim();
  return from && to ? { from, to } : null;
}

/**
 * Case-insensitive, in door order rather than plain alphabetical, so that
 * EA1-EA10 includes EA2 (see docs/decisions/003-door-range-filter-order.md).
 */
export function inDoorRange(doorNumber: string, range: DoorRange): boolean {
  const d = doorNumber.toLowerCase();
  return compareDoorNumbers(d, range.from.toLowerCase()) >= 0 && compareDoorNumbers(d, range.to.toLowerCase()) <= 0;
}

export interface DoorLogFilter {
  /** yyyy-mm-dd, local dates */
  startDate?: string;
  endDate?: string;
  doorRange?: string;
  campus?: string;
  status?: string;
  userId?: string;
  problem?: 'yes' | 'no' | '';
  maintenance?: 'yes' | 'no' | '';
}

export interface DoorLogRow {
  id: string;
  created_at: string;
  /** created_at as epoch milliseconds, parsed once when the report opens (the filter runs on every change). */
  created_ms?: number;
  door_number: string;
  campus: string | null;
  door_status: string | null;
  door_problem: string | null;
  maintenance: string | null;
  user_id: string | null;
  user_name: string;
  notes: string | null;
  /** What the officer's device recorded (decision 013); created_at is the trusted time. */
  device_recorded_at?: string | null;
  /** When the server received the check; null while it is only on this device. */
  received_at?: string | null;
  /** "Device clock off by ..." when the server did not trust the device's time. */
  clock_note?: string | null;
}

function localDayStart(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 0, 0, 0, 0).getTime();
}

/** Builds one predicate for the whole filter, so a 200,000-row scan does the parsing once. */
export function doorLogPredicate(f: DoorLogFilter): (row: DoorLogRow) => boolean {
  const from = f.startDate ? localDayStart(f.startDate) : null;
  // The end date includes its whole day, up to 23:59:59.999.
  const to = f.endDate ? localDayStart(f.endDate) + 86_400_000 - 1 : null;
  const range = f.doorRange ? parseDoorRangeFilter(f.doorRange) : null;
  // Logs far outnumber doors: each door number's range test is made once.
  const inRange = new Map<string, boolean>();
  return (row) => {
    if (from !== null || to !== null) {
      const t = row.created_ms ?? Date.parse(row.created_at);
      if (from !== null && t < from) return false;
      if (to !== null && t > to) return false;
    }
    if (range) {
      let ok = inRange.get(row.door_number);
      if (ok === undefined) {
        ok = inDoorRange(row.door_number, range);
        inRange.set(row.door_number, ok);
      }
      if (!ok) return false;
    }
    if (f.campus && row.campus !== f.campus) return false;
    if (f.status && row.door_status !== f.status) return false;
    if (f.userId && row.user_id !== f.userId) return false;
    if (f.problem && yesNoValue(row.door_problem) !== f.problem) return false;
    if (f.maintenance && yesNoValue(row.maintenance) !== f.maintenance) return false;
    return true;
  };
}

export const DOOR_LOG_CSV_COLUMNS = [
  'Date/Time',
  'Door Number',
  'Campus',
  'Status',
  'Problem',
  'Maintenance',
  'Created By',
  'Notes',
  // Both times of a check (decision 013): Date/Time above is the trusted one.
  'Recorded on Device',
  'Received by Server',
  'Device Clock',
] as const;

export function doorLogCsv(rows: readonly DoorLogRow[], formatTime: (iso: string) => string): string {
  return toCsv(
    DOOR_LOG_CSV_COLUMNS,
    rows.map((r) => [
      formatTime(r.created_at),
      r.door_number,
      r.campus,
      r.door_status,
      r.door_problem,
      r.maintenance,
      r.user_name,
      r.notes,
      r.device_recorded_at ? formatTime(r.device_recorded_at) : null,
      r.received_at ? formatTime(r.received_at) : null,
      r.clock_note ?? null,
    ]),
  );
}

export function doorLogReportFileName(now: Date, ext: 'csv' | 'pdf'): string {
  const d = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `door-logs-report-${d}.${ext}`;
}

/** Spec §5: digits only, at most 10, shown as (xxx)-xxx-xxxx (14 characters). */
export function formatPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)})-${d.slice(3)}`;
  return `(${d.slice(0, 3)})-${d.slice(3, 6)}-${d.slice(6)}`;
}

export interface SecurityUserFlags {
  role?: string | null;
  is_super_admin?: boolean | null;
  is_security_admin?: boolean | null;
  is_transportation_admin?: boolean | null;
  is_staff_admin?: boolean | null;
}

/** The role fields of a cached users row, whatever else the row holds. */
export function userFlags(u: Readonly<Record<string, unknown>>): SecurityUserFlags {
  return {
    role: typeof u.role === 'string' ? u.role : null,
    is_super_admin: u.is_super_admin === true,
    is_security_admin: u.is_security_admin === true,
    is_transportation_admin: u.is_transportation_admin === true,
    is_staff_admin: u.is_staff_admin === true,
  };
}

/** Spec §6: Super Admin if the super flag, else Security Admin if that flag, else User. */
export function securityRoleLabel(u: SecurityUserFlags): 'Super Admin' | 'Security Admin' | 'User' {
  if (u.is_super_admin) return 'Super Admin';
  if (u.is_security_admin) return 'Security Admin';
  return 'User';
}

/** Spec §6: security admins, super admins, and plain users who are neither transportation nor staff admins. */
export function isListedSecurityUser(u: SecurityUserFlags): boolean {
  if (u.is_security_admin || u.is_super_admin) return true;
  const plain = u.role === 'user' || u.role === 'regular_user';
  return plain && !u.is_transportation_admin && !u.is_staff_admin;
}
