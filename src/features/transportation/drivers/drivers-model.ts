/**
 * The Bus Drivers dialog's rules (spec §2, §5): what a new driver must have,
 * how the list is ordered and how the search box matches. Pure, so the
 * dialog, its tests and anything else listing drivers agree.
 */
import { z } from 'zod';

export const DRIVER_MESSAGES = {
  required: 'First name, last name, and license number are required.',
  tooLong: 'Each field must be 100 characters or fewer.',
  addFailed: 'Failed to add driver',
  removeFailed: 'Failed to remove driver',
  confirmRemove: 'Remove this driver? This action cannot be undone.',
  noDrivers: 'No drivers found',
  noMatches: 'No drivers match your search',
} as const;

export const DRIVER_FIELDS = ['first_name', 'last_name', 'license_number', 'phone'] as const;
export type DriverField = (typeof DRIVER_FIELDS)[number];
export type DriverForm = Record<DriverField, string>;

export const EMPTY_DRIVER_FORM: DriverForm = { first_name: '', last_name: '', license_number: '', phone: '' };

const MAX = 100;
const required = z.string().trim().min(1, DRIVER_MESSAGES.required).max(MAX, DRIVER_MESSAGES.tooLong);

/** A new driver as stored: trimmed, phone null when blank, created active (spec §4). */
export const newDriverSchema = z.object({
  first_name: required,
  last_name: required,
  license_number: required,
  phone: z
    .string()
    .trim()
    .max(MAX, DRIVER_MESSAGES.tooLong)
    .transform((v) => (v === '' ? null : v)),
});

export interface NewDriver {
  first_name: string;
  last_name: string;
  license_number: string;
  phone: string | null;
  active: true;
}

export type DriverParse = { ok: true; driver: NewDriver } | { ok: false; message: string; fields: DriverField[] };

/**
 * The form's values as a driver to insert, or the one message to show and
 * the fields it blames. A missing required field wins over a long one: the
 * spec's message names all three, so it is shown whichever is missing.
 */
export function parseDriver(form: Readonly<Partial<DriverForm>>): DriverParse {
  const input = { ...EMPTY_DRIVER_FORM, ...form };
  const result = newDriverSchema.safeParse(input);
  if (result.success) return { ok: true, driver: { ...result.data, active: true } };
  const issues = result.error.issues;
  const missing = issues.filter((i) => i.message === DRIVER_MESSAGES.required);
  const shown = missing.length ? missing : issues;
  const fields = [...new Set(shown.map((i) => String(i.path[0]) as DriverField))];
  return { ok: false, message: missing.length ? DRIVER_MESSAGES.required : DRIVER_MESSAGES.tooLong, fields };
}

export interface DriverRow {
  id: string;
  first_name?: unknown;
  last_name?: unknown;
  license_number?: unknown;
  phone?: unknown;
  active?: unknown;
  deleted_at?: unknown;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function driverName(d: DriverRow): string {
  return `${text(d.first_name)} ${text(d.last_name)}`.trim();
}

export function driverStatus(d: DriverRow): 'Active' | 'Inactive' {
  return d.active === false ? 'Inactive' : 'Active';
}

// One collator for the whole sort: localeCompare with options builds one per call.
let nameOrder: Intl.Collator | null = null;

/** By last name, then first name, ignoring case and accents (the spec orders by last_name). */
export function compareDrivers(a: DriverRow, b: DriverRow): number {
  nameOrder ??= new Intl.Collator(undefined, { sensitivity: 'base' });
  return (
    nameOrder.compare(text(a.last_name), text(b.last_name)) ||
    nameOrder.compare(text(a.first_name), text(b.first_name)) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export function sortDrivers<T extends DriverRow>(drivers: readonly T[]): T[] {
  return drivers.filter((d) => !d.deleted_at).sort(compareDrivers);
}

const digitsOf = (s: string): string => s.replace(/\D/g, '');

/**
 * The drivers the search box keeps: the query, trimmed and ignoring case,
 * within the full name ("first last"), the license number or the phone. A
 * query that is only a phone number's characters also matches the phone's
 * digits, so "5550141" finds "(512)-555-0141".
 */
export function searchDrivers<T extends DriverRow>(drivers: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...drivers];
  const qDigits = /^[\d\s()+.-]+$/.test(q) ? digitsOf(q) : '';
  return drivers.filter((d) => {
    const phone = text(d.phone);
    return (
      driverName(d).toLowerCase().includes(q) ||
      text(d.license_number).toLowerCase().includes(q) ||
      phone.toLowerCase().includes(q) ||
      (qDigits.length >= 3 && digitsOf(phone).includes(qDigits))
    );
  });
}
