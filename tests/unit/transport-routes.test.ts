/**
 * Buses & Routes rules (src/features/transportation/routes/routes-model.ts):
 * stop ordering and the rows a reorder writes, the driver double-booking
 * rule, assignment date overlap, and the forms' schemas.
 */
import { describe, expect, it } from 'vitest';
import type { CacheRow } from '../../src/data';
import {
  assignmentSchema,
  busNumberTaken,
  busSchema,
  changedPatch,
  dateRangesOverlap,
  endDateSchema,
  fieldErrors,
  findAssignmentOverlap,
  findDriverConflict,
  moveStop,
  nextStopOrder,
  orderChanges,
  paramsFor,
  removeStop,
  riderSchema,
  riderTaken,
  routeSchema,
  routeWindow,
  sectionFromParams,
  sortStops,
  stopSchema,
} from '../../src/features/transportation/routes/routes-model';

const U1 = '11111111-1111-4111-8111-111111111111';
const U2 = '22222222-2222-4222-8222-222222222222';
const D1 = '33333333-3333-4333-8333-333333333333';
const D2 = '44444444-4444-4444-8444-444444444444';

const stop = (id: string, stop_order: number, scheduled_time: string | null = null): CacheRow => ({
  id,
  stop_order,
  scheduled_time,
  route_id: 'r',
});

