/**
 * Each door's latest check kept between visits in a real IndexedDB store
 * (src/features/security/kept-latest-checks.ts): read back as kept while the
 * door logs stand, told apart when they moved, cut to a window starting
 * later, and refused for a window starting earlier or when unreadable.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRemembered, remember, type CacheRow, type TenantDb } from '../../src/data';
import { openTenantDb } from '../../src/data/local-db';
import { doorLogMark, keepLatestChecks, readKeptLatestChecks, withNewer } from '../../src/features/security/kept-latest-checks';
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
    expect(kept?.latest).toEqual(latest);
    expect(kept?.latest.size).toBe(250);
  });

  it('is not up to date once a log is added, and reads on from the kept newest log', async () => {
    const from = iso(base - 30 * HOUR);
    await keepWindow(from);
    const keptNewest = iso(base);
    await db.cache('door_log').put({ id: 'late', door_id: 'd1', created_at: iso(base - 2 * HOUR), door_status: 'operational' });
    let kept = await readKeptLatestChecks(db, from);
    expect(kept).toMatchObject({ upToDate: false, readFrom: keptNewest, mark: { count: 901 } });
    await db.cache('door_log').put({ id: 'new', door_id: 'd2', created_at: iso(base + HOUR), door_status: 'operational' });
    kept = await readKeptLatestChecks(db, from);
    expect(kept).toMatchObject({ upToDate: false, readFrom: keptNewest, mark: { count: 902, newest: 'new', newestAt: iso(base + HOUR) } });
    // For a window starting after the kept newest log, the new logs are the window's.
    expect((await readKeptLatestChecks(db, iso(base + 30 * 60_000)))?.readFrom).toBe(iso(base + 30 * 60_000));
  });

  it('is not up to date when the pull replaced a log in place (same count and newest, the watermark moved)', async () => {
    const from = iso(base - 30 * HOUR);
    await db.sync_state.put({ table: 'door_log', updated_at: iso(base), id: 'l0', refetch: [], last_pull_at: null, last_error: null });
    await keepWindow(from);
    expect((await readKeptLatestChecks(db, from))?.upToDate).toBe(true);
    await db.cache('door_log').put({ id: 'l5', door_id: 'd5', door_status: 'operational', created_at: iso(base - 3 * HOUR) });
    await db.sync_state.put({
      table: 'door_log',
      updated_at: iso(base + 1_000),
      id: 'l5',
      refetch: [],
      last_pull_at: null,
      last_error: null,
    });
    expect((await readKeptLatestChecks(db, from))?.upToDate).toBe(false);
  });

  it('brings a kept answer up to date with newer checks, door by door', () => {
    const kept = new Map([
      ['a', { at: 10, status: 'operational' }],
      ['b', { at: 30, status: 'operational' }],
    ]);
    expect(withNewer(kept, new Map())).toBe(kept);
    const merged = withNewer(
      kept,
      new Map([
        ['a', { at: 20, status: 'maintenance' }],
        ['b', { at: 25, status: 'maintenance' }],
        ['c', { at: 5, status: null }],
      ]),
    );
    expect([...merged]).toEqual([
      ['a', { at: 20, status: 'maintenance' }],
      ['b', { at: 30, status: 'operational' }],
      ['c', { at: 5, status: null }],
    ]);
    expect(kept.get('a')?.at).toBe(10);
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

  it('ignores a kept value it cannot read or of another version', async () => {
    const from = iso(base - 30 * HOUR);
    await keepWindow(from);
    const good = (await readRemembered<Record<string, unknown>>(db, 'security-latest-checks'))?.value;
    expect(await readKeptLatestChecks(db, from)).not.toBeNull();
    const variants: unknown[] = [
      { ...good, doors: `${String(good?.doors)}\0extra` },
      { ...good, statusOf: new Uint16Array(250).fill(9) },
      { ...good, at: Array.from(good?.at as Float64Array) },
      { ...good, mark: { count: 900 } },
      { ...good, version: 0 },
      'garbage',
    ];
    for (const bad of variants) {
      await remember(db, 'security-latest-checks', bad);
      expect(await readKeptLatestChecks(db, from)).toBeNull();
    }
  });

  it('keeps an empty answer', async () => {
    await db.cache('door_log').clear();
    const from = iso(base);
    await keepWindow(from);
    const kept = await readKeptLatestChecks(db, from);
    expect(kept).toMatchObject({ upToDate: true, mark: { count: 0, newest: null, newestAt: null } });
    expect(kept?.latest.size).toBe(0);
  });
});
