/**
 * Owns the shapes stored in a tenant's local database besides the cache
 * rows: outbox entries, rejected entries, pull watermarks and the binding
 * of the database to one tenant URL and user.
 */
import type { SyncErrorInfo } from './sync-errors';
import type { SyncedTable } from './sync-tables';

/** A cache row: whatever columns the server has, keyed by uuid `id`. */
export type CacheRow = { id: string } & Record<string, unknown>;

/**
 * insert: a create, of an append-only row or of a new row with a fresh id
 * (ON CONFLICT (id) DO NOTHING: a replay is a no-op needing only the insert
 * policy); upsert: a whole row (ON CONFLICT (id) DO UPDATE); update: a patch
 * of one row; delete: a soft delete (deleted_at) of one row.
 */
export type OutboxOp = 'insert' | 'upsert' | 'update' | 'delete';

export interface OutboxEntry {
  /** Auto-increment: the FIFO order across every table. */
  seq?: number;
  table: SyncedTable;
  op: OutboxOp;
  row_id: string;
  payload: Record<string, unknown>;
  /** ISO time of the local write (age of the oldest pending entry). */
  created_at: string;
  /** Failed sends so far (network, 5xx, 429). */
  attempts: number;
}

export type StoredOutboxEntry = OutboxEntry & { seq: number };

export interface RejectedEntry {
  id?: number;
  entry: StoredOutboxEntry;
  error: SyncErrorInfo;
  rejected_at: string;
  /** Same index shape as the outbox so a row with a rejected change is known to differ. */
  table: SyncedTable;
  row_id: string;
}

export interface SyncState {
  table: SyncedTable;
  /** Keyset watermark: the last (updated_at, id) applied from the server. */
  updated_at: string | null;
  id: string | null;
  /** Row ids to read again by id (after a rejected local change was discarded). */
  refetch: string[];
  last_pull_at: string | null;
  last_error: SyncErrorInfo | null;
  /**
   * When the server last said this table does not exist (PGRST205); null once
   * a pull succeeds. Optional: Dexie stores whole objects, so rows written
   * before the field existed simply lack it (no schema version needed).
   */
  missing_on_server_at?: string | null;
  /**
   * Rows up to this (updated_at, id) are all here: no late commit can still
   * land at or before it (pull.ts), so pulls resume after it instead of
   * re-reading the whole overlap window. Optional for rows written before it existed.
   */
  settled?: { updated_at: string; id: string } | null;
  /** The watermark to settle once a pull starts at or after `at_ms` (device clock) and completes. */
  settle_next?: { updated_at: string; id: string; at_ms: number } | null;
}

export interface MetaRow {
  key: string;
  value: unknown;
}
