/**
 * Owns the pull: per table, the rows whose updated_at is after the stored
 * watermark, read in keyset pages on (updated_at, id) starting an overlap
 * window before the watermark, so a transaction that commits late with an
 * older updated_at is still seen. The window shrinks once it has done its
 * work: a watermark is settled by a complete pull that started at least the
 * overlap after the pull that reached it (any transaction older than the
 * watermark has committed by then, as none outlives the overlap), and later
 * pulls resume after the settled point. Otherwise rows written together (an
 * import, a seed) would be sent again on every pull until a newer row came. Each page is applied in one transaction with
 * the watermark move (and, when it changed rows, the table's write count,
 * table-writes.ts), so a crash never leaves the watermark ahead of the
 * data. Tombstones (deleted_at set) remove the cache row; a row with a
 * pending outbox entry is never overwritten (the local change wins until the
 * server has it; the next pull after the push brings the server's version).
 * A table the server says does not exist is marked in its sync_state row
 * (missing_on_server_at) so screens can tell "not there" from "not pulled yet".
 */
import type { Checkpoint } from './push';
import { noteTableWrite } from './table-writes';
import type { TenantDb } from './local-db';
import type { CacheRow, SyncState } from './outbox-types';
import { compareCursor, overlapStart, type Cursor } from './pull-cursor';
import { sameRow } from './same-row';
import { classifySyncError, type SyncErrorInfo } from './sync-errors';
import type { SyncedTable } from './sync-tables';
import type { SyncTransport } from './sync-transport';

export const DEFAULT_PAGE_SIZE = 1000;
/** Rows read from and written to the cache per request within a page's transaction. */
const ROWS_PER_REQUEST = 200;
export const DEFAULT_OVERLAP_MS = 30_000;

export interface PullDeps {
  db: TenantDb;
  transport: SyncTransport;
  pageSize?: number;
  overlapMs?: number;
  /** The device clock (tests pass their own); only its differences matter. */
  now?: () => number;
  /** Called after each applied page: the engine throws here once it is stopping, so a long first pull never holds a sign-out. */
  checkpoint?: Checkpoint;
}

export type PullOutcome =
  /** applied: rows that changed the cache; received: rows the server sent (the same rows again within the overlap). */
  | { kind: 'ok'; applied: number; received: number; requests: number }
  /** The table cannot be read (missing on this server, not allowed): other tables go on. */
  | { kind: 'skipped'; error: SyncErrorInfo; requests: number }
  | { kind: 'retry'; error: SyncErrorInfo; requests: number }
  | { kind: 'auth'; error: SyncErrorInfo; token: string | null; requests: number };

/** PostgREST's "table not in the schema cache": the table does not exist on this server. */
export const TABLE_MISSING_CODE = 'PGRST205';

/** A sync_state row as the pull writes it (kept as a name for readers of pull state). */
export type PullState = SyncState;

/** Whether the server's last answer for this table was that it does not exist. */
export function tableMissingOnServer(state: PullState | undefined): boolean {
  return typeof state?.missing_on_server_at === 'string';
}

export function emptySyncState(table: SyncedTable): SyncState {
  return { table, updated_at: null, id: null, refetch: [], last_pull_at: null, last_error: null, settled: null, settle_next: null };
}

/** Makes the next pull of `tables` read them from the beginning (what was asked to refetch stays asked). */
export async function resetWatermarks(db: TenantDb, tables: readonly SyncedTable[]): Promise<void> {
  await db.transaction('rw', db.sync_state, async () => {
    for (const table of tables) {
      const state = (await db.sync_state.get(table)) ?? emptySyncState(table);
      await db.sync_state.put({ ...state, updated_at: null, id: null, settled: null, settle_next: null });
    }
  });
}

async function applyRows(
  db: TenantDb,
  table: SyncedTable,
  rows: readonly CacheRow[],
  opts: {
    cursor: Cursor | null;
    missingIds?: readonly string[];
    clearRefetch?: boolean;
    /** The pull's last page: when it started and when the watermark it reached may settle. */
    complete?: { startedMs: number; nextAtMs: number };
  },
): Promise<number> {
  const cache = db.cache(table);
  let applied = 0;
  await db.transaction('rw', [cache, db.outbox, db.sync_state, db.meta], async (tx) => {
    const ids = [...rows.map((r) => r.id), ...(opts.missingIds ?? [])];
    const pendingRows = ids.length
      ? await db.outbox
          .where('[table+row_id]')
          .anyOf(ids.map((id) => [table, id]))
          .toArray()
      : [];
    const pending = new Set(pendingRows.map((e) => e.row_id));
    const candidates = ids.filter((id) => !pending.has(id));
    const stored = new Map<string, CacheRow>();
    // Read as written, a batch per request: a page's 1,000 gets were issued in one loop and answered in one task.
    for (let from = 0; from < candidates.length; from += ROWS_PER_REQUEST) {
      const batch = candidates.slice(from, from + ROWS_PER_REQUEST);
      (await cache.bulkGet(batch)).forEach((row, i) => {
        const id = batch[i];
        if (row && id !== undefined) stored.set(id, row);
      });
    }
    const puts: CacheRow[] = [];
    const deletes: string[] = [];
    for (const row of rows) {
      if (pending.has(row.id)) continue;
      if (row.deleted_at != null) {
        if (stored.has(row.id)) deletes.push(row.id);
      } else if (!sameRow(stored.get(row.id), row)) puts.push(row);
    }
    for (const id of opts.missingIds ?? []) if (!pending.has(id) && stored.has(id)) deletes.push(id);
    // A few hundred rows per request: a page's rows are serialized on the main thread, and 1,000 at once are one long task on a phone.
    for (let from = 0; from < puts.length; from += ROWS_PER_REQUEST) await cache.bulkPut(puts.slice(from, from + ROWS_PER_REQUEST));
    if (deletes.length) await cache.bulkDelete(deletes);
    applied = puts.length + deletes.length;
    if (applied > 0) await noteTableWrite(db, tx, table);
    const state = (await db.sync_state.get(table)) ?? emptySyncState(table);
    const watermark = watermarkOf(state);
    const next = opts.cursor && (!watermark || compareCursor(opts.cursor, watermark) > 0) ? opts.cursor : watermark;
    const moved = { ...state, updated_at: next?.updated_at ?? null, id: next?.id ?? null };
    const pulled: PullState = {
      ...moved,
      ...(opts.complete ? settle(moved, opts.complete.startedMs, opts.complete.nextAtMs) : {}),
      refetch: opts.clearRefetch ? [] : state.refetch,
      last_pull_at: new Date().toISOString(),
      last_error: null,
      missing_on_server_at: null,
    };
    await db.sync_state.put(pulled);
  });
  return applied;
}

