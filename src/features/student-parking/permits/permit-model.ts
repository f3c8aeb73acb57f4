/**
 * The permits tab's rules over what the user typed and what the cache holds
 * (issue 15): the form's schema (text in, the row's values or a message per
 * field out), the list's search and status filter, and the save's clash
 * check. The server holds the same checks (migrations 20261122000500 and
 * 20261126000100); repeating them here refuses an offline save at once rather
 * than on sync.
 */
import { z } from 'zod';
import { permitClash, permitStatus, plateKey, type PermitClash, type PermitStatus } from '../parking-rules';

type Row = Readonly<Record<string, unknown>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(v: string): boolean {
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  // Date.parse accepts 2026-02-31 (rolling it into March); the round trip refuses it.
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

export const PERMIT_FIELDS = [
  'student_id',
  'student_name',
  'grade',
  'license_plate',
  'vehicle_description',
  'parking_spot_number',
  'issued_on',
  'expires_on',
] as const;
export type PermitField = (typeof PERMIT_FIELDS)[number];
export type PermitForm = Record<PermitField, string>;

export const PERMIT_LABELS: Record<PermitField, string> = {
  student_id: 'Student ID',
  student_name: 'Student name',
  grade: 'Grade',
  license_plate: 'License plate',
  vehicle_description: 'Vehicle description',
  parking_spot_number: 'Parking spot number',
  issued_on: 'Start date',
  expires_on: 'End date',
};

export function emptyPermit(today: string): PermitForm {
  return {
    student_id: '',
    student_name: '',
    grade: '',
    license_plate: '',
    vehicle_description: '',
    parking_spot_number: '',
    issued_on: today,
    expires_on: '',
  };
}

export function permitFormValues(row: Row): PermitForm {
  return {
    student_id: text(row.student_id),
    student_name: text(row.student_name),
    grade: text(row.grade),
    license_plate: text(row.license_plate),
    vehicle_description: text(row.vehicle_description),
    parking_spot_number: text(row.parking_spot_number),
    issued_on: text(row.issued_on).slice(0, 10),
    expires_on: text(row.expires_on).slice(0, 10),
  };
}

const required = (label: string, max: number) =>
  z.string().trim().min(1, `Enter the ${label}`).max(max, `Keep the ${label} under ${max} characters`);

const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} under ${max} characters`)
    .transform((v) => (v === '' ? null : v));

/** The form's schema: what the user typed, trimmed, as the row's columns. */
export const permitSchema = z
  .object({
    student_id: required('student ID', 50),
    student_name: required('student name', 120),
    grade: optional('grade', 20),
    license_plate: required('license plate', 20).refine((v) => plateKey(v) !== '', 'Enter the license plate with its letters or digits'),
    vehicle_description: optional('vehicle description', 200),
    parking_spot_number: optional('spot number', 20),
    issued_on: z
      .string()
      .trim()
      .min(1, 'Enter the start date')
      .refine((v) => v === '' || validDate(v), 'Enter the start date as a date'),
    expires_on: z
      .string()
      .trim()
      .min(1, 'Enter the end date')
      .refine((v) => v === '' || validDate(v), 'Enter the end date as a date'),
  })
  .superRefine((v, issue) => {
    if (validDate(v.issued_on) && validDate(v.expires_on) && v.expires_on < v.issued_on) {
      issue.addIssue({ code: 'custom', path: ['expires_on'], message: 'The end date cannot be before the start date' });
    }
  });
export type PermitValues = z.output<typeof permitSchema>;

/** Each field's first message. */
export function permitFieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Partial<Record<PermitField, string>> {
  const out: Partial<Record<PermitField, string>> = {};
  for (const i of issues) {
    const k = i.path[0];
    if (typeof k === 'string' && (PERMIT_FIELDS as readonly string[]).includes(k) && !out[k as PermitField])
      out[k as PermitField] = i.message;
  }
  return out;
}

export type PermitCheck =
  { ok: true; values: PermitValues } | { ok: false; errors: Partial<Record<PermitField, string>>; clash: PermitClash | null };

/**
 * Whether a save may go ahead: the schema, then the rule of one permit in
 * force per plate and per spot against the permits on this device. `status`
 * is the status the saved row will have (an edit keeps the permit's own).
 */
export function checkPermit(
  form: PermitForm,
  ctx: { permits: readonly Row[]; editingId: string | null; status: string; today: string },
): PermitCheck {
  const parsed = permitSchema.safeParse(form);
  if (!parsed.success) return { ok: false, errors: permitFieldErrors(parsed.error.issues), clash: null };
  const clash = permitClash(
    ctx.permits,
    {
      id: ctx.editingId,
      license_plate: parsed.data.license_plate,
      parking_spot_number: parsed.data.parking_spot_number,
      status: ctx.status,
      expires_on: parsed.data.expires_on,
    },
    ctx.today,
  );
  if (clash) return { ok: false, errors: { [clash.field]: clash.message }, clash };
  return { ok: true, values: parsed.data };
}

/** Whether a suspended (or expired-by-status) permit may be made active again: the same clash rule. */
export function reinstateClash(permit: Row, permits: readonly Row[], today: string): PermitClash | null {
  return permitClash(
    permits,
    {
      id: text(permit.id) || null,
      license_plate: text(permit.license_plate),
      parking_spot_number: text(permit.parking_spot_number) || null,
      status: 'active',
      expires_on: text(permit.expires_on).slice(0, 10) || null,
    },
    today,
  );
}

// ------------------------------------------------------------------ the list

export const STATUS_FILTERS = ['all', 'active', 'suspended', 'expired'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const STATUS_LABELS: Record<PermitStatus, string> = { active: 'Active', suspended: 'Suspended', expired: 'Expired' };

function fold(v: unknown): string {
  return text(v).trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Whether a permit matches the search: student id, name or spot by their
 * text (case and extra spaces ignored), the plate and spot by their key, so
 * "tx rbn4471" finds "TX RBN-4471".
 */
export function permitMatches(row: Row, query: string): boolean {
  const q = fold(query);
  if (!q) return true;
  if ([row.student_id, row.student_name, row.parking_spot_number].some((f) => fold(f).includes(q))) return true;
  // Spots are written like plates ("S-014", "s 14"): a search matches them by the same key.
  const key = plateKey(query);
  return key !== '' && [row.license_plate, row.parking_spot_number].some((f) => plateKey(f).includes(key));
}

/** The permits shown for a search and status filter, by student name; the status is the one shown on `today`. */
export function filterPermits<T extends Row>(rows: readonly T[], query: string, status: StatusFilter, today: string): T[] {
  return rows
    .filter((r) => !r.deleted_at)
    .filter((r) => status === 'all' || permitStatus(r, today) === status)
    .filter((r) => permitMatches(r, query))
    .sort(
      (a, b) =>
        text(a.student_name).localeCompare(text(b.student_name), undefined, { sensitivity: 'base' }) ||
        text(a.license_plate).localeCompare(text(b.license_plate)),
    );
}

/** "Mar 4, 2026" for a YYYY-MM-DD day, read as that calendar day wherever the device is. */
export function formatDay(day: unknown): string {
  const d = text(day).slice(0, 10);
  if (!validDate(d)) return '—';
  return new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** The address a permit's printed code opens. */
export function permitUrl(origin: string, slug: string, id: string): string {
  return `${origin}/tenant/${encodeURIComponent(slug)}/student-parking?permit=${encodeURIComponent(id)}`;
}

/** The PDF's file name: the plate as letters and digits, or the permit's id. */
export function permitFileName(row: Row): string {
  const plate = text(row.license_plate)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `parking-permit-${plate || text(row.id)}.pdf`;
}
