/**
 * The local store and what surrounds the engine: a write is one transaction
 * (cache row and outbox entry together, or neither, as on a quota error),
 * append-only tables refuse changes, server-written tables refuse every write, the screens' queries use their indexes,
 * sign-out warns and keeps the queue, the service worker's push runs from
 * the IndexedDB session, and a follower tab's write wakes the leader.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointStorageKey, runBackgroundPush } from '../../src/data/background-sync';
import { openTenantDb, type TenantDb } from '../../src/data/local-db';
import { listDoorLogsByDoor, listDoorsByCampus, listRows, ROWS_PER_READ } from '../../src/data/queries';
import {
  AppendOnlyError,
  insertRow,
  recordDoorCheck,
  ServerWrittenError,
  softDeleteRow,
  updateRow,
  upsertRow,
} from '../../src/data/repositories';
import { idbAuthStorage, tenantStorageKey } from '../../src/data/session-store';
import { checkBeforeSignOut } from '../../src/data/sign-out';
import { isQuotaError, requestPersistentStorage, StorageFullError } from '../../src/data/storage';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, doorId, openTab, storageKeyOf, tenantFixture } from './sync-support';

async function freshDb(): Promise<TenantDb> {
  return openTenantDb({ slug: 'local', url: 'http://stack.test/t/local', anonKey: 'anon', userId: randomUUID() });
}

describe('local store', () => {
  it('a write commits the cache row and its outbox entry together', async () => {
    const db = await freshDb();
    const row = await recordDoorCheck(db, { door_id: 'd1', door_status: 'operational' });
    expect(await db.cache('door_log').get(row.id)).toMatchObject({ door_id: 'd1', user_id: db.binding.userId });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ table: 'door_log', op: 'insert', row_id: row.id, attempts: 0 });
    db.close();
  });

  it('a quota error becomes a clear StorageFullError and leaves the queue and cache untouched', async () => {
    const db = await freshDb();
    await recordDoorCheck(db, { door_id: 'd1', door_status: 'operational' });
    const spy = vi.spyOn(db.outbox, 'add').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const err = await recordDoorCheck(db, { door_id: 'd2', door_status: 'operational' }).catch((e: unknown) => e);
    spy.mockRestore();
    expect(err).toBeInstanceOf(StorageFullError);
    expect(err instanceof Error && err.message).toMatch(/out of storage space.*still queued/);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.cache('door_log').count()).toBe(1);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
    db.close();
  });

  it('door_log is append-only: no upsert, no delete', async () => {
    const db = await freshDb();
    await expect(upsertRow(db, 'door_log', { door_id: 'x' })).rejects.toBeInstanceOf(AppendOnlyError);
    await expect(softDeleteRow(db, 'door_log', 'x')).rejects.toBeInstanceOf(AppendOnlyError);
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });

  it("sweeps, their doors and the interval history are the server's: no write is ever queued for them", async () => {
    const db = await freshDb();
    for (const table of ['sweeps', 'sweep_doors', 'check_interval_changes'] as const) {
      await expect(insertRow(db, table, { note: 'x' })).rejects.toBeInstanceOf(ServerWrittenError);
      await expect(upsertRow(db, table, { id: 'x' })).rejects.toBeInstanceOf(ServerWrittenError);
      await expect(updateRow(db, table, 'x', { note: 'x' })).rejects.toBeInstanceOf(ServerWrittenError);
      await expect(softDeleteRow(db, table, 'x')).rejects.toBeInstanceOf(ServerWrittenError);
      expect(await db.cache(table).count()).toBe(0);
    }
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });

  it('screens query through the indexes: checks of a door newest first, doors of a campus', async () => {
    const db = await freshDb();
    for (const [i, at] of ['2026-11-20T08:00:00Z', '2026-11-22T08:00:00Z', '2026-11-21T08:00:00Z'].entries()) {
      await recordDoorCheck(db, { door_id: 'door-a', door_status: 'operational', created_at: at, notes: `n${i}` });
    }
    await recordDoorCheck(db, { door_id: 'door-b', door_status: 'operational' });
    const logs = await listDoorLogsByDoor(db, 'door-a');
    expect(logs.map((l) => l.created_at)).toEqual(['2026-11-22T08:00:00Z', '2026-11-21T08:00:00Z', '2026-11-20T08:00:00Z']);
    await upsertRow(db, 'doors', { door_number: 'EA10', campus_id: 'c1' });
    await upsertRow(db, 'doors', { door_number: 'EA2', campus_id: 'c1' });
    await upsertRow(db, 'doors', { door_number: 'EA1', campus_id: 'c2' });
    expect((await listDoorsByCampus(db, 'c1')).map((d) => d.door_number)).toEqual(['EA2', 'EA10']);
    db.close();
  });

  it('a whole table is read a page at a time: every row once, in id order, at and across page boundaries', async () => {
    const db = await freshDb();
    const doors = db.cache('doors');
    const id = (i: number) => `door-${String(i).padStart(5, '0')}`;
    const put = (from: number, to: number) =>
      doors.bulkPut(Array.from({ length: to - from }, (_, k) => ({ id: id(from + k), door_number: `D${from + k}` })));
    expect(await listRows(db, 'doors')).toEqual([]);
    await put(0, 3);
    expect((await listRows(db, 'doors')).map((r) => r.id)).toEqual([id(0), id(1), id(2)]);
    await put(3, 2 * ROWS_PER_READ);
    const exact = await listRows(db, 'doors');
    expect(exact).toHaveLength(2 * ROWS_PER_READ);
    expect(exact.map((r) => r.id)).toEqual(Array.from({ length: 2 * ROWS_PER_READ }, (_, i) => id(i)));
    await put(2 * ROWS_PER_READ, 2 * ROWS_PER_READ + 1);
    const across = await listRows(db, 'doors');
    expect(new Set(across.map((r) => r.id)).size).toBe(2 * ROWS_PER_READ + 1);
    expect(across.at(-1)).toMatchObject({ id: id(2 * ROWS_PER_READ), door_number: `D${2 * ROWS_PER_READ}` });
    db.close();
  });

  it('sign-out warns while anything is unsent and the check changes nothing', async () => {
    const db = await freshDb();
    expect((await checkBeforeSignOut(db)).warning).toBeNull();
    await recordDoorCheck(db, { door_id: 'd1', door_status: 'operational' });
    const check = await checkBeforeSignOut(db);
    expect(check.pending).toBe(1);
    expect(check.warning).toContain('1 change not yet sent');
    expect(await db.outbox.count()).toBe(1);
    db.close();
  });

  it('persistent storage: the answer is exposed (unsupported in Node)', async () => {
    expect(await requestPersistentStorage()).toBe('unsupported');
  });
});

describe('engine surroundings on the local stack', () => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack();
  });
  afterAll(() => t.close());

  it('the service worker push runs from the IndexedDB session, and leaves the work to a leading tab', async () => {
    const f = await tenantFixture(t);
    const dev = device(t);
    const tab = await openTab(f, dev);
    await f.signIn(tab.client);
    const slug = f.project.ref;
    await idbAuthStorage.setItem(tenantStorageKey(slug), (await dev.storage.getItem(storageKeyOf(f))) ?? '');
    await idbAuthStorage.setItem(
      endpointStorageKey(slug),
      JSON.stringify({ slug, supabase_url: f.url, supabase_anon_key: f.project.keys.anonKey, userId: f.user.id }),
    );

    // A tab leads: the worker leaves the work to it.
    tab.engine.start();
    await tab.engine.waitForLeadership();
    await tab.engine.requestSync();
    const row = await recordDoorCheck(tab.db, { door_id: doorId(f), door_status: 'operational' });
    expect(await runBackgroundPush(slug, { fetch: t.fetch, locks: dev.locks })).toBeNull();
    expect(await tab.db.outbox.count()).toBe(1);
    // The tab is gone: the worker pushes with the stored session.
    await tab.engine.stop();

    const outcome = await runBackgroundPush(slug, { fetch: t.fetch, locks: dev.locks });
    expect(outcome).toMatchObject({ kind: 'drained', sent: 1 });
    expect((await f.serverIds('door_log')).get(row.id)).toBe(1);
    expect(await tab.db.outbox.count()).toBe(0);
    expect(await runBackgroundPush('unknown-tenant')).toBeNull();
    tab.db.close();
  });

  it('a write in a follower tab wakes the leader (live query on the outbox)', async () => {
    const f = await tenantFixture(t);
    const dev = device(t);
    const leader = await openTab(f, dev, { watchOutbox: true });
    await f.signIn(leader.client);
    const follower = await openTab(f, dev, { watchOutbox: true });
    leader.engine.start();
    await leader.engine.waitForLeadership();
    follower.engine.start();
    const row = await recordDoorCheck(follower.db, { door_id: doorId(f), door_status: 'operational' });
    const until = Date.now() + 10_000;
    while ((await follower.db.outbox.count()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(await follower.db.outbox.count()).toBe(0);
    expect((await f.serverIds('door_log')).get(row.id)).toBe(1);
    expect(follower.engine.getState().role).toBe('waiting');
    await closeTab(follower);
    await closeTab(leader);
  });
});
