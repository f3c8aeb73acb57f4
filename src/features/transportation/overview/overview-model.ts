/**
 * The Transportation dashboard's figures (spec §2, §7): the tiles from the
 * 15 tables' counts, the service-due tile and the fleet table's rows. Pure,
 * so the tab, its tests and its bench agree on every number.
 */
import type { SyncedTable } from '../../../data';
import { serviceDue, SERVICE_DUE_LABEL, type ServiceDueReason, type ServiceRule } from '../service-due';

/** The 15 counted transportation tables (spec §3), with how the dashboard names them. */
export const COUNTED_TABLES = {
  vehicles: 'Vehicles',
  bus_drivers: 'Bus drivers',
  vehicle_maintenance: 'Vehicle maintenance',
  fuel_log: 'Fuel log',
  buses: 'Buses',
  routes: 'Routes',
  route_stops: 'Route stops',
  bus_log: 'Bus log',
  bus_pings: 'Bus pings',
  route_stop_events: 'Route stop events',
  user_bus_assignments: 'User bus assignments',
  user_route_assignments: 'User route assignments',
  student_routes: 'Student routes',
  student_ride_events: 'Student ride events',
  student_drivers: 'Student drivers',
} as const satisfies Partial<Record<SyncedTable, string>>;

export type CountedTable = keyof typeof COUNTED_TABLES;
export const COUNTED_TABLE_NAMES = Object.keys(COUNTED_TABLES) as CountedTable[];
export type TableCounts = Record<CountedTable, number>;

export type TileKey = 'vehicles' | 'routes' | 'fuel' | 'maintenance' | 'buses' | 'drivers' | 'stops' | 'assignments' | 'service';

export interface Tile {
  key: TileKey;
  label: string;
  value: number;
  detail: string;
}

/** Spec §2's eight tiles, in its order, then the service-due tile (issue 14). */
export function tilesFrom(counts: TableCounts, dueCount: number, activeVehicles: number): Tile[] {
  const n = (x: number, one: string, many: string) => `${x.toLocaleString()} ${x === 1 ? one : many}`;
  return [
    { key: 'vehicles', label: 'Vehicles', value: counts.vehicles, detail: `${activeVehicles.toLocaleString()} active` },
    { key: 'routes', label: 'Routes', value: counts.routes, detail: 'bus routes' },
    { key: 'fuel', label: 'Fuel Log', value: counts.fuel_log, detail: 'fuel entries' },
    { key: 'maintenance', label: 'Maintenance', value: counts.vehicle_maintenance, detail: 'maintenance records' },
    { key: 'buses', label: 'Buses', value: counts.buses, detail: 'in the fleet' },
    {
      key: 'drivers',
      label: 'Drivers',
      value: counts.bus_drivers + counts.student_drivers,
      detail: `${n(counts.bus_drivers, 'bus driver', 'bus drivers')}, ${n(counts.student_drivers, 'student driver', 'student drivers')}`,
    },
    { key: 'stops', label: 'Route Stops', value: counts.route_stops, detail: 'stops on routes' },
    {
      key: 'assignments',
      label: 'Assignments',
      value: counts.user_bus_assignments + counts.user_route_assignments,
      detail: `${counts.user_bus_assignments.toLocaleString()} to buses, ${counts.user_route_assignments.toLocaleString()} to routes`,
    },
    {
      key: 'service',
      label: 'Service Due',
      value: dueCount,
      detail: dueCount === 0 ? 'no active vehicle due' : `active ${dueCount === 1 ? 'vehicle' : 'vehicles'} due for an oil change`,
    },
  ];
}

export interface FleetRow {
  id: string;
  vehicle: string;
  number: string;
  license: string;
  status: 'Active' | 'Inactive';
  lastOilChange: string;
  due: ServiceDueReason[] | null;
  dueText: string | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

// One formatter and one collator for every row: toLocaleDateString and
// localeCompare with options build a new one per call, which a 500-vehicle
// fleet pays thousands of times per render.
let dayFormat: Intl.DateTimeFormat | null = null;
let numberOrder: Intl.Collator | null = null;

/** A YYYY-MM-DD day as this device writes dates (never through UTC, which would shift it a day west of Greenwich). */
export function localDayLabel(value: unknown): string {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!m) return '—';
  const day = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(day.getTime())) return '—';
  dayFormat ??= new Intl.DateTimeFormat();
  return dayFormat.format(day);
}

/** Vehicle numbers in ascending order, with digits compared as numbers (LISD-2 before LISD-10). */
export function compareVehicleNumbers(a: unknown, b: unknown): number {
  numberOrder ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return numberOrder.compare(text(a), text(b));
}

/** The fleet table's rows (spec §2: Vehicle, Number, License, Status, Last Oil Change), by vehicle number, with the service-due flag. */
export function fleetRows(vehicles: ReadonlyArray<Readonly<Record<string, unknown>>>, rule: ServiceRule, today: string): FleetRow[] {
  return vehicles
    .filter((v) => !v.deleted_at && typeof v.id === 'string')
    .sort((a, b) => compareVehicleNumbers(a.vehicle_number, b.vehicle_number) || (String(a.id) < String(b.id) ? -1 : 1))
    .map((v): FleetRow => {
      const due = serviceDue(v, rule, today);
      return {
        id: v.id as string,
        vehicle: [text(v.make), text(v.model)].filter(Boolean).join(' ') || '—',
        number: text(v.vehicle_number) || '—',
        license: text(v.license_plate) || '—',
        status: v.active === false ? 'Inactive' : 'Active',
        lastOilChange: localDayLabel(v.oil_change_date),
        due,
        dueText: due ? due.map((r) => SERVICE_DUE_LABEL[r]).join('; ') : null,
      };
    });
}

export interface FleetSummary {
  rows: FleetRow[];
  active: number;
  due: number;
}

export function fleetSummary(vehicles: ReadonlyArray<Readonly<Record<string, unknown>>>, rule: ServiceRule, today: string): FleetSummary {
  const rows = fleetRows(vehicles, rule, today);
  return { rows, active: rows.filter((r) => r.status === 'Active').length, due: rows.filter((r) => r.due).length };
}
