/**
 * Every schema this app ever shipped to a phone, oldest first, frozen: a
 * change adds the next version here and makes it CURRENT_SCHEMA in
 * local-db.ts (with an upgrade when rows change shape). Only the current
 * version ships in the app: Dexie (3 and later) reads the schema a phone
 * has and moves it to the declared one, so versions without an upgrade need
 * not be declared. The tests keep the history honest:
 * tests/unit/local-schema.test.ts holds the newest entry to CURRENT_SCHEMA,
 * and tests/data/local-db-upgrade.test.ts opens a store written by every
 * version with the current code.
 */
import type { LocalSchemaVersion } from './local-db';

/** Version 1 as shipped; later versions name only what they change. */
const V1_STORES: Readonly<Record<string, string>> = {
  campus: 'id, updated_at',
  doors: 'id, campus_id, door_number, updated_at',
  conditions: 'id, door_id, created_at',
  door_log: 'id, [door_id+created_at], created_at, user_id',
  maintenance_records: 'id, door_id, status, created_at',
  incidents: 'id, status, created_at',
  tenant_settings: 'id, setting_key',
  users: 'id, email, role',
  vehicles: 'id, vehicle_number',
  bus_drivers: 'id, last_name',
  parking_permits: 'id, created_at',
  parking_violations: 'id, created_at',
  outbox: '++seq, [table+row_id], created_at',
  rejected: '++id, [table+row_id]',
  sync_state: 'table',
  meta: 'key',
};
const V2_STORES: Readonly<Record<string, string>> = { ...V1_STORES, door_alert_acks: 'id, door_id, created_at' };

/** Version 5, the base of later versions. */
const V5_STORES: Readonly<Record<string, string>> = {
  ...V2_STORES,
  outbox: '++seq,[table+row_id],created_at',
  rejected: '++id,[table+row_id]',
  campus: 'id,updated_at',
  conditions: 'id,door_id,created_at',
  door_log: 'id,[door_id+created_at],created_at,user_id',
  incidents: 'id,status,created_at',
  tenant_settings: 'id,setting_key',
  users: 'id,email,role',
  vehicles: 'id,vehicle_number',
  parking_permits: 'id,created_at',
  parking_violations: 'id,created_at',
  door_alert_acks: 'id,door_id,created_at',
  doors: 'id,campus_id,door_number,updated_at,status',
  maintenance_records: 'id,door_id,status,created_at,[priority+status],assigned_to',
  maintenance_comments: 'id,[record_id+created_at]',
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
};

const V6_STORES: Readonly<Record<string, string>> = {
  ...V5_STORES,
  parking_permits: 'id,created_at,plate_key',
  parking_violations: 'id,created_at,plate_key',
};

const V7_STORES: Readonly<Record<string, string>> = { ...V6_STORES, photos: 'id,[table+row_id],[state+created_at]' };

export const LOCAL_SCHEMA: readonly LocalSchemaVersion[] = [
  { version: 1, stores: V1_STORES },
  {
    // Missed-check acknowledgements (issue 12): a new table, no rows change shape.
    version: 2,
    stores: V2_STORES,
  },
  {
    // The dashboard's counts from indexes (issue 12): doors by status, work
    // orders by priority and status. New indexes only; Dexie builds them from the rows.
    version: 3,
    stores: {
      ...V2_STORES,
      doors: 'id, campus_id, door_number, updated_at, status',
      maintenance_records: 'id, door_id, status, created_at, [priority+status]',
    },
  },
  {
    // Maintenance work orders (issue 13): comments, and an assignee's records by index.
    version: 4,
    stores: {
      ...V2_STORES,
      doors: 'id, campus_id, door_number, updated_at, status',
      maintenance_records: 'id, door_id, status, created_at, [priority+status], assigned_to',
      maintenance_comments: 'id, [record_id+created_at]',
    },
  },
  {
    // Transportation (issue 14): thirteen new tables, and drivers by their user.
    // Written without spaces (the same indexes as before, in fewer bytes).
    version: 5,
    stores: V5_STORES,
  },
  {
    // Student parking (issue 15): permits and violations by plate key.
    version: 6,
    stores: V6_STORES,
  },
  {
    // Photo evidence (issue 17): photos with the row they belong to, their upload state and capture order.
    version: 7,
    stores: V7_STORES,
  },
  {
    // Campus sweeps (issue 18): three new tables the server writes, no rows change shape.
    version: 8,
    stores: {
      ...V7_STORES,
      sweeps: 'id,campus_id,started_at',
      sweep_doors: 'id,sweep_id,door_id',
      check_interval_changes: 'id',
    },
  },
];
