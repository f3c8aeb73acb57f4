/**
 * Owns the reads screens make from the local cache, as plain async
 * functions (tests, loaders) that the live-query hooks wrap. Soft-deleted
 * rows are removed from the cache on pull, so nothing here filters them.
 */
import Dexie, { type IndexableType } from 'dexie';
import type { TenantDb } from './local-db';
import type { CacheRow } from './outbox-types';
import type { SyncedTable } from './sync-tables';

export function getRow(db: TenantDb, table: SyncedTable, id: string): Promise<CacheRow | undefined> {
  return db.cache(table).get(id);
}

/**
 * Rows read per request by listRows: the rows of one request are turned into objects in one task, and a district's
 * 5,000 doors in one request were a 40-60 ms task on a phone (traced at 4x). 1,000 were still tasks of 30-76 ms on a
 * slower machine (Long Animation Frames: the request's success callback), so 500: the pages are asked for at once, so
 * more of them add no round trip.
 */
export const ROWS_PER_READ = 500;

/**
 * Every row of the table in primary-key order, in one read transaction (one snapshot). A table of more than a page
 * is read a page at a time, each page arriving as a task of its own, so a large table never freezes the screen: the
 * first page and the rest's primary keys are asked for together, then every other page at once, so the store answers
 * them one after another without a round trip between pages.
 */
export function listRows(db: TenantDb, table: SyncedTable): Promise<CacheRow[]> {
  const rows = db.cache(table);
  return db.transaction('r', rows, async () => {
    const [all, keys] = await Promise.all([rows.limit(ROWS_PER_READ).toArray(), rows.toCollection().primaryKeys()]);
    const starts: string[] = [];
    for (let i = ROWS_PER_READ; i < keys.length; i += ROWS_PER_READ) starts.push(String(keys[i]));
    const pages = starts.map((from, i) =>
      rows
        .where(':id')
        .between(from, starts[i + 1] ?? Dexie.maxKey, true, false)
        .toArray(),
    );
    // A page that fails leaves the later ones unawaited: theirs is the same failure, reported once.
    for (const page of pages) page.catch(() => undefined);
    for (const page of pages) for (const row of await page) all.push(row);
    return all;
  });
}

export function countRows(db: TenantDb, table: SyncedTable): Promise<number> {
  return db.cache(table).count();
}

/** The rows of these ids that the cache holds (a list's few referenced doors or users, not the whole table). */
export async function getRows(db: TenantDb, table: SyncedTable, ids: readonly string[]): Promise<CacheRow[]> {
  const rows = await db.cache(table).bulkGet([...new Set(ids)]);
  return rows.filter((r): r is CacheRow => r !== undefined);
}

/**
 * How many rows hold `key` in `index` (an array for a compound index),
 * counted by the store from the index alone: no row is read, so counting
 * 5,000 doors by status costs what counting 50 does.
 */
export function countRowsWhere(db: TenantDb, table: SyncedTable, index: string, key: IndexableType): Promise<number> {
  return db.cache(table).where(index).equals(key).count();
}

/** How many rows of a compound index start with `first` (work orders of one priority, any status). */
export function countRowsStartingWith(db: TenantDb, table: SyncedTable, index: string, first: string): Promise<number> {
  return db.cache(table).where(index).between([first, Dexie.minKey], [first, Dexie.maxKey], true, true).count();
}

export function listRowsWhere(db: TenantDb, table: SyncedTable, index: string, key: IndexableType): Promise<CacheRow[]> {
  return db.cache(table).where(index).equals(key).toArray();
}

/** Rows whose indexed text starts with `prefix`. */
export function listRowsWithPrefix(db: TenantDb, table: SyncedTable, index: string, prefix: string): Promise<CacheRow[]> {
  return db.cache(table).where(index).startsWith(prefix).toArray();
}

export async function listDoorsByCampus(db: TenantDb, campusId: string): Promise<CacheRow[]> {
  const doors = await db.cache('doors').where('campus_id').equals(campusId).toArray();
  return doors.sort((a, b) => String(a.door_number ?? '').localeCompare(String(b.door_number ?? ''), undefined, { numeric: true }));
}

/** A door's checks, newest first, through the [door_id+created_at] index. */
export function listDoorLogsByDoor(db: TenantDb, doorId: string, limit = 50): Promise<CacheRow[]> {
  return db.cache('door_log').where('[door_id+created_at]').between([doorId, ''], [doorId, '\uffff']).reverse().limit(limit).toArray();
}

/** Door checks created in [fromIso, toIso), newest first (today's checks, reports). */
export function listDoorLogsBetween(db: TenantDb, fromIso: string, toIso: string): Promise<CacheRow[]> {
  return db.cache('door_log').where('created_at').between(fromIso, toIso, true, false).reverse().toArray();
}

/** Open maintenance records of one door. */
export function listMaintenanceByDoor(db: TenantDb, doorId: string): Promise<CacheRow[]> {
  return db.cache('maintenance_records').where('door_id').equals(doorId).toArray();
}

/** A work order's comments, oldest first, through the [record_id+created_at] index. */
export function listMaintenanceComments(db: TenantDb, recordId: string): Promise<CacheRow[]> {
  return db.cache('maintenance_comments').where('[record_id+created_at]').between([recordId, ''], [recordId, '\uffff']).toArray();
}

/** Tables whose cache has a created_at index. */
export type NewestTable = 'door_log' | 'maintenance_records' | 'incidents';

/** The `limit` newest rows by created_at, through its index (a dashboard's recent activity). */
export function listNewest(db: TenantDb, table: NewestTable, limit: number): Promise<CacheRow[]> {
  return db.cache(table).orderBy('created_at').reverse().limit(limit).toArray();
}

/**
 * Rows whose indexed `index` holds none of `values` (open work orders by
 * status, say), read through the index: a cache of 20,000 mostly resolved
 * records yields only the few still open. Read as the ranges between the
 * excluded values, each one bulk read (Dexie's noneOf walks a cursor, one
 * round trip per row).
 */
export async function listRowsWhereNoneOf(db: TenantDb, table: SyncedTable, index: string, values: readonly string[]): Promise<CacheRow[]> {
  const cuts = [...new Set(values)].sort();
  const t = db.cache(table);
  const ranges = cuts.map((v, i) =>
    t
      .where(index)
      .between(i === 0 ? Dexie.minKey : cuts[i - 1], v, i === 0, false)
      .toArray(),
  );
  ranges.push(
    t
      .where(index)
      .above(cuts[cuts.length - 1] ?? Dexie.minKey)
      .toArray(),
  );
  return (await Promise.all(ranges)).flat();
}
