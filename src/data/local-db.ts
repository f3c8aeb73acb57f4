/**
 * Owns the local store: one Dexie database per tenant and user, named
 * `lockstep-{slug}-{userId}`, holding the cache tables, the outbox, the pull
 * watermarks and the rejected entries. The database is bound to its tenant's
 * URL on first open and refuses any other, so an outbox can only ever be
 * sent to the project it was written for.
 */
import Dexie, { type Table, type Transaction } from 'dexie';
import type { CacheRow, MetaRow, OutboxEntry, RejectedEntry, SyncState } from './outbox-types';
import type { SyncedTable } from './sync-tables';

export interface LocalSchemaVersion {
  version: number;
  /** Dexie store definitions: primary key first, then the indexes. */
  stores: Readonly<Record<string, string>>;
  /** Moves the data of the previous version into this one's shape. */
  upgrade?: (tx: Transaction) => Promise<void>;
}

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

/**
 * Every schema this app ever shipped to a phone, oldest first. A phone may
 * skip versions (opened again months later), so Dexie runs each upgrade in
 * turn. Never edit a shipped entry: a change adds the next version (with an
 * upgrade when rows change shape). tests/unit/local-schema.test.ts holds the
 * newest version to CACHE_INDEXES, so changing an index without a new version
 * fails there, and tests/data/local-db-upgrade.test.ts opens a store written by
 * every version with the current code.
 */
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
    version: 5,
    stores: {
      ...V2_STORES,
      doors: 'id, campus_id, door_number, updated_at, status',
      maintenance_records: 'id, door_id, status, created_at, [priority+status], assigned_to',
      maintenance_comments: 'id, [record_id+created_at]',
      bus_drivers: 'id, last_name, user_id',
      vehicle_maintenance: 'id, vehicle_id, status, bus_log_id',
      fuel_log: 'id, [vehicle_id+fueled_at]',
      buses: 'id, bus_number, vehicle_id',
      routes: 'id, route_number, bus_id, driver_id',
      route_stops: 'id, [route_id+stop_order]',
      bus_log: 'id, [bus_id+started_at], [kind+started_at]',
      bus_pings: 'id, [bus_id+recorded_at]',
      route_stop_events: 'id, route_id',
      user_bus_assignments: 'id, user_id, bus_id',
      user_route_assignments: 'id, user_id, route_id',
      student_routes: 'id, route_id',
      student_ride_events: 'id, bus_log_id, [bus_id+occurred_at]',
      student_drivers: 'id, student_id',
    },
  },
];

export interface TenantBinding {
  slug: string;
  /** The tenant project's base URL (…/t/{slug} locally, https://x.supabase.co hosted). */
  url: string;
  anonKey: string;
  userId: string;
}

export class TenantMismatchError extends Error {
  override readonly name = 'TenantMismatchError';
}

export function normalizeUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

export function tenantDbName(slug: string, userId: string): string {
  return `lockstep-${slug}-${userId}`;
}

export class TenantDb extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  rejected!: Table<RejectedEntry, number>;
  sync_state!: Table<SyncState, string>;
  meta!: Table<MetaRow, string>;

  constructor(readonly binding: TenantBinding) {
    super(tenantDbName(binding.slug, binding.userId));
    for (const v of LOCAL_SCHEMA) {
      const version = this.version(v.version).stores({ ...v.stores });
      if (v.upgrade) version.upgrade(v.upgrade);
    }
  }

  cache(table: SyncedTable): Table<CacheRow, string> {
    return this.table<CacheRow, string>(table);
  }
}

/**
 * Opens the tenant's database and checks (or, on first open, records) the
 * URL it belongs to. A different URL for the same slug and user is refused:
 * queued writes are never replayed against another project.
 */
export async function openTenantDb(binding: TenantBinding): Promise<TenantDb> {
  const b = { ...binding, url: normalizeUrl(binding.url) };
  const db = new TenantDb(b);
  await db.open();
  try {
    await db.transaction('rw', db.meta, async () => {
      const found = await db.meta.get('binding');
      const value = found?.value;
      if (value && typeof value === 'object' && 'url' in value) {
        if (value.url !== b.url) {
          throw new TenantMismatchError(
            `This device's data for ${b.slug} belongs to ${String(value.url)}, not ${b.url}; it will not be sent elsewhere.`,
          );
        }
      } else {
        await db.meta.put({ key: 'binding', value: { slug: b.slug, url: b.url, userId: b.userId } });
      }
    });
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}