function cursorOf(row: CacheRow | undefined): Cursor | null {
  if (!row || typeof row.updated_at !== 'string') return null;
  return { updated_at: row.updated_at, id: row.id };
}

export async function pullTable(deps: PullDeps, table: SyncedTable): Promise<PullOutcome> {
  const { db, transport } = deps;
  const pageSize = deps.pageSize ?? DEFAULT_PAGE_SIZE;
  const overlapMs = deps.overlapMs ?? DEFAULT_OVERLAP_MS;
  let requests = 0;
  let applied = 0;
  let received = 0;

  const failed = async (error: SyncErrorInfo, token: string | null): Promise<PullOutcome> => {
    const cls = classifySyncError(error);
    if (cls === 'auth') return { kind: 'auth', error, token, requests };
    if (cls === 'retry') return { kind: 'retry', error, requests };
    const state = (await db.sync_state.get(table)) ?? emptySyncState(table);
    const skipped: PullState = {
      ...state,
      last_error: error,
      missing_on_server_at: error.code === TABLE_MISSING_CODE ? new Date().toISOString() : null,
    };
    await db.sync_state.put(skipped);
    return { kind: 'skipped', error, requests };
  };

  const state = (await db.sync_state.get(table)) ?? emptySyncState(table);
  if (state.refetch.length) {
    requests += 1;
    const r = await transport.byIds(table, state.refetch);
    if (!r.ok) return failed(r.error, r.token);
    const found = new Set(r.rows.map((row) => row.id));
    received += r.rows.length;
    applied += await applyRows(db, table, r.rows, {
      cursor: null,
      missingIds: state.refetch.filter((id) => !found.has(id)),
      clearRefetch: true,
    });
  }

  const now = deps.now ?? Date.now;
  const startedMs = now();
  const { since, after: resumeAfter } = pullStart(state, overlapMs);
  let after: Cursor | null = resumeAfter;
  for (;;) {
    requests += 1;
    const r = await transport.page({ table, since, after, limit: pageSize });
    if (!r.ok) return failed(r.error, r.token);
    const last = cursorOf(r.rows.at(-1));
    const complete = r.rows.length < pageSize || !last;
    received += r.rows.length;
    applied += await applyRows(db, table, r.rows, {
      cursor: last,
      ...(complete ? { complete: { startedMs, nextAtMs: now() + overlapMs } } : {}),
    });
    if (complete) break;
    await deps.checkpoint?.('pull-page');
    after = last;
  }
  return { kind: 'ok', applied, received, requests };
}

function watermarkOf(state: Pick<SyncState, 'updated_at' | 'id'>): Cursor | null {
  return state.updated_at && state.id ? { updated_at: state.updated_at, id: state.id } : null;
}

/** Where a pull begins: the overlap window before the watermark, or after the settled point when that is later. */
export function pullStart(state: SyncState, overlapMs: number): { since: string | null; after: Cursor | null } {
  if (!state.updated_at) return { since: null, after: null };
  const since = overlapStart(state.updated_at, overlapMs);
  const settled = state.settled ?? null;
  if (settled && compareCursor(settled, { updated_at: since, id: '' }) > 0) return { since: null, after: settled };
  return { since, after: null };
}

/**
 * After a complete pull: settles the waiting watermark if this pull started
 * late enough, and puts the current one up to wait (at most one waits, so
 * frequent pulls cannot keep pushing its turn back).
 */
function settle(state: SyncState, startedMs: number, nextAtMs: number): Pick<SyncState, 'settled' | 'settle_next'> {
  let settled = state.settled ?? null;
  let waiting = state.settle_next ?? null;
  if (waiting && startedMs >= waiting.at_ms) {
    const point = { updated_at: waiting.updated_at, id: waiting.id };
    if (!settled || compareCursor(point, settled) > 0) settled = point;
    waiting = null;
  }
  const mark = watermarkOf(state);
  if (!waiting && mark && (!settled || compareCursor(mark, settled) > 0)) waiting = { ...mark, at_ms: nextAtMs };
  return { settled, settle_next: waiting };
}
