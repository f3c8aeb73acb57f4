/**
 * Owns the local store: one Dexie database per tenant and user, named
 * `lockstep-{slug}-{userId}`, holding the cache tables, the outbox, the pull
 * watermarks, the rejected entries and the photos waiting for (or kept
 * after) upload. The database is bound to its tenant's
 * URL on first open and refuses any other, so an outbox can only ever be
 * sent to the project it was written for.
 */
import Dexie, { type Table, type Transaction } from 'dexie';
import { nextTask } from '../lib/next-task';
import type { CacheRow, MetaRow, OutboxEntry, RejectedEntry, SyncState } from './outbox-types';
import type { LocalPhoto } from './photo-types';
import { CACHE_INDEXES, type SyncedTable } from './sync-tables';

export interface LocalSchemaVersion {
  version: number;
  /** Dexie store definitions: primary key first, then the indexes. */
  stores: Readonly<Record<string, string>>;
  /** Moves the data of the previous version into this one's shape. */
  upgrade?: (tx: Transaction) => Promise<void>;
}

const INTERNAL_STORES: Readonly<Record<string, string>> = {
  outbox: '++seq,[table+row_id],created_at',
  rejected: '++id,[table+row_id]',
  sync_state: 'table',
  meta: 'key',
  photos: 'id,[table+row_id],[state+created_at]',
};

/**
 * The schema the app declares: the cache tables as CACHE_INDEXES says, and
 * the sync's own stores. Its version must be the newest entry of
 * local-schema-history.ts (tests/unit/local-schema.test.ts): a change to
 * CACHE_INDEXES is a new version there.
 */
export const CURRENT_SCHEMA: LocalSchemaVersion = { version: 8, stores: { ...CACHE_INDEXES, ...INTERNAL_STORES } };

/** Earlier versions whose upgrade moves rows into a new shape; Dexie runs each in turn. None yet. */
const UPGRADES: readonly LocalSchemaVersion[] = [];

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
  photos!: Table<LocalPhoto, string>;

  constructor(readonly binding: TenantBinding) {
    // Dexie's shared live-query cache deep-clones every result of every live read (a WeakMap entry per
    // row): on a district's device each read of 5,000 doors made that much garbage, and the major GC
    // it brought landed in the dashboard's first paint (decision 031). Live reads go to IndexedDB.
    super(tenantDbName(binding.slug, binding.userId), { cache: 'disabled' });
    for (const v of [...UPGRADES, CURRENT_SCHEMA]) {
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
  // Its opening in a task after its making: on a phone, with Dexie's code run for the first time, both together
  // were one task of about 60 ms at 4x on the screens that paint from the store (decision 031).
  await nextTask();
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
