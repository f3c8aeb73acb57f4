import { describe, expect, it } from 'vitest';
import {
  buildComplianceReport,
  checksPerDay,
  COMPLIANCE_RULE_TEXT,
  daysOutstanding,
  doorFigures,
  indexWindows,
  intervalHistory,
  intervalWindows,
  percentText,
  weekRange,
  type ComplianceInput,
} from '../../src/features/sweeps/compliance';

const H = 3_600_000;
const DAY = 24 * H;
/** Monday 2 March 2026, 00:00 UTC. */
const MON = Date.UTC(2026, 2, 2);
const WEEK = { start: MON, end: MON + 7 * DAY };
const iso = (ms: number) => new Date(ms).toISOString();

const CAMPUS = { id: 'c1', campus_name: 'North', active: true };
function door(n: string, over: Record<string, unknown> = {}) {
  return {
    id: `d-${n}`,
    door_number: n,
    name: `Door ${n}`,
    campus_id: 'c1',
    door_groups: ['exterior'],
    created_at: iso(MON - 30 * DAY),
    ...over,
  };
}
function log(doorNumber: string, at: number, over: Record<string, unknown> = {}) {
  return {
    id: `l-${doorNumber}-${at}`,
    door_id: `d-${doorNumber}`,
    user_id: 'u1',
    door_status: 'operational',
    door_problem: null,
    created_at: iso(at),
    ...over,
  };
}
const DAILY = [{ id: 'i1', hours: 24, effective_at: iso(0) }];

function report(over: Partial<ComplianceInput>) {
  return buildComplianceReport({
    doors: [],
    campuses: [CAMPUS],
    logs: [],
    intervalChanges: DAILY,
    maintenance: [],
    sweeps: [],
    sweepDoors: [],
    users: [{ id: 'u1', first_name: 'Ana', last_name: 'Lee', email: 'ana@x.org' }],
    campusId: 'c1',
    group: 'exterior',
    period: WEEK,
    now: WEEK.end + H,
    timeZone: 'UTC',
    ...over,
  });
}

describe('interval windows', () => {
  it('cuts a week into seven daily intervals', () => {
    const w = intervalWindows(WEEK, intervalHistory(DAILY));
    expect(w).toHaveLength(7);
    expect(w[0]).toEqual({ start: MON, end: MON + DAY, hours: 24 });
    expect(w[6]!.end).toBe(WEEK.end);
  });

  it('a change of interval mid-week starts a new interval there (24 h to 12 h on Wednesday noon)', () => {
    const history = intervalHistory([...DAILY, { id: 'i2', hours: 12, effective_at: iso(MON + 2 * DAY + 12 * H) }]);
    const w = intervalWindows(WEEK, history);
    // Mon, Tue, Wed 00-12 (cut short by the change), then 12-hour intervals: 9 of them to Monday.
    expect(w.slice(0, 3).map((x) => [x.end - x.start, x.hours])).toEqual([
      [DAY, 24],
      [DAY, 24],
      [12 * H, 24],
    ]);
    expect(w.slice(3).every((x) => x.hours === 12 && x.end - x.start === 12 * H)).toBe(true);
    expect(w).toHaveLength(3 + 9);
  });

  it('the period end cuts the last interval; with no history the default of 24 h applies', () => {
    const w = intervalWindows({ start: MON, end: MON + 30 * H }, []);
    expect(w.map((x) => x.end - x.start)).toEqual([DAY, 6 * H]);
  });

  it('reads hours as the setting is read, and orders changes by time', () => {
    const h = intervalHistory([
      { hours: '6', effective_at: iso(MON + DAY) },
      { hours: 24, effective_at: iso(0) },
      { hours: 5, effective_at: 'not a time' },
    ]);
    expect(h).toEqual([
      { hours: 24, effectiveAt: 0 },
      { hours: 6, effectiveAt: MON + DAY },
    ]);
  });
});

