/**
 * The fleet tab's forms and words (issue 14): a vehicle, a maintenance
 * record, a fuel entry and the service rule, each through a zod schema over
 * what the user typed (text), giving the row's values or a message per field.
 * The server's own checks (migrations 20261122000400, 20261125000100) are
 * repeated here so a save made offline is not refused later.
 */
import { z } from 'zod';
import { dollarsToCents } from '../../../lib/money';
import { SERVICE_DUE_LABEL, type ServiceDueReason } from '../service-due';
import { litresToGallons } from './fleet-costs';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Any character a VIN may hold: digits and capitals, never I, O or Q (they read as 1 and 0). */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
/** vehicles.mileage and the odometers are integer columns. */
export const MAX_MILES = 9_999_999;

function validDate(v: string): boolean {
  return DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
}

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} under ${max} characters`)
    .transform((v) => (v === '' ? null : v));

const optionalDate = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || validDate(v), message)
    .transform((v) => (v === '' ? null : v));

/** Blank or a whole number in [min, max]; the message names the field. */
const optionalInt = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v.replace(/,/g, '')), `Enter the ${label} as a whole number`)
    .transform((v) => (v === '' ? null : Number(v.replace(/,/g, ''))))
    .refine(
      (v) => v === null || (v >= min && v <= max),
      `The ${label} must be between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}`,
    );

const optionalCents = z
  .string()
  .trim()
  .transform((v) => dollarsToCents(v))
  .refine((v) => v === null || (Number.isInteger(v) && v >= 0 && v <= 2_000_000_000), 'Enter the cost in dollars and cents, such as 45.90');

// ---------------------------------------------------------------- vehicles

export const VEHICLE_FIELDS = [
  'vehicle_number',
  'make',
  'model',
  'year',
  'license_plate',
  'vin',
  'mileage',
  'oil_change_date',
  'oil_change_mileage',
] as const;
export type VehicleField = (typeof VEHICLE_FIELDS)[number];
export type VehicleForm = Record<VehicleField, string>;

export const EMPTY_VEHICLE: VehicleForm = {
  vehicle_number: '',
  make: '',
  model: '',
  year: '',
  license_plate: '',
  vin: '',
  mileage: '',
  oil_change_date: '',
  oil_change_mileage: '',
};

function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

export function vehicleFormValues(row: Readonly<Record<string, unknown>>): VehicleForm {
  return {
    vehicle_number: text(row.vehicle_number),
    make: text(row.make),
    model: text(row.model),
    year: text(row.year),
    license_plate: text(row.license_plate),
    vin: text(row.vin),
    mileage: text(row.mileage),
    oil_change_date: text(row.oil_change_date).slice(0, 10),
    oil_change_mileage: text(row.oil_change_mileage),
  };
}

/** The vehicle number as the server compares it (its unique index is on lower(vehicle_number)). */
export function numberKey(n: unknown): string {
  return typeof n === 'string' ? n.trim().toLowerCase() : '';
}

/** A vehicle other than `editingId` already holding this number (inactive ones count: the server's index includes them). */
export function numberTaken(
  vehicles: ReadonlyArray<Readonly<Record<string, unknown>>>,
  number: string,
  editingId: string | null,
): Readonly<Record<string, unknown>> | null {
  const key = numberKey(number);
  if (!key) return null;
  return vehicles.find((v) => !v.deleted_at && v.id !== editingId && numberKey(v.vehicle_number) === key) ?? null;
}

export interface VehicleSchemaContext {
  vehicles: ReadonlyArray<Readonly<Record<string, unknown>>>;
  /** The vehicle being edited (its own number is not a clash); null when adding. */
  editingId: string | null;
  /** YYYY-MM-DD, the device's day: an oil change cannot be in the future. */
  today: string;
}

export function vehicleSchema(ctx: VehicleSchemaContext) {
  return z
    .object({
      vehicle_number: z
        .string()
        .trim()
        .min(1, 'Enter the vehicle number')
        .max(50, 'Keep the vehicle number under 50 characters')
        .refine((v) => numberTaken(ctx.vehicles, v, ctx.editingId) === null, 'Another vehicle already has this number'),
      make: optionalText('make', 100),
      model: optionalText('model', 100),
      year: optionalInt('year', 1950, 2100),
      license_plate: optionalText('plate', 20).transform((v) => (v === null ? null : v.toUpperCase())),
      vin: z
        .string()
        .trim()
        .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
        .refine((v) => v === '' || v.length === 17, 'A VIN has 17 characters')
        .refine((v) => v === '' || v.length !== 17 || VIN.test(v), 'A VIN holds only digits and letters other than I, O and Q')
        .transform((v) => (v === '' ? null : v)),
      mileage: optionalInt('mileage', 0, MAX_MILES),
      oil_change_date: optionalDate('Enter the oil change date as a date').refine(
        (v) => v === null || v <= ctx.today,
        'The last oil change cannot be in the future',
      ),
      oil_change_mileage: optionalInt('oil change mileage', 0, MAX_MILES),
    })
    .superRefine((v, issue) => {
      if (v.oil_change_mileage !== null && v.mileage !== null && v.oil_change_mileage > v.mileage) {
        issue.addIssue({
          code: 'custom',
          path: ['oil_change_mileage'],
          message: 'The mileage at the oil change cannot be more than the vehicle mileage',
        });
      }
    });
}
export type VehicleValues = z.output<ReturnType<typeof vehicleSchema>>;

export function vehicleLabel(v: Readonly<Record<string, unknown>>): string {
  const parts = [v.year, v.make, v.model].filter((p) => (typeof p === 'string' && p.trim()) || typeof p === 'number');
  return parts.length ? parts.join(' ') : '—';
}

export function compareVehicleNumbers(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): number {
  return String(a.vehicle_number ?? '').localeCompare(String(b.vehicle_number ?? ''), undefined, { numeric: true, sensitivity: 'base' });
}

// ------------------------------------------------------------- maintenance

export const MAINTENANCE_STATUSES = ['open', 'scheduled', 'in_progress', 'completed'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  open: 'Open',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Done',
};

export function maintenanceStatusText(status: unknown): string {
  return (MAINTENANCE_STATUSES as readonly unknown[]).includes(status) ? MAINTENANCE_STATUS_LABELS[status as MaintenanceStatus] : 'Done';
}

/** What the pre-trip inspection's trigger writes as the service type. */
export const PRE_TRIP_DEFECT = 'pre_trip_defect';
export const SERVICE_TYPES = ['Oil change', 'Tires', 'Brakes', 'Inspection', 'Repair', 'Preventive maintenance'] as const;

export function serviceTypeText(type: unknown): string {
  if (type === PRE_TRIP_DEFECT) return 'Pre-trip defect';
  return typeof type === 'string' && type ? type : '—';
}

/** An oil change record done moves the vehicle's "last oil change" (the service-due rule reads it). */
export function isOilChange(serviceType: string): boolean {
  return /^oil\s*change$/i.test(serviceType.trim());
}

export const MAINTENANCE_FIELDS = [
  'service_type',
  'description',
  'service_date',
  'mileage',
  'cost',
  'vendor',
  'next_due_date',
  'status',
] as const;
export type MaintenanceField = (typeof MAINTENANCE_FIELDS)[number];
export type MaintenanceForm = Record<MaintenanceField, string>;

export function emptyMaintenance(today: string): MaintenanceForm {
  return {
    service_type: '',
    description: '',
    service_date: today,
    mileage: '',
    cost: '',
    vendor: '',
    next_due_date: '',
    status: 'completed',
  };
}

export function maintenanceFormValues(row: Readonly<Record<string, unknown>>): MaintenanceForm {
  const cents = typeof row.cost_cents === 'number' ? row.cost_cents : null;
  return {
    service_type: text(row.service_type),
    description: text(row.description),
    service_date: text(row.service_date).slice(0, 10),
    mileage: text(row.mileage),
    cost: cents === null ? '' : (cents / 100).toFixed(2),
    vendor: text(row.vendor),
    next_due_date: text(row.next_due_date).slice(0, 10),
    status: text(row.status) || 'completed',
  };
}

export const maintenanceSchema = z
  .object({
    service_type: z.string().trim().min(1, 'Enter the type of service').max(100, 'Keep the service type under 100 characters'),
    description: optionalText('description', 2000),
    service_date: z.string().trim().refine(validDate, 'Enter the service date'),
    mileage: optionalInt('odometer reading', 0, MAX_MILES),
    cost_cents: optionalCents,
    vendor: optionalText('vendor', 200),
    next_due_date: optionalDate('Enter the next due date as a date'),
    status: z.enum(MAINTENANCE_STATUSES, { message: 'Choose a status' }),
  })
  .superRefine((v, issue) => {
    if (v.next_due_date !== null && v.next_due_date < v.service_date) {
      issue.addIssue({ code: 'custom', path: ['next_due_date'], message: 'The next due date cannot be before the service date' });
    }
  });

/** The form's text as the schema reads it (the cost is typed in dollars, stored in cents). */
export function maintenanceInput(form: MaintenanceForm): Record<string, string> {
  const { cost, ...rest } = form;
  return { ...rest, cost_cents: cost };
}
export type MaintenanceValues = z.output<typeof maintenanceSchema>;

// -------------------------------------------------------------------- fuel

export const FUEL_UNITS = ['gal', 'l'] as const;
export type FuelUnit = (typeof FUEL_UNITS)[number];

export const FUEL_FIELDS = ['fueled_at', 'amount', 'unit', 'cost', 'odometer', 'station', 'driver_id'] as const;
export type FuelField = (typeof FUEL_FIELDS)[number];
export type FuelForm = Record<FuelField, string>;

/** A datetime-local value (the device's own clock) for `at`. */
export function localDateTimeValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

export function emptyFuel(now: Date): FuelForm {
  return { fueled_at: localDateTimeValue(now), amount: '', unit: 'gal', cost: '', odometer: '', station: '', driver_id: '' };
}

export const fuelSchema = z
  .object({
    // A datetime-local value is the device's local time; the row holds the instant.
    fueled_at: z
      .string()
      .trim()
      .refine(
        (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(new Date(v).getTime()),
        'Enter the date and time of the fill-up',
      )
      .transform((v) => new Date(v).toISOString()),
    amount: z
      .string()
      .trim()
      .min(1, 'Enter how much fuel')
      .refine((v) => v === '' || /^(\d+\.?\d*|\.\d+)$/.test(v), 'Enter the amount as a number, such as 24.5'),
    unit: z.enum(FUEL_UNITS, { message: 'Choose gallons or litres' }),
    cost_cents: optionalCents,
    odometer: optionalInt('odometer reading', 0, MAX_MILES),
    station: optionalText('station', 200),
    driver_id: z
      .string()
      .trim()
      .refine((v) => v === '' || z.string().uuid().safeParse(v).success, 'Choose a driver from the list')
      .transform((v) => (v === '' ? null : v)),
  })
  .transform((v, ctx) => {
    const amount = Number(v.amount);
    // fuel_log.gallons is numeric(8, 3) and must be more than 0.
    const gallons = v.unit === 'l' ? litresToGallons(amount) : Math.round(amount * 1000) / 1000;
    if (!(gallons > 0) || gallons >= 100_000) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount more than 0 and under 100,000 gallons' });
      return z.NEVER;
    }
    return {
      fueled_at: v.fueled_at,
      gallons,
      cost_cents: v.cost_cents,
      odometer: v.odometer,
      station: v.station,
      driver_id: v.driver_id,
    };
  });

export function fuelInput(form: FuelForm): Record<string, string> {
  const { cost, ...rest } = form;
  return { ...rest, cost_cents: cost };
}
export type FuelValues = z.output<typeof fuelSchema>;

// ------------------------------------------------------------ service rule

export const serviceRuleSchema = z.object({
  days: z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 3650, 'Enter a whole number of days from 1 to 3,650')
    .transform(Number),
  miles: z
    .string()
    .trim()
    .transform((v) => v.replace(/,/g, ''))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 1_000_000, 'Enter a whole number of miles from 1 to 1,000,000')
    .transform(Number),
});

/** The first message per field of a failed parse, keyed by the form's field names. */
export function fieldErrors<F extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  rename: Partial<Record<string, F>> = {},
) {
  const out: Partial<Record<F, string>> = {};
  for (const i of issues) {
    const raw = String(i.path[0] ?? '');
    const key = (rename[raw] ?? raw) as F;
    out[key] ??= i.message;
  }
  return out;
}

// ------------------------------------------------------------- formatting

export function formatMiles(n: unknown): string {
  return typeof n === 'number' && Number.isFinite(n) ? `${n.toLocaleString('en-US')} mi` : '—';
}

export function formatCents(cents: unknown): string {
  return typeof cents === 'number' && Number.isFinite(cents)
    ? (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })
    : '—';
}

export function formatDay(day: unknown): string {
  if (typeof day !== 'string' || !validDate(day.slice(0, 10))) return '—';
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString('en-US', { dateStyle: 'medium' });
}

export function formatGallons(g: unknown): string {
  const n = typeof g === 'number' ? g : typeof g === 'string' ? Number(g) : NaN;
  return Number.isFinite(n) ? `${n.toLocaleString('en-US', { maximumFractionDigits: 3 })} gal` : '—';
}

/** The service-due flag in words ("Oil change overdue (days); ..."). */
export function dueText(reasons: readonly ServiceDueReason[] | null): string {
  return reasons ? reasons.map((r) => SERVICE_DUE_LABEL[r]).join('; ') : 'Not due';
}
