/**
 * The driver's phone screens (issue 14): which buses a user works on, the
 * pre-trip inspection checklist, a bus's emergency roster and the drill
 * report. Pure rules over cache rows, so the phone, the admin tabs and the
 * tests agree on what "today", "this run" and "all accounted for" mean.
 */
import { z } from 'zod';
import type { CacheRow } from '../../../data';
import { localDateIso } from '../../../lib/local-date';
import { assignmentCurrent } from '../access';

type Row = Readonly<Record<string, unknown>>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const byNumber = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });
const live = (r: Row) => !r.deleted_at && r.active !== false;

/* ------------------------------------------------------------------ */
/* Which buses are mine                                                */
/* ------------------------------------------------------------------ */

export interface MyBus {
  bus: CacheRow;
  /** The routes of this bus this user runs, by route number. */
  routes: CacheRow[];
}

export interface MyBusesInput {
  userId: string;
  /** The day as YYYY-MM-DD (assignments are by date). */
  today: string;
  drivers: readonly CacheRow[];
  busAssignments: readonly CacheRow[];
  routeAssignments: readonly CacheRow[];
  buses: readonly CacheRow[];
  routes: readonly CacheRow[];
}

/** This user's bus_drivers rows that are in force (a user may be linked to one driver record, rarely more). */
export function myDriverIds(userId: string, drivers: readonly CacheRow[]): string[] {
  return drivers.filter((d) => d.user_id === userId && live(d)).map((d) => d.id);
}

/**
 * The buses the user works on, as the server's my_bus_ids() decides: the
 * buses of routes they drive (routes.driver_id is their driver record) or
 * are assigned to today, and buses they are assigned to today. A bus
 * assignment brings all the bus's routes.
 */
export function myBuses(input: MyBusesInput): MyBus[] {
  const { userId, today } = input;
  const driverIds = new Set(myDriverIds(userId, input.drivers));
  const busIds = new Set(
    input.busAssignments.filter((a) => a.user_id === userId && assignmentCurrent(a, today)).map((a) => String(a.bus_id)),
  );
  const routeIds = new Set(
    input.routeAssignments.filter((a) => a.user_id === userId && assignmentCurrent(a, today)).map((a) => String(a.route_id)),
  );
  const mine = input.routes.filter(
    (r) =>
      live(r) &&
      ((typeof r.driver_id === 'string' && driverIds.has(r.driver_id)) ||
        routeIds.has(r.id) ||
        (typeof r.bus_id === 'string' && busIds.has(r.bus_id))),
  );
  for (const r of mine) if (typeof r.bus_id === 'string') busIds.add(r.bus_id);
  return input.buses
    .filter((b) => busIds.has(b.id) && !b.deleted_at)
    .map((bus) => ({
      bus,
      routes: mine.filter((r) => r.bus_id === bus.id).sort((a, b) => byNumber(String(a.route_number ?? ''), String(b.route_number ?? ''))),
    }))
    .sort((a, b) => byNumber(String(a.bus.bus_number ?? ''), String(b.bus.bus_number ?? '')));
}

/* ------------------------------------------------------------------ */
/* Pre-trip inspection                                                 */
/* ------------------------------------------------------------------ */

export const INSPECTION_ITEMS = [
  { key: 'brakes', label: 'Brakes' },
  { key: 'tires', label: 'Tires and wheels' },
  { key: 'lights', label: 'Lights and signals' },
  { key: 'mirrors', label: 'Mirrors' },
  { key: 'stop_arm', label: 'Stop arm and crossing gate' },
  { key: 'emergency_exits', label: 'Emergency exits and alarms' },
  { key: 'first_aid', label: 'First aid and fire extinguisher' },
  { key: 'horn_wipers', label: 'Horn and wipers' },
  { key: 'seats', label: 'Seats and aisle' },
  { key: 'fluids', label: 'Fluid levels and leaks' },
] as const;

export type InspectionKey = (typeof INSPECTION_ITEMS)[number]['key'];

