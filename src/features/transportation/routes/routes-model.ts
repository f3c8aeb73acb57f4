/**
 * Buses, routes, stops, riders and assignments (issue 14): the pure rules the
 * "Buses & Routes" tab applies before it writes anything through the offline
 * core. Kept free of React so the unit tests pin them down.
 */
import { z } from 'zod';
import type { CacheRow } from '../../../data';

// ---------------------------------------------------------------- shared

export const BUS_STATUSES = ['in_service', 'maintenance', 'out_of_service'] as const;
export type BusStatus = (typeof BUS_STATUSES)[number];
export const BUS_STATUS_LABELS: Record<BusStatus, string> = {
  in_service: 'In service',
  maintenance: 'In maintenance',
  out_of_service: 'Out of service',
};

export const DIRECTIONS = ['am', 'pm', 'both'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DIRECTION_LABELS: Record<Direction, string> = { am: 'AM', pm: 'PM', both: 'Both' };

export function directionOf(row: Readonly<Record<string, unknown>>): Direction {
  const d = row.direction;
  return d === 'am' || d === 'pm' ? d : 'both';
}

export function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** The shortest window a route occupies its driver: a route with one timed stop still takes the driver away. */
export const MIN_WINDOW_MINUTES = 30;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes after midnight of a Postgres time ('07:05' or '07:05:00'), or null when blank or not a time. */
export function timeToMinutes(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const m = TIME.exec(v.trim());
  if (!m) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

export function minutesToTime(total: number): string {
  const m = ((Math.round(total) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** A time as the screens show it (HH:MM), '' when blank. */
export function shortTime(v: unknown): string {
  const m = timeToMinutes(v);
  return m === null ? '' : minutesToTime(m);
}

/** A person as the screens name them: first and last name, else email. */
export function personName(row: Readonly<Record<string, unknown>> | undefined): string {
  if (!row) return 'Unknown';
  const name = [row.first_name, row.last_name]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim())
    .join(' ');
  return name || text(row.email) || 'Unknown';
}

function byNumber(a: string, b: string): number {
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}

export function compareBuses(a: CacheRow, b: CacheRow): number {
  return byNumber(text(a.bus_number), text(b.bus_number));
}

export function compareRoutes(a: CacheRow, b: CacheRow): number {
  return byNumber(text(a.route_number), text(b.route_number));
}

/** Fields the user changed from what the row held when the form opened: an edit sends only these, so it does not undo someone else's change to another field. */
export function changedPatch<T extends Record<string, unknown>>(before: T, after: T): Partial<T> {
  const patch: Partial<T> = {};
  for (const k of Object.keys(after) as Array<keyof T>) if (before[k] !== after[k]) patch[k] = after[k];
  return patch;
}

/** Zod issues as one message per field (the first), for the forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

// ---------------------------------------------------------------- form pieces

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} under ${max} characters`)
    .transform((v) => (v === '' ? null : v));

const optionalId = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || z.uuid().safeParse(v).success, message)
    .transform((v) => (v === '' ? null : v));

const optionalTime = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || timeToMinutes(v) !== null, message)
    .transform((v) => (v === '' ? null : minutesToTime(timeToMinutes(v) ?? 0)));

const optionalNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= min && Number(v) <= max), message)
    .transform((v) => (v === '' ? null : Number(v)));

const validDate = (v: string) =>
  DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

// ---------------------------------------------------------------- buses

export const busSchema = z.object({
  bus_number: z.string().trim().min(1, 'Enter the bus number').max(40, 'Keep the bus number under 40 characters'),
  capacity: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 200), 'Capacity is a whole number of seats from 1 to 200')
    .transform((v) => (v === '' ? null : Number(v))),
  vehicle_id: optionalId('Choose a vehicle from the list'),
  status: z.enum(BUS_STATUSES, { message: 'Choose a status' }),
});
export type BusForm = z.input<typeof busSchema>;
export type BusValues = z.output<typeof busSchema>;

export function busFormValues(row?: CacheRow): BusForm {
  return {
    bus_number: text(row?.bus_number),
    capacity: typeof row?.capacity === 'number' ? String(row.capacity) : '',
    vehicle_id: text(row?.vehicle_id),
    status: (BUS_STATUSES as readonly string[]).includes(text(row?.status)) ? (text(row?.status) as BusStatus) : 'in_service',
  };
}

/**
 * The bus already holding this number (case and surrounding spaces ignored),
 * as the server's unique index sees it: every bus not deleted, retired ones
 * too, since retiring keeps the row.
 */
export function busNumberTaken(number: string, buses: readonly CacheRow[], exceptId?: string): CacheRow | null {
  const key = number.trim().toLowerCase();
  if (!key) return null;
  return buses.find((b) => b.id !== exceptId && !b.deleted_at && text(b.bus_number).trim().toLowerCase() === key) ?? null;
}

// ---------------------------------------------------------------- routes

export const routeSchema = z.object({
  route_number: z.string().trim().min(1, 'Enter the route number').max(40, 'Keep the route number under 40 characters'),
  name: optionalText(120, 'name'),
  description: optionalText(1000, 'description'),
  campus_id: optionalId('Choose a campus from the list'),
  bus_id: optionalId('Choose a bus from the list'),
  driver_id: optionalId('Choose a driver from the list'),
  direction: z.enum(DIRECTIONS, { message: 'Choose AM, PM or Both' }),
  starts_at: optionalTime('Enter the start time as a time, such as 07:15'),
});
export type RouteForm = z.input<typeof routeSchema>;
export type RouteValues = z.output<typeof routeSchema>;

export function routeFormValues(row?: CacheRow): RouteForm {
  return {
    route_number: text(row?.route_number),
    name: text(row?.name),
    description: text(row?.description),
    campus_id: text(row?.campus_id),
    bus_id: text(row?.bus_id),
    driver_id: text(row?.driver_id),
    direction: row ? directionOf(row) : 'both',
    starts_at: shortTime(row?.starts_at),
  };
}

// ---------------------------------------------------------------- stops

export const stopSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter the stop name').max(120, 'Keep the stop name under 120 characters'),
    address: optionalText(300, 'address'),
    scheduled_time: optionalTime('Enter the time as a time, such as 07:15'),
    latitude: optionalNumber(-90, 90, 'Latitude is a number from -90 to 90'),
    longitude: optionalNumber(-180, 180, 'Longitude is a number from -180 to 180'),
  })
  .superRefine((v, ctx) => {
    // One coordinate alone places the stop nowhere.
    if (v.latitude === null && v.longitude !== null)
      ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'Enter the latitude too, or clear the longitude' });
    if (v.longitude === null && v.latitude !== null)
      ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'Enter the longitude too, or clear the latitude' });
  });
