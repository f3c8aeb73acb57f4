/**
 * The driver's phone rules (src/features/transportation/field/field-model.ts):
 * which buses are a user's, the pre-trip checklist and its validation, the
 * direction-now rule, the emergency roster, drill counts and the term report.
 */
import { describe, expect, it } from 'vitest';
import type { CacheRow } from '../../src/data';
import {
  busRoster,
  countsFromMarks,
  currentTerm,
  directionFitsNow,
  drillCounts,
  drillSummary,
  emptyInspection,
  failedItems,
  formatDuration,
  INSPECTION_ITEMS,
  inspectionErrors,
  inspectionFormSchema,
  inspectionStatusToday,
  inspectionValues,
  myBuses,
  openDrill,
  rosterStudents,
  termBounds,
  termRangeSchema,
  termReport,
  type InspectionForm,
} from '../../src/features/transportation/field/field-model';

const row = (id: string, values: Record<string, unknown> = {}): CacheRow => ({ id, ...values }) as CacheRow;
const at = (y: number, m: number, d: number, h = 9, min = 0) => new Date(y, m - 1, d, h, min);

describe('myBuses', () => {
  const buses = [row('b1', { bus_number: 'Bus 1' }), row('b2', { bus_number: 'Bus 2' }), row('b10', { bus_number: 'Bus 10' })];
  const routes = [
    row('r1', { route_number: 'R1', bus_id: 'b1', driver_id: 'd1' }),
    row('r2', { route_number: 'R2', bus_id: 'b2', driver_id: 'd2' }),
    row('r3', { route_number: 'R3', bus_id: 'b10', driver_id: null }),
    row('r4', { route_number: 'R4', bus_id: 'b2', driver_id: 'd1', active: false }),
  ];
  const base = {
    userId: 'u1',
    today: '2026-03-10',
    drivers: [row('d1', { user_id: 'u1' }), row('d2', { user_id: 'u2' })],
    busAssignments: [] as CacheRow[],
    routeAssignments: [] as CacheRow[],
    buses,
    routes,
  };

  it('gives the buses of the routes the linked driver record drives, not inactive routes', () => {
    const mine = myBuses(base);
    expect(mine.map((m) => [m.bus.id, m.routes.map((r) => r.id)])).toEqual([['b1', ['r1']]]);
  });

  it('adds current bus and route assignments (by date, both ends inclusive) and sorts buses by number', () => {
    const mine = myBuses({
      ...base,
      busAssignments: [
        row('a1', { user_id: 'u1', bus_id: 'b10', starts_on: '2026-03-10', ends_on: null }),
        row('a2', { user_id: 'u1', bus_id: 'b2', starts_on: '2026-01-01', ends_on: '2026-03-09' }),
      ],
      routeAssignments: [row('a3', { user_id: 'u1', route_id: 'r2', starts_on: '2026-03-01', ends_on: '2026-03-10' })],
    });
    expect(mine.map((m) => m.bus.bus_number)).toEqual(['Bus 1', 'Bus 2', 'Bus 10']);
    expect(mine.find((m) => m.bus.id === 'b10')?.routes.map((r) => r.id)).toEqual(['r3']);
  });

  it('gives nothing to an inactive driver record or another user', () => {
    expect(myBuses({ ...base, drivers: [row('d1', { user_id: 'u1', active: false })] })).toEqual([]);
    expect(myBuses({ ...base, userId: 'u9' })).toEqual([]);
  });
});

function answered(result: 'pass' | 'fail', note = ''): InspectionForm {
  const f = emptyInspection();
  for (const i of INSPECTION_ITEMS) f.answers[i.key] = { result, note };
  return f;
}