export interface InspectionAnswer {
  result: 'pass' | 'fail' | '';
  note: string;
}

export interface InspectionForm {
  answers: Record<InspectionKey, InspectionAnswer>;
  odometer: string;
  notes: string;
}

export function emptyInspection(): InspectionForm {
  const answers = {} as Record<InspectionKey, InspectionAnswer>;
  for (const item of INSPECTION_ITEMS) answers[item.key] = { result: '', note: '' };
  return { answers, odometer: '', notes: '' };
}

/** One item as bus_log.details.items holds it (the server's inspection_failures() reads ok and note). */
export interface InspectionItem {
  key: string;
  label: string;
  ok: boolean;
  note: string | null;
}

const answerSchema = z.object({
  result: z.enum(['pass', 'fail', '']),
  note: z.string().trim().max(500, 'Keep the note under 500 characters.'),
});

/**
 * The form as a driver fills it: every item answered, a failed item says
 * what is wrong, the odometer (optional) a whole number of miles.
 */
export const inspectionFormSchema = z
  .object({
    answers: z.record(z.string(), answerSchema),
    odometer: z
      .string()
      .trim()
      .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= 10_000_000), 'Enter the odometer as whole miles, or leave it blank.'),
    notes: z.string().trim().max(2000, 'Keep the notes under 2,000 characters.'),
  })
  .superRefine((form, ctx) => {
    for (const item of INSPECTION_ITEMS) {
      const a = form.answers[item.key];
      if (!a || a.result === '')
        ctx.addIssue({ code: 'custom', path: ['answers', item.key], message: `Choose Pass or Fail for ${item.label}.` });
      else if (a.result === 'fail' && a.note === '')
        ctx.addIssue({ code: 'custom', path: ['answers', item.key], message: `Say what is wrong with ${item.label}.` });
    }
  })
  .transform((form) => ({
    items: INSPECTION_ITEMS.map((item): InspectionItem => {
      const a = form.answers[item.key];
      return { key: item.key, label: item.label, ok: a?.result === 'pass', note: a?.note ? a.note : null };
    }),
    odometer: form.odometer === '' ? null : Number(form.odometer),
    notes: form.notes === '' ? null : form.notes,
  }));

export type InspectionResult = z.output<typeof inspectionFormSchema>;