export type StopForm = z.input<typeof stopSchema>;
export type StopValues = z.output<typeof stopSchema>;

export function stopFormValues(row?: CacheRow): StopForm {
  return {
    name: text(row?.name),
    address: text(row?.address),
    scheduled_time: shortTime(row?.scheduled_time),
    latitude: typeof row?.latitude === 'number' ? String(row.latitude) : '',
    longitude: typeof row?.longitude === 'number' ? String(row.longitude) : '',
  };
}

function orderOf(row: Readonly<Record<string, unknown>>): number {
  return typeof row.stop_order === 'number' ? row.stop_order : Number.MAX_SAFE_INTEGER;
}

/** A route's stops in riding order: by stop_order, ties (two devices adding at once) by time then id so every screen agrees. */
export function sortStops<T extends Readonly<Record<string, unknown>> & { id: string }>(stops: readonly T[]): T[] {
  return [...stops].sort(
    (a, b) =>
      orderOf(a) - orderOf(b) ||
      (timeToMinutes(a.scheduled_time) ?? 1e9) - (timeToMinutes(b.scheduled_time) ?? 1e9) ||
      a.id.localeCompare(b.id),
  );
}

/** The order after moving one stop up (-1) or down (+1); unchanged at either end or for an unknown id. */
export function moveStop<T extends { id: string }>(ordered: readonly T[], id: string, delta: -1 | 1): T[] {
  const from = ordered.findIndex((s) => s.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ordered.length) return [...ordered];
  const next = [...ordered];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** The order with one stop taken out. */
export function removeStop<T extends { id: string }>(ordered: readonly T[], id: string): T[] {
  return ordered.filter((s) => s.id !== id);
}

/**
 * The writes that number `ordered` 1..n without gaps: only the stops whose
 * stop_order is not already their position, so a move of two stops sends
 * two updates, not n.
 */
export function orderChanges(
  ordered: ReadonlyArray<Readonly<Record<string, unknown>> & { id: string }>,
): Array<{ id: string; stop_order: number }> {
  const out: Array<{ id: string; stop_order: number }> = [];
  ordered.forEach((s, i) => {
    if (s.stop_order !== i + 1) out.push({ id: s.id, stop_order: i + 1 });
  });
  return out;
}

/** Where a new stop goes: after the last one. */
export function nextStopOrder(stops: ReadonlyArray<Readonly<Record<string, unknown>>>): number {
  return stops.reduce((max, s) => Math.max(max, typeof s.stop_order === 'number' ? s.stop_order : 0), 0) + 1;
}

// ---------------------------------------------------------------- double-booking

export interface RouteWindow {
  start: number;
  end: number;
}

/**
 * The time a route occupies its driver: from its start time (else its first
 * timed stop) to its last timed stop, at least MIN_WINDOW_MINUTES long. Null
 * when it has no start time and no stop times: it cannot be judged.
 */
export function routeWindow(
  route: Readonly<Record<string, unknown>>,
  stops: ReadonlyArray<Readonly<Record<string, unknown>> & { id: string }>,
): RouteWindow | null {
  const times = sortStops(stops)
    .map((s) => timeToMinutes(s.scheduled_time))
    .filter((m): m is number => m !== null);
  const start = timeToMinutes(route.starts_at) ?? times[0] ?? null;
  if (start === null) return null;
  const last = times.length > 0 ? times[times.length - 1]! : start;
  return { start, end: Math.max(last, start + MIN_WINDOW_MINUTES) };
}

export function directionsOverlap(a: Direction, b: Direction): boolean {
  return a === 'both' || b === 'both' || a === b;
}

/** Two windows share some minute (touching ends do not: one run ends as the next starts). */
export function windowsOverlap(a: RouteWindow, b: RouteWindow): boolean {
  return a.start < b.end && b.start < a.end;
}

export interface DriverConflict {
  route: CacheRow;
  window: RouteWindow;
  message: string;
}

export function formatWindow(w: RouteWindow): string {
  return `${minutesToTime(w.start)}–${minutesToTime(w.end)}`;
}

/**
 * The first other active route the same driver already drives at an
 * overlapping time and direction, or null. `candidate` is the route as it
 * would be saved (its id, when it exists, is skipped among `routes`);
 * `stopsOf` gives any route's stops; `driverName` names the driver in the message.
 */
export function findDriverConflict(input: {
  candidate: Readonly<Record<string, unknown>> & { id?: string | undefined };
  candidateStops: ReadonlyArray<Readonly<Record<string, unknown>> & { id: string }>;
  routes: readonly CacheRow[];
  stopsOf: (routeId: string) => ReadonlyArray<Readonly<Record<string, unknown>> & { id: string }>;
  driverName: string;
}): DriverConflict | null {
  const { candidate } = input;
  const driver = text(candidate.driver_id);
  if (!driver || candidate.active === false) return null;
  const mine = routeWindow(candidate, input.candidateStops);
  if (!mine) return null;
  const direction = directionOf(candidate);
  const others = input.routes
    .filter((r) => r.id !== candidate.id && !r.deleted_at && r.active !== false && r.driver_id === driver)
    .sort(compareRoutes);
  for (const other of others) {
    if (!directionsOverlap(direction, directionOf(other))) continue;
    const theirs = routeWindow(other, input.stopsOf(other.id));
    if (!theirs || !windowsOverlap(mine, theirs)) continue;
    return {
      route: other,
      window: theirs,
      message: `${input.driverName} already drives route ${text(other.route_number)} (${formatWindow(theirs)}, ${directionOf(other)}) at that time.`,
    };
  }
  return null;
}

// ---------------------------------------------------------------- riders

export const riderSchema = z.object({
  student_id: z.string().trim().min(1, "Enter the student's ID").max(40, 'Keep the student ID under 40 characters'),
  student_name: z.string().trim().min(1, "Enter the student's name").max(120, 'Keep the name under 120 characters'),
  grade: optionalText(20, 'grade'),
  route_stop_id: optionalId('Choose a stop from the list'),
  direction: z.enum(DIRECTIONS, { message: 'Choose AM, PM or Both' }),
});
export type RiderForm = z.input<typeof riderSchema>;
export type RiderValues = z.output<typeof riderSchema>;

export function riderFormValues(row?: CacheRow): RiderForm {
  return {
    student_id: text(row?.student_id),
    student_name: text(row?.student_name),
    grade: text(row?.grade),
    route_stop_id: text(row?.route_stop_id),
    direction: row ? directionOf(row) : 'both',
  };
}

/** The same student already riding this route (student ids compared without case or spaces). */
export function riderTaken(studentId: string, riders: readonly CacheRow[], exceptId?: string): CacheRow | null {
  const key = studentId.trim().toLowerCase();
  return riders.find((r) => r.id !== exceptId && !r.deleted_at && text(r.student_id).trim().toLowerCase() === key) ?? null;
}

// ---------------------------------------------------------------- assignments

export const assignmentSchema = z
  .object({
    user_id: z
      .string()
      .trim()
      .refine((v) => z.uuid().safeParse(v).success, 'Choose a person from the list'),
    target_id: z
      .string()
      .trim()
      .refine((v) => z.uuid().safeParse(v).success, 'Choose a bus or route from the list'),
    starts_on: z.string().trim().refine(validDate, 'Enter the start date'),
    ends_on: z
      .string()
      .trim()
      .refine((v) => v === '' || validDate(v), 'Enter the end date as a date, or leave it blank')
      .transform((v) => (v === '' ? null : v)),
  })
  .superRefine((v, ctx) => {
    if (v.ends_on !== null && validDate(v.starts_on) && v.ends_on < v.starts_on) {
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'The end date cannot be before the start date' });
    }
  });
