/**
 * Transportation access (migrations 20261122000400 and 20261125000100,
 * docs/rls-matrix.md, decision 024): the admins' cells on all 15 tables, the
 * callers who see none of it, and the drivers, regular users linked to a
 * bus_drivers row or assigned to a bus or route, who read their buses,
 * routes, stops and riders and record inspections, drills and ride marks on
 * those buses and nothing else. Runs on PGlite, or PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JwtClaims } from '../../supabase/local/keys';
import type { Project } from '../../supabase/local/project';
import { attempt, insertSql, newId, run, userClaims, type Outcome, type TestProjects } from './helpers/db';
import { createTenantUser, FACTORIES, openFixtureTenant, type Caller, type TenantFixtures } from './helpers/tenant-fixtures';

let projects: TestProjects;
let tenant: Project;
let fx: TenantFixtures;

beforeAll(async () => {
  ({ projects, tenant, fx } = await openFixtureTenant());
});

afterAll(async () => {
  await projects?.close();
});

const TABLES = [
  'vehicles',
  'bus_drivers',
  'vehicle_maintenance',
  'fuel_log',
  'buses',
  'routes',
  'route_stops',
  'bus_log',
  'bus_pings',
  'route_stop_events',
  'user_bus_assignments',
  'user_route_assignments',
  'student_routes',
  'student_ride_events',
  'student_drivers',
] as const;

// A real change per table, and the column that shows it landed.
const CHANGE: Record<(typeof TABLES)[number], [set: string, column: string, value: unknown]> = {
  vehicles: [`notes = 'Checked'`, 'notes', 'Checked'],
  bus_drivers: [`phone = '(512)-555-0199'`, 'phone', '(512)-555-0199'],
  vehicle_maintenance: [`vendor = 'Fleet Co'`, 'vendor', 'Fleet Co'],
  fuel_log: [`station = 'Fuel & Go'`, 'station', 'Fuel & Go'],
  buses: [`capacity = 60`, 'capacity', 60],
  routes: [`name = 'North loop'`, 'name', 'North loop'],
  route_stops: [`name = 'Oak & 3rd'`, 'name', 'Oak & 3rd'],
  bus_log: [`notes = 'Late start'`, 'notes', 'Late start'],
  bus_pings: [`heading = 90`, 'heading', 90],
  route_stop_events: [`event_type = 'departed'`, 'event_type', 'departed'],
  user_bus_assignments: [`ends_on = date '2100-01-01'`, 'ends_on', '2100-01-01'],
  user_route_assignments: [`ends_on = date '2100-01-01'`, 'ends_on', '2100-01-01'],
  student_routes: [`grade = '8'`, 'grade', '8'],
  student_ride_events: [`event_type = 'exited'`, 'event_type', 'exited'],
  student_drivers: [`approved = true`, 'approved', true],
};

const ADMINS = ['transportation_admin', 'super_admin', 'support'] as const;
const OUTSIDERS = ['office_staff', 'security_admin', 'regular_user'] as const;

function rows(o: Outcome): Record<string, unknown>[] {
  expect(o.kind, JSON.stringify(o)).toBe('rows');
  return o.kind === 'rows' ? o.rows : [];
}

function count(o: Outcome): number {
  expect(o.kind, JSON.stringify(o)).toBe('rows');
  return o.kind === 'rows' ? o.count : -1;
}

function expectRefused(o: Outcome) {
  expect(o.kind === 'error' && o.code === '42501', JSON.stringify(o)).toBe(true);
  expect(o.kind === 'error' ? o.message : '').toMatch(/violates row-level security policy/);
}

function factoryRow(table: string, caller: Caller): Record<string, unknown> {
  const uid = fx.uids[caller as Exclude<Caller, 'anon'>] ?? null;
  return { id: newId(), ...FACTORIES[table]!(fx.parents, { uid, profileId: caller === 'support' ? null : uid }) };
}

// Dates are compared as text: the engines return a date column as a string or a Date.
const normalize = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v);

describe('the transportation admins, super admins and support sessions', () => {
  it.each(TABLES.flatMap((table) => ADMINS.map((caller) => ({ table, caller }))))(
    '$caller reads, creates, changes and deletes $table',
    async ({ table, caller }) => {
      const claims = fx.claims[caller];
      const t = `public.${table}`;
      expect(rows(await attempt(tenant.engine, claims, `select id from ${t} where id = $1`, [fx.main[table]]))).toHaveLength(1);
      const { sql, params } = insertSql(table, factoryRow(table, caller));
      expect(count(await attempt(tenant.engine, claims, sql, params))).toBe(1);
      const [set, column, value] = CHANGE[table];
      const changed = rows(
        await attempt(tenant.engine, claims, `update ${t} set ${set} where id = $1 returning ${column}`, [fx.main[table]]),
      );
      expect(changed.map((r) => normalize(r[column]))).toEqual([value]);
      expect(count(await attempt(tenant.engine, claims, `update ${t} set deleted_at = now() where id = $1`, [fx.main[table]]))).toBe(1);
      expect(count(await attempt(tenant.engine, claims, `delete from ${t} where id = $1`, [fx.leaf[table]]))).toBe(1);
    },
  );
});

describe('office staff, security admins and a regular user who drives nothing', () => {
  it.each(TABLES.flatMap((table) => OUTSIDERS.map((caller) => ({ table, caller }))))(
    '$caller sees no $table row and is refused every write',
    async ({ table, caller }) => {
      const claims = fx.claims[caller];
      const t = `public.${table}`;
      const all = await tenant.engine.query<{ n: number }>(`select count(*)::int n from ${t}`);
      expect(all.rows[0]!.n).toBeGreaterThanOrEqual(2);
      expect(rows(await attempt(tenant.engine, claims, `select id from ${t}`))).toEqual([]);
      const { sql, params } = insertSql(table, factoryRow(table, caller));
      expectRefused(await attempt(tenant.engine, claims, sql, params));
      expect(count(await attempt(tenant.engine, claims, `update ${t} set ${CHANGE[table][0]} where id = $1`, [fx.main[table]]))).toBe(0);
      expect(count(await attempt(tenant.engine, claims, `update ${t} set deleted_at = now() where id = $1`, [fx.main[table]]))).toBe(0);
      expect(count(await attempt(tenant.engine, claims, `delete from ${t} where id = $1`, [fx.leaf[table]]))).toBe(0);
    },
  );
});

// --- Drivers ---------------------------------------------------------------

async function insertRow(table: string, row: Record<string, unknown>): Promise<string> {
  const { sql, params } = insertSql(table, row);
  const r = await tenant.engine.query<{ id: string }>(sql, params);
  return r.rows[0]!.id;
}

/**
 * Two buses with their vehicles, drivers, routes, stops, riders, logs and
 * marks, made as the database owner; `driver` is a regular user linked to
 * bus A's driver row. Each test makes its own, so the sets it expects are exact.
 */