describe('compliance at the boundaries', () => {
  it('no doors: nothing required, no percentage', () => {
    const r = report({ doors: [] });
    expect(r.overall).toEqual({ required: 0, withCheck: 0, share: null });
    expect(percentText(r.overall.withCheck, r.overall.required)).toBe('No checks were required');
    expect(r.checksPerDay).toHaveLength(7);
  });

  it('no checks: every ended interval is required and missed, 0 %', () => {
    const r = report({ doors: [door('EA1'), door('EA2')] });
    expect(r.overall).toEqual({ required: 14, withCheck: 0, share: 0 });
    expect(r.neverChecked.map((d) => d.doorNumber)).toEqual(['EA1', 'EA2']);
    expect(percentText(0, 14)).toBe('0.0%');
  });

  it('checks all in one interval meet only that interval', () => {
    const logs = [log('EA1', MON + H), log('EA1', MON + 2 * H), log('EA1', MON + 23 * H)];
    const [d] = report({ doors: [door('EA1')], logs }).doors;
    expect(d).toMatchObject({ checks: 3, required: 7, withCheck: 1, neverChecked: false, lastCheckAt: MON + 23 * H });
    expect(percentText(1, 7)).toBe('14.2%');
  });

  it('a check exactly on a boundary belongs to the interval it begins', () => {
    const [d] = report({ doors: [door('EA1')], logs: [log('EA1', MON + DAY)] }).doors;
    const w = intervalWindows(WEEK, intervalHistory(DAILY));
    expect(w[1]!.start).toBe(MON + DAY);
    expect(d).toMatchObject({ checks: 1, withCheck: 1 });
    // A check at the period's end is outside it; one at its start is inside.
    const [e] = report({ doors: [door('EA1')], logs: [log('EA1', WEEK.end), log('EA1', MON)] }).doors;
    expect(e).toMatchObject({ checks: 1, withCheck: 1, lastCheckAt: MON });
  });

  it('interval change mid-week from 24 h to 12 h: the new intervals are required twice a day', () => {
    const changes = [...DAILY, { id: 'i2', hours: 12, effective_at: iso(MON + 3 * DAY) }];
    // One check a day at 09:00: meets every daily interval and the morning half of each 12-hour day.
    const logs = Array.from({ length: 7 }, (_, i) => log('EA1', MON + i * DAY + 9 * H));
    const r = report({ doors: [door('EA1')], logs, intervalChanges: changes });
    expect(r.intervals).toBe(3 + 8);
    expect(r.overall).toEqual({ required: 11, withCheck: 7, share: 7 / 11 });
    expect(percentText(7, 11)).toBe('63.6%');
  });

  it('an interval cut short by a change minutes after it began, or by the end of the period, is owed only once it holds a check', () => {
    // 24 h to 12 h at Wednesday 00:05: Wednesday's daily interval runs 5 minutes and cannot fairly be owed.
    const changes = [...DAILY, { id: 'i2', hours: 12, effective_at: iso(MON + 2 * DAY + 5 * 60_000) }];
    const noon = (day: number) => MON + day * DAY + 12 * H;
    const logs = [0, 1, 3, 4, 5, 6].flatMap((d) => [log('EA1', MON + d * DAY + 6 * H), log('EA1', noon(d) + 6 * H)]);
    // Mon and Tue daily, Wed 00:00-00:05 cut, then 12 h intervals from Wed 00:05: nine whole ones and Sun 12:05-Mon 00:00
    // cut by the period's end (met by Sunday's 18:00 check). Owed: 2 + 9 + the met tail; Wednesday's 5 minutes are not.
    const r = report({ doors: [door('EA1')], logs, intervalChanges: changes });
    expect(r.intervals).toBe(13);
    expect(r.overall).toEqual({ required: 12, withCheck: 10, share: 10 / 12 });
    // The 5-minute interval, once met, is owed and counted.
    const met = report({ doors: [door('EA1')], logs: [...logs, log('EA1', MON + 2 * DAY + 60_000)], intervalChanges: changes });
    expect(met.overall.required).toBe(r.overall.required + 1);
    expect(met.overall.withCheck).toBe(r.overall.withCheck + 1);
    // A 30-hour period of daily intervals owes one; its 6-hour tail only once checked.
    const short = { start: MON, end: MON + 30 * H };
    expect(report({ doors: [door('EA1')], period: short, now: MON + 40 * H }).overall.required).toBe(1);
    expect(report({ doors: [door('EA1')], period: short, now: MON + 40 * H, logs: [log('EA1', MON + 26 * H)] }).overall).toEqual({
      required: 2,
      withCheck: 1,
      share: 0.5,
    });
  });

  it('a door added mid-week is not required before it was added; its first, partial interval counts once met', () => {
    const added = MON + 3 * DAY + 15 * H; // Thursday 15:00
    const late = door('EA3', { created_at: iso(added) });
    expect(report({ doors: [late] }).overall.required).toBe(3); // Fri, Sat, Sun
    const checked = report({ doors: [late], logs: [log('EA3', added + H)] }).doors[0];
    expect(checked).toMatchObject({ required: 4, withCheck: 1 });
    // A door added after the period is not in the report at all.
    expect(report({ doors: [door('EA4', { created_at: iso(WEEK.end) })] }).doors).toHaveLength(0);
  });

  it('a period running into the future: intervals not yet ended are required only once they hold a check', () => {
    const now = MON + 2 * DAY + 10 * H; // Wednesday 10:00
    const r = report({ doors: [door('EA1')], now });
    expect(r.overall).toEqual({ required: 2, withCheck: 0, share: 0 });
    const met = report({ doors: [door('EA1')], now, logs: [log('EA1', MON + 2 * DAY + 8 * H)] });
    expect(met.overall).toEqual({ required: 3, withCheck: 1, share: 1 / 3 });
    // Before the first interval has ended, nothing is required yet.
    expect(report({ doors: [door('EA1')], now: MON + H }).overall.share).toBeNull();
  });

  it('a door removed mid-week is not required after it was removed', () => {
    const r = report({ doors: [door('EA1', { deleted_at: iso(MON + 2 * DAY) })] });
    expect(r.overall.required).toBe(2);
  });

  it('picks doors by campus, group (any case), real doors only, and leaves inactive campuses out of "all campuses"', () => {
    const doors = [
      door('EA1'),
      door('D1', { door_groups: ['classroom'] }),
      door('GLOBAL_DEFAULT'),
      door('X1', { campus_id: 'c2' }),
      door('Y1', { campus_id: 'c3' }),
    ];
    const campuses = [CAMPUS, { id: 'c2', campus_name: 'South', active: true }, { id: 'c3', campus_name: 'Closed', active: false }];
    expect(report({ doors, campuses, group: 'Exterior' }).doors.map((d) => d.doorNumber)).toEqual(['EA1']);
    const all = report({ doors, campuses, campusId: null, group: null });
    expect(all.doors.map((d) => d.doorNumber)).toEqual(['D1', 'EA1', 'X1']);
    expect(all.byCampus.map((c) => [c.campusName, c.doors, c.required])).toEqual([
      ['North', 2, 14],
      ['South', 1, 7],
    ]);
  });

  it('the rule text is written as decision 030 states it', () => {
    expect(COMPLIANCE_RULE_TEXT).toContain('Compliance = required intervals with a check ÷ required intervals.');
    expect(COMPLIANCE_RULE_TEXT).toContain('a door is not required to be checked before it was added');
  });
});