/** The first message for each item, the odometer and the notes ('answers.brakes', 'odometer', ...). */
export function inspectionErrors(form: InspectionForm): Record<string, string> {
  const parsed = inspectionFormSchema.safeParse(form);
  const out: Record<string, string> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** The bus_log row of an inspection; pre_trip_ok and recorded_by are the server's to set. */
export function inspectionValues(
  result: InspectionResult,
  ctx: { busId: string; routeId: string | null; driverId: string | null; at: string },
): Record<string, unknown> {
  return {
    bus_id: ctx.busId,
    ...(ctx.routeId ? { route_id: ctx.routeId } : {}),
    ...(ctx.driverId ? { driver_id: ctx.driverId } : {}),
    kind: 'pre_trip',
    started_at: ctx.at,
    ended_at: ctx.at,
    odometer_start: result.odometer,
    notes: result.notes,
    details: { items: result.items },
  };
}

/** The failed items of an inspection's details (anything unreadable is no item). */
export function failedItems(details: unknown): InspectionItem[] {
  const items = (details as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items
    .filter((i): i is Record<string, unknown> => typeof i === 'object' && i !== null && (i as { ok?: unknown }).ok === false)
    .map((i) => ({
      key: String(i.key ?? ''),
      label: String(i.label ?? i.key ?? 'Item'),
      ok: false,
      note: typeof i.note === 'string' && i.note.trim() !== '' ? i.note : null,
    }));
}

export type InspectionStatus = 'done' | 'failed' | 'not-done';

export const INSPECTION_STATUS_LABEL: Record<InspectionStatus, string> = {
  done: 'Done today',
  failed: 'Failed today',
  'not-done': 'Not done today',
};

/** Today's pre-trip status of a bus from its logs: the latest inspection of the day decides. */
export function inspectionStatusToday(logs: readonly CacheRow[], busId: string, now: Date): InspectionStatus {
  const today = localDateIso(now);
  let latest: CacheRow | null = null;
  for (const l of logs) {
    if (l.kind !== 'pre_trip' || l.bus_id !== busId || l.deleted_at) continue;
    const at = str(l.started_at);
    if (!at || localDateIso(new Date(at)) !== today) continue;
    if (!latest || at > String(latest.started_at)) latest = l;
  }
  if (!latest) return 'not-done';
  return failedItems(latest.details).length > 0 ? 'failed' : 'done';
}

/* ------------------------------------------------------------------ */
/* Emergency roster                                                    */
/* ------------------------------------------------------------------ */

export type Direction = 'am' | 'pm' | 'both';

/** Whether a route or rider running `direction` is on the bus at `now`: AM before noon, PM from noon, both always. */
export function directionFitsNow(direction: unknown, now: Date): boolean {
  if (direction === 'am') return now.getHours() < 12;
  if (direction === 'pm') return now.getHours() >= 12;
  // 'both', and the column's default for anything missing.
  return true;
}

export interface RosterEntry {
  studentRouteId: string;
  studentId: string;
  studentName: string;
  grade: string | null;
  routeId: string;
  routeNumber: string;
  routeStopId: string | null;
  stopName: string | null;
  stopOrder: number | null;
}

export interface RosterStop {
  /** The stop's id, or "none:{routeId}" for riders with no stop. */
  key: string;
  routeNumber: string;
  stopName: string;
  stopOrder: number | null;
  students: RosterEntry[];
}

export interface RosterInput {
  busId: string;
  routes: readonly CacheRow[];
  stops: readonly CacheRow[];
  studentRoutes: readonly CacheRow[];
  now: Date;
}

/**
 * A bus's riders at `now`: the active riders of the bus's active routes
 * whose direction (route and rider) fits the time, grouped by stop in route
 * then stop order, riders by name; riders with no stop come after their
 * route's stops.
 */
export function busRoster(input: RosterInput): RosterStop[] {
  const routes = input.routes
    .filter((r) => r.bus_id === input.busId && live(r) && directionFitsNow(r.direction, input.now))
    .sort((a, b) => byNumber(String(a.route_number ?? ''), String(b.route_number ?? '')));
  const stopsById = new Map(input.stops.filter((s) => !s.deleted_at).map((s) => [s.id, s]));
  const groups: RosterStop[] = [];
  for (const route of routes) {
    const routeNumber = String(route.route_number ?? '');
    const byStop = new Map<string, RosterStop>();
    for (const sr of input.studentRoutes) {
      if (sr.route_id !== route.id || !live(sr) || !directionFitsNow(sr.direction, input.now)) continue;
      const stop = typeof sr.route_stop_id === 'string' ? stopsById.get(sr.route_stop_id) : undefined;
      const stopOrder = stop && typeof stop.stop_order === 'number' ? stop.stop_order : null;
      const key = stop ? stop.id : `none:${route.id}`;
      const entry: RosterEntry = {
        studentRouteId: sr.id,
        studentId: String(sr.student_id ?? ''),
        studentName: String(sr.student_name ?? ''),
        grade: str(sr.grade),
        routeId: route.id,
        routeNumber,
        routeStopId: stop ? stop.id : null,
        stopName: stop ? String(stop.name ?? '') : null,
        stopOrder,
      };
      let group = byStop.get(key);
      if (!group) {
        group = { key, routeNumber, stopName: stop ? String(stop.name ?? '') : 'No stop assigned', stopOrder, students: [] };
        byStop.set(key, group);
      }
      group.students.push(entry);
    }
    const ordered = [...byStop.values()].sort(
      (a, b) => (a.stopOrder ?? Number.MAX_SAFE_INTEGER) - (b.stopOrder ?? Number.MAX_SAFE_INTEGER),
    );
    for (const g of ordered)
      g.students.sort((a, b) => a.studentName.localeCompare(b.studentName) || a.studentId.localeCompare(b.studentId));
    groups.push(...ordered);
  }
  return groups;
}

export function rosterStudents(roster: readonly RosterStop[]): RosterEntry[] {
  return roster.flatMap((g) => g.students);
}

/* ------------------------------------------------------------------ */
/* Drills                                                              */
/* ------------------------------------------------------------------ */

export const DRILL_KINDS = ['drill', 'evacuation'] as const;
export type DrillKind = (typeof DRILL_KINDS)[number];
export const DRILL_KIND_LABEL: Record<DrillKind, string> = { drill: 'Evacuation drill', evacuation: 'Real evacuation' };

export type Mark = 'accounted_for' | 'absent';

/** Each student's latest mark in a drill (a corrected mark replaces the earlier one). */
export function latestMarks(events: readonly CacheRow[]): Map<string, Mark> {
  const sorted = [...events]
    .filter((e) => !e.deleted_at && (e.event_type === 'accounted_for' || e.event_type === 'absent'))
    .sort((a, b) => String(a.occurred_at ?? '').localeCompare(String(b.occurred_at ?? '')));
  const marks = new Map<string, Mark>();
  for (const e of sorted) marks.set(String(e.student_id), e.event_type as Mark);
  return marks;
}

export interface DrillCounts {
  roster_size: number;
  accounted: number;
  absent: number;
  unaccounted: number;
}

/** The counts a drill ends with: only students on the roster count; anyone unmarked is unaccounted. */
export function drillSummary(rosterIds: readonly string[], events: readonly CacheRow[]): DrillCounts {
  const marks = latestMarks(events);
  const ids = new Set(rosterIds);
  let accounted = 0;
  let absent = 0;
  for (const id of ids) {
    const m = marks.get(id);
    if (m === 'accounted_for') accounted += 1;
    else if (m === 'absent') absent += 1;
  }
  return { roster_size: ids.size, accounted, absent, unaccounted: ids.size - accounted - absent };
}

// Shared with the campus sweeps' elapsed time (src/lib/duration.ts).
export { formatDuration } from '../../../lib/duration';

/** A drill still running on this bus that this user may finish: no end, started within the last 12 hours. */
export function openDrill(logs: readonly CacheRow[], busId: string, userId: string, now: Date): CacheRow | null {
  const since = new Date(now.getTime() - 12 * 3_600_000).toISOString();
  const open = logs.filter(
    (l) =>
      l.bus_id === busId &&
      (DRILL_KINDS as readonly unknown[]).includes(l.kind) &&
      !l.ended_at &&
      !l.deleted_at &&
      String(l.started_at ?? '') >= since &&
      // Not synced yet (made here) or recorded by this user: the server lets a driver finish only their own.
      (l.recorded_by === undefined || l.recorded_by === null || l.recorded_by === userId),
  );
  open.sort((a, b) => String(b.started_at).localeCompare(String(a.started_at)));
  return open[0] ?? null;
}

/* ------------------------------------------------------------------ */
/* Drill report per term                                               */
/* ------------------------------------------------------------------ */

export interface Term {
  from: string;
  to: string;
}

/** The school term holding `now`: Aug 1 – Dec 31, or Jan 1 – Jul 31. */
export function currentTerm(now: Date): Term {
  const y = now.getFullYear();
  return now.getMonth() >= 7 ? { from: `${y}-08-01`, to: `${y}-12-31` } : { from: `${y}-01-01`, to: `${y}-07-31` };
}

export const termRangeSchema = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a start date.'),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter an end date.'),
  })
  .refine((t) => t.from <= t.to, { message: 'The end date must be on or after the start date.', path: ['to'] });

