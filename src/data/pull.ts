/**
 * Owns the pull: per table, the rows whose updated_at is after the stored
 * watermark, read in keyset pages on (updated_at, id) starting an overlap
 * window before the watermark. Each page is applied in one transaction with
 * the watermark move, so a crash never leaves the watermark ahead of the
 * data. Tombstones (deleted_at set) remove the cache row; a row with a
 * pending outbox entry is never overwritten (the local change wins until the
 * server has it; the next pull after the push brings the server's version).
 * A table the server says does not exist is marked in its sync_state row
 * (missing_on_server_at) so screens can tell "not there" from "not pulled yet".
 */
import type { Checkpoint } from './push';
import type { TenantDb } from './local-db';
import type { CacheRow, SyncState } from './outbox-types';
import { compareCursor, overlapStart, type Cursor } from './pull-cursor';
import { classifySyncError, type SyncErrorInfo } from './sync-errors';
import type { SyncedTable } from './sync-tables';
import type { SyncTransport } from './sync-transport';

export const DEFAULT_PAGE_SIZE = 1000;
export const DEFAULT_OVERLAP_MS = 30_000;

export interface PullDeps {
  db: TenantDb;
  transport: SyncTransport;
  pageSize?: number;
  overlapMs?: number;
  /** Called after each applied page: the engine throws here once it is stopping, so a long first pull never holds a sign-out. */
  checkpoint?: Checkpoint;
}

export type PullOutcome =
  | { kind: 'ok'; applied: number; requests: number }
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
  return { table, updated_at: null, id: null, refetch: [], last_pull_at: null, last_error: null };
}

/** Makes the next pull of `tables` read them from the beginning (what was asked to refetch stays asked). */
export async function resetWatermarks(db: TenantDb, tables: readonly SyncedTable[]): Promise<void> {
  await db.transaction('rw', db.sync_state, async () => {
    for (const table of tables) {
      const state = (await db.sync_state.get(table)) ?? emptySyncState(table);
      await db.sync_state.put({ ...state, updated_at: null, id: null });
    }
  });
}

async function applyRows(
  db: TenantDb,
  table: SyncedTable,
  rows: readonly CacheRow[],
  opts: { cursor: Cursor | null; missingIds?: readonly string[]; clearRefetch?: boolean },
): Promise<number> {
  const cache = db.cache(table);
  let applied = 0;
  await db.transaction('rw', [cache, db.outbox, db.sync_state], async () => {
    const ids = [...rows.map((r) => r.id), ...(opts.missingIds ?? [])];
    const pendingRows = ids.length
      ? await db.outbox
          .where('[table+row_id]')
          .anyOf(ids.map((id) => [table, id]))
          .toArray()
      : [];
    const pending = new Set(pendingRows.map((e) => e.row_id));
    const puts: CacheRow[] = [];
    const deletes: string[] = [];
    for (const row of rows) {
      if (pending.has(row.id)) continue;
      if (row.deleted_at != null) deletes.push(row.id);
      else puts.push(row);
    }
    for (const id of opts.missingIds ?? []) if (!pending.has(id)) deletes.push(id);
    if (puts.length) await cache.bulkPut(puts);
    if (deletes.length) await cache.bulkDelete(deletes);
    applied = puts.length + deletes.length;
    const state = (await db.sync_state.get(table)) ?? emptySyncState(table);
    const watermark = state.updated_at && state.id ? { updated_at: state.updated_at, id: state.id } : null;
    const next = opts.cursor && (!watermark || compareCursor(opts.cursor, watermark) > 0) ? opts.cursor : watermark;
    const pulled: PullState = {
      ...state,
      updated_at: next?.updated_at ?? null,
      id: next?.id ?? null,
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
    applied += await applyRows(db, table, r.rows, {
      cursor: null,
      missingIds: state.refetch.filter((id) => !found.has(id)),
      clearRefetch: true,
    });
  }

  const since = state.updated_at ? overlapStart(state.updated_at, overlapMs) : null;
  let after: Cursor | null = null;
  for (;;) {
    requests += 1;
    const r = await transport.page({ table, since, after, limit: pageSize });
    if (!r.ok) return failed(r.error, r.token);
    const last = cursorOf(r.rows.at(-1));
    applied += await applyRows(db, table, r.rows, { cursor: last });
    if (r.rows.length < pageSize || !last) break;
    await deps.checkpoint?.('pull-page');
    after = last;
  }
  return { kind: 'ok', applied, requests };
}