describe('pre-trip inspection', () => {
  it('has the ten items with their keys and labels', () => {
    expect(INSPECTION_ITEMS.map((i) => `${i.key}:${i.label}`)).toEqual([
      'brakes:Brakes',
      'tires:Tires and wheels',
      'lights:Lights and signals',
      'mirrors:Mirrors',
      'stop_arm:Stop arm and crossing gate',
      'emergency_exits:Emergency exits and alarms',
      'first_aid:First aid and fire extinguisher',
      'horn_wipers:Horn and wipers',
      'seats:Seats and aisle',
      'fluids:Fluid levels and leaks',
    ]);
  });

  it('needs every item answered and a note on a failed item', () => {
    const errors = inspectionErrors(emptyInspection());
    expect(Object.keys(errors)).toHaveLength(10);
    expect(errors['answers.brakes']).toBe('Choose Pass or Fail for Brakes.');
    const f = answered('pass');
    f.answers.tires = { result: 'fail', note: '   ' };
    expect(inspectionErrors(f)).toEqual({ 'answers.tires': 'Say what is wrong with Tires and wheels.' });
    f.answers.tires = { result: 'fail', note: ' Low tread ' };
    expect(inspectionErrors(f)).toEqual({});
  });

  it('takes the odometer as whole miles or blank', () => {
    for (const bad of ['-1', '12.5', 'abc', '1e5']) expect(inspectionErrors({ ...answered('pass'), odometer: bad }).odometer).toBeTruthy();
    for (const good of ['', ' 0 ', '48210']) expect(inspectionErrors({ ...answered('pass'), odometer: good })).toEqual({});
  });

  it('builds the bus_log row with details.items, never pre_trip_ok or recorded_by', () => {
    const f = answered('pass');
    f.answers.lights = { result: 'fail', note: ' Left flasher out ' };
    f.odometer = '48210';
    f.notes = '  ';
    const parsed = inspectionFormSchema.parse(f);
    const values = inspectionValues(parsed, { busId: 'b1', routeId: 'r1', driverId: null, at: '2026-03-10T12:00:00.000Z' });
    expect(values).toMatchObject({
      bus_id: 'b1',
      route_id: 'r1',
      kind: 'pre_trip',
      started_at: '2026-03-10T12:00:00.000Z',
      odometer_start: 48210,
      notes: null,
    });
    expect(values).not.toHaveProperty('driver_id');
    expect(values).not.toHaveProperty('pre_trip_ok');
    expect(values).not.toHaveProperty('recorded_by');
    const items = (values.details as { items: Array<{ key: string; ok: boolean; note: string | null }> }).items;
    expect(items).toHaveLength(10);
    expect(items.find((i) => i.key === 'lights')).toEqual({
      key: 'lights',
      label: 'Lights and signals',
      ok: false,
      note: 'Left flasher out',
    });
    expect(items.filter((i) => !i.ok)).toHaveLength(1);
    expect(failedItems(values.details).map((i) => i.label)).toEqual(['Lights and signals']);
  });

  it("says today's status from the latest inspection of the day", () => {
    const now = at(2026, 3, 10, 15);
    const pass = { items: [{ key: 'brakes', ok: true }] };
    const fail = { items: [{ key: 'brakes', label: 'Brakes', ok: false, note: 'soft' }] };
    expect(inspectionStatusToday([], 'b1', now)).toBe('not-done');
    const yesterday = row('l0', { kind: 'pre_trip', bus_id: 'b1', started_at: at(2026, 3, 9).toISOString(), details: pass });
    expect(inspectionStatusToday([yesterday], 'b1', now)).toBe('not-done');
    const failed = row('l1', { kind: 'pre_trip', bus_id: 'b1', started_at: at(2026, 3, 10, 6).toISOString(), details: fail });
    expect(inspectionStatusToday([yesterday, failed], 'b1', now)).toBe('failed');
    const redone = row('l2', { kind: 'pre_trip', bus_id: 'b1', started_at: at(2026, 3, 10, 7).toISOString(), details: pass });
    expect(inspectionStatusToday([redone, failed], 'b1', now)).toBe('done');
    expect(inspectionStatusToday([redone], 'b2', now)).toBe('not-done');
    expect(failedItems(null)).toEqual([]);
    expect(failedItems({ items: 'x' })).toEqual([]);
  });
});

describe('direction now', () => {
  it('runs AM routes before noon, PM routes from noon, both always', () => {
    expect(directionFitsNow('am', at(2026, 3, 10, 11, 59))).toBe(true);
    expect(directionFitsNow('am', at(2026, 3, 10, 12, 0))).toBe(false);
    expect(directionFitsNow('pm', at(2026, 3, 10, 11, 59))).toBe(false);
    expect(directionFitsNow('pm', at(2026, 3, 10, 12, 0))).toBe(true);
    expect(directionFitsNow('both', at(2026, 3, 10, 0, 0))).toBe(true);
    expect(directionFitsNow('both', at(2026, 3, 10, 23, 0))).toBe(true);
  });
});