export type AssignmentForm = z.input<typeof assignmentSchema>;

/** Ending an assignment: the last day it holds, not before its first. */
export function endDateSchema(startsOn: string) {
  return z
    .string()
    .trim()
    .refine(validDate, 'Enter the last day of the assignment')
    .refine((v) => v >= startsOn, `The end date cannot be before the start date (${startsOn})`);
}

export interface DateRange {
  starts_on: string;
  ends_on: string | null;
}

/** Two assignments share a day (both ends inclusive; no end date runs on for ever). */
export function dateRangesOverlap(a: DateRange, b: DateRange): boolean {
  const aEnds = a.ends_on ?? '9999-12-31';
  const bEnds = b.ends_on ?? '9999-12-31';
  return a.starts_on <= bEnds && b.starts_on <= aEnds;
}

/** The existing assignment of the same user to the same bus or route that shares a day with `range`, or null. */
export function findAssignmentOverlap(
  rows: readonly CacheRow[],
  userId: string,
  targetColumn: 'bus_id' | 'route_id',
  targetId: string,
  range: DateRange,
  exceptId?: string,
): CacheRow | null {
  return (
    rows.find(
      (r) =>
        r.id !== exceptId &&
        !r.deleted_at &&
        r.user_id === userId &&
        r[targetColumn] === targetId &&
        dateRangesOverlap(
          { starts_on: text(r.starts_on).slice(0, 10), ends_on: text(r.ends_on) ? text(r.ends_on).slice(0, 10) : null },
          range,
        ),
    ) ?? null
  );
}

export function formatDateRange(range: DateRange): string {
  return range.ends_on ? `${range.starts_on} to ${range.ends_on}` : `from ${range.starts_on}, no end date`;
}

/** Section and details view in the address, next to the page's own ?tab=. */
export const SECTIONS = ['buses', 'routes', 'assignments'] as const;
export type Section = (typeof SECTIONS)[number];

export function sectionFromParams(params: URLSearchParams): Section {
  if (params.get('route')) return 'routes';
  const s = params.get('section') ?? '';
  return (SECTIONS as readonly string[]).includes(s) ? (s as Section) : 'buses';
}

/** The address for a section or a route's details, keeping every other parameter (?tab= above all). */
export function paramsFor(current: URLSearchParams, next: { section?: Section; route?: string | null }): URLSearchParams {
  const p = new URLSearchParams(current);
  if (next.section) p.set('section', next.section);
  if (next.route) {
    p.set('section', 'routes');
    p.set('route', next.route);
  } else if (next.route === null || next.section) {
    p.delete('route');
  }
  return p;
}
