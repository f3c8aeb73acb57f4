/**
 * A parking violation as the form and the Violations tab see it (issue 15,
 * decision 025): a zod schema over what the user typed, the row a save
 * writes, and the tab's search and order. The server keys the plate, stamps
 * who recorded and resolved it, and refuses an officer anything but an open
 * violation; the same rules hold here so an offline save is not refused on
 * sync.
 */
import { z } from 'zod';
import { permitInForce, plateKey, violationTypeLabel } from '../parking-rules';

export const VIOLATION_STATUSES = ['open', 'resolved'] as const;
export type ViolationStatus = (typeof VIOLATION_STATUSES)[number];

export const VIOLATION_FIELDS = [
  'license_plate',
  'student_id',
  'student_name',
  'violation_type',
  'description',
  'location',
  'status',
] as const;
export type ViolationField = (typeof VIOLATION_FIELDS)[number];
export type ViolationForm = Record<ViolationField, string>;

export const EMPTY_VIOLATION: ViolationForm = {
  license_plate: '',
  student_id: '',
  student_name: '',
  violation_type: '',
  description: '',
  location: '',
  status: 'open',
};

export const NEED_PLATE_OR_STUDENT = "Enter the car's license plate or the student's ID or name.";

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** The form's values for a stored violation (absent columns read as blank). */
export function violationFormValues(row: Readonly<Record<string, unknown>>): ViolationForm {
  return {
    license_plate: str(row.license_plate),
    student_id: str(row.student_id),
    student_name: str(row.student_name),
    violation_type: str(row.violation_type),
    description: str(row.description),
    location: str(row.location),
    status: row.status === 'resolved' ? 'resolved' : 'open',
  };
}

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} under ${max} characters.`)
    .transform((v) => (v === '' ? null : v));

export interface ViolationInput {
  license_plate: string | null;
  student_id: string | null;
  student_name: string | null;
  violation_type: string;
  description: string | null;
  location: string | null;
  status: ViolationStatus;
}

/**
 * The form's fields. An officer's violation is always open: the server's
 * policy refuses anything else from them, so their status is not theirs to set.
 */
export function violationSchema({ officer }: { officer: boolean }) {
  return z.object({
    license_plate: optionalText('license plate', 20).refine(
      (v) => v === null || plateKey(v) !== '',
      'Enter the plate with its letters and digits.',
    ),
    student_id: optionalText('student ID', 60),
    student_name: optionalText('student name', 120),
    violation_type: z.string().trim().min(1, 'Choose a violation type.').max(120, 'Keep the violation type under 120 characters.'),
    description: optionalText('description', 2000),
    location: optionalText('location', 200),
    status: z.string().transform((v, ctx): ViolationStatus => {
      if (officer) return 'open';
      if (v === 'open' || v === 'resolved') return v;
      ctx.addIssue({ code: 'custom', message: 'Choose open or resolved.' });
      return z.NEVER;
    }),
  });
}

export type ViolationCheck = { ok: true; input: ViolationInput } | { ok: false; errors: Partial<Record<ViolationField, string>> };

/**
 * The schema plus the rule across fields (a plate or a student), checked
 * together so a refused save names every field to fix at once.
 */
export function checkViolation(values: ViolationForm, options: { officer: boolean }): ViolationCheck {
  const parsed = violationSchema(options).safeParse(values);
  const errors = parsed.success ? {} : violationErrors(parsed.error.issues);
  if (!values.license_plate.trim() && !values.student_id.trim() && !values.student_name.trim()) {
    errors.license_plate ??= NEED_PLATE_OR_STUDENT;
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, input: parsed.data };
  return { ok: false, errors };
}

/** The first message per field, for the fields' error lines. */
export function violationErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Partial<Record<ViolationField, string>> {
  const out: Partial<Record<ViolationField, string>> = {};
  for (const i of issues) {
    const key = i.path[0];
    if (typeof key === 'string' && (VIOLATION_FIELDS as readonly string[]).includes(key)) {
      const field = key as ViolationField;
      out[field] ??= i.message;
    }
  }
  return out;
}

/** The permit a plate's violation belongs to: the one in force for that plate, if any. */
export function permitForPlate<T extends Readonly<Record<string, unknown>>>(
  permits: readonly T[],
  plate: string | null,
  today: string,
): T | null {
  const key = plateKey(plate);
  if (!key) return null;
  return permits.find((p) => plateKey(p.license_plate) === key && permitInForce(p, today)) ?? null;
}

/**
 * The columns a new violation is written with. plate_key is the server's
 * (it recomputes it and the push never sends it) but the cache row needs it
 * at once so the lot lookup finds a violation not yet synced. recorded_by is
 * never written: the server takes it from the session.
 */
export function newViolationRow(
  input: ViolationInput,
  permit: Readonly<Record<string, unknown>> | null,
  at: Date,
): Record<string, unknown> {
  const student_id = input.student_id ?? (permit ? str(permit.student_id) || null : null);
  const student_name = input.student_name ?? (permit ? str(permit.student_name) || null : null);
  // No id: insertRow makes one, so a resend after a lost answer is a DO NOTHING, never an
  // overwrite of a resolution made meanwhile (nor refused for an officer).
  const row: Record<string, unknown> = {
    ...input,
    student_id,
    student_name,
    plate_key: input.license_plate ? plateKey(input.license_plate) : null,
    permit_id: permit && typeof permit.id === 'string' ? permit.id : null,
    occurred_at: at.toISOString(),
  };
  // Shown at once; the server stamps its own on arrival.
  if (input.status === 'resolved') row.resolved_at = at.toISOString();
  return row;
}

/**
 * What an edit sends: only the fields the user changed from the row as the
 * dialog opened (a sync meanwhile is not undone), with the plate's key and
 * permit following a changed plate, and the resolve time following a status
 * change.
 */
export function violationPatch(
  base: ViolationForm,
  values: ViolationForm,
  input: ViolationInput,
  permit: Readonly<Record<string, unknown>> | null,
  at: Date,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const k of VIOLATION_FIELDS) if (base[k] !== values[k]) patch[k] = input[k];
  if ('license_plate' in patch) {
    patch.plate_key = input.license_plate ? plateKey(input.license_plate) : null;
    patch.permit_id = permit && typeof permit.id === 'string' ? permit.id : null;
  }
  if ('status' in patch) {
    if (base.status === input.status) delete patch.status;
    else patch.resolved_at = input.status === 'resolved' ? at.toISOString() : null;
  }
  return patch;
}

/** When it happened: the recorded time, or when the row was made. */
export function violationTime(row: Readonly<Record<string, unknown>>): string {
  return str(row.occurred_at) || str(row.created_at);
}

export function newestFirst(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): number {
  const ta = violationTime(a);
  const tb = violationTime(b);
  return ta < tb ? 1 : ta > tb ? -1 : 0;
}

export type StatusFilter = 'all' | ViolationStatus;

/** The tab's search: student, type, location or description by words; the plate by its key ("tx rbn" finds "TX RBN-4471"). */
export function violationMatches(row: Readonly<Record<string, unknown>>, query: string, status: StatusFilter): boolean {
  if (status !== 'all' && (row.status === 'resolved' ? 'resolved' : 'open') !== status) return false;
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const key = plateKey(query);
  if (key && plateKey(row.license_plate).includes(key)) return true;
  return [row.student_id, row.student_name, violationTypeLabel(row.violation_type), row.location, row.description].some((f) =>
    str(f).toLowerCase().includes(q),
  );
}

export function formatWhen(iso: string): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}
