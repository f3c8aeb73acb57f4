/**
 * The dashboard's counts from the cache's indexes
 * (src/features/tenant-dashboard/health/cache-counts.ts) against the rule
 * they stand for: healthCountsFromRows over every row, with the doors table's
 * non-doors (spec §9) and the doors of inactive campuses left out. Real Dexie over fake-indexeddb, random
 * caches of every status, priority and severity the tenant schema allows.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openTenantDb, type TenantDb } from '../../src/data/local-db';
import { readCacheCounts } from '../../src/features/tenant-dashboard/health/cache-counts';
import { isRealDoor } from '../../src/features/door-checks/model';
import { inactiveCampusIds, onInactiveCampus } from '../../src/lib/inactive-campuses';
import { healthCountsFromRows } from '../../supabase/functions/_shared/health-summary';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const DAY = 86_400_000;

/** A small deterministic generator, so a failure replays. */
function random(seed: number) {
  let s = seed;
  const next = () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return { pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!, chance: (p: number) => next() < p };
}

async function fill(db: TenantDb, seed: number) {
  const r = random(seed);
  const doorStatuses = ['operational', 'maintenance', 'out_of_service'];
  // Two inactive campuses, one active, one written here before the server set its flag, one not on this device.
  const campus = [
    { id: 'c-on', campus_name: 'On', active: true },
    { id: 'c-off', campus_name: 'Off', active: false },
    { id: 'c-off2', campus_name: 'Off too', active: false },
    { id: 'c-new', campus_name: 'New' },
  ];
  const campusIds = ['c-on', 'c-off', 'c-off2', 'c-new', 'c-gone'];
  const doors: { id: string; door_number: string; status: string; campus_id?: string }[] = Array.from({ length: 300 }, (_, i) => ({
    id: `door-${i}`,
    door_number: `D${i}`,
    status: r.pick(doorStatuses),
    campus_id: r.pick(campusIds),
  }));
  // The rows of the doors table that are not doors, in every status.
  doors.push(
    { id: '00000000-0000-0000-0000-000000000000', door_number: 'ALL', status: r.pick(doorStatuses) },
    { id: 'campus-a', door_number: 'CAMPUS', status: 'operational' },
    // A non-door on an inactive campus: taken off once.
    { id: 'campus-b', door_number: 'CAMPUS', status: r.pick(doorStatuses), campus_id: 'c-off' },
    { id: 'global-1', door_number: 'GLOBAL_DEFAULT', status: r.pick(doorStatuses) },
    // Found by two of the keys: taken off once.
    { id: 'campus-c', door_number: 'GLOBAL_DEFAULT', status: 'operational' },
    // Looks like the others but is a door: the prefix is campus-, not campus.
    { id: 'campusX', door_number: 'GLOBAL', status: 'maintenance' },
  );
  // A door added on this device before the server gave it its default status.
  const unsynced: { id: string; door_number: string; status?: string } = { id: 'door-new', door_number: 'N1' };
  doors.push(unsynced as (typeof doors)[number]);
  const maintenance = Array.from({ length: 500 }, (_, i) => ({
    id: `mr-${i}`,
    door_id: `door-${i % 300}`,
    priority: r.pick(['high', 'medium', 'low']),
    status: r.pick(['open', 'in_progress', 'resolved']),
    created_at: new Date(NOW - i * 1000).toISOString(),
  }));
  const incidents = Array.from({ length: 80 }, (_, i) => ({
    id: `inc-${i}`,
    severity: r.pick(['low', 'medium', 'high', 'critical']),
    status: r.pick(['reported', 'investigating', 'resolved', 'closed']),
    created_at: new Date(NOW - i * 1000).toISOString(),
  }));
  const users = Array.from({ length: 120 }, (_, i) => ({
    id: `user-${i}`,
    email: `u${i}@x.test`,
    role: 'regular_user',
    is_organization_user: r.chance(0.7),
    is_admin: r.chance(0.1),
    active: r.chance(0.9),
    last_sign_in_at: r.chance(0.9) ? new Date(NOW - r.pick([1, 10, 29.9, 30, 31, 90]) * DAY).toISOString() : null,
  }));
  await db.cache('doors').bulkPut(doors);
  await db.cache('campus').bulkPut(campus);
  await db.cache('maintenance_records').bulkPut(maintenance);
  await db.cache('incidents').bulkPut(incidents);
  await db.cache('users').bulkPut(users);
  return { doors, campus, maintenance, incidents, users };
}

describe('dashboard counts from the cache indexes', () => {
  let db: TenantDb | null = null;
  afterEach(() => {
    db?.close();
    db = null;
  });

  for (const seed of [1, 7, 42, 1234]) {
    it(`equal the health rule over every row (cache ${seed})`, async () => {
      db = await openTenantDb({ slug: `counts-${seed}`, url: 'http://localhost/t/counts', anonKey: 'anon', userId: crypto.randomUUID() });
      const rows = await fill(db, seed);
      const inactive = inactiveCampusIds(rows.campus);
      const counted = rows.doors.filter((d) => isRealDoor(d) && !onInactiveCampus(d, inactive));
      expect(counted.length).toBeLessThan(rows.doors.filter((d) => isRealDoor(d)).length);
      expect(await readCacheCounts(db, NOW)).toEqual(healthCountsFromRows({ ...rows, doors: counted }, NOW));
    });
  }

  it('count the doors of a campus again once it is reactivated', async () => {
    db = await openTenantDb({ slug: 'counts-reactivated', url: 'http://localhost/t/counts', anonKey: 'anon', userId: crypto.randomUUID() });
    const rows = await fill(db, 3);
    await db.cache('campus').bulkPut(rows.campus.map((c) => ({ ...c, active: true })));
    const expected = healthCountsFromRows({ ...rows, doors: rows.doors.filter((d) => isRealDoor(d)) }, NOW);
    expect(await readCacheCounts(db, NOW)).toEqual(expected);
  });

  it('are all zero on an empty cache', async () => {
    db = await openTenantDb({ slug: 'counts-empty', url: 'http://localhost/t/counts', anonKey: 'anon', userId: crypto.randomUUID() });
    expect(await readCacheCounts(db, NOW)).toEqual({
      doors: { total: 0, operational: 0, maintenance: 0, outOfService: 0 },
      maintenance: { total: 0, active: 0, highPriority: 0 },
      incidents: { total: 0, active: 0, critical: 0 },
      users: { total: 0, active: 0 },
    });
  });
});
