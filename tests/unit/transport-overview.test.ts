/**
 * The Transportation dashboard's figures (spec §2, issue 14): the tiles add
 * bus and student drivers, and user bus and route assignments; the service
 * due tile counts active vehicles due by the tenant's rule; the fleet table
 * is ordered by vehicle number with its spec columns; and the counts come
 * from the 15 tables of a real IndexedDB store.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openTenantDb } from '../../src/data/local-db';
import {
  COUNTED_TABLE_NAMES,
  compareVehicleNumbers,
  fleetRows,
  fleetSummary,
  localDayLabel,
  tilesFrom,
  type TableCounts,
} from '../../src/features/transportation/overview/overview-model';
import { readFleet, readTableCounts } from '../../src/features/transportation/overview/overview-query';
import { serviceRuleFrom } from '../../src/features/transportation/service-due';

const TODAY = '2026-06-30';
const RULE = { days: 90, miles: 3000 };

function counts(over: Partial<TableCounts> = {}): TableCounts {
  return { ...(Object.fromEntries(COUNTED_TABLE_NAMES.map((t) => [t, 0])) as TableCounts), ...over };
}

const VEHICLES = [
  {
    id: 'v10',
    vehicle_number: 'LISD-10',
    make: 'Ford',
    model: 'Transit 350',
    license_plate: 'TX 9PL',
    active: true,
    oil_change_date: '2026-06-01',
  },
  {
    id: 'v2',
    vehicle_number: 'LISD-2',
    make: 'Blue Bird',
    model: 'Vision',
    license_plate: 'TX 4KJ',
    active: true,
    oil_change_date: '2026-01-01',
  },
  { id: 'v1', vehicle_number: 'LISD-1', make: 'IC Bus', model: null, license_plate: null, active: false, oil_change_date: '2025-01-01' },
  { id: 'v3', vehicle_number: 'lisd-3', make: 'Chevrolet', model: 'Tahoe', active: true, oil_change_date: null },
  {
    id: 'v4',
    vehicle_number: 'LISD-4',
    make: 'Thomas',
    model: 'C2',
    active: true,
    oil_change_date: '2026-06-20',
    mileage: 53_000,
    oil_change_mileage: 50_000,
  },
];

describe('tilesFrom', () => {
  it("adds bus and student drivers, and bus and route assignments, in the spec's order", () => {
    const tiles = tilesFrom(
      counts({
        vehicles: 6,
        routes: 3,
        fuel_log: 100_000,
        vehicle_maintenance: 4,
        buses: 4,
        bus_drivers: 5,
        student_drivers: 2,
        route_stops: 12,
        user_bus_assignments: 1,
        user_route_assignments: 2,
        student_ride_events: 200_000,
      }),
      3,
      5,
    );
    expect(tiles.map((t) => [t.label, t.value])).toEqual([
      ['Vehicles', 6],
      ['Routes', 3],
      ['Fuel Log', 100_000],
      ['Maintenance', 4],
      ['Buses', 4],
      ['Drivers', 7],
      ['Route Stops', 12],
      ['Assignments', 3],
      ['Service Due', 3],
    ]);
    expect(tiles.find((t) => t.key === 'vehicles')?.detail).toBe('5 active');
    expect(tiles.find((t) => t.key === 'drivers')?.detail).toBe('5 bus drivers, 2 student drivers');
  });
});

describe('fleet table and service due', () => {
  it('orders by vehicle number ascending, digits as numbers, case ignored', () => {
    expect(fleetRows(VEHICLES, RULE, TODAY).map((r) => r.number)).toEqual(['LISD-1', 'LISD-2', 'lisd-3', 'LISD-4', 'LISD-10']);
    expect(compareVehicleNumbers('Bus 9', 'Bus 10')).toBeLessThan(0);
  });

  it('shows make and model, the plate, Active or Inactive, and a dash for what is missing', () => {
    const [v1, v2, v3] = fleetRows(VEHICLES, RULE, TODAY);
    expect(v1).toMatchObject({ vehicle: 'IC Bus', license: '—', status: 'Inactive' });
    expect(v2).toMatchObject({ vehicle: 'Blue Bird Vision', license: 'TX 4KJ', status: 'Active' });
    expect(v3).toMatchObject({ lastOilChange: '—' });
  });

  it('flags active vehicles due by days, by miles or with no oil change on record, never an inactive one', () => {
    const rows = Object.fromEntries(fleetRows(VEHICLES, RULE, TODAY).map((r) => [r.id, r]));
    expect(rows.v1?.due).toBeNull();
    expect(rows.v2?.due).toEqual(['days']);
    expect(rows.v2?.dueText).toBe('Oil change overdue (days)');
    expect(rows.v3?.due).toEqual(['no-record']);
    expect(rows.v4?.due).toEqual(['miles']);
    expect(rows.v10?.due).toBeNull();
    expect(fleetSummary(VEHICLES, RULE, TODAY)).toMatchObject({ active: 4, due: 3 });
  });

  it("follows the tenant's rule from its settings", () => {
    const lax = serviceRuleFrom([
      { setting_key: 'transport_oil_change_days', setting_value: '365' },
      { setting_key: 'transport_oil_change_miles', setting_value: '5000' },
    ]);
    expect(fleetSummary(VEHICLES, lax, TODAY).due).toBe(1);
    expect(fleetSummary(VEHICLES, serviceRuleFrom([]), TODAY).due).toBe(3);
  });

  it('writes the oil change day as the same calendar day in the local format', () => {
    expect(localDayLabel('2026-03-04')).toBe(new Date(2026, 2, 4).toLocaleDateString());
    expect(localDayLabel(null)).toBe('—');
    expect(localDayLabel('not a date')).toBe('—');
  });
});

describe('reading the cache', () => {
  it('counts each of the 15 tables and reads the vehicles and the service settings', async () => {
    const db = await openTenantDb({ slug: 'overview-test', url: 'http://stack.test/t/overview-test', anonKey: 'anon', userId: 'u1' });
    await db.cache('vehicles').bulkPut(VEHICLES);
    await db
      .cache('fuel_log')
      .bulkPut(Array.from({ length: 250 }, (_, i) => ({ id: `f${i}`, vehicle_id: 'v2', fueled_at: `2026-01-${i}` })));
    await db.cache('student_ride_events').bulkPut(Array.from({ length: 40 }, (_, i) => ({ id: `e${i}` })));
    await db.cache('bus_drivers').bulkPut([{ id: 'd1', last_name: 'A' }]);
    await db.cache('student_drivers').bulkPut([{ id: 's1', student_id: '1' }]);
    await db.cache('tenant_settings').bulkPut([
      { id: 't1', setting_key: 'transport_oil_change_days', setting_value: '30' },
      { id: 't2', setting_key: 'check_interval_hours', setting_value: '24' },
    ]);
    const c = await readTableCounts(db);
    expect(Object.keys(c)).toHaveLength(15);
    expect(c).toMatchObject({ vehicles: 5, fuel_log: 250, student_ride_events: 40, bus_drivers: 1, student_drivers: 1, buses: 0 });
    const fleet = await readFleet(db);
    expect(fleet.vehicles).toHaveLength(5);
    expect(fleet.settings.map((s) => s.setting_key)).toEqual(['transport_oil_change_days']);
    expect(serviceRuleFrom(fleet.settings).days).toBe(30);
    db.close();
  });
});
