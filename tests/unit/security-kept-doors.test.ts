/**
 * The board's view of the doors kept between visits in a real IndexedDB
 * store (src/features/security/kept-doors.ts): read back with the fields the
 * board reads and no others, refused once the doors' count, their count
 * of writes or their pull watermark moved, and never kept for a value it cannot hold.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listRows, readRemembered, type CacheRow, type TenantDb } from '../../src/data';
import { openTenantDb } from '../../src/data/local-db';
import { emptySyncState } from '../../src/data/pull';
import { updateRow } from '../../src/data/repositories';
import { BOARD_DOOR_FIELDS, decodeDoors, doorsMark, encodeDoors, keepDoors, readKeptDoors } from '../../src/features/security/kept-doors';
import { sameRows } from '../../src/features/security/hooks/use-same-rows';

const doors: CacheRow[] = Array.from({ length: 700 }, (_, i) => ({
  id: `d${String(i).padStart(4, '0')}`,
  door_number: `A${i + 1}`,
  campus_id: `c${i % 7}`,
  // Some doors have no location at all, some a null one: both must come back as they were.
  ...(i % 3 === 0 ? {} : { location: i % 3 === 1 ? `Hall ${i}` : null }),
  ...(i === 5 ? { deleted_at: '2026-11-29T10:00:00.000Z' } : {}),
  logo: i % 2 ? 'data:image/png;base64,AAAA' : null,
  qr_image: null,
  notes: 'not read by the board',
  updated_at: '2026-11-29T09:00:00.000Z',
}));

let db: TenantDb;
let n = 0;
beforeEach(async () => {
  db = await openTenantDb({ slug: `kept-doors-${++n}`, url: 'http://x.invalid/t/kept-doors', anonKey: 'x', userId: 'u1' });
  await db.cache('doors').bulkPut(doors);
});
afterEach(() => db.close());

async function keepNow(): Promise<CacheRow[]> {
  const rows = await listRows(db, 'doors');
  await keepDoors(db, await doorsMark(db), rows);
  return rows;
}

describe('kept doors', () => {
  it('reads back the board’s fields of every door, in order, and nothing else', async () => {
    const rows = await keepNow();
    const kept = await readKeptDoors(db);
    expect(kept?.rows).toHaveLength(700);
    expect(sameRows(kept?.rows ?? [], rows, BOARD_DOOR_FIELDS)).toBe(true);
    const first = kept?.rows[0];
    expect(first).toStrictEqual({ id: 'd0000', door_number: 'A1', campus_id: 'c0' });
    expect(kept?.rows[1]).toStrictEqual({ id: 'd0001', door_number: 'A2', campus_id: 'c1', location: 'Hall 1' });
    expect(kept?.rows[2]).toHaveProperty('location', null);
    expect(kept?.rows[5]).toHaveProperty('deleted_at', '2026-11-29T10:00:00.000Z');
    for (const r of kept?.rows ?? []) expect(Object.keys(r).every((k) => (BOARD_DOOR_FIELDS as readonly string[]).includes(k))).toBe(true);
  });

  it('is refused once a door is added or removed', async () => {
    await keepNow();
    await db.cache('doors').put({ id: 'd9999', door_number: 'Z1', campus_id: 'c1' });
    expect(await readKeptDoors(db)).toBeNull();
    await db.cache('doors').delete('d9999');
    expect(await readKeptDoors(db)).not.toBeNull();
    await db.cache('doors').delete('d0001');
    expect(await readKeptDoors(db)).toBeNull();
  });

  it('is refused once a door is edited on this device at the same count, and used again once kept anew', async () => {
    await keepNow();
    await updateRow(db, 'doors', 'd0003', { door_number: 'Renamed' });
    expect(await db.cache('doors').count()).toBe(700);
    expect(await readKeptDoors(db)).toBeNull();
    await keepNow();
    const kept = await readKeptDoors(db);
    expect(kept?.rows[3]).toHaveProperty('door_number', 'Renamed');
    expect(kept?.mark).toStrictEqual({ count: 700, writes: 1, pulled: null, schema: db.verno });
  });

  it('is refused once a pull moved the doors’ watermark, as a tab on an earlier build writes without counting', async () => {
    await keepNow();
    await db.sync_state.put({ ...emptySyncState('doors'), updated_at: '2026-11-29T11:00:00.000Z', id: 'd0003' });
    expect(await readKeptDoors(db)).toBeNull();
    await keepNow();
    expect((await readKeptDoors(db))?.mark.pulled).toBe('2026-11-29T11:00:00.000Z|d0003');
  });

  it('keeps nothing for a field holding an object, and refuses a view of another version or shape', async () => {
    expect(encodeDoors([{ id: 'x', door_number: { text: 'A1' } }])).toBeNull();
    await keepDoors(db, await doorsMark(db), [{ id: 'x', location: ['a'] }]);
    expect(await readRemembered(db, 'security-board-doors')).toBeNull();

    const columns = encodeDoors(await listRows(db, 'doors'));
    expect(columns).not.toBeNull();
    expect(decodeDoors({ ...columns, campus_id: [] })).toBeNull();
    expect(decodeDoors({ ...columns, id: [1, 2] })).toBeNull();
    await keepNow();
    const stored = await readRemembered<{ version: number }>(db, 'security-board-doors');
    await db.meta.put({ key: 'screen:security-board-doors', value: { ...stored, value: { ...stored?.value, version: 0 } } });
    expect(await readKeptDoors(db)).toBeNull();
  });
});