/** [fromIso, toIso) of a range of local days, to read bus_log by started_at. */
export function termBounds(term: Term): { fromIso: string; toIso: string } {
  const [fy, fm, fd] = term.from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = term.to.split('-').map(Number) as [number, number, number];
  return { fromIso: new Date(fy, fm - 1, fd).toISOString(), toIso: new Date(ty, tm - 1, td + 1).toISOString() };
}

export interface DrillReportRow {
  id: string;
  kind: DrillKind;
  startedAt: string;
  /** null while the drill is still running. */
  durationMs: number | null;
  counts: DrillCounts;
  allAccounted: boolean;
  notes: string | null;
}

export interface BusDrills {
  bus: CacheRow;
  drills: DrillReportRow[];
}

export interface TermReport {
  buses: BusDrills[];
  /** Active buses with no drill in the range. */
  undrilled: CacheRow[];
}

/** Whether a drill's counts must come from its marks: running, or ended without stored counts (an older record). */
export function countsFromMarks(log: CacheRow): boolean {
  const d = (log.details ?? {}) as Record<string, unknown>;
  return !log.ended_at || typeof d.accounted !== 'number';
}

/** A drill's counts: as stored when it ended, or from its marks while it runs. */
export function drillCounts(log: CacheRow, events: readonly CacheRow[] = []): DrillCounts {
  const d = (log.details ?? {}) as Record<string, unknown>;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
  const size = n(d.roster_size) ?? 0;
  if (log.ended_at && n(d.accounted) !== null) {
    const accounted = n(d.accounted) ?? 0;
    const absent = n(d.absent) ?? 0;
    return { roster_size: size, accounted, absent, unaccounted: n(d.unaccounted) ?? Math.max(0, size - accounted - absent) };
  }
  const marks = latestMarks(events.filter((e) => e.bus_log_id === log.id));
  let accounted = 0;
  let absent = 0;
  for (const m of marks.values()) {
    if (m === 'accounted_for') accounted += 1;
    else absent += 1;
  }
  return { roster_size: size, accounted, absent, unaccounted: Math.max(0, size - accounted - absent) };
}

