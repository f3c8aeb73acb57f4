/**
 * The weekly sweep compliance report (issue 18, decision 030): for the doors
 * of one group on one campus (or every campus), how many of the check
 * intervals the rule requires hold a check. Pure: rows from the local cache
 * in, figures out; the screen, the CSV and the PDF all read the same
 * figures.
 *
 * The logs are read once: each check is parsed, kept if its door is in the
 * report, and put in its door's sorted list; every figure after that is
 * binary search (see door-compliance.ts), so 5,000 doors and 200,000 logs
 * stay well inside the report's time budget.
 */
import { isRealDoor, timeOf, type Row } from '../door-checks/index';
import { compareDoorsAcrossCampuses } from '../../lib/door-numbers';
import { inactiveCampusIds, onInactiveCampus } from '../../lib/inactive-campuses';
import { doorFigures, indexWindows, type DoorFigures } from './door-compliance';
import { intervalHistory, intervalWindows, type Period } from './interval-windows';
import {
  checksPerDay,
  officerCoverage,
  openProblems,
  sweepsOfPeriod,
  type DayCount,
  type OfficerCoverage,
  type OpenProblem,
  type PeriodCheck,
  type ReportDoor,
  type SweepSummary,
} from './report-sections';
import { addDays, civilDateAt, startOfDay, weekday } from './zoned-days';

export { intervalHistory, intervalWindows, windowIndexAt, type IntervalChange, type IntervalWindow, type Period } from './interval-windows';
export { doorFigures, indexWindows, type DoorFigures, type DoorLife, type WindowIndex } from './door-compliance';
export * from './report-sections';

/** Written on the report, word for word as decision 030 states the rule. */
export const COMPLIANCE_RULE_TEXT =
  'Each door of the group needs at least one check in every check interval. The period is cut into consecutive intervals ' +
  'from its start, each as long as the interval then in force (a change of interval starts a new one); an interval is ' +
  'required once it has ended (or sooner, once it holds a check), and a door is not required to be checked before it ' +
  'was added. An interval cut short by a change of interval or by the end of the period is required only once it holds ' +
  'a check. Compliance = required intervals with a check ÷ required intervals.';

export const NOTHING_REQUIRED_TEXT = 'No checks were required';

export interface ComplianceFigure {
  required: number;
  withCheck: number;
  /** withCheck / required; null when nothing was required (never shown as 0 % or 100 %). */
  share: number | null;
}

/**
 * "87.5%": one decimal, rounded down so a report never claims more than was
 * done (99.96 % is not 100 %). Whole-number arithmetic, so no float lands
 * a hair under a boundary.
 */
export function percentText(withCheck: number, required: number): string {
  if (required <= 0) return NOTHING_REQUIRED_TEXT;
  return `${(Math.floor((withCheck * 1000) / required) / 10).toFixed(1)}%`;
}

export function figureText(f: ComplianceFigure): string {
  return percentText(f.withCheck, f.required);
}

export function sumFigures(rows: readonly { required: number; withCheck: number }[]): ComplianceFigure {
  let required = 0;
  let withCheck = 0;
  for (const r of rows) {
    required += r.required;
    withCheck += r.withCheck;
  }
  return { required, withCheck, share: required > 0 ? withCheck / required : null };
}

export type DoorCompliance = ReportDoor & DoorFigures & { name: string };

export interface CampusCompliance extends ComplianceFigure {
  campusId: string | null;
  campusName: string;
  doors: number;
}

/** Per campus, in campus-name order. */
export function complianceByCampus(rows: readonly DoorCompliance[]): CampusCompliance[] {
  const groups = new Map<string | null, DoorCompliance[]>();
  for (const r of rows) {
    const list = groups.get(r.campusId);
    if (list) list.push(r);
    else groups.set(r.campusId, [r]);
  }
  return [...groups]
    .map(([campusId, list]) => ({ campusId, campusName: list[0]!.campusName, doors: list.length, ...sumFigures(list) }))
    .sort((a, b) => a.campusName.localeCompare(b.campusName));
}

/** Monday = 1, as Date.getDay counts; 0 is Sunday. */
export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * The week holding `date`, from midnight of its first day to midnight seven
 * days on (end excluded), in the zone; "last week" is weekRange of a date
 * seven days earlier. Days are civil dates, so a week with a daylight-saving
 * change is 167 or 169 hours long, as it is on the wall clock.
 */
export function weekRange(date: Date, weekStartsOn: WeekStart, timeZone?: string): { start: Date; end: Date } {
  const today = civilDateAt(date.getTime(), timeZone);
  const first = addDays(today, -((weekday(today) - weekStartsOn + 7) % 7));
  return { start: new Date(startOfDay(first, timeZone)), end: new Date(startOfDay(addDays(first, 7), timeZone)) };
}

export interface ComplianceInput {
  doors: readonly Row[];
  campuses: readonly Row[];
  logs: readonly Row[];
  intervalChanges: readonly Row[];
  maintenance: readonly Row[];
  sweeps: readonly Row[];
  sweepDoors: readonly Row[];
  users: readonly Row[];
  /** One campus, or null for every active campus. */
  campusId: string | null;
  /** A door group label; null for every door. */
  group: string | null;
  period: Period;
  /** The report's time: intervals after it are not yet required. */
  now: number;
  /** IANA zone for days (checks per day, days outstanding); the device's when absent. */
  timeZone?: string;
}

