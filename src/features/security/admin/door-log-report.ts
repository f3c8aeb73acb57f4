/**
 * The door-log report's data: cached door_log rows joined once to door
 * numbers, campus names and user names (spec §3: else Unknown User), then
 * filtered with doorLogPredicate. Newest first. The filters used are also
 * described in words for the PDF.
 */
import { clockFlagText, deviceRecordedAt, serverReceivedAt } from '../../../lib/clock-flag';
import type { DoorLogFilter, DoorLogRow } from '../model';
import { DOOR_LOG_CSV_COLUMNS } from '../model';

type Row = Readonly<Record<string, unknown>>;

const s = (v: unknown): string | null => (typeof v === 'string' ? v : v === null || v === undefined ? null : String(v));

export function userDisplayName(u: Row | undefined): string {
  if (!u) return 'Unknown User';
  const name = `${s(u.first_name) ?? ''} ${s(u.last_name) ?? ''}`.trim();
  return name || s(u.email) || 'Unknown User';
}

export function joinDoorLogs(logs: readonly Row[], doors: readonly Row[], users: readonly Row[], campuses: readonly Row[]): DoorLogRow[] {
  const campusName = new Map<string, string>();
  for (const c of campuses) campusName.set(String(c.id), s(c.campus_name) ?? '');
  const doorById = new Map<string, { number: string; campus: string | null }>();
  for (const d of doors)
    doorById.set(String(d.id), {
      number: s(d.door_number) ?? s(d.name) ?? '',
      campus: campusName.get(String(d.campus_id)) ?? null,
    });
  const userName = new Map<string, string>();
  for (const u of users) userName.set(String(u.id), userDisplayName(u));
  const out: DoorLogRow[] = new Array(logs.length);
  for (let i = 0; i < logs.length; i++) {
    const l = logs[i]!;
    const door = doorById.get(String(l.door_id));
    const uid = s(l.user_id);
    const createdAt = s(l.created_at) ?? '';
    out[i] = {
      id: String(l.id),
      created_at: createdAt,
      created_ms: Date.parse(createdAt),
      door_number: door?.number ?? 'Unknown',
      campus: s(l.campus) ?? door?.campus ?? null,
      door_status: s(l.door_status),
      door_problem: s(l.door_problem),
      maintenance: s(l.maintenance),
      user_id: uid,
      user_name: (uid && userName.get(uid)) || 'Unknown User',
      notes: s(l.notes),
      device_recorded_at: deviceRecordedAt(l),
      received_at: serverReceivedAt(l),
      clock_note: clockFlagText(l),
    };
  }
  // ISO strings sort as times.
  out.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  return out;
}

const STATUS_LABEL: Record<string, string> = {
  operational: 'Operational',
  maintenance: 'Maintenance',
  out_of_service: 'Out of Service',
};

export function statusLabel(status: string | null): string {
  return status ? (STATUS_LABEL[status] ?? status) : '';
}

/** The filters in words, for the PDF header: only those that are set. */
export function describeFilters(f: DoorLogFilter, userName: (id: string) => string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (f.startDate) out.push(['From', f.startDate]);
  if (f.endDate) out.push(['To', `${f.endDate} (whole day)`]);
  if (f.doorRange) out.push(['Door range', f.doorRange]);
  if (f.campus) out.push(['Campus', f.campus]);
  if (f.status) out.push(['Status', statusLabel(f.status)]);
  if (f.userId) out.push(['User', userName(f.userId)]);
  if (f.problem) out.push(['Problem', f.problem === 'yes' ? 'Yes' : 'No']);
  if (f.maintenance) out.push(['Maintenance', f.maintenance === 'yes' ? 'Yes' : 'No']);
  return out;
}

export function formatLogTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export const DOOR_LOG_PDF_COLUMNS = DOOR_LOG_CSV_COLUMNS;

export function doorLogPdfRows(rows: readonly DoorLogRow[], formatTime: (iso: string) => string = formatLogTime): string[][] {
  return rows.map((r) => [
    formatTime(r.created_at),
    r.door_number,
    r.campus ?? '',
    statusLabel(r.door_status),
    r.door_problem ?? '',
    r.maintenance ?? '',
    r.user_name,
    r.notes ?? '',
    r.device_recorded_at ? formatTime(r.device_recorded_at) : '',
    r.received_at ? formatTime(r.received_at) : 'Not yet synced',
    r.clock_note ?? '',
  ]);
}

/** A door-log range filter is either empty or "A-B" with both ends. */
export function doorRangeFilterError(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  const i = t.indexOf('-');
  if (i < 0 || !t.slice(0, i).trim() || !t.slice(i + 1).trim()) return 'Enter a range as A-B, for example EA1-EA10';
  return null;
}