async function fleet() {
  const tag = newId().slice(0, 8);
  const driverUid = await createTenantUser(tenant.engine, { role: 'regular_user' });
  const vehicleA = await insertRow('vehicles', { vehicle_number: `VA-${tag}`, mileage: 50_000 });
  const vehicleB = await insertRow('vehicles', { vehicle_number: `VB-${tag}` });
  const busA = await insertRow('buses', { bus_number: `A-${tag}`, vehicle_id: vehicleA });
  const busB = await insertRow('buses', { bus_number: `B-${tag}`, vehicle_id: vehicleB });
  const driverA = await insertRow('bus_drivers', {
    first_name: 'Robert',
    last_name: 'Alvarez',
    license_number: `TXA${tag}`,
    user_id: driverUid,
  });
  const driverB = await insertRow('bus_drivers', { first_name: 'Karen', last_name: 'Whitfield', license_number: `TXB${tag}` });
  const routeA = await insertRow('routes', { route_number: `RA-${tag}`, bus_id: busA, driver_id: driverA });
  const routeB = await insertRow('routes', { route_number: `RB-${tag}`, bus_id: busB, driver_id: driverB });
  const stopsA = [
    await insertRow('route_stops', { route_id: routeA, stop_order: 1, name: 'FM 1624 & CR 318' }),
    await insertRow('route_stops', { route_id: routeA, stop_order: 2, name: 'Main & 2nd' }),
  ];
  const stopB = await insertRow('route_stops', { route_id: routeB, stop_order: 1, name: 'Pecan & Elm' });
  const riderA = await insertRow('student_routes', {
    student_id: `SA${tag}`,
    student_name: 'Emma Johnson',
    route_id: routeA,
    route_stop_id: stopsA[0],
  });
  const riderB = await insertRow('student_routes', {
    student_id: `SB${tag}`,
    student_name: 'Ava Martinez',
    route_id: routeB,
    route_stop_id: stopB,
  });
  // Bus A's trip entered by the office (recorded by nobody on the phone), and bus B's.
  const logA = await insertRow('bus_log', { bus_id: busA, route_id: routeA, driver_id: driverA, kind: 'trip' });
  const logB = await insertRow('bus_log', { bus_id: busB, route_id: routeB, driver_id: driverB, kind: 'trip' });
  const eventA = await insertRow('student_ride_events', { student_id: `SA${tag}`, route_id: routeA, bus_id: busA, event_type: 'boarded' });
  const eventB = await insertRow('student_ride_events', { student_id: `SB${tag}`, route_id: routeB, bus_id: busB, event_type: 'boarded' });
  await insertRow('fuel_log', { vehicle_id: vehicleA, driver_id: driverA, gallons: 30 });
  await insertRow('vehicle_maintenance', { vehicle_id: vehicleA, service_type: 'oil_change' });
  await insertRow('bus_pings', { bus_id: busA, latitude: 30.28, longitude: -96.97 });
  await insertRow('route_stop_events', { route_id: routeA, route_stop_id: stopsA[0], bus_id: busA, event_type: 'arrived' });
  return {
    driverUid,
    driver: userClaims(driverUid),
    ...{ vehicleA, vehicleB, busA, busB, driverA, driverB, routeA, routeB, stopsA, stopB, riderA, riderB, logA, logB, eventA, eventB },
  };
}
type Fleet = Awaited<ReturnType<typeof fleet>>;

