/**
 * A bus driver's phone through the real sync engine and local stack (issue
 * 14, decision 024): it pulls only the driver's bus, route, stops and riders;
 * a pre-trip inspection with a failed item recorded offline and pushed (and
 * replayed after a lost response, and sent again) opens exactly one vehicle
 * maintenance record on the server; and the stops of a route the driver is
 * given later, whose rows did not change, come with the from-start re-pull.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRow } from '../../src/data/repositories';
import type { SyncedTable } from '../../src/data/sync-tables';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, drain, openTab, restWrites, tenantFixture, type Tab, type TenantFixture } from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

const TRANSPORT: SyncedTable[] = [
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
];

/** Inserts a row as the database owner (the office's data) and returns its id. */
async function put(f: TenantFixture, table: string, row: Record<string, unknown>): Promise<string> {
  const cols = Object.keys(row);
  const r = await f.project.engine.query<{ id: string }>(
    `insert into public.${table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    cols.map((c) => row[c]),
  );
  return r.rows[0]!.id;
}

/**
 * Two buses, A and B, with vehicles, driver rows, routes, stops, riders and
 * history. `link` makes the fixture's user bus A's driver (bus_drivers.user_id).
 */
async function fleet(f: TenantFixture, link: boolean) {
  const vehicleA = await put(f, 'vehicles', { vehicle_number: 'LISD-01', mileage: 48_210 });
  const vehicleB = await put(f, 'vehicles', { vehicle_number: 'LISD-02', mileage: 39_877 });
  const busA = await put(f, 'buses', { bus_number: 'Bus 1', vehicle_id: vehicleA });
  const busB = await put(f, 'buses', { bus_number: 'Bus 2', vehicle_id: vehicleB });
  const driverA = await put(f, 'bus_drivers', {
    first_name: 'Robert',
    last_name: 'Alvarez',
    license_number: 'TX-CDL-1',
    user_id: link ? f.user.id : null,
  });
  const driverB = await put(f, 'bus_drivers', { first_name: 'Karen', last_name: 'Whitfield', license_number: 'TX-CDL-2' });
  const routeA = await put(f, 'routes', { route_number: 'R1', bus_id: busA, driver_id: driverA });
  const routeB = await put(f, 'routes', { route_number: 'R2', bus_id: busB, driver_id: driverB });
  const stopsA = [
    await put(f, 'route_stops', { route_id: routeA, stop_order: 1, name: 'FM 1624 & CR 318' }),
    await put(f, 'route_stops', { route_id: routeA, stop_order: 2, name: 'Main St & 2nd St' }),
  ];
  const stopB = await put(f, 'route_stops', { route_id: routeB, stop_order: 1, name: 'Pecan St & Elm St' });
  const riderA = await put(f, 'student_routes', { student_id: 'LISD-100231', student_name: 'Emma Johnson', route_id: routeA });
  const riderB = await put(f, 'student_routes', { student_id: 'LISD-100233', student_name: 'Ava Martinez', route_id: routeB });
  const logA = await put(f, 'bus_log', { bus_id: busA, route_id: routeA, driver_id: driverA });
  await put(f, 'bus_log', { bus_id: busB, route_id: routeB, driver_id: driverB });
  const eventA = await put(f, 'student_ride_events', { student_id: 'LISD-100231', bus_id: busA, route_id: routeA, event_type: 'boarded' });
  await put(f, 'student_ride_events', { student_id: 'LISD-100233', bus_id: busB, route_id: routeB, event_type: 'boarded' });
  await put(f, 'fuel_log', { vehicle_id: vehicleA, driver_id: driverA, gallons: 31.2 });
  await put(f, 'vehicle_maintenance', { vehicle_id: vehicleA, service_type: 'oil_change' });
  await put(f, 'student_drivers', { student_id: 'LISD-100301', student_name: 'Tyler Robinson' });
  return { vehicleA, busA, busB, driverA, routeA, routeB, stopsA, stopB, riderA, riderB, logA, eventA };
}

async function cached(tab: Tab, table: SyncedTable): Promise<string[]> {
  return (await tab.db.cache(table).toArray()).map((r) => r.id).sort();
}

async function everything(tab: Tab): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TRANSPORT) out[table] = await cached(tab, table);
  return out;
}

const NOTHING: Record<string, string[]> = Object.fromEntries(TRANSPORT.map((table) => [table, []]));

const failedInspection = {
  items: [
    { key: 'brakes', label: 'Brakes', ok: true, note: '' },
    { key: 'tires', label: 'Tires and wheels', ok: true, note: '' },
    { key: 'lights', label: 'Lights and signals', ok: false, note: 'Right rear brake light out' },
    { key: 'mirrors', label: 'Mirrors', ok: true, note: '' },
  ],
};

describe("a driver's phone", () => {
  it('pulls only their own driver row, bus, route, stops, riders, log and marks', async () => {
    const f = await tenantFixture(t, 'regular_user', 0);
    const x = await fleet(f, true);
    const tab = await openTab(f, device(t), { tables: TRANSPORT });
    await f.signIn(tab.client);
    await drain(tab);
    await tab.engine.pullNow();
    expect(await everything(tab)).toEqual({
      ...NOTHING,
      bus_drivers: [x.driverA],
      buses: [x.busA],
      routes: [x.routeA],
      route_stops: [...x.stopsA].sort(),
      student_routes: [x.riderA],
      bus_log: [x.logA],
      student_ride_events: [x.eventA],
    });
    await closeTab(tab);
  });

  it('records an inspection with a failed item offline; pushed, replayed and sent again, it opens one maintenance record', async () => {
    const f = await tenantFixture(t, 'regular_user', 0);
    const x = await fleet(f, true);
    const dev = device(t);
    const tab = await openTab(f, dev, { tables: TRANSPORT, pullAfterPush: true });
    await f.signIn(tab.client);
    dev.net.offline = true;
    const log = await insertRow(tab.db, 'bus_log', {
      bus_id: x.busA,
      route_id: x.routeA,
      driver_id: x.driverA,
      kind: 'pre_trip',
      started_at: new Date().toISOString(),
      odometer_start: 48_250,
      details: failedInspection,
    });
    dev.net.offline = false;
    // The first push commits but its answer is lost: the engine sends it again.
    dev.net.queue.push('drop-after-commit');
    await drain(tab);
    // The replay inserts nothing (the first send committed); PostgREST still answers an ignore-duplicates upsert 201.
    expect(restWrites(dev.net.log, 'bus_log').map((l) => l.status)).toEqual(['network', 201]);
    // Another copy of the same entry (a second tab, an old outbox) sent later.
    const again = await tab.client
      .from('bus_log')
      .upsert(
        { id: log.id, bus_id: x.busA, route_id: x.routeA, kind: 'pre_trip', details: failedInspection },
        { onConflict: 'id', ignoreDuplicates: true },
      );
    expect(again.error).toBeNull();

    const server = await f.project.engine.query(
      `select m.status, m.description, m.mileage, m.vehicle_id, l.recorded_by, l.pre_trip_ok
         from public.vehicle_maintenance m join public.bus_log l on l.id = m.bus_log_id
        where m.bus_log_id = $1`,
      [log.id],
    );
    expect(server.rows).toEqual([
      {
        status: 'open',
        description: 'Pre-trip inspection failed: Lights and signals: Right rear brake light out',
        mileage: 48_250,
        vehicle_id: x.vehicleA,
        recorded_by: f.user.id,
        pre_trip_ok: false,
      },
    ]);
    expect((await f.serverIds('bus_log')).get(log.id)).toBe(1);
    // The phone holds the server's verdict; the record is the admins' to see.
    expect(await tab.db.cache('bus_log').get(log.id)).toMatchObject({ pre_trip_ok: false, recorded_by: f.user.id });
    expect(await cached(tab, 'vehicle_maintenance')).toEqual([]);
    await closeTab(tab);
  });

  it("brings a newly given route's unchanged stops with the from-start re-pull, not with a normal pull", async () => {
    const f = await tenantFixture(t, 'regular_user', 0);
    const x = await fleet(f, false);
    // Route R1's rows were made long ago: older than any watermark and its overlap.
    await f.project.engine.query(`do $$
      declare t text;
      begin
        foreach t in array array['buses', 'routes', 'route_stops', 'student_routes'] loop
          execute format('alter table public.%I disable trigger %I', t, t || '_set_updated_at');
          execute format('update public.%I set updated_at = now() - interval ''1 day''', t);
          execute format('alter table public.%I enable trigger %I', t, t || '_set_updated_at');
        end loop;
      end $$`);
    // The driver first rides route R2 (assigned), so every watermark moves to today.
    await put(f, 'user_route_assignments', { user_id: f.user.id, route_id: x.routeB });
    await f.project.engine.query(`update public.route_stops set name = name where id = $1`, [x.stopB]);
    await f.project.engine.query(`update public.routes set name = 'Town center' where id = $1`, [x.routeB]);
    await f.project.engine.query(`update public.buses set capacity = 72 where id = $1`, [x.busB]);
    await f.project.engine.query(`update public.student_routes set grade = '6' where id = $1`, [x.riderB]);
    const tab = await openTab(f, device(t), { tables: TRANSPORT });
    await f.signIn(tab.client);
    await drain(tab);
    await tab.engine.pullNow();
    expect(await cached(tab, 'route_stops')).toEqual([x.stopB]);

    // The office links the driver to R1's driver row: only that row changes.
    await f.project.engine.query(`update public.bus_drivers set user_id = $1 where id = $2`, [f.user.id, x.driverA]);
    await tab.engine.pullNow();
    expect(await cached(tab, 'bus_drivers')).toEqual([x.driverA]);
    expect(await cached(tab, 'route_stops')).toEqual([x.stopB]);

    await tab.engine.pullTables(['buses', 'routes', 'route_stops', 'student_routes'], { fromStart: true });
    expect(await cached(tab, 'route_stops')).toEqual([...x.stopsA, x.stopB].sort());
    expect(await cached(tab, 'routes')).toEqual([x.routeA, x.routeB].sort());
    expect(await cached(tab, 'buses')).toEqual([x.busA, x.busB].sort());
    expect(await cached(tab, 'student_routes')).toEqual([x.riderA, x.riderB].sort());
    await closeTab(tab);
  });
});