/**
 * Drills and evacuations per bus whose start falls in the term's days
 * (local), newest first; "all accounted for" means the drill ended with no
 * student unaccounted (absent students were accounted for by being absent).
 */
export function termReport(
  buses: readonly CacheRow[],
  logs: readonly CacheRow[],
  term: Term,
  events: readonly CacheRow[] = [],
): TermReport {
  const { fromIso, toIso } = termBounds(term);
  const drills = new Map<string, DrillReportRow[]>();
  for (const l of logs) {
    if (!(DRILL_KINDS as readonly unknown[]).includes(l.kind) || l.deleted_at) continue;
    const at = str(l.started_at);
    if (!at || at < fromIso || at >= toIso) continue;
    const counts = drillCounts(l, events);
    const ended = str(l.ended_at);
    const row: DrillReportRow = {
      id: l.id,
      kind: l.kind as DrillKind,
      startedAt: at,
      durationMs: ended ? new Date(ended).getTime() - new Date(at).getTime() : null,
      counts,
      allAccounted: ended !== null && counts.unaccounted === 0,
      notes: str(l.notes),
    };
    const list = drills.get(String(l.bus_id)) ?? [];
    list.push(row);
    drills.set(String(l.bus_id), list);
  }
  const sortedBuses = [...buses]
    .filter((b) => !b.deleted_at)
    .sort((a, b) => byNumber(String(a.bus_number ?? ''), String(b.bus_number ?? '')));
  const out: BusDrills[] = [];
  const undrilled: CacheRow[] = [];
  for (const bus of sortedBuses) {
    const list = drills.get(bus.id);
    if (list && list.length > 0) out.push({ bus, drills: list.sort((a, b) => b.startedAt.localeCompare(a.startedAt)) });
    else if (bus.active !== false) undrilled.push(bus);
  }
  return { buses: out, undrilled };
}
