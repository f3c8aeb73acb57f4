/**
 * Each door's latest check kept between visits in a real IndexedDB store
 * (src/features/security/kept-latest-checks.ts): read back as kept while the
 * door logs stand, told apart when they moved, cut to a window starting
 * later, and refused for a window starting earlier or when unreadable.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { remember, type CacheRow, type TenantDb } from '../../src/data';
import { openTenantDb } from '../../src/data/local-db';
import { doorLogMark, keepLatestChecks, readKeptLatestChecks } from '../../src/features/security/kept-latest-checks';
import { readLatestChecks } from '../../src/features/security/latest-checks-reader';

const base = Date.UTC(2026, 10, 29, 12);
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;
const logs: CacheRow[] = Array.from({ length: 900 }, (_, i) => ({
  id: `l${i}`,
  door_id: `d${i % 250}`,
  created_at: iso(base - (i % 40) * HOUR),
  door_status: ['operational', 'maintenance', null][i % 3],
}));

let db: TenantDb;
let n = 0;
beforeEach(async () => {
  db = await openTenantDb({ slug: `kept-${++n}`, url: 'http://x.invalid/t/kept', anonKey: 'x', userId: 'u1' });
  await db.cache('door_log').bulkPut(logs);
});
afterEach(() => db.close());

async function keepWindow(from: string) {
  const mark = await doorLogMark(db);
  const latest = await readLatestChecks(db, from, () => false);
  if (!latest) throw new Error('read stopped');
  await keepLatestChecks(db, from, mark, latest);
  return latest;
}

describe('kept latest checks', () => {
  it('reads back what was kept, up to date while no log was added', async () => {
    const from = iso(base - 30 * HOUR);
    const latest = await keepWindow(from);
    const kept = await readKeptLatestChecks(db, from);
    expect(kept?.upToDate).toBe(true);
    expect(kept?.added).toBe(0);
    expect(kept?.latest).toEqual(latest);
    expect(kept?.latest.size).toBe(250);
  });

  it('says how many logs were added since, newer or older than the newest', async () => {
    const from = iso(base - 30 * HOUR);
    await keepWindow(from);
    await db.cache('door_log').put({ id: 'late', door_id: 'd1', created_at: iso(base - 2 * HOUR), door_status: 'operational' });
    let kept = await readKeptLatestChecks(db, from);
    expect(kept).toMatchObject({ upToDate: false, added: 1 });
    await db.cache('door_log').put({ id: 'new', door_id: 'd2', created_at: iso(base + HOUR), door_status: 'operational' });
    kept = await readKeptLatestChecks(db, from);
    expect(kept).toMatchObject({ upToDate: false, added: 2, mark: { count: 902, newest: 'new' } });
  });

  it('is not up to date when a log went and another came (same count, a new newest)', async () => {
    const from = iso(base - 30 * HOUR);
    await keepWindow(from);
    await db.cache('door_log').delete('l5');
    await db.cache('door_log').put({ id: 'other', door_id: 'd3', created_at: iso(base + HOUR), door_status: 'operational' });
    expect((await readKeptLatestChecks(db, from))?.upToDate).toBe(false);
  });

  it('for a window starting later, equals reading that window', async () => {
    await keepWindow(iso(base - 39 * HOUR));
    const later = iso(base - 3 * HOUR);
    const kept = await readKeptLatestChecks(db, later);
    expect(kept?.upToDate).toBe(true);
    expect(kept?.latest).toEqual(await readLatestChecks(db, later, () => false));
    expect(kept?.latest.size).toBeLessThan(250);
  });

  it('has nothing for a window starting earlier, nor before anything was kept', async () => {
    expect(await readKeptLatestChecks(db, iso(base))).toBeNull();
    await keepWindow(iso(base - 3 * HOUR));
    expect(await readKeptLatestChecks(db, iso(base - 30 * HOUR))).toBeNull();
  });

  it('ignores a kept value it cannot read', async () => {
    const from = iso(base - 30 * HOUR);
    await keepWindow(from);
    await remember(db, 'security-latest-checks', {
      from,
      mark: { count: 900, newest: 'l0' },
      doors: 'a\0b',
      at: new Float64Array(1),
      statusOf: new Uint16Array(1),
      statuses: [],
    });
    expect(await readKeptLatestChecks(db, from)).toBeNull();
    await remember(db, 'security-latest-checks', {
      from,
      mark: { count: 900, newest: 'l0' },
      doors: 'a',
      at: new Float64Array(1),
      statusOf: new Uint16Array([3]),
      statuses: ['x'],
    });
    expect(await readKeptLatestChecks(db, from)).toBeNull();
    await remember(db, 'security-latest-checks', 'garbage');
    expect(await readKeptLatestChecks(db, from)).toBeNull();
  });

  it('keeps an empty answer', async () => {
    await db.cache('door_log').clear();
    const from = iso(base);
    await keepWindow(from);
    const kept = await readKeptLatestChecks(db, from);
    expect(kept).toMatchObject({ upToDate: true, added: 0, mark: { count: 0, newest: null } });
    expect(kept?.latest.size).toBe(0);
  });
});