async function ids(claims: JwtClaims, table: string): Promise<string[]> {
  return rows(await attempt(tenant.engine, claims, `select id from public.${table} order by id`)).map((r) => r.id as string);
}

/** What a caller sees of the fleet: the ids per table. */
async function seen(claims: JwtClaims): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) out[table] = await ids(claims, table);
  return out;
}

const sorted = (...xs: string[]) => [...xs].sort();

const NOTHING: Record<string, string[]> = Object.fromEntries(TABLES.map((t) => [t, []]));

const CHECKLIST = [
  ['brakes', 'Brakes'],
  ['tires', 'Tires and wheels'],
  ['lights', 'Lights and signals'],
  ['mirrors', 'Mirrors'],
  ['stop_arm', 'Stop arm and crossing gate'],
  ['emergency_exits', 'Emergency exits and alarms'],
  ['first_aid', 'First aid and fire extinguisher'],
  ['horn_wipers', 'Horn and wipers'],
  ['seats', 'Seats and aisle'],
  ['fluids', 'Fluid levels and leaks'],
] as const;

/** The phone form's details: every item passes unless `failed` gives its note. */
function inspection(failed: Record<string, string> = {}) {
  return {
    items: CHECKLIST.map(([key, label]) => ({ key, label, ok: !(key in failed), note: failed[key] ?? '' })),
  };
}

