/**
 * Owns a per-database count of local writes made in this tab, bumped as soon
 * as a write's transaction commits. The sync status reads the outbox through
 * a live query, which catches up a moment after the commit; comparing its
 * snapshot with this count lets the status say "pending" from the very
 * moment a write is saved, so it never reads "Synced" with the write queued.
 * Counted per database name, not per Dexie instance: the scan path opens its
 * own instance of the same database (without the sync engine), and the
 * header badge must see the writes made through it.
 */
import type { TenantDb } from './local-db';

const counts = new Map<string, number>();
const listeners = new Map<string, Set<() => void>>();

export function localWriteCount(db: TenantDb | null): number {
  return db ? (counts.get(db.name) ?? 0) : 0;
}

export function noteLocalWrite(db: TenantDb): void {
  counts.set(db.name, localWriteCount(db) + 1);
  for (const l of listeners.get(db.name) ?? []) l();
}

export function subscribeLocalWrites(db: TenantDb | null, listener: () => void): () => void {
  if (!db) return () => undefined;
  let set = listeners.get(db.name);
  if (!set) listeners.set(db.name, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