describe('doorFigures', () => {
  it('counts the intervals with a check once each, whatever the number of checks', () => {
    const index = indexWindows(intervalWindows(WEEK, intervalHistory(DAILY)));
    const times = [MON - DAY, MON + H, MON + 2 * H, MON + DAY + H, MON + 6 * DAY];
    const f = doorFigures(times, index, WEEK, WEEK.end, { addedAt: Number.NEGATIVE_INFINITY, removedAt: Number.POSITIVE_INFINITY });
    expect(f).toEqual({ checks: 4, required: 7, withCheck: 3, share: 3 / 7, lastCheckAt: MON + 6 * DAY, neverChecked: false });
  });
});

describe('percentText', () => {
  it('rounds down so a report never claims more than was done', () => {
    expect(percentText(9999, 10000)).toBe('99.9%');
    expect(percentText(3, 3)).toBe('100.0%');
    expect(percentText(2, 3)).toBe('66.6%');
  });
});

describe('days outstanding', () => {
  const NY = 'America/New_York';
  it('is 0 on the same day and counts calendar days, not 24-hour spans', () => {
    const at = Date.UTC(2026, 2, 2, 14); // 09:00 in New York
    expect(daysOutstanding(at, at + 10 * H, NY)).toBe(0);
    expect(daysOutstanding(at, at + 16 * H, NY)).toBe(1); // 01:00 the next day
    expect(daysOutstanding(at + H, at, NY)).toBe(0);
  });

  it('is whole days across a daylight-saving change (New York springs forward on 8 March 2026)', () => {
    const opened = Date.UTC(2026, 2, 7, 5); // Saturday 00:00 EST
    const later = Date.UTC(2026, 2, 9, 4); // Monday 00:00 EDT: 47 hours later, yet two days
    expect(daysOutstanding(opened, later, NY)).toBe(2);
    expect(daysOutstanding(opened, later - 1, NY)).toBe(1);
  });

  it('reports the open problems of the report doors with their days outstanding, oldest first', () => {
    const maintenance = [
      { id: 'm1', door_id: 'd-EA1', status: 'open', description: 'Latch sticks', created_at: iso(MON + DAY) },
      { id: 'm2', door_id: 'd-EA1', status: 'resolved', description: 'Fixed', created_at: iso(MON) },
      { id: 'm3', door_id: 'd-EA2', status: 'in_progress', issue_type: 'Closer', created_at: iso(MON - 3 * DAY) },
      { id: 'm4', door_id: 'd-OTHER', status: 'open', created_at: iso(MON) },
    ];
    const r = report({ doors: [door('EA1'), door('EA2')], maintenance, now: MON + 2 * DAY + H });
    expect(r.openProblems.map((p) => [p.doorNumber, p.problem, p.status, p.daysOutstanding])).toEqual([
      ['EA2', 'Closer', 'In progress', 5],
      ['EA1', 'Latch sticks', 'Open', 1],
    ]);
  });
  it("a past period's report lists the problems open at its end, days outstanding counted to it", () => {
    const maintenance = [
      // Open during the week, resolved after it: listed as it stood then.
      {
        id: 'm1',
        door_id: 'd-EA1',
        status: 'resolved',
        description: 'Glass cracked',
        created_at: iso(MON + DAY),
        resolved_at: iso(MON + 9 * DAY),
      },
      // Resolved within the week: not open at its end.
      { id: 'm2', door_id: 'd-EA1', status: 'resolved', description: 'Fixed', created_at: iso(MON), resolved_at: iso(MON + 2 * DAY) },
      // Opened after the week: not in it.
      { id: 'm3', door_id: 'd-EA1', status: 'open', description: 'Later', created_at: iso(MON + 8 * DAY) },
    ];
    const r = report({ doors: [door('EA1')], maintenance, now: MON + 10 * DAY });
    expect(r.openProblems.map((p) => [p.problem, p.status, p.daysOutstanding])).toEqual([['Glass cracked', 'Resolved since', 6]]);
  });
});