/** A bus_log insert as the sync engine replays it (PostgREST's ignore-duplicates upsert). */
function logStatement(row: Record<string, unknown>): { sql: string; params: unknown[] } {
  const cols = Object.keys(row);
  const sql = `insert into public.bus_log (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})
    on conflict (id) do nothing returning id, recorded_by, pre_trip_ok, kind`;
  return { sql, params: cols.map((c) => (c === 'details' ? JSON.stringify(row[c]) : row[c])) };
}

/** Commits the insert; the rows it returned (none when the id was there already). */
async function logInsert(claims: JwtClaims, row: Record<string, unknown>) {
  const { sql, params } = logStatement(row);
  return (await run(tenant.engine, claims, sql, params)).rows;
}

/** Tries the insert and rolls it back. */
function logAttempt(claims: JwtClaims, row: Record<string, unknown>): Promise<Outcome> {
  const { sql, params } = logStatement(row);
  return attempt(tenant.engine, claims, sql, params);
}

async function maintenanceFor(vehicleId: string) {
  const r = await tenant.engine.query<{
    status: string;
    bus_log_id: string | null;
    description: string;
    service_type: string;
    mileage: number | null;
  }>(
    `select status, bus_log_id, description, service_type, mileage from public.vehicle_maintenance
      where vehicle_id = $1 and service_type = 'pre_trip_defect' order by created_at`,
    [vehicleId],
  );
  return r.rows;
}

describe('a driver (a regular user linked to a bus_drivers row)', () => {
  let f: Fleet;
  beforeAll(async () => {
    f = await fleet();
  });

  it('reads their own driver row, their bus, route, stops, riders, its log and marks; no vehicle, fuel, maintenance or other bus', async () => {
    expect(await seen(f.driver)).toEqual({
      ...NOTHING,
      bus_drivers: [f.driverA],
      buses: [f.busA],
      routes: [f.routeA],
      route_stops: sorted(...f.stopsA),
      student_routes: [f.riderA],
      bus_log: [f.logA],
      student_ride_events: [f.eventA],
    });
  });

  it('changes nothing of the fleet they read (buses, routes, stops, riders, their driver row)', async () => {
    for (const [table, id] of [
      ['buses', f.busA],
      ['routes', f.routeA],
      ['route_stops', f.stopsA[0]!],
      ['student_routes', f.riderA],
      ['bus_drivers', f.driverA],
    ] as const) {
      expect(
        count(await attempt(tenant.engine, f.driver, `update public.${table} set ${CHANGE[table][0]} where id = $1`, [id])),
        table,
      ).toBe(0);
      expect(count(await attempt(tenant.engine, f.driver, `delete from public.${table} where id = $1`, [id])), table).toBe(0);
    }
    const { sql, params } = insertSql('route_stops', { route_id: f.routeA, stop_order: 3, name: 'Added by the driver' });
    expectRefused(await attempt(tenant.engine, f.driver, sql, params));
  });

  it("records a pre-trip inspection on their bus as themselves, whatever the body says; pre_trip_ok is the server's", async () => {
    const id = newId();
    const out = await logInsert(f.driver, {
      id,
      bus_id: f.busA,
      route_id: f.routeA,
      driver_id: f.driverA,
      kind: 'pre_trip',
      details: inspection(),
      pre_trip_ok: false,
      recorded_by: fx.uids.transportation_admin,
    });
    expect(out).toEqual([{ id, recorded_by: f.driverUid, pre_trip_ok: true, kind: 'pre_trip' }]);
    expect(await maintenanceFor(f.vehicleA)).toEqual([]);
  });

  it('is refused an inspection, a drill or a mark on a bus they do not drive (42501)', async () => {
    for (const kind of ['pre_trip', 'drill', 'trip']) {
      expectRefused(await logAttempt(f.driver, { id: newId(), bus_id: f.busB, kind, details: inspection() }));
    }
    const { sql, params } = insertSql('student_ride_events', {
      student_id: 'X1',
      bus_id: f.busB,
      route_id: f.routeB,
      event_type: 'accounted_for',
    });
    expectRefused(await attempt(tenant.engine, f.driver, sql, params));
    const noBus = insertSql('student_ride_events', { student_id: 'X1', route_id: f.routeA, event_type: 'accounted_for' });
    expectRefused(await attempt(tenant.engine, f.driver, noBus.sql, noBus.params));
  });

  it('is refused a log on their bus that names a route or a driver not theirs (42501)', async () => {
    expectRefused(await logAttempt(f.driver, { id: newId(), bus_id: f.busA, route_id: f.routeB, kind: 'pre_trip', details: inspection() }));
    expectRefused(await logAttempt(f.driver, { id: newId(), bus_id: f.busA, driver_id: f.driverB, kind: 'drill', details: {} }));
  });

  it('cannot turn their failed inspection into a passed one afterwards; the record it opened stays', async () => {
    const id = newId();
    await logInsert(f.driver, {
      id,
      bus_id: f.busA,
      route_id: f.routeA,
      kind: 'pre_trip',
      odometer_start: 500,
      details: inspection({ brakes: 'Soft pedal' }),
    });
    const o = await attempt(
      tenant.engine,
      f.driver,
      `update public.bus_log set details = $2, odometer_start = 900, notes = 'Rechecked' where id = $1
        returning pre_trip_ok, odometer_start, notes`,
      [id, JSON.stringify(inspection())],
    );
    expect(rows(o)).toEqual([{ pre_trip_ok: false, odometer_start: 500, notes: 'Rechecked' }]);
    expect((await maintenanceFor(f.vehicleA)).length).toBeGreaterThan(0);
  });

  it("cannot change or remove someone else's log: the office's trip on their own bus, or another bus's", async () => {
    for (const id of [f.logA, f.logB]) {
      expect(count(await attempt(tenant.engine, f.driver, `update public.bus_log set notes = 'x' where id = $1`, [id]))).toBe(0);
      expect(count(await attempt(tenant.engine, f.driver, `delete from public.bus_log where id = $1`, [id]))).toBe(0);
    }
  });
});

