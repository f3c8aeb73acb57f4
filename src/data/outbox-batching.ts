/**
 * Owns how the head of the outbox is cut into one request: consecutive
 * entries for the same table and operation, up to 500 rows (upserts also
 * with the same column set: a bulk upsert updates the columns it names, and
 * a row lacking one would get null or the default over the server's value).
 * Only consecutive entries are grouped, so nothing overtakes an earlier
 * entry of another table (a door created offline reaches the server before
 * its first check), and a create (insert, DO NOTHING) and a later edit of
 * the same row (upsert) never share a request: the edit is sent after the
 * create and still changes the row when the create was a replay.
 */
import type { OutboxEntry } from './outbox-types';
import { isServerOwnedColumn } from './sync-tables';

export const MAX_BATCH_ROWS = 500;

function columnSignature(e: OutboxEntry): string {
  // Server-owned columns are never sent, so they do not split a request.
  return Object.keys(e.payload)
    .filter((k) => !isServerOwnedColumn(e.table, k))
    .sort()
    .join(',');
}

/**
 * The first request's entries from an outbox head sorted by seq. Updates go
 * one per request (each has its own patch); a repeated row id starts a new
 * request, because one upsert statement may not touch a row twice.
 */
export function takeFirstBatch<E extends OutboxEntry>(head: readonly E[], maxRows: number = MAX_BATCH_ROWS): E[] {
  const first = head[0];
  if (!first) return [];
  if (first.op === 'update') return [first];
  const signature = columnSignature(first);
  const ids = new Set<string>();
  const batch: E[] = [];
  for (const e of head) {
    if (batch.length >= maxRows) break;
    if (e.table !== first.table || e.op !== first.op) break;
    // Inserts are sent with missing=default, so their column sets may differ;
    // an upsert only touches the columns it names, so those must match.
    if (e.op === 'upsert' && columnSignature(e) !== signature) break;
    if (ids.has(e.row_id)) break;
    ids.add(e.row_id);
    batch.push(e);
  }
  return batch;
}

/** Halves a rejected batch so the bad entry is isolated in about log2(n) steps. */
export function splitBatch<E>(batch: readonly E[]): [E[], E[]] {
  const mid = Math.ceil(batch.length / 2);
  return [batch.slice(0, mid), batch.slice(mid)];
}
