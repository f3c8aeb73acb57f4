/**
 * Owns the sync state of single rows, as a list shows it beside each one:
 * needs attention while the server has refused a change to the row (until
 * the user retries or discards it), pending while an outbox entry for it
 * waits, synced otherwise. A refused change outranks a waiting one: the row
 * will not reach the server as the user wrote it without their action.
 * Read through the [table+row_id] indexes of the outbox and rejected tables,
 * never by scanning either.
 */
import Dexie, { type Collection, type Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TenantDb } from './local-db';
import type { SyncErrorInfo } from './sync-errors';
import type { SyncedTable } from './sync-tables';

export type RowSyncState = 'pending' | 'needs-attention' | 'synced';

export interface RowSyncInfo {
  state: RowSyncState;
  /** The server's reason, for a row that needs attention. */
  error: SyncErrorInfo | null;
}

/** The rows of one table that are not synced, by id: a row not in the map is synced. */
export type RowSyncStates = ReadonlyMap<string, RowSyncInfo>;

const SYNCED: RowSyncInfo = { state: 'synced', error: null };

export function rowSyncInfo(states: RowSyncStates, id: string): RowSyncInfo {
  return states.get(id) ?? SYNCED;
}

function byRow<T>(t: Table<T, number>, table: SyncedTable, ids?: readonly string[]): Collection<T, number> {
  const where = t.where('[table+row_id]');
  return ids ? where.anyOf(ids.map((id) => [table, id])) : where.between([table, Dexie.minKey], [table, Dexie.maxKey]);
}

/** Every unsynced row of `table`, or only those of `ids` when given. */
export async function readRowSyncStates(db: TenantDb, table: SyncedTable, ids?: readonly string[]): Promise<Map<string, RowSyncInfo>> {
  // One snapshot: a retry moves an entry from rejected to the outbox in one
  // transaction, and two separate reads could miss it in both.
  const [queued, refused] = await db.transaction('r', db.outbox, db.rejected, () =>
    Promise.all([byRow(db.outbox, table, ids).uniqueKeys(), byRow(db.rejected, table, ids).sortBy('id')]),
  );
  const states = new Map<string, RowSyncInfo>();
  for (const key of queued) {
    const rowId = Array.isArray(key) ? key[1] : undefined;
    if (typeof rowId === 'string') states.set(rowId, { state: 'pending', error: null });
  }
  // Sorted by id, so the latest refusal of a row is the one kept.
  for (const r of refused) states.set(r.row_id, { state: 'needs-attention', error: r.error });
  return states;
}

/**
 * readRowSyncStates, live: undefined while the first read runs. With `ids`,
 * an id added to the list is answered one read later (the previous answer
 * shows meanwhile, which lacks it: synced); a list of rows that grows with
 * local writes should read the whole table instead.
 */
export function useRowSyncStates(db: TenantDb | null, table: SyncedTable, ids?: readonly string[]): RowSyncStates | undefined {
  // A string key so a new array with the same ids does not re-run the query.
  const key = ids ? ids.join(',') : null;
  return useLiveQuery(async () => {
    if (!db) return new Map<string, RowSyncInfo>();
    return readRowSyncStates(db, table, key === null ? undefined : key === '' ? [] : key.split(','));
  }, [db, table, key]);
}