describe('checks per day, officers and sweeps', () => {
  it('counts checks per calendar day in the given zone, every day listed', () => {
    const checks = [MON + H, MON + 23 * H, MON + 2 * DAY].map((at) => ({ doorId: 'd', userId: null, at }));
    expect(checksPerDay(checks, WEEK, 'UTC').map((d) => d.count)).toEqual([2, 0, 1, 0, 0, 0, 0]);
    // In New York, 01:00 UTC Monday is still Sunday evening: outside the period's first day.
    const ny = checksPerDay(checks, WEEK, 'America/New_York');
    expect(ny[0]).toMatchObject({ date: '2026-03-01', label: 'Sun 3/1', count: 1 });
    expect(ny.reduce((s, d) => s + d.count, 0)).toBe(3);
  });

  it('officers: checks, distinct doors and their share of the doors', () => {
    const logs = [log('EA1', MON + H), log('EA1', MON + 2 * H), log('EA2', MON + 3 * H, { user_id: 'u2' }), log('EA1', MON - H)];
    const r = report({ doors: [door('EA1'), door('EA2'), door('EA3'), door('EA4')], logs });
    expect(r.officers).toEqual([
      { userId: 'u1', name: 'Ana Lee', checks: 2, doors: 1, share: 0.25 },
      { userId: 'u2', name: 'Unknown User', checks: 1, doors: 1, share: 0.25 },
    ]);
  });

  it('sweeps of the campus and group in the period, with duration and x of y secured', () => {
    const sweeps = [
      {
        id: 's1',
        campus_id: 'c1',
        kind: 'lockup',
        door_group: 'exterior',
        started_at: iso(MON + 20 * H),
        started_by_name: 'Sam',
        ended_at: iso(MON + 20 * H + 25 * 60_000),
        ended_by_name: 'Sam',
      },
      { id: 's2', campus_id: 'c1', kind: 'fire_drill', door_group: 'gym', started_at: iso(MON + 21 * H) },
      {
        id: 's3',
        campus_id: 'c1',
        kind: 'lockup',
        door_group: 'exterior',
        started_at: iso(MON - 2 * DAY),
        ended_at: iso(MON - 2 * DAY + H),
      },
    ];
    const sweepDoors = [
      {
        id: 'sd1',
        sweep_id: 's1',
        door_id: 'd-EA1',
        door_number: 'EA1',
        outcome: 'secured',
        checked_at: iso(MON + 20 * H + 60_000),
        checked_by_name: 'Ana',
      },
      { id: 'sd2', sweep_id: 's1', door_id: 'd-EA2', door_number: 'EA2', outcome: null },
    ];
    const r = report({ doors: [door('EA1'), door('EA2')], sweeps, sweepDoors });
    expect(r.sweeps).toHaveLength(1);
    expect(r.sweeps[0]).toMatchObject({
      kind: 'End-of-day lock-up',
      durationText: '25 min 00 s',
      securedText: '1 of 2 secured',
      startedBy: 'Sam',
      running: false,
    });
  });
});