describe('a failed pre-trip item opens a vehicle maintenance record', () => {
  it('exactly one, open, naming the inspection and its failed items, at the odometer reading', async () => {
    const f = await fleet();
    const id = newId();
    const out = await logInsert(f.driver, {
      id,
      bus_id: f.busA,
      route_id: f.routeA,
      kind: 'pre_trip',
      odometer_start: 50_120,
      details: inspection({ brakes: 'Soft pedal', mirrors: '  ' }),
      pre_trip_ok: true,
    });
    expect(out[0]).toMatchObject({ pre_trip_ok: false, recorded_by: f.driverUid });
    expect(await maintenanceFor(f.vehicleA)).toEqual([
      {
        status: 'open',
        bus_log_id: id,
        description: 'Pre-trip inspection failed: Brakes: Soft pedal; Mirrors',
        service_type: 'pre_trip_defect',
        mileage: 50_120,
      },
    ]);
    // The driver still does not see the record (the admins' screens do).
    expect(await ids(f.driver, 'vehicle_maintenance')).toEqual([]);
  });

  it('a replayed inspection (insert ... on conflict do nothing) opens no second record', async () => {
    const f = await fleet();
    const row = { id: newId(), bus_id: f.busA, kind: 'pre_trip', details: inspection({ lights: 'Right rear brake light out' }) };
    expect(await logInsert(f.driver, row)).toHaveLength(1);
    expect(await logInsert(f.driver, row)).toEqual([]);
    expect(await logInsert(f.driver, row)).toEqual([]);
    expect(await maintenanceFor(f.vehicleA)).toEqual([expect.objectContaining({ bus_log_id: row.id, status: 'open' })]);
    const logs = await tenant.engine.query(`select 1 from public.bus_log where id = $1`, [row.id]);
    expect(logs.rows).toHaveLength(1);
  });

  it('a passing inspection, a drill or a trip opens none', async () => {
    const f = await fleet();
    await logInsert(f.driver, { id: newId(), bus_id: f.busA, kind: 'pre_trip', details: inspection() });
    // Items only count on an inspection.
    await logInsert(f.driver, { id: newId(), bus_id: f.busA, kind: 'drill', details: inspection({ brakes: 'Soft pedal' }) });
    await logInsert(f.driver, { id: newId(), bus_id: f.busA, kind: 'trip', details: inspection({ brakes: 'Soft pedal' }) });
    expect(await maintenanceFor(f.vehicleA)).toEqual([]);
  });
});

