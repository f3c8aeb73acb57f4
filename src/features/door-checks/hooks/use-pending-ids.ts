/**
 * Ids of rows of one table that still have an entry in the outbox (not yet
 * acknowledged by the server), live. Belongs in src/data (a read of the
 * outbox); kept here until the offline core exports one.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncedTable, TenantDb } from '../../../data';

export function usePendingIds(db: TenantDb | null, table: SyncedTable): ReadonlySet<string> | undefined {
  return useLiveQuery(async () => {
    if (!db) return new Set<string>();
    const entries = await db.outbox.toArray();
    return new Set(entries.filter((e) => e.table === table).map((e) => e.row_id));
  }, [db, table]);
}
