/**
 * Owns every local write features make: one Dexie transaction holding the
 * cache row, its outbox entry and the table's write count (table-writes.ts,
 * which kept views of a table rely on), resolved only once all are
 * committed, so a "saved" on screen means the change survives a closed tab
 * or a dead battery. Ids are made here (crypto.randomUUID) so a replay is idempotent.
 *
 * A create is queued as op 'insert' (sent as INSERT ... ON CONFLICT (id) DO
 * NOTHING), so replaying one whose response was lost is a no-op that needs
 * only the insert policy: a role that may create a row but not change it
 * (office staff filing a maintenance record) is not refused with 42501. An
 * edit of a row is its own later entry, an upsert or update that does
 * change the server's row.
 */
import type { TenantDb } from './local-db';
import { noteLocalWrite } from './local-writes';
import { noteTableWrite } from './table-writes';
import type { CacheRow, OutboxEntry, OutboxOp } from './outbox-types';
import type { LocalPhoto } from './photo-types';
import { dropUploadedPhotoBytes } from './photo-room';
import { guardQuota, StorageFullError } from './storage';

/** What a record's write frees on a full device before it gives up: a few photos' worth. */
const ROOM_FOR_A_RECORD = 4 * 1024 * 1024;
import { APPEND_ONLY_TABLES, SERVER_WRITTEN_TABLES, type SyncedTable } from './sync-tables';

export class AppendOnlyError extends Error {
  override readonly name = 'AppendOnlyError';
}

/** A write to a table only the server writes (sweeps go through their RPCs). */
export class ServerWrittenError extends Error {
  override readonly name = 'ServerWrittenError';
}

function refuseServerWritten(table: SyncedTable): void {
  if (SERVER_WRITTEN_TABLES.has(table)) throw new ServerWrittenError(`${table} is written by the server only.`);
}

function nowIso(): string {
  return new Date().toISOString();
}

async function writeWithOutbox(
  db: TenantDb,
  table: SyncedTable,
  op: OutboxOp,
  id: string,
  build: (existing: CacheRow | undefined) => { row: CacheRow | null; payload: Record<string, unknown> },
  photos: readonly LocalPhoto[] = [],
): Promise<CacheRow | null> {
  // Every queued write passes here: a server-written table never gets an outbox entry.
  refuseServerWritten(table);
  const cache = db.cache(table);
  // Every write is a new entry, never merged into a queued one: a create may
  // already be on the server with its response lost, and its replay does
  // nothing, so an edit folded into it would be dropped.
  const write = () =>
    guardQuota(() =>
      db.transaction('rw', photos.length ? [cache, db.outbox, db.meta, db.photos] : [cache, db.outbox, db.meta], async (tx) => {
        const existing = await cache.get(id);
        const { row, payload } = build(existing);
        if (row) await cache.put(row);
        else await cache.delete(id);
        await noteTableWrite(db, tx, table);
        const entry: OutboxEntry = { table, op, row_id: id, payload, created_at: nowIso(), attempts: 0 };
        await db.outbox.add(entry);
        // A photo is stored with its row or not at all: never a photo whose row was not saved.
        if (photos.length) await db.photos.bulkAdd([...photos]);
        return row;
      }),
    );
  let row: CacheRow | null;
  try {
    row = await write();
  } catch (e) {
    // A full device: uploaded photos' bytes make room (oldest first) before a record is refused. A write with
    // photos makes its own room, sized to them (photo-writes.ts).
    if (!(e instanceof StorageFullError) || photos.length || (await dropUploadedPhotoBytes(db, ROOM_FOR_A_RECORD)) === 0) throw e;
    row = await write();
  }
  // Committed: the status must count it before the caller says "saved".
  noteLocalWrite(db);
  return row;
}

export interface DoorCheckInput {
  door_id: string;
  /** Any other door_log columns (state, notes, ...), sent as given. */
  [column: string]: unknown;
}