export interface ComplianceReport {
  period: Period;
  now: number;
  group: string | null;
  /** How many check intervals the period was cut into. */
  intervals: number;
  overall: ComplianceFigure;
  doors: DoorCompliance[];
  neverChecked: DoorCompliance[];
  byCampus: CampusCompliance[];
  openProblems: OpenProblem[];
  sweeps: SweepSummary[];
  officers: OfficerCoverage[];
  checksPerDay: DayCount[];
}

function hasGroup(door: Row, group: string): boolean {
  return Array.isArray(door.door_groups) && door.door_groups.some((g) => typeof g === 'string' && g.toLowerCase() === group);
}

interface SelectedDoor extends ReportDoor {
  name: string;
  addedAt: number;
  removedAt: number;
}

/** The report's doors: real ones of the campus (or of active campuses) and group that stood at some time in the period. */
export function selectReportDoors(input: Pick<ComplianceInput, 'doors' | 'campuses' | 'campusId' | 'group' | 'period'>): SelectedDoor[] {
  const campusName = new Map<string, string>();
  for (const c of input.campuses) if (typeof c.id === 'string') campusName.set(c.id, String(c.campus_name ?? ''));
  const inactive = inactiveCampusIds(input.campuses);
  const group = input.group?.trim().toLowerCase() || null;
  const out: SelectedDoor[] = [];
  for (const d of input.doors) {
    if (typeof d.id !== 'string') continue;
    const doorNumber = typeof d.door_number === 'string' ? d.door_number : '';
    if (!isRealDoor({ id: d.id, door_number: doorNumber })) continue;
    const campusId = typeof d.campus_id === 'string' ? d.campus_id : null;
    if (input.campusId ? campusId !== input.campusId : onInactiveCampus(d, inactive)) continue;
    if (group && !hasGroup(d, group)) continue;
    const added = timeOf(d.created_at);
    const removed = timeOf(d.deleted_at);
    const addedAt = Number.isNaN(added) ? Number.NEGATIVE_INFINITY : added;
    const removedAt = Number.isNaN(removed) ? Number.POSITIVE_INFINITY : removed;
    if (addedAt >= input.period.end || removedAt <= input.period.start) continue;
    out.push({
      id: d.id,
      doorNumber,
      name: typeof d.name === 'string' ? d.name : '',
      campusId,
      campusName: (campusId && campusName.get(campusId)) || 'Unassigned',
      addedAt,
      removedAt,
    });
  }
  return out;
}

/** One pass over the logs: each report door's check times up to the period's end (ascending), and the checks in the period. */
export function collectChecks(
  logs: readonly Row[],
  doorIds: ReadonlySet<string>,
  period: Period,
): { timesByDoor: Map<string, number[]>; inPeriod: PeriodCheck[] } {
  const timesByDoor = new Map<string, number[]>();
  const inPeriod: PeriodCheck[] = [];
  for (const l of logs) {
    const doorId = l.door_id;
    if (typeof doorId !== 'string' || !doorIds.has(doorId)) continue;
    const at = timeOf(l.created_at);
    if (!(at < period.end)) continue;
    const list = timesByDoor.get(doorId);
    if (list) list.push(at);
    else timesByDoor.set(doorId, [at]);
    if (at >= period.start) inPeriod.push({ doorId, userId: typeof l.user_id === 'string' ? l.user_id : null, at });
  }
  for (const list of timesByDoor.values()) list.sort((a, b) => a - b);
  return { timesByDoor, inPeriod };
}

const NO_TIMES: number[] = [];

export function buildComplianceReport(input: ComplianceInput): ComplianceReport {
  const selected = selectReportDoors(input);
  const { timesByDoor, inPeriod } = collectChecks(input.logs, new Set(selected.map((d) => d.id)), input.period);
  const windows = intervalWindows(input.period, intervalHistory(input.intervalChanges));
  const index = indexWindows(windows);
  const doors: DoorCompliance[] = selected
    .map(({ addedAt, removedAt, ...door }) => ({
      ...door,
      ...doorFigures(timesByDoor.get(door.id) ?? NO_TIMES, index, input.period, input.now, { addedAt, removedAt }),
    }))
    .sort((a, b) =>
      compareDoorsAcrossCampuses(
        { doorNumber: a.doorNumber, campus: a.campusName, id: a.id },
        { doorNumber: b.doorNumber, campus: b.campusName, id: b.id },
      ),
    );
  const doorById = new Map(doors.map((d) => [d.id, d]));
  const campusNames = new Map<string, string>();
  for (const c of input.campuses) {
    if (typeof c.id !== 'string') continue;
    if (input.campusId ? c.id === input.campusId : c.active !== false) campusNames.set(c.id, String(c.campus_name ?? ''));
  }
  const group = input.group?.trim().toLowerCase() || null;
  return {
    period: input.period,
    now: input.now,
    group,
    intervals: windows.length,
    overall: sumFigures(doors),
    doors,
    neverChecked: doors.filter((d) => d.neverChecked),
    byCampus: complianceByCampus(doors),
    openProblems: openProblems(input.maintenance, doorById, Math.min(input.now, input.period.end), input.timeZone),
    sweeps: sweepsOfPeriod({
      sweeps: input.sweeps,
      sweepDoors: input.sweepDoors,
      campusNames,
      group,
      period: input.period,
      now: input.now,
    }),
    officers: officerCoverage(inPeriod, input.users, doors.length),
    checksPerDay: checksPerDay(inPeriod, input.period, input.timeZone),
  };
}
