/**
 * Owns the list of tenant tables the device keeps a local copy of, and how
 * each may be written: door_log, door_alert_acks and maintenance_comments are append-only
 * (insert, never changed or removed, as the server's policies say); sweeps, sweep_doors and
 * check_interval_changes are the server's (read only here); the others are upserted and
 * soft-deleted through deleted_at so deletions reach other devices.
 */

/**
 * The tenant tables the device keeps a copy of, in the order a pull reads
 * them (a door's campus before the door), each with its Dexie index spec,
 * chosen for the screens' queries (door log by door and time, doors by
 * campus, records by door, ...). The primary key is always the server's uuid
 * `id`. One list: the table names are the keys, so the app carries them once
 * (and no spaces in the specs: Dexie does not need them, and these bytes
 * ride on the officer's scan path).
 */
export const CACHE_INDEXES = {
  campus: 'id,updated_at',
  // status and [priority+status]: the dashboard counts doors and work orders from the indexes alone (issue 12).
  doors: 'id,campus_id,door_number,updated_at,status',
  conditions: 'id,door_id,created_at',
  door_log: 'id,[door_id+created_at],created_at,user_id',
  // assigned_to: an assignee's "my work" (issue 13).
  maintenance_records: 'id,door_id,status,created_at,[priority+status],assigned_to',
  maintenance_comments: 'id,[record_id+created_at]',
  incidents: 'id,status,created_at',
  tenant_settings: 'id,setting_key',
  users: 'id,email,role',
  vehicles: 'id,vehicle_number',
  // Transportation (issue 14): only what its screens query (a vehicle's records and fuel by date, a bus's
  // log, a drill's marks, a user's driver links); the rest are read whole or counted.
  bus_drivers: 'id,last_name,user_id',
  vehicle_maintenance: 'id,vehicle_id',
  fuel_log: 'id,[vehicle_id+fueled_at]',
  buses: 'id',
  routes: 'id',
  route_stops: 'id',
  bus_log: 'id,[bus_id+started_at],[kind+started_at]',
  bus_pings: 'id',
  route_stop_events: 'id',
  user_bus_assignments: 'id,user_id',
  user_route_assignments: 'id,user_id',
  student_routes: 'id,route_id',
  student_ride_events: 'id,bus_log_id',
  student_drivers: 'id',
  // plate_key: the lot's plate lookup (issue 15).
  parking_permits: 'id,created_at,plate_key',
  parking_violations: 'id,created_at,plate_key',
  door_alert_acks: 'id,door_id,created_at',
  // Campus sweeps (issue 18, decision 030): a campus's sweeps by start, a sweep's doors, a door's sweeps.
  sweeps: 'id,campus_id,started_at',
  sweep_doors: 'id,sweep_id,door_id',
  check_interval_changes: 'id',
} as const satisfies Record<string, string>;

export type SyncedTable = keyof typeof CACHE_INDEXES;

export const SYNCED_TABLES = Object.keys(CACHE_INDEXES) as readonly SyncedTable[];

/**
 * Written by the server alone (RPCs and triggers, no write policy): the device
 * reads them and never queues a write, which the server could only refuse.
 */
export const SERVER_WRITTEN_TABLES: ReadonlySet<SyncedTable> = new Set<SyncedTable>(['sweeps', 'sweep_doors', 'check_interval_changes']);

/** Append-only on the server: inserts only, sent with ignore-duplicates. */
export const APPEND_ONLY_TABLES: ReadonlySet<SyncedTable> = new Set<SyncedTable>(['door_log', 'door_alert_acks', 'maintenance_comments']);

export function isSyncedTable(name: string): name is SyncedTable {
  return (SYNCED_TABLES as readonly string[]).includes(name);
}

/**
 * Columns only the server writes (generated columns, trigger stamps): never
 * sent, even when a pulled row that carries them is upserted back.
 * updated_at is the server's on every table (set by trigger).
 */
export const SERVER_OWNED_COLUMNS: Partial<Record<SyncedTable, readonly string[]>> = {
  conditions: ['default_condition'],
  // The server derives these from the device's clock (decision 013).
  door_log: ['received_at', 'device_created_at', 'clock_offset_ms', 'clock_skew_ms'],
  // The server sets who acknowledged from the session (migration 20261124000100).
  door_alert_acks: ['acknowledged_by', 'acknowledged_by_name'],
  // Set from the session by migration 20261124000200.
  maintenance_records: ['resolved_by'],
  maintenance_comments: ['user_id', 'author_name'],
};

export function isServerOwnedColumn(table: SyncedTable, column: string): boolean {
  return column === 'updated_at' || (SERVER_OWNED_COLUMNS[table]?.includes(column) ?? false);
}
