/**
 * How many times each cache table was written on this device, counted in
 * the same transaction as the write: a local write with its outbox entry
 * (repositories.ts), a pull's page (pull.ts), a sweep the server answered
 * with (sweeps-api.ts). A screen that keeps a view of a table between
 * visits (the security board's doors) compares this count with the one its
 * view was read at, and so knows the table is unchanged without reading it.
 * Every write to a cache table must pass through one of those writers, or
 * bump the count itself in its own transaction.
 */
import type { Transaction } from 'dexie';
import type { TenantDb } from './local-db';
import type { SyncedTable } from './sync-tables';

const PREFIX = 'writes:';

/** Counts one write of `table` in `tx`, the read-write transaction that writes it and holds `db.meta`. */
export async function noteTableWrite(db: TenantDb, tx: Transaction, table: SyncedTable): Promise<void> {
  // Counted apart from its write, a count could be lost while the write stands, and a view would stand on stale rows.
  if (tx.mode !== 'readwrite' || !tx.storeNames.includes('meta') || !tx.storeNames.includes(db.cache(table).name))
    throw new Error(`A write of ${table} must be counted in its own read-write transaction, with the meta store.`);
  const key = PREFIX + table;
  const row = await db.meta.get(key);
  const before = typeof row?.value === 'number' ? row.value : 0;
  await db.meta.put({ key, value: before + 1 });
}

/** How many writes of `table` were counted (0 before the first). */
export async function tableWrites(db: TenantDb, table: SyncedTable): Promise<number> {
  const row = await db.meta.get(PREFIX + table);
  return typeof row?.value === 'number' ? row.value : 0;
}