describe('a drill the driver started', () => {
  it('they may end it and add notes; the bus, kind, start and recorder stay', async () => {
    const f = await fleet();
    const id = newId();
    const startedAt = '2026-11-20T15:40:00.000Z';
    await logInsert(f.driver, {
      id,
      bus_id: f.busA,
      route_id: f.routeA,
      kind: 'drill',
      started_at: startedAt,
      details: { roster_size: 1 },
    });
    const o = await attempt(
      tenant.engine,
      f.driver,
      `update public.bus_log
          set ended_at = $2, notes = 'All out in 6 minutes', bus_id = $3, kind = 'trip', started_at = $4, recorded_by = $5
        where id = $1
        returning bus_id, kind, started_at, ended_at, notes, recorded_by`,
      [id, '2026-11-20T15:46:00.000Z', f.busB, '2026-11-20T14:00:00.000Z', fx.uids.transportation_admin],
    );
    const r = rows(o);
    expect(r).toHaveLength(1);
    expect({
      ...r[0],
      started_at: new Date(r[0]!.started_at as string).toISOString(),
      ended_at: new Date(r[0]!.ended_at as string).toISOString(),
    }).toEqual({
      bus_id: f.busA,
      kind: 'drill',
      started_at: startedAt,
      ended_at: '2026-11-20T15:46:00.000Z',
      notes: 'All out in 6 minutes',
      recorded_by: f.driverUid,
    });
  });

  it('they may not remove it (only the admins remove transportation rows)', async () => {
    const f = await fleet();
    const id = newId();
    await logInsert(f.driver, { id, bus_id: f.busA, kind: 'drill' });
    const soft = await attempt(tenant.engine, f.driver, `update public.bus_log set deleted_at = now() where id = $1`, [id]);
    expect(soft).toMatchObject({ kind: 'error', code: '42501' });
    expect(count(await attempt(tenant.engine, f.driver, `delete from public.bus_log where id = $1`, [id]))).toBe(0);
  });

  it('marks each rider accounted for on their bus as themselves; cannot change a mark afterwards', async () => {
    const f = await fleet();
    const drill = newId();
    await logInsert(f.driver, { id: drill, bus_id: f.busA, route_id: f.routeA, kind: 'drill' });
    const mark = newId();
    const { sql, params } = insertSql(
      'student_ride_events',
      {
        id: mark,
        student_id: 'SA1',
        student_name: 'Emma Johnson',
        route_id: f.routeA,
        bus_id: f.busA,
        route_stop_id: f.stopsA[0],
        event_type: 'accounted_for',
        bus_log_id: drill,
        recorded_by: fx.uids.transportation_admin,
      },
      'recorded_by, bus_log_id',
    );
    expect((await run(tenant.engine, f.driver, sql, params)).rows).toEqual([{ recorded_by: f.driverUid, bus_log_id: drill }]);
    expect(await ids(f.driver, 'student_ride_events')).toEqual(sorted(f.eventA, mark));
    expect(
      count(await attempt(tenant.engine, f.driver, `update public.student_ride_events set event_type = 'absent' where id = $1`, [mark])),
    ).toBe(0);
  });
});