describe('weekRange', () => {
  it('gives the week holding a date, from its first day at midnight, seven days long', () => {
    const wed = new Date(Date.UTC(2026, 2, 4, 15));
    expect(weekRange(wed, 1, 'UTC')).toEqual({ start: new Date(MON), end: new Date(MON + 7 * DAY) });
    expect(weekRange(wed, 0, 'UTC').start).toEqual(new Date(MON - DAY));
    // The first day itself, at midnight, is in its own week.
    expect(weekRange(new Date(MON), 1, 'UTC').start).toEqual(new Date(MON));
  });

  it('follows the wall clock across a daylight-saving change', () => {
    const { start, end } = weekRange(new Date(Date.UTC(2026, 2, 10, 12)), 1, 'America/New_York');
    expect(start.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(weekRange(new Date(Date.UTC(2026, 2, 4, 12)), 1, 'America/New_York').end).toEqual(new Date(Date.UTC(2026, 2, 9, 4)));
    expect(end.getTime() - start.getTime()).toBe(7 * DAY);
    const before = weekRange(new Date(Date.UTC(2026, 2, 4, 12)), 1, 'America/New_York');
    expect(before.end.getTime() - before.start.getTime()).toBe(7 * DAY - H);
  });
});

describe('days in a zone where midnight is skipped', () => {
  it('starts the day when the clock jumps (Santiago, 6 September 2026, 00:00 becomes 01:00)', async () => {
    const { startOfDay, daysOfPeriod } = await import('../../src/features/sweeps/zoned-days');
    const t = startOfDay({ y: 2026, m: 9, d: 6 }, 'America/Santiago');
    expect(new Date(t).toISOString()).toBe('2026-09-06T04:00:00.000Z');
    const days = daysOfPeriod(Date.UTC(2026, 8, 5, 4), Date.UTC(2026, 8, 7, 3), 'America/Santiago');
    expect(days.map((d) => d.key)).toEqual(['2026-09-05', '2026-09-06']);
  });
});
