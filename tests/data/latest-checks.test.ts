/**
 * listLatestChecksOf (src/data/latest-checks.ts): the newest check of each
 * door asked for, through the [door_id+created_at] index, whatever form the
 * times were written in; doors never checked are left out.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listLatestChecksOf } from '../../src/data/latest-checks';
import { openTenantDb, tenantDbName, type TenantDb } from '../../src/data/local-db';

const binding = { slug: 'latest-checks', url: 'http://localhost/t/latest', anonKey: 'anon', userId: crypto.randomUUID() };
let db: TenantDb;

beforeAll(async () => {
  db = await openTenantDb(binding);
  await db.cache('door_log').bulkPut([
    { id: '1', door_id: 'a', created_at: '2026-11-20T08:00:00.000+00:00' },
    { id: '2', door_id: 'a', created_at: '2026-11-21T08:00:00.000+00:00' },
    { id: '3', door_id: 'b', created_at: '2026-11-21T09:00:00+00:00' },
    // Written on this device ("Z") a fraction of a second later: sorts before "+00:00" by text, still the latest.
    { id: '4', door_id: 'b', created_at: '2026-11-21T09:00:00.5Z' },
    { id: '5', door_id: 'c', created_at: '2026-11-19T00:00:00Z' },
  ]);
});

afterAll(async () => {
  db.close();
  await Dexie.delete(tenantDbName(binding.slug, binding.userId));
});

it('gives each door its newest check, and nothing for doors never checked', async () => {
  const latest = await listLatestChecksOf(db, ['a', 'b', 'never']);
  expect(Object.fromEntries(latest)).toEqual({
    a: Date.parse('2026-11-21T08:00:00.000Z'),
    b: Date.parse('2026-11-21T09:00:00.500Z'),
  });
  expect(await listLatestChecksOf(db, [])).toEqual(new Map());
});