describe('who counts as a driver', () => {
  async function assignBus(userId: string, busId: string, startsOn: string, endsOn: string | null) {
    await tenant.engine.query(
      `insert into public.user_bus_assignments (user_id, bus_id, starts_on, ends_on) values ($1, $2, current_date + $3::int, current_date + $4::int)`,
      [userId, busId, startsOn, endsOn],
    );
  }
  async function assignRoute(userId: string, routeId: string, startsOn: string, endsOn: string | null) {
    await tenant.engine.query(
      `insert into public.user_route_assignments (user_id, route_id, starts_on, ends_on) values ($1, $2, current_date + $3::int, current_date + $4::int)`,
      [userId, routeId, startsOn, endsOn],
    );
  }

  it('a user assigned to a bus alone (no driver row) reads that bus, its routes, stops and riders, and records on it', async () => {
    const f = await fleet();
    const uid = await createTenantUser(tenant.engine, { role: 'regular_user' });
    await assignBus(uid, f.busB, '-10', null);
    const claims = userClaims(uid);
    const mine = await seen(claims);
    expect(mine).toEqual({
      ...NOTHING,
      buses: [f.busB],
      routes: [f.routeB],
      route_stops: [f.stopB],
      student_routes: [f.riderB],
      bus_log: [f.logB],
      student_ride_events: [f.eventB],
      user_bus_assignments: mine.user_bus_assignments,
    });
    expect(mine.user_bus_assignments).toHaveLength(1);
    expect(await logInsert(claims, { id: newId(), bus_id: f.busB, kind: 'pre_trip', details: inspection() })).toHaveLength(1);
    expectRefused(await logAttempt(claims, { id: newId(), bus_id: f.busA, kind: 'pre_trip', details: inspection() }));
  });

  it('a user assigned to a route alone reads that route, its bus and stops', async () => {
    const f = await fleet();
    const uid = await createTenantUser(tenant.engine, { role: 'regular_user' });
    await assignRoute(uid, f.routeA, '0', '0');
    const mine = await seen(userClaims(uid));
    expect(mine).toMatchObject({ buses: [f.busA], routes: [f.routeA], route_stops: sorted(...f.stopsA), student_routes: [f.riderA] });
    expect(mine.vehicles).toEqual([]);
    expect(mine.bus_drivers).toEqual([]);
  });

  it('an assignment that ended yesterday, or starts tomorrow, gives nothing but the assignment rows themselves', async () => {
    const f = await fleet();
    const uid = await createTenantUser(tenant.engine, { role: 'regular_user' });
    await assignBus(uid, f.busB, '-30', '-1');
    await assignRoute(uid, f.routeB, '-30', '-1');
    await assignBus(uid, f.busA, '1', null);
    const claims = userClaims(uid);
    const mine = await seen(claims);
    expect({ ...mine, user_bus_assignments: [], user_route_assignments: [] }).toEqual(NOTHING);
    expect(mine.user_bus_assignments).toHaveLength(2);
    expect(mine.user_route_assignments).toHaveLength(1);
    expectRefused(await logAttempt(claims, { id: newId(), bus_id: f.busB, kind: 'drill' }));
    expectRefused(await logAttempt(claims, { id: newId(), bus_id: f.busA, kind: 'drill' }));
  });

  it('a removed assignment gives nothing', async () => {
    const f = await fleet();
    const uid = await createTenantUser(tenant.engine, { role: 'regular_user' });
    await assignBus(uid, f.busB, '-10', null);
    await tenant.engine.query(`update public.user_bus_assignments set deleted_at = now() where user_id = $1`, [uid]);
    expect((await seen(userClaims(uid))).buses).toEqual([]);
  });

  it('a driver row made inactive or removed gives nothing', async () => {
    for (const change of [`active = false`, `deleted_at = now()`]) {
      const f = await fleet();
      await tenant.engine.query(`update public.bus_drivers set ${change} where id = $1`, [f.driverA]);
      const mine = await seen(f.driver);
      expect({ ...mine, bus_drivers: [] }, change).toEqual(NOTHING);
      expectRefused(await logAttempt(f.driver, { id: newId(), bus_id: f.busA, kind: 'drill' }));
    }
  });

  it('a deactivated or removed user linked to a driver row sees nothing and records nothing, like anyone signed out', async () => {
    for (const change of [`active = false`, `deleted_at = now()`]) {
      const f = await fleet();
      await assignBus(f.driverUid, f.busA, '-1', null);
      await tenant.engine.query(`update public.users set ${change} where id = $1`, [f.driverUid]);
      expect(await seen(f.driver), change).toEqual(NOTHING);
      expectRefused(await logAttempt(f.driver, { id: newId(), bus_id: f.busA, kind: 'drill' }));
      const { sql, params } = insertSql('student_ride_events', { student_id: 'X1', bus_id: f.busA, event_type: 'accounted_for' });
      expectRefused(await attempt(tenant.engine, f.driver, sql, params));
    }
  });

  it('admins and support keep their full view whether or not they drive', async () => {
    const f = await fleet();
    for (const caller of ADMINS) {
      const all = await ids(fx.claims[caller], 'buses');
      expect(all).toEqual(expect.arrayContaining([f.busA, f.busB, fx.parents.busId]));
    }
  });
});

