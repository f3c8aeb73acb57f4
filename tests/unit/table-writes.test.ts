/**
 * The per-table write counter (src/data/table-writes.ts) in a real IndexedDB
 * store: counted in the write's own transaction, refused anywhere else, so
 * a count can never be lost while its write stands; and no module outside
 * the three counting writers writes a cache table.
 */
import 'fake-indexeddb/auto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tableWrites, type TenantDb } from '../../src/data';
import { openTenantDb } from '../../src/data/local-db';
import { noteTableWrite } from '../../src/data/table-writes';

let db: TenantDb;
let n = 0;
beforeEach(async () => {
  db = await openTenantDb({ slug: `table-writes-${++n}`, url: 'http://x.invalid/t/table-writes', anonKey: 'x', userId: 'u1' });
});
afterEach(() => db.close());

describe('table writes', () => {
  it('counts in the write’s transaction, and a write rolled back takes its count with it', async () => {
    const doors = db.cache('doors');
    await db.transaction('rw', [doors, db.meta], async (tx) => {
      await doors.put({ id: 'd1' });
      await noteTableWrite(db, tx, 'doors');
    });
    expect(await tableWrites(db, 'doors')).toBe(1);
    await expect(
      db.transaction('rw', [doors, db.meta], async (tx) => {
        await doors.put({ id: 'd2' });
        await noteTableWrite(db, tx, 'doors');
        throw new Error('the write fails after counting');
      }),
    ).rejects.toThrow('the write fails after counting');
    expect(await tableWrites(db, 'doors')).toBe(1);
    expect(await doors.get('d2')).toBeUndefined();
    expect(await tableWrites(db, 'campus')).toBe(0);
  });

  it('refuses to count outside a read-write transaction holding the table and meta', async () => {
    const doors = db.cache('doors');
    await expect(db.transaction('r', [doors, db.meta], (tx) => noteTableWrite(db, tx, 'doors'))).rejects.toThrow(
      /own read-write transaction/,
    );
    await expect(db.transaction('rw', [doors], (tx) => noteTableWrite(db, tx, 'doors'))).rejects.toThrow(/own read-write transaction/);
    await expect(db.transaction('rw', [db.cache('campus'), db.meta], (tx) => noteTableWrite(db, tx, 'doors'))).rejects.toThrow(
      /own read-write transaction/,
    );
    expect(await tableWrites(db, 'doors')).toBe(0);
  });
});

const ROOT = resolve(import.meta.dirname, '..', '..');
/** The writers that count (src/data/table-writes.ts): every other module only reads the cache tables. */
const COUNTING_WRITERS = ['src/data/repositories.ts', 'src/data/pull.ts', 'src/data/sweeps-api.ts'];
const TAKES_TABLE = /\.cache\(/;
const CACHE_WRITE = /\bcache(?:\([^)]*\))?\s*\.\s*(?:put|bulkPut|add|bulkAdd|delete|bulkDelete|update|bulkUpdate|clear)\s*\(/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('cache writers', () => {
  it('only the counting writers write a cache table', () => {
    const writers = sources(join(ROOT, 'src'))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        // A module that takes a cache table (`db.cache(...)`) and writes through it; a Map named cache is not one.
        return TAKES_TABLE.test(text) && CACHE_WRITE.test(text);
      })
      .map((file) => relative(ROOT, file));
    expect(writers.sort()).toEqual([...COUNTING_WRITERS].sort());
  });
});