describe('busRoster', () => {
  const routes = [
    row('r2', { route_number: 'R2', bus_id: 'b1', direction: 'pm' }),
    row('r1', { route_number: 'R1', bus_id: 'b1', direction: 'both' }),
    row('r9', { route_number: 'R9', bus_id: 'b9', direction: 'both' }),
  ];
  const stops = [
    row('s2', { route_id: 'r1', stop_order: 2, name: 'Main St' }),
    row('s1', { route_id: 'r1', stop_order: 1, name: 'FM 1624' }),
    row('s3', { route_id: 'r2', stop_order: 1, name: 'Oak St' }),
  ];
  const studentRoutes = [
    row('sr1', { route_id: 'r1', route_stop_id: 's2', student_id: 'S1', student_name: 'Zoe', grade: '7', direction: 'both' }),
    row('sr2', { route_id: 'r1', route_stop_id: 's2', student_id: 'S2', student_name: 'Adam', grade: '9', direction: 'both' }),
    row('sr3', { route_id: 'r1', route_stop_id: 's1', student_id: 'S3', student_name: 'Mia', direction: 'am' }),
    row('sr4', { route_id: 'r1', route_stop_id: null, student_id: 'S4', student_name: 'Ned', direction: 'both' }),
    row('sr5', { route_id: 'r1', route_stop_id: 's1', student_id: 'S5', student_name: 'Off', direction: 'both', active: false }),
    row('sr6', { route_id: 'r2', route_stop_id: 's3', student_id: 'S6', student_name: 'Pam', direction: 'both' }),
    row('sr7', { route_id: 'r9', student_id: 'S7', student_name: 'Other bus', direction: 'both' }),
  ];

  it('in the morning: the both/am riders of the bus, by stop order then name; no stop last', () => {
    const roster = busRoster({ busId: 'b1', routes, stops, studentRoutes, now: at(2026, 3, 10, 7) });
    expect(roster.map((g) => [g.routeNumber, g.stopName, g.students.map((s) => s.studentName)])).toEqual([
      ['R1', 'FM 1624', ['Mia']],
      ['R1', 'Main St', ['Adam', 'Zoe']],
      ['R1', 'No stop assigned', ['Ned']],
    ]);
    expect(rosterStudents(roster)[1]).toMatchObject({ studentId: 'S2', grade: '9', routeId: 'r1', routeStopId: 's2', stopName: 'Main St' });
  });

  it('in the afternoon: the PM route joins and AM riders leave', () => {
    const roster = busRoster({ busId: 'b1', routes, stops, studentRoutes, now: at(2026, 3, 10, 15) });
    expect(rosterStudents(roster).map((s) => s.studentName)).toEqual(['Adam', 'Zoe', 'Ned', 'Pam']);
  });
});

describe('drills', () => {
  const ev = (id: string, student: string, type: string, minute: number) =>
    row(id, {
      bus_log_id: 'd1',
      student_id: student,
      event_type: type,
      occurred_at: new Date(Date.UTC(2026, 2, 10, 9, minute)).toISOString(),
    });

  it('counts each rostered student by their latest mark', () => {
    const events = [
      ev('e1', 'S1', 'accounted_for', 1),
      ev('e2', 'S2', 'accounted_for', 2),
      ev('e3', 'S2', 'absent', 3),
      ev('e4', 'S9', 'accounted_for', 4),
    ];
    expect(drillSummary(['S1', 'S2', 'S3'], events)).toEqual({ roster_size: 3, accounted: 1, absent: 1, unaccounted: 1 });
    expect(drillSummary([], events)).toEqual({ roster_size: 0, accounted: 0, absent: 0, unaccounted: 0 });
  });

  it('finds a drill still running on the bus that this user may finish', () => {
    const now = new Date('2026-03-10T15:00:00.000Z');
    const d = (id: string, v: Record<string, unknown>) =>
      row(id, { bus_id: 'b1', kind: 'drill', started_at: '2026-03-10T14:00:00.000Z', ...v });
    expect(openDrill([d('x', { ended_at: '2026-03-10T14:10:00.000Z' })], 'b1', 'u1', now)).toBeNull();
    expect(openDrill([d('x', { started_at: '2026-03-09T14:00:00.000Z' })], 'b1', 'u1', now)).toBeNull();
    expect(openDrill([d('x', { recorded_by: 'u2' })], 'b1', 'u1', now)).toBeNull();
    expect(openDrill([d('x', { kind: 'pre_trip' })], 'b1', 'u1', now)).toBeNull();
    expect(openDrill([d('x', {})], 'b2', 'u1', now)).toBeNull();
    expect(
      openDrill([d('x', {}), d('y', { kind: 'evacuation', recorded_by: 'u1', started_at: '2026-03-10T14:30:00.000Z' })], 'b1', 'u1', now)
        ?.id,
    ).toBe('y');
  });

  it('formats how long a drill took', () => {
    expect(formatDuration(0)).toBe('0 min 00 s');
    expect(formatDuration(4 * 60_000 + 5_000)).toBe('4 min 05 s');
    expect(formatDuration(62 * 60_000)).toBe('1 h 02 min');
    expect(formatDuration(-5)).toBe('0 min 00 s');
  });

  it("reads an ended drill's stored counts, a running one's from its marks", () => {
    const ended = row('d1', { ended_at: 'x', details: { roster_size: 3, accounted: 2, absent: 1, unaccounted: 0 } });
    expect(drillCounts(ended)).toEqual({ roster_size: 3, accounted: 2, absent: 1, unaccounted: 0 });
    const running = row('d1', { details: { roster_size: 3 } });
    expect(drillCounts(running, [ev('e1', 'S1', 'accounted_for', 1)])).toEqual({ roster_size: 3, accounted: 1, absent: 0, unaccounted: 2 });
    // An ended drill recorded without counts (older data) is counted from its marks too.
    const bare = row('d1', { ended_at: 'x', details: { roster_size: 2 } });
    expect([countsFromMarks(ended), countsFromMarks(running), countsFromMarks(bare)]).toEqual([false, true, true]);
    expect(drillCounts(bare, [ev('e1', 'S1', 'accounted_for', 1), ev('e2', 'S2', 'accounted_for', 2)])).toMatchObject({
      accounted: 2,
      unaccounted: 0,
    });
  });
});

