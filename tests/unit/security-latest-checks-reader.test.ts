/**
 * Each door's latest check read in chunks from a real IndexedDB store
 * (src/features/security/latest-checks-reader.ts): the same answer as one
 * pass over every log of the window, also when more logs than a chunk share
 * one created_at, and the merge of new checks.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheRow, TenantDb } from '../../src/data';
import { openTenantDb } from '../../src/data/local-db';
import { noteNewestLogs, readLatestChecks } from '../../src/features/security/latest-checks-reader';
import { noteCheck, type LatestCheck } from '../../src/features/security/live-board';

const base = Date.UTC(2026, 10, 22, 12);
const iso = (ms: number) => new Date(ms).toISOString();
const logs: CacheRow[] = [
  ...Array.from({ length: 4_500 }, (_, i) => ({
    id: `l${i}`,
    door_id: `d${i % 300}`,
    created_at: iso(base - (i % 1_000) * 60_000),
    door_status: i % 2 ? 'operational' : 'maintenance',
  })),
  // More logs than one chunk at the same instant.
  ...Array.from({ length: 2_100 }, (_, i) => ({
    id: `same${i}`,
    door_id: `s${i}`,
    created_at: iso(base - 500 * 60_000),
    door_status: 'operational',
  })),
  { id: 'old', door_id: 'gone', created_at: iso(base - 48 * 3_600_000), door_status: 'operational' },
];

describe('readLatestChecks', () => {
  let db: TenantDb;
  beforeAll(async () => {
    db = await openTenantDb({ slug: 'latest-test', url: 'http://x.invalid/t/latest-test', anonKey: 'x', userId: 'u1' });
    await db.cache('door_log').bulkPut(logs);
  });
  afterAll(() => db.close());

  it('equals one pass over the window’s logs, and leaves out the logs before it', async () => {
    const from = iso(base - 24 * 3_600_000);
    const expected = new Map<string, LatestCheck>();
    for (const log of logs) if (String(log.created_at) >= from) noteCheck(expected, log);
    const got = await readLatestChecks(db, from, () => false);
    expect(got).toEqual(expected);
    expect(got?.size).toBe(300 + 2_100);
    expect(got?.has('gone')).toBe(false);
  });

  it('gives up when told to stop', async () => {
    expect(await readLatestChecks(db, iso(0), () => true)).toBeNull();
  });

  it('notes the newest logs: a newer check wins, and none newer keeps the same map', async () => {
    const latest = new Map<string, LatestCheck>([['d1', { at: base - 60_000, status: 'operational' }]]);
    await db.cache('door_log').put({ id: 'new', door_id: 'd1', created_at: iso(base + 60_000), door_status: 'out_of_service' });
    const merged = await noteNewestLogs(db, latest, 1);
    expect(merged.get('d1')).toEqual({ at: base + 60_000, status: 'out_of_service' });
    expect(latest.get('d1')?.at).toBe(base - 60_000);
    expect(await noteNewestLogs(db, merged, 1)).toBe(merged);
  });
});
