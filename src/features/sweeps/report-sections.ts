/**
 * The parts of the compliance report beside the per-door figures: open
 * problems with days outstanding, the sweeps of the period, officers'
 * coverage and checks per day. Each takes what it needs and nothing more,
 * so each is tested alone.
 */
import { compareDoorNumbers, timeOf, type Row } from '../door-checks/index';
import { displayNameOf } from '../../lib/display-name';
import { lowerBound, type Period } from './interval-windows';
import { sweepKindLabel, sweepProgress } from './sweep-progress';
import { calendarDaysBetween, daysOfPeriod } from './zoned-days';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A door of the report, as the sections need it. */
export interface ReportDoor {
  id: string;
  doorNumber: string;
  campusId: string | null;
  campusName: string;
}

/** One check of a report door in the period. */
export interface PeriodCheck {
  doorId: string;
  userId: string | null;
  at: number;
}

/** Whole calendar days from a record's creation to the report's time, in the zone (0 the same day). */
export function daysOutstanding(createdAt: number, now: number, timeZone?: string): number {
  return calendarDaysBetween(createdAt, now, timeZone);
}

export interface OpenProblem {
  id: string;
  doorId: string;
  doorNumber: string;
  campusName: string;
  problem: string;
  status: string;
  createdAt: number;
  daysOutstanding: number;
}

const STATUS_TEXT: Record<string, string> = { open: 'Open', in_progress: 'In progress' };

/**
 * Maintenance records of the report's doors open at `asOf` (the report's time, or the end of a past period):
 * opened by then and not resolved by then, so last month's report lists what was open last month. Longest
 * outstanding first.
 */
export function openProblems(
  records: readonly Row[],
  doors: ReadonlyMap<string, ReportDoor>,
  asOf: number,
  timeZone?: string,
): OpenProblem[] {
  const out: OpenProblem[] = [];
  const now = asOf;
  for (const r of records) {
    const door = doors.get(String(r.door_id));
    const createdAt = timeOf(r.created_at);
    if (!door || r.deleted_at || Number.isNaN(createdAt) || createdAt > now) continue;
    const resolvedAt = timeOf(r.resolved_at);
    const resolvedLater = r.status === 'resolved' && !Number.isNaN(resolvedAt) && resolvedAt > now;
    if (r.status === 'resolved' && !resolvedLater) continue;
    out.push({
      id: String(r.id),
      doorId: door.id,
      doorNumber: door.doorNumber,
      campusName: door.campusName,
      problem: str(r.description) ?? str(r.issue_type) ?? 'Problem',
      status: resolvedLater ? 'Resolved since' : (STATUS_TEXT[String(r.status)] ?? String(r.status ?? '')),
      createdAt,
      daysOutstanding: daysOutstanding(createdAt, now, timeZone),
    });
  }
  return out.sort((a, b) => a.createdAt - b.createdAt || compareDoorNumbers(a.doorNumber, b.doorNumber));
}

export interface SweepSummary {
  id: string;
  campusName: string;
  kind: string;
  group: string;
  startedAt: number;
  startedBy: string;
  endedAt: number | null;
  endedBy: string | null;
  durationMs: number;
  durationText: string;
  running: boolean;
  secured: number;
  problems: number;
  total: number;
  securedText: string;
}

/**
 * The sweeps on the report's campuses (and of its group, when it has one)
 * that overlap the period, oldest first. sweep_doors are grouped by sweep
 * once, so the cost is one pass over them.
 */
