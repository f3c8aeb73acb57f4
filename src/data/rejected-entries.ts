/**
 * Owns what the user can do with a change the server refused: see it with
 * the server's message, send it again (after fixing the cause), or discard
 * it. A retried entry goes to the end of the outbox. A discarded one is
 * gone, and its row is read again from the server on the next pull so the
 * cache stops showing a change the server never took.
 */
import type { TenantDb } from './local-db';
import type { RejectedEntry } from './outbox-types';
import { emptySyncState } from './pull';

export function listRejected(db: TenantDb): Promise<RejectedEntry[]> {
  return db.rejected.orderBy('id').toArray();
}

export async function retryRejected(db: TenantDb, id: number): Promise<void> {
  await db.transaction('rw', db.rejected, db.outbox, async () => {
    const r = await db.rejected.get(id);
    if (!r) return;
    const { seq: _oldSeq, ...entry } = r.entry;
    await db.outbox.add({ ...entry, attempts: 0 });
    await db.rejected.delete(id);
  });
}

export async function retryAllRejected(db: TenantDb): Promise<void> {
  for (const r of await listRejected(db)) if (r.id !== undefined) await retryRejected(db, r.id);
}

export async function discardRejected(db: TenantDb, id: number): Promise<void> {
  await db.transaction('rw', db.rejected, db.sync_state, async () => {
    const r = await db.rejected.get(id);
    if (!r) return;
    await db.rejected.delete(id);
    const state = (await db.sync_state.get(r.table)) ?? emptySyncState(r.table);
    if (!state.refetch.includes(r.row_id)) await db.sync_state.put({ ...state, refetch: [...state.refetch, r.row_id] });
  });
}