describe("the fleet's own settings (transport_*)", () => {
  const upsert = `insert into public.tenant_settings (setting_key, setting_value) values ($1, $2)
    on conflict (setting_key) do update set setting_value = excluded.setting_value returning setting_key, setting_value`;

  it('a transportation admin upserts transport_oil_change_days and _miles, twice', async () => {
    for (const [key, first, second] of [
      ['transport_oil_change_days', '60', '75'],
      ['transport_oil_change_miles', '4000', '5000'],
    ] as const) {
      expect((await run(tenant.engine, fx.claims.transportation_admin, upsert, [key, first])).rows).toEqual([
        { setting_key: key, setting_value: first },
      ]);
      expect((await run(tenant.engine, fx.claims.transportation_admin, upsert, [key, second])).rows).toEqual([
        { setting_key: key, setting_value: second },
      ]);
    }
  });

  it('but not the other settings, nor a key that only looks like transport_ (the underscore is literal)', async () => {
    await tenant.engine.query(
      `insert into public.tenant_settings (setting_key, setting_value) values ('check_interval_hours', '24') on conflict do nothing`,
    );
    for (const key of ['check_interval_hours', 'missed_check_grace_percent', 'transportX', 'transport', 'Transport_oil_change_days']) {
      const o = await attempt(
        tenant.engine,
        fx.claims.transportation_admin,
        `insert into public.tenant_settings (setting_key, setting_value) values ($1, '1')`,
        [key],
      );
      expectRefused(o);
    }
    const change = await attempt(
      tenant.engine,
      fx.claims.transportation_admin,
      `update public.tenant_settings set setting_value = '6' where setting_key = 'check_interval_hours'`,
    );
    expect(count(change)).toBe(0);
  });

  it('nor may office staff, a regular user or a driver set transport_ keys; they may not remove one either', async () => {
    const f = await fleet();
    await tenant.engine.query(
      `insert into public.tenant_settings (setting_key, setting_value) values ('transport_oil_change_days', '90') on conflict (setting_key) do nothing`,
    );
    for (const claims of [fx.claims.office_staff, fx.claims.regular_user, f.driver]) {
      expectRefused(
        await attempt(
          tenant.engine,
          claims,
          `insert into public.tenant_settings (setting_key, setting_value) values ('transport_x_${newId().slice(0, 6)}', '1')`,
        ),
      );
      expect(
        count(
          await attempt(
            tenant.engine,
            claims,
            `update public.tenant_settings set setting_value = '1' where setting_key = 'transport_oil_change_days'`,
          ),
        ),
      ).toBe(0);
    }
    const removal = await attempt(
      tenant.engine,
      fx.claims.transportation_admin,
      `update public.tenant_settings set deleted_at = now() where setting_key = 'transport_oil_change_days'`,
    );
    expect(removal).toMatchObject({ kind: 'error', code: '42501' });
  });
});
