/**
 * Tells a screen that rows of some cache tables changed: a pull, a local
 * write, a rejected write put back, or another tab of this app (Dexie relays
 * its writes). For figures computed from counts, which a live query over the
 * whole tables would cost as much as computing them again.
 */
import Dexie, { type ObservabilitySet } from 'dexie';
import type { TenantDb } from './local-db';
import type { SyncedTable } from './sync-tables';

export function watchCacheWrites(db: TenantDb, tables: readonly SyncedTable[], onWrite: () => void): () => void {
  const prefixes = tables.map((t) => `idb://${db.name}/${t}/`);
  const listener = (parts: ObservabilitySet) => {
    if (Object.keys(parts).some((k) => prefixes.some((p) => k.startsWith(p)))) onWrite();
  };
  Dexie.on.storagemutated.subscribe(listener);
  return () => Dexie.on.storagemutated.unsubscribe(listener);
}