describe('stop ordering', () => {
  const stops = [stop('c', 3), stop('a', 1), stop('b', 2)];

  it('sorts by stop_order, ties by time then id', () => {
    expect(sortStops(stops).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(sortStops([stop('y', 2, '07:10'), stop('x', 2, '07:20'), stop('w', 2, '07:10')]).map((s) => s.id)).toEqual(['w', 'y', 'x']);
  });

  it('moving the last stop up swaps it with the one before and writes only those two', () => {
    const moved = moveStop(sortStops(stops), 'c', -1);
    expect(moved.map((s) => s.id)).toEqual(['a', 'c', 'b']);
    expect(orderChanges(moved)).toEqual([
      { id: 'c', stop_order: 2 },
      { id: 'b', stop_order: 3 },
    ]);
  });

  it('moving past either end changes nothing and writes nothing', () => {
    const ordered = sortStops(stops);
    expect(moveStop(ordered, 'a', -1).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(moveStop(ordered, 'c', 1).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(moveStop(ordered, 'nope', 1).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(orderChanges(moveStop(ordered, 'c', 1))).toEqual([]);
  });

  it('removing a stop renumbers the ones after it without gaps', () => {
    const left = removeStop(sortStops([...stops, stop('d', 4)]), 'b');
    expect(orderChanges(left)).toEqual([
      { id: 'c', stop_order: 2 },
      { id: 'd', stop_order: 3 },
    ]);
    expect(orderChanges(removeStop(sortStops(stops), 'c'))).toEqual([]);
  });

  it('closes gaps and duplicates left by other devices (a timed stop before an untimed one)', () => {
    const messy = sortStops([stop('a', 2), stop('b', 5), stop('c', 5, '08:00')]);
    expect(orderChanges(messy)).toEqual([
      { id: 'a', stop_order: 1 },
      { id: 'c', stop_order: 2 },
      { id: 'b', stop_order: 3 },
    ]);
  });

  it('a new stop goes after the last', () => {
    expect(nextStopOrder([])).toBe(1);
    expect(nextStopOrder(stops)).toBe(4);
  });
});

describe('route window', () => {
  it('runs from the start time to the last stop, at least 30 minutes', () => {
    expect(routeWindow({ starts_at: '07:00:00' }, [stop('a', 1, '07:05'), stop('b', 2, '07:45:00')])).toEqual({ start: 420, end: 465 });
    expect(routeWindow({ starts_at: '07:00' }, [stop('a', 1, '07:10')])).toEqual({ start: 420, end: 450 });
    expect(routeWindow({ starts_at: '07:00' }, [])).toEqual({ start: 420, end: 450 });
  });

  it("uses the first stop's time when the route has no start time", () => {
    expect(routeWindow({ starts_at: null }, [stop('b', 2, '08:00'), stop('a', 1, '07:20')])).toEqual({ start: 440, end: 480 });
  });

  it('cannot be judged with no start time and no stop times', () => {
    expect(routeWindow({ starts_at: null }, [stop('a', 1)])).toBeNull();
  });
});

describe('driver double-booking', () => {
  const other = (over: Partial<CacheRow>): CacheRow => ({
    id: 'r2',
    route_number: 'R2',
    driver_id: D1,
    direction: 'both',
    starts_at: '07:00:00',
    active: true,
    ...over,
  });
  const stopsOf = (id: string) => (id === 'r2' ? [stop('s1', 1, '07:10'), stop('s2', 2, '07:45')] : []);
  const check = (candidate: Record<string, unknown>, routes: CacheRow[] = [other({})], candidateStops: CacheRow[] = []) =>
    findDriverConflict({ candidate, candidateStops, routes, stopsOf, driverName: 'Robert Alvarez' });

  it('refuses the same driver at an overlapping time and direction, naming the other route', () => {
    expect(check({ id: 'r1', driver_id: D1, direction: 'am', starts_at: '07:30' })?.message).toBe(
      'Robert Alvarez already drives route R2 (07:00–07:45, both) at that time.',
    );
  });

  it('allows another driver, an inactive route, or a route not saved with a driver', () => {
    expect(check({ id: 'r1', driver_id: D2, direction: 'both', starts_at: '07:30' })).toBeNull();
    expect(check({ id: 'r1', driver_id: D1, direction: 'both', starts_at: '07:30', active: false })).toBeNull();
    expect(check({ id: 'r1', driver_id: D1, direction: 'both', starts_at: '07:30' }, [other({ active: false })])).toBeNull();
    expect(check({ id: 'r1', driver_id: null, direction: 'both', starts_at: '07:30' })).toBeNull();
    expect(
      check({ id: 'r1', driver_id: D1, direction: 'both', starts_at: '07:30' }, [other({ deleted_at: '2026-01-01T00:00:00Z' })]),
    ).toBeNull();
  });

  it('am and pm do not overlap; both overlaps either', () => {
    const amOther = [other({ direction: 'am' })];
    expect(check({ id: 'r1', driver_id: D1, direction: 'pm', starts_at: '07:30' }, amOther)).toBeNull();
    expect(check({ id: 'r1', driver_id: D1, direction: 'am', starts_at: '07:30' }, amOther)).not.toBeNull();
    expect(check({ id: 'r1', driver_id: D1, direction: 'both', starts_at: '07:30' }, amOther)).not.toBeNull();
    expect(check({ id: 'r1', driver_id: D1, direction: 'pm', starts_at: '07:30' }, [other({ direction: 'pm' })])).not.toBeNull();
  });

  it('windows that only touch do not conflict', () => {
    expect(check({ id: 'r1', driver_id: D1, direction: 'both', starts_at: '07:45' })).toBeNull();
    expect(check({ id: 'r1', driver_id: D1, direction: 'both', starts_at: '06:30' })).toBeNull();
    expect(check({ id: 'r1', driver_id: D1, direction: 'both', starts_at: '06:31' })).not.toBeNull();
  });

  it("judges the candidate's own stops, and skips routes that cannot be judged", () => {
    expect(check({ id: 'r1', driver_id: D1, direction: 'both', starts_at: null }, [other({})], [stop('x', 1, '08:00')])).toBeNull();
    expect(check({ id: 'r1', driver_id: D1, direction: 'both', starts_at: null }, [other({})], [stop('x', 1, '07:40')])).not.toBeNull();
    expect(check({ id: 'r1', driver_id: D1, direction: 'both', starts_at: null })).toBeNull();
    expect(check({ id: 'r1', driver_id: D1, direction: 'both', starts_at: '07:30' }, [other({ id: 'r9', starts_at: null })])).toBeNull();
  });

  it('does not compare a route with itself', () => {
    expect(check({ id: 'r2', driver_id: D1, direction: 'both', starts_at: '07:00' })).toBeNull();
  });
});

describe('assignment dates', () => {
  it('overlap when they share a day, open ends running on', () => {
    expect(dateRangesOverlap({ starts_on: '2026-01-01', ends_on: '2026-01-31' }, { starts_on: '2026-01-31', ends_on: null })).toBe(true);
    expect(dateRangesOverlap({ starts_on: '2026-01-01', ends_on: '2026-01-30' }, { starts_on: '2026-01-31', ends_on: null })).toBe(false);
    expect(dateRangesOverlap({ starts_on: '2026-03-01', ends_on: null }, { starts_on: '2026-01-01', ends_on: null })).toBe(true);
    expect(dateRangesOverlap({ starts_on: '2026-03-01', ends_on: null }, { starts_on: '2026-01-01', ends_on: '2026-02-28' })).toBe(false);
  });

  it('finds the same user on the same bus over overlapping dates only', () => {
    const rows: CacheRow[] = [
      { id: 'a1', user_id: U1, bus_id: 'b1', starts_on: '2026-01-01', ends_on: '2026-01-31' },
      { id: 'a2', user_id: U1, bus_id: 'b2', starts_on: '2026-01-01', ends_on: null },
      { id: 'a3', user_id: U2, bus_id: 'b1', starts_on: '2026-01-01', ends_on: null },
    ];
    expect(findAssignmentOverlap(rows, U1, 'bus_id', 'b1', { starts_on: '2026-01-15', ends_on: null })?.id).toBe('a1');
    expect(findAssignmentOverlap(rows, U1, 'bus_id', 'b1', { starts_on: '2026-02-01', ends_on: null })).toBeNull();
    expect(findAssignmentOverlap(rows, U1, 'bus_id', 'b3', { starts_on: '2026-01-15', ends_on: null })).toBeNull();
    expect(findAssignmentOverlap(rows, U1, 'bus_id', 'b1', { starts_on: '2026-01-15', ends_on: null }, 'a1')).toBeNull();
  });
});

describe('form schemas', () => {
  it('bus: number required, capacity whole seats, blanks become null', () => {
    expect(busSchema.parse({ bus_number: ' Bus 7 ', capacity: '', vehicle_id: '', status: 'in_service' })).toEqual({
      bus_number: 'Bus 7',
      capacity: null,
      vehicle_id: null,
      status: 'in_service',
    });
    const bad = busSchema.safeParse({ bus_number: '  ', capacity: '12.5', vehicle_id: 'x', status: 'parked' });
    expect(bad.success).toBe(false);
    if (!bad.success) {
      expect(fieldErrors(bad.error)).toEqual({
        bus_number: 'Enter the bus number',
        capacity: 'Capacity is a whole number of seats from 1 to 200',
        vehicle_id: 'Choose a vehicle from the list',
        status: 'Choose a status',
      });
    }
  });

  it('bus numbers are unique without case among buses not deleted, retired ones included', () => {
    const buses: CacheRow[] = [
      { id: 'b1', bus_number: 'Bus 1', active: true },
      { id: 'b4', bus_number: 'Bus 4', active: false },
    ];
    expect(busNumberTaken(' bus 1 ', buses)?.id).toBe('b1');
    expect(busNumberTaken('BUS 4', buses)?.id).toBe('b4');
    expect(busNumberTaken('Bus 1', buses, 'b1')).toBeNull();
    expect(busNumberTaken('Bus 2', buses)).toBeNull();
  });

  it('route: number required, start time normalized, direction from the list', () => {
    const ok = routeSchema.parse({
      route_number: 'R9',
      name: '',
      description: ' ',
      campus_id: '',
      bus_id: '',
      driver_id: D1,
      direction: 'am',
      starts_at: '07:05:00',
    });
    expect(ok).toMatchObject({ route_number: 'R9', name: null, description: null, driver_id: D1, direction: 'am', starts_at: '07:05' });
    const bad = routeSchema.safeParse({
      route_number: '',
      name: '',
      description: '',
      campus_id: '',
      bus_id: '',
      driver_id: '',
      direction: 'noon',
      starts_at: '25:00',
    });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(Object.keys(fieldErrors(bad.error)).sort()).toEqual(['direction', 'route_number', 'starts_at']);
  });

  it('stop: coordinates in range and given together', () => {
    expect(stopSchema.parse({ name: 'Main & 2nd', address: '', scheduled_time: '07:10', latitude: '30.28', longitude: '-96.97' })).toEqual({
      name: 'Main & 2nd',
      address: null,
      scheduled_time: '07:10',
      latitude: 30.28,
      longitude: -96.97,
    });
    const out = stopSchema.safeParse({ name: 'X', address: '', scheduled_time: '', latitude: '91', longitude: '-181' });
    expect(out.success).toBe(false);
    if (!out.success) {
      expect(fieldErrors(out.error)).toEqual({
        latitude: 'Latitude is a number from -90 to 90',
        longitude: 'Longitude is a number from -180 to 180',
      });
    }
    const half = stopSchema.safeParse({ name: 'X', address: '', scheduled_time: '', latitude: '30', longitude: '' });
    expect(half.success).toBe(false);
    if (!half.success) expect(fieldErrors(half.error)).toEqual({ longitude: 'Enter the longitude too, or clear the latitude' });
    expect(stopSchema.safeParse({ name: '', address: '', scheduled_time: '', latitude: 'abc', longitude: '' }).success).toBe(false);
  });

  it('rider: id and name required; the same student once per route', () => {
    expect(riderSchema.safeParse({ student_id: '', student_name: '', grade: '', route_stop_id: '', direction: 'both' }).success).toBe(
      false,
    );
    expect(riderSchema.parse({ student_id: ' S1 ', student_name: 'Ana', grade: '', route_stop_id: '', direction: 'pm' })).toEqual({
      student_id: 'S1',
      student_name: 'Ana',
      grade: null,
      route_stop_id: null,
      direction: 'pm',
    });
    const riders: CacheRow[] = [{ id: 'x', student_id: 'LISD-1', student_name: 'Ana' }];
    expect(riderTaken('lisd-1 ', riders)?.id).toBe('x');
    expect(riderTaken('LISD-1', riders, 'x')).toBeNull();
  });

  it('assignment: a person, a target, a start date, and an end not before it', () => {
    expect(assignmentSchema.parse({ user_id: U1, target_id: U2, starts_on: '2026-01-01', ends_on: '' })).toEqual({
      user_id: U1,
      target_id: U2,
      starts_on: '2026-01-01',
      ends_on: null,
    });
    const bad = assignmentSchema.safeParse({ user_id: '', target_id: U2, starts_on: '2026-02-01', ends_on: '2026-01-31' });
    expect(bad.success).toBe(false);
    if (!bad.success)
      expect(fieldErrors(bad.error)).toEqual({
        user_id: 'Choose a person from the list',
        ends_on: 'The end date cannot be before the start date',
      });
    expect(assignmentSchema.safeParse({ user_id: U1, target_id: U2, starts_on: '2026-02-30', ends_on: '' }).success).toBe(false);
    expect(endDateSchema('2026-02-01').safeParse('2026-01-31').success).toBe(false);
    expect(endDateSchema('2026-02-01').safeParse('2026-02-01').success).toBe(true);
  });

  it('an edit sends only the fields that changed', () => {
    expect(changedPatch({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: null })).toEqual({ b: 'y' });
  });
});

describe('address', () => {
  it('keeps ?tab= when moving between sections and into a route', () => {
    const start = new URLSearchParams('tab=routes');
    expect(sectionFromParams(start)).toBe('buses');
    const routes = paramsFor(start, { section: 'routes' });
    expect(routes.toString()).toBe('tab=routes&section=routes');
    const details = paramsFor(routes, { route: 'abc' });
    expect(details.get('tab')).toBe('routes');
    expect(details.get('route')).toBe('abc');
    expect(sectionFromParams(details)).toBe('routes');
    const back = paramsFor(details, { route: null, section: 'routes' });
    expect(back.toString()).toBe('tab=routes&section=routes');
    expect(sectionFromParams(new URLSearchParams('tab=routes&section=bogus'))).toBe('buses');
  });
});