export function sweepsOfPeriod(input: {
  sweeps: readonly Row[];
  sweepDoors: readonly Row[];
  campusNames: ReadonlyMap<string, string>;
  group: string | null;
  period: Period;
  now: number;
}): SweepSummary[] {
  const chosen = input.sweeps.filter((s) => {
    if (s.deleted_at || !input.campusNames.has(String(s.campus_id))) return false;
    if (input.group && String(s.door_group ?? '').toLowerCase() !== input.group) return false;
    const start = timeOf(s.started_at);
    const end = str(s.ended_at) ? timeOf(s.ended_at) : input.now;
    return start < input.period.end && end >= input.period.start;
  });
  const doorsBySweep = new Map<string, Row[]>();
  for (const s of chosen) doorsBySweep.set(String(s.id), []);
  for (const d of input.sweepDoors) doorsBySweep.get(String(d.sweep_id))?.push(d);
  return chosen
    .map((s) => {
      const p = sweepProgress(s, doorsBySweep.get(String(s.id)) ?? [], [], input.now);
      return {
        id: p.sweepId,
        campusName: input.campusNames.get(String(s.campus_id)) ?? '',
        kind: sweepKindLabel(s.kind),
        group: String(s.door_group ?? ''),
        startedAt: p.startedAt,
        startedBy: str(s.started_by_name) ?? 'Unknown User',
        endedAt: p.endedAt,
        endedBy: p.endedAt === null ? null : (str(s.ended_by_name) ?? 'Unknown User'),
        durationMs: p.elapsedMs,
        durationText: p.elapsedText,
        running: p.running,
        secured: p.secured,
        problems: p.problems,
        total: p.total,
        securedText: p.securedText,
      };
    })
    .sort((a, b) => a.startedAt - b.startedAt);
}

export interface OfficerCoverage {
  userId: string | null;
  name: string;
  checks: number;
  doors: number;
  /** Distinct doors checked / doors of the report; null when the report has no doors. */
  share: number | null;
}

/** Per officer: checks in the period, distinct doors, and the share of the report's doors; most checks first. */
export function officerCoverage(checks: readonly PeriodCheck[], users: readonly Row[], doorCount: number): OfficerCoverage[] {
  const tally = new Map<string | null, { checks: number; doors: Set<string> }>();
  for (const c of checks) {
    let t = tally.get(c.userId);
    if (!t) tally.set(c.userId, (t = { checks: 0, doors: new Set() }));
    t.checks++;
    t.doors.add(c.doorId);
  }
  const names = new Map<string, string>();
  for (const u of users) {
    if (typeof u.id !== 'string' || !tally.has(u.id)) continue;
    const profile = { first_name: str(u.first_name), last_name: str(u.last_name), email: str(u.email) };
    names.set(u.id, displayNameOf(profile, profile.email ?? '') || 'Unknown User');
  }
  return [...tally]
    .map(([userId, t]) => ({
      userId,
      name: (userId && names.get(userId)) || 'Unknown User',
      checks: t.checks,
      doors: t.doors.size,
      share: doorCount > 0 ? t.doors.size / doorCount : null,
    }))
    .sort((a, b) => b.checks - a.checks || a.name.localeCompare(b.name));
}

export interface DayCount {
  /** YYYY-MM-DD in the report's zone */
  date: string;
  /** "Mon 3/2" */
  label: string;
  count: number;
}

/** "Mon 3/2" for a YYYY-MM-DD key, the same on every device. */
export function dayLabel(key: string): string {
  const d = new Date(`${key}T12:00:00Z`);
  const weekday = d.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  return `${weekday} ${d.getUTCMonth() + 1}/${d.getUTCDate()}`;
}

/** Checks per calendar day of the period in the zone (the device's when none is given), every day listed, none skipped. */
export function checksPerDay(checks: readonly PeriodCheck[], period: Period, timeZone?: string): DayCount[] {
  const days = daysOfPeriod(period.start, period.end, timeZone);
  const starts = Float64Array.from(days, (d) => d.start);
  const counts = new Array<number>(days.length).fill(0);
  for (const c of checks) {
    // The day holding `at` is the last one starting at or before it.
    const i = lowerBound(starts, c.at + 1) - 1;
    if (i >= 0) counts[i]!++;
  }
  return days.map((d, i) => ({ date: d.key, label: dayLabel(d.key), count: counts[i]! }));
}