/**
 * Records a door check (a door_log insert) as the signed-in user; the
 * server requires user_id = auth.uid(), which is the user this database
 * belongs to.
 */
export async function recordDoorCheck(db: TenantDb, input: DoorCheckInput): Promise<CacheRow> {
  return insertRow(db, 'door_log', { ...input, user_id: db.binding.userId });
}

/**
 * The op for a write that may create: a fresh id is a create, sent with
 * DO NOTHING on a replay. An id the caller names may already be on the
 * server (a row not pulled yet, a derived id such as a door's condition
 * override, a tombstone being revived): DO NOTHING would drop that change,
 * so it stays an upsert. Append-only rows are only ever inserted.
 */
function createOp(table: SyncedTable, namedId: string | null): OutboxOp {
  return APPEND_ONLY_TABLES.has(table) || namedId === null ? 'insert' : 'upsert';
}

function namedId(values: Record<string, unknown>): string | null {
  return typeof values.id === 'string' ? values.id : null;
}

/**
 * Inserts a new row (append-only tables, or a new row of a mutable one); left-out columns take the server's defaults.
 * `photos` (already naming this row's id) are stored in the same transaction (photo-writes.ts).
 */
export async function insertRow(
  db: TenantDb,
  table: SyncedTable,
  values: Record<string, unknown>,
  photos: readonly LocalPhoto[] = [],
  /** An id made for this new row by the caller (its photos name it): still a create, sent as an insert. */
  freshId?: string,
): Promise<CacheRow> {
  const named = namedId(values);
  const id = named ?? freshId ?? crypto.randomUUID();
  if (photos.some((p) => p.table !== table || p.row_id !== id)) throw new Error('A photo must name the row it is stored with.');
  const payload = { ...values, id };
  // The cache copy gets a local created_at so "newest first" lists place it at once;
  // the server keeps its own unless the caller sent one.
  const row: CacheRow = { created_at: nowIso(), ...payload };
  const written = await writeWithOutbox(db, table, createOp(table, named), id, () => ({ row, payload }), photos);
  return written ?? row;
}

/** Creates or replaces a whole row (merged over the cached one) in a mutable table. */
export async function upsertRow(db: TenantDb, table: SyncedTable, values: Record<string, unknown>): Promise<CacheRow> {
  if (APPEND_ONLY_TABLES.has(table)) throw new AppendOnlyError(`${table} is append-only: record a new entry instead of changing one.`);
  const named = namedId(values);
  const id = named ?? crypto.randomUUID();
  const written = await writeWithOutbox(db, table, createOp(table, named), id, (existing) => {
    const row: CacheRow = { ...(existing ?? { created_at: nowIso() }), ...values, id };
    return { row, payload: row };
  });
  if (!written) throw new Error('unreachable: upsert always writes a row');
  return written;
}

/**
 * Changes some columns of an existing row (an UPDATE, for tables where the
 * user may change but not create rows, such as users).
 */
export async function updateRow(db: TenantDb, table: SyncedTable, id: string, patch: Record<string, unknown>): Promise<CacheRow> {
  if (APPEND_ONLY_TABLES.has(table)) throw new AppendOnlyError(`${table} is append-only: record a new entry instead of changing one.`);
  const written = await writeWithOutbox(db, table, 'update', id, (existing) => ({
    row: { ...(existing ?? {}), ...patch, id },
    payload: { ...patch },
  }));
  if (!written) throw new Error('unreachable: update always writes a row');
  return written;
}

/** Removes a row here at once and sends a tombstone (deleted_at) so other devices drop it too. */
export async function softDeleteRow(db: TenantDb, table: SyncedTable, id: string): Promise<void> {
  if (APPEND_ONLY_TABLES.has(table)) throw new AppendOnlyError(`${table} is append-only: entries are never removed.`);
  await writeWithOutbox(db, table, 'delete', id, () => ({ row: null, payload: { deleted_at: nowIso() } }));
}
