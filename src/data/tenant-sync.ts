/**
 * Owns the wiring for the app: for the signed-in user of a tenant, the
 * local database, the session source over the tenant's supabase-js client
 * (sessions in IndexedDB) and the started sync engine, created once per
 * tenant and user. It also records the tenant's endpoint beside the
 * sessions so the service worker can run the same push on its own.
 */
import Dexie from 'dexie';
import { whenContentReady } from '../lib/content-ready';
import { endpointStorageKey, requestBackgroundPush } from './background-sync';
import { getTenantClient, type TenantEndpoint } from './clients';
import { openTenantDb, TenantDb, tenantDbName } from './local-db';
import { defaultLocks, type LockProvider } from './locks';
import { countPhotosIn } from './photo-counts';
import { idbAuthStorage, tenantStorageKey } from './session-store';
import { supabaseSessionSource, type SessionSource } from './session-source';
import { requestPersistentStorage, type PersistAnswer } from './storage';
import { SyncEngine, type SyncEngineOptions } from './sync-engine';

export interface TenantSync {
  db: TenantDb;
  engine: SyncEngine;
  session: SessionSource;
  endpoint: TenantEndpoint;
  userId: string;
  /** The browser's answer to keeping this device's data (asked once, when sync opens). */
  storage: Promise<PersistAnswer>;
}

const open = new Map<string, Promise<TenantSync>>();

export interface OpenTenantSyncOptions extends Partial<Omit<SyncEngineOptions, 'db' | 'session'>> {
  locks?: LockProvider;
}

/** The local store and sync of one tenant for one user (started once the screen has painted: it syncs if this tab leads). */
export function openTenantSync(endpoint: TenantEndpoint, userId: string, options: OpenTenantSyncOptions = {}): Promise<TenantSync> {
  const key = tenantDbName(endpoint.slug, userId);
  let p = open.get(key);
  if (!p) {
    p = (async () => {
      const db = await openTenantDb({ slug: endpoint.slug, url: endpoint.supabase_url, anonKey: endpoint.supabase_anon_key, userId });
      const locks = options.locks ?? defaultLocks();
      const session = supabaseSessionSource(
        getTenantClient(endpoint),
        { storage: idbAuthStorage, storageKey: tenantStorageKey(endpoint.slug) },
        locks,
      );
      await idbAuthStorage.setItem(endpointStorageKey(endpoint.slug), JSON.stringify({ ...endpoint, userId }));
      const engine = new SyncEngine({ ...options, db, session, locks });
      // When the network fails with work queued, ask for a Background Sync
      // event too (Chromium): the worker pushes even if every tab is closed.
      let asked = false;
      engine.subscribe((s) => {
        const offline = s.lastError?.status === 0;
        if (offline && !asked) void requestBackgroundPush(endpoint.slug);
        asked = offline;
      });
      // The first cycle (every table's pull, the session's refresh) waits until the screen has painted from the
      // cache: on a phone it would otherwise compete with the screen for the main thread (DESIGN §9).
      void whenContentReady().then(() => engine.start());
      // An offline shift's queue must not be evicted under storage pressure.
      const storage = requestPersistentStorage();
      return { db, engine, session, endpoint, userId, storage };
    })();
    open.set(key, p);
    p.catch(() => open.delete(key));
  }
  return p;
}

/** Stops syncing from this tab (another tab takes over) and closes the database. */
export async function closeTenantSync(sync: TenantSync): Promise<void> {
  open.delete(tenantDbName(sync.endpoint.slug, sync.userId));
  await sync.engine.stop();
  sync.db.close();
}

/**
 * Stops this tab's sync of one tenant and user, if any, and deletes their
 * local database unless it still holds unsent changes. For data that should
 * not stay on the device: a support session's copy of a tenant's data leaves
 * with the session (DESIGN §8), unlike a tenant user's own queue, which
 * sign-out keeps (DESIGN §7); a support session's own unsent changes win.
 */
export async function discardTenantData(slug: string, userId: string): Promise<'deleted' | 'kept' | 'none'> {
  const key = tenantDbName(slug, userId);
  const running = open.get(key);
  if (running) {
    const sync = await running.catch(() => null);
    if (sync) await closeTenantSync(sync).catch(() => undefined);
    open.delete(key);
  }
  if (!(await Dexie.exists(key))) return 'none';
  // Nothing recorded may be lost (DESIGN §7): changes or photos not yet
  // sent, or refused and not yet looked at, keep the database. They go out with the
  // next session of the same person into this tenant (the same database).
  // Only counted, never synced: the binding's URL and key are not needed.
  const db = new TenantDb({ slug, userId, url: '', anonKey: '' });
  try {
    await db.open();
    // Photos not yet uploaded, or refused, are unsent too.
    const photos = (await countPhotosIn(db, 'pending')) + (await countPhotosIn(db, 'attention'));
    const unsent = (await db.outbox.count()) + (await db.rejected.count()) + photos;
    if (unsent > 0) return 'kept';
  } finally {
    db.close();
  }
  await Dexie.delete(key);
  return 'deleted';
}
