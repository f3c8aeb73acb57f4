/**
 * Owns one drain of the outbox (the push): FIFO, the head cut into batches
 * of consecutive same-table, same-op entries, an entry deleted only after
 * the server acknowledged it. A permanent error splits the batch until the
 * bad entry is alone, which then moves to `rejected` with the server's code
 * and message while the rest goes on. Network, 5xx and 429 stop the drain
 * with the head untouched (order kept); 401 stops it for a session refresh.
 * Replays are safe: client ids make a resend a no-op (a create is an insert
 * with DO NOTHING, which needs no update policy; an edit rewrites the same
 * values).
 */
import type { TenantDb } from './local-db';
import type { StoredOutboxEntry } from './outbox-types';
import { MAX_BATCH_ROWS, splitBatch, takeFirstBatch } from './outbox-batching';
import { classifySyncError, type SyncErrorInfo } from './sync-errors';
import type { SyncTransport } from './sync-transport';

/** Called at every await point of a push; tests use it to abandon the engine there. */
export type Checkpoint = (label: string) => void | Promise<void>;

export type PushOutcome =
  | { kind: 'drained'; sent: number; rejected: number; requests: number }
  | { kind: 'retry'; error: SyncErrorInfo; sent: number; rejected: number; requests: number }
  | { kind: 'auth'; error: SyncErrorInfo; token: string | null; sent: number; rejected: number; requests: number };

export interface PushDeps {
  db: TenantDb;
  transport: SyncTransport;
  batchRows?: number;
  checkpoint?: Checkpoint;
}

/** Requests' worth of entries read from the outbox at once. */
const WINDOW_BATCHES = 4;

type Step = { kind: 'ok' } | { kind: 'retry'; error: SyncErrorInfo } | { kind: 'auth'; error: SyncErrorInfo; token: string | null };

export async function pushOutbox(deps: PushDeps): Promise<PushOutcome> {
  const { db, transport } = deps;
  const batchRows = deps.batchRows ?? MAX_BATCH_ROWS;
  const cp = async (label: string): Promise<void> => {
    await deps.checkpoint?.(label);
  };
  const tally = { sent: 0, rejected: 0, requests: 0 };

  // Acknowledged batches are deleted while the next request is in flight
  // (the server already has them: a crash before the delete only means an
  // idempotent resend). Failures surface at the next read or at the end.
  let acks: Promise<void> = Promise.resolve();
  let ackError: unknown = null;
  const settleAcks = async (): Promise<void> => {
    await acks;
    if (ackError) throw ackError;
  };
  const ack = (entries: readonly StoredOutboxEntry[]): void => {
    const first = entries[0];
    const last = entries.at(-1);
    if (!first || !last) return;
    tally.sent += entries.length;
    acks = acks
      .then(async () => {
        // A batch is a run of consecutive outbox entries and seq only grows
        // (IndexedDB key generators never go back), so the key range
        // [first, last] holds exactly the batch: one range delete.
        await db.outbox.where('seq').between(first.seq, last.seq, true, true).delete();
        await cp('after-ack');
      })
      .catch((e: unknown) => {
        ackError ??= e;
      });
  };

  const reject = async (entry: StoredOutboxEntry, error: SyncErrorInfo): Promise<void> => {
    // One transaction: the entry is in exactly one of outbox or rejected.
    await db.transaction('rw', db.outbox, db.rejected, async () => {
      await db.rejected.add({ entry, error, rejected_at: new Date().toISOString(), table: entry.table, row_id: entry.row_id });
      await db.outbox.delete(entry.seq);
    });
    tally.rejected += 1;
  };

  const markAttempt = async (entries: readonly StoredOutboxEntry[]): Promise<void> => {
    await db.outbox
      .where('seq')
      .anyOf(entries.map((e) => e.seq))
      .modify((e) => {
        e.attempts += 1;
      });
  };

  const sendIsolating = async (batch: StoredOutboxEntry[]): Promise<Step> => {
    const first = batch[0];
    if (!first) return { kind: 'ok' };
    await cp('before-send');
    tally.requests += 1;
    const res = await transport.send(first.table, first.op, batch);
    await cp('after-send');
    if (res.ok) {
      ack(batch);
      return { kind: 'ok' };
    }
    const cls = classifySyncError(res.error);
    if (cls === 'retry') {
      await markAttempt(batch);
      return { kind: 'retry', error: res.error };
    }
    if (cls === 'auth') return { kind: 'auth', error: res.error, token: res.token };
    if (batch.length === 1) {
      await reject(first, res.error);
      await cp('after-reject');
      return { kind: 'ok' };
    }
    // The halves go in order; the first must be settled before the second.
    for (const half of splitBatch(batch)) {
      const step = await sendIsolating(half);
      if (step.kind !== 'ok') return step;
    }
    return { kind: 'ok' };
  };

  // The outbox is read a window at a time (several requests' worth); only
  // this leader removes entries, and new ones only get higher seqs, so the
  // window stays valid while it is worked through. A full window's
  // successor is read while the window is being sent, so a long queue's
  // requests do not wait on the device's reads.
  const windowSize = batchRows * WINDOW_BATCHES;
  const readAfter = (seq: number) => db.outbox.where('seq').above(seq).limit(windowSize).toArray() as Promise<StoredOutboxEntry[]>;
  let window: StoredOutboxEntry[] = [];
  let next: Promise<StoredOutboxEntry[]> | null = null;
  let cursor = -Infinity;
  const finish = async <T extends PushOutcome>(outcome: T): Promise<T> => {
    await settleAcks();
    return outcome;
  };
  for (;;) {
    if (!window.length) {
      // A failed delete surfaces here; those still running need not be waited for: they only touch entries below the cursor.
      if (ackError) await settleAcks();
      await cp('before-read');
      window = next ? await next : [];
      next = null;
      // An empty read-ahead may predate entries queued since: only a read made now can say the outbox is drained.
      if (!window.length) window = await readAfter(cursor);
      await cp('after-read');
      if (!window.length) return finish({ kind: 'drained', ...tally });
      const last = window.at(-1);
      // A failed read-ahead is read again, in order, when its window is due.
      if (window.length === windowSize && last) next = readAfter(last.seq).catch(() => []);
    }
    const batch = takeFirstBatch(window, batchRows);
    window = window.slice(batch.length);
    const step = await sendIsolating(batch);
    if (step.kind !== 'ok') return finish({ ...step, ...tally });
    cursor = batch.at(-1)?.seq ?? cursor;
  }
}