describe('term report', () => {
  it('defaults to the school term holding today', () => {
    expect(currentTerm(at(2026, 10, 3))).toEqual({ from: '2026-08-01', to: '2026-12-31' });
    expect(currentTerm(at(2026, 8, 1, 0))).toEqual({ from: '2026-08-01', to: '2026-12-31' });
    expect(currentTerm(at(2026, 7, 31, 23))).toEqual({ from: '2026-01-01', to: '2026-07-31' });
    expect(currentTerm(at(2027, 1, 1, 0))).toEqual({ from: '2027-01-01', to: '2027-07-31' });
  });

  it('validates the range', () => {
    expect(termRangeSchema.safeParse({ from: '2026-08-01', to: '2026-12-31' }).success).toBe(true);
    expect(termRangeSchema.safeParse({ from: '2026-08-01', to: '2026-07-31' }).success).toBe(false);
    expect(termRangeSchema.safeParse({ from: '', to: '2026-07-31' }).success).toBe(false);
  });

  it('lists each bus its drills in the range, newest first, and the active buses with none', () => {
    const term = { from: '2026-08-01', to: '2026-12-31' };
    const { fromIso, toIso } = termBounds(term);
    expect(fromIso).toBe(at(2026, 8, 1, 0).toISOString());
    expect(toIso).toBe(at(2027, 1, 1, 0).toISOString());
    const buses = [
      row('b2', { bus_number: 'Bus 2' }),
      row('b1', { bus_number: 'Bus 1' }),
      row('b3', { bus_number: 'Bus 3' }),
      row('b4', { bus_number: 'Bus 4', active: false }),
    ];
    const iso = (d: Date) => d.toISOString();
    const logs = [
      row('a', {
        bus_id: 'b1',
        kind: 'drill',
        started_at: iso(at(2026, 9, 1, 9)),
        ended_at: iso(at(2026, 9, 1, 9, 4)),
        details: { roster_size: 2, accounted: 2, absent: 0, unaccounted: 0 },
      }),
      row('b', {
        bus_id: 'b1',
        kind: 'evacuation',
        started_at: iso(at(2026, 10, 1, 9)),
        ended_at: iso(at(2026, 10, 1, 9, 10)),
        details: { roster_size: 2, accounted: 1, absent: 0, unaccounted: 1 },
      }),
      row('c', { bus_id: 'b2', kind: 'drill', started_at: iso(at(2026, 7, 31, 9)), ended_at: iso(at(2026, 7, 31, 9, 1)), details: {} }),
      row('d', { bus_id: 'b2', kind: 'pre_trip', started_at: iso(at(2026, 9, 1, 9)) }),
      row('e', { bus_id: 'b3', kind: 'drill', started_at: iso(at(2026, 12, 31, 23)), details: { roster_size: 1 } }),
    ];
    const report = termReport(buses, logs, term);
    expect(report.buses.map((b) => [b.bus.bus_number, b.drills.map((d) => d.id)])).toEqual([
      ['Bus 1', ['b', 'a']],
      ['Bus 3', ['e']],
    ]);
    const [b, a] = report.buses[0]!.drills;
    expect(a).toMatchObject({ kind: 'drill', durationMs: 4 * 60_000, allAccounted: true });
    expect(b).toMatchObject({ kind: 'evacuation', allAccounted: false, counts: { unaccounted: 1 } });
    expect(report.buses[1]!.drills[0]).toMatchObject({ durationMs: null, allAccounted: false });
    expect(report.undrilled.map((x) => x.bus_number)).toEqual(['Bus 2']);
  });
});
