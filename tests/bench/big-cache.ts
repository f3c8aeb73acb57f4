/**
 * A large district's device, for the benches that drive the real app: fills
 * the signed-in user's lincoln-isd cache tables straight through IndexedDB
 * (as the sync engine would have after syncing), in batches. Door logs fall
 * one per door per day, newest first, at scattered times of day, so today's
 * window holds about one day of checks. Optionally the doors carry door
 * groups, and the check interval history gets the row the server's first
 * sync would bring, when the cache has none.
 */
import type { Page } from '@playwright/test';

export interface BigCacheSizes {
  doors: number;
  logs: number;
  maintenance: number;
  users: number;
  /** 0: every door on one campus this device does not hold (shown as unassigned). */
  campuses: number;
  /** door_groups of every door (none when absent). */
  doorGroups?: string[];
  /** Add a check_interval_changes row (24 h, effective from before the first log) when the cache holds none. */
  intervalHistory?: boolean;
}

export async function seedBigCache(page: Page, sizes: BigCacheSizes): Promise<void> {
  await page.evaluate(async (sizes) => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.startsWith('lockstep-lincoln-isd-'));
    if (!name) throw new Error('no lincoln-isd store on this device');
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    });
    const put = (table: string, rows: object[]) =>
      new Promise<void>((ok, fail) => {
        const tx = db.transaction(table, 'readwrite');
        const store = tx.objectStore(table);
        for (const row of rows) store.put(row);
        tx.oncomplete = () => ok();
        tx.onerror = () => fail(tx.error);
      });
    const HOUR = 3_600_000;
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const perCampus = sizes.campuses ? Math.ceil(sizes.doors / sizes.campuses) : sizes.doors;
    const campusOf = (i: number) => (sizes.campuses ? `bench-campus-${Math.floor(i / perCampus)}` : 'bench-campus');
    const campuses = Array.from({ length: sizes.campuses }, (_, c) => ({
      id: `bench-campus-${c}`,
      campus_name: `Bench Campus ${String(c + 1).padStart(2, '0')}`,
      active: true,
      created_at: iso(now - 120 * 24 * HOUR),
      updated_at: iso(now - 120 * 24 * HOUR),
    }));
    if (campuses.length) await put('campus', campuses);
    const statuses = ['operational', 'operational', 'operational', 'maintenance', 'out_of_service'];
    const doors = Array.from({ length: sizes.doors }, (_, i) => ({
      id: `bench-door-${i}`,
      campus_id: campusOf(i),
      door_number: `B${i + 1}`,
      status: statuses[i % 5],
      ...(sizes.doorGroups ? { door_groups: sizes.doorGroups } : {}),
      created_at: iso(now - 90 * 24 * HOUR),
      updated_at: iso(now - 90 * 24 * HOUR),
    }));
    await put('doors', doors);
    if (sizes.intervalHistory) {
      const held = await new Promise<number>((ok, fail) => {
        const r = db.transaction('check_interval_changes').objectStore('check_interval_changes').count();
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      const at = iso(now - 120 * 24 * HOUR);
      if (!held)
        await put('check_interval_changes', [{ id: 'bench-interval-0', hours: 24, effective_at: at, created_at: at, updated_at: at }]);
    }
    const users = Array.from({ length: sizes.users }, (_, i) => ({
      id: `bench-user-${i}`,
      email: `user${i}@lincoln-isd.test`,
      first_name: 'Bench',
      last_name: `User ${i}`,
      role: 'regular_user',
      is_organization_user: true,
      is_admin: false,
      active: true,
      last_sign_in_at: iso(now - (i % 60) * 24 * HOUR),
      created_at: iso(now - 200 * 24 * HOUR),
    }));
    if (users.length) await put('users', users);
    for (let start = 0; start < sizes.maintenance; start += 10_000) {
      const batch = [];
      for (let i = start; i < Math.min(sizes.maintenance, start + 10_000); i++) {
        batch.push({
          id: `bench-mr-${i}`,
          door_id: `bench-door-${i % sizes.doors}`,
          issue_type: 'Closer',
          priority: ['high', 'medium', 'low'][i % 3],
          status: ['open', 'in_progress', 'resolved', 'resolved'][i % 4],
          created_by: `bench-user-${i % Math.max(1, sizes.users)}`,
          created_at: iso(now - (i % 300) * 24 * HOUR - i),
        });
      }
      await put('maintenance_records', batch);
    }
    for (let start = 0; start < sizes.logs; start += 20_000) {
      const batch = [];
      for (let i = start; i < Math.min(sizes.logs, start + 20_000); i++) {
        const at = now - Math.floor(i / sizes.doors) * 24 * HOUR - ((i * 7919) % (20 * HOUR)) - 60_000;
        batch.push({
          id: `bench-log-${i}`,
          door_id: `bench-door-${i % sizes.doors}`,
          user_id: `bench-user-${i % Math.max(1, sizes.users)}`,
          campus: 'Bench',
          door_status: statuses[i % 5],
          created_at: iso(at).replace('Z', '+00:00'),
        });
      }
      await put('door_log', batch);
    }
    db.close();
  }, sizes);
}

/** Puts rows built here into the signed-in user's lincoln-isd cache tables (small seeds: the rows cross into the page). */
export async function putCacheRows(page: Page, tables: Record<string, object[]>): Promise<void> {
  await changeCacheRows(page, tables, {});
}

/** Takes rows out of the signed-in user's lincoln-isd cache tables, by id. */
export async function deleteCacheRows(page: Page, ids: Record<string, string[]>): Promise<void> {
  await changeCacheRows(page, {}, ids);
}

async function changeCacheRows(page: Page, puts: Record<string, object[]>, deletes: Record<string, string[]>): Promise<void> {
  await page.evaluate(
    async ([puts, deletes]) => {
      const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.startsWith('lockstep-lincoln-isd-'));
      if (!name) throw new Error('no lincoln-isd store on this device');
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      const change = (table: string, apply: (store: IDBObjectStore) => void) =>
        new Promise<void>((ok, fail) => {
          const tx = db.transaction(table, 'readwrite');
          apply(tx.objectStore(table));
          tx.oncomplete = () => ok();
          tx.onerror = () => fail(tx.error);
        });
      for (const [table, rows] of Object.entries(puts)) await change(table, (store) => rows.forEach((row) => store.put(row)));
      for (const [table, ids] of Object.entries(deletes)) await change(table, (store) => ids.forEach((id) => store.delete(id)));
      db.close();
    },
    [puts, deletes] as const,
  );
}
