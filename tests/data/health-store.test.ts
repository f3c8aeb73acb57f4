/**
 * The System Health computation the dashboard tile and modal share
 * (src/features/tenant-dashboard/health/health-store.ts), over a tenant on
 * the real local stack: counts from the synced cache, the timed read online,
 * the last summary offline with its time, the cache alone (database not
 * checked) offline with nothing stored, 0% poor when the database fails, and
 * the failure text when the cache cannot be read; the counts follow writes.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthStore, HEALTH_LOAD_FAILED } from '../../src/features/tenant-dashboard/health/health-store';
import { readStoredHealthSummary, storeHealthSummary } from '../../src/data/tenant-health-probe';
import { updateRow } from '../../src/data/repositories';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, openTab, tenantFixture, type Device, type Tab } from './sync-support';

describe('tenant health store', () => {
  let t: TestStack;
  let dev: Device;
  let tab: Tab;
  beforeAll(async () => {
    t = await startTestStack();
    const f = await tenantFixture(t, 'super_admin', 3);
    await f.project.engine.query(`update public.doors set status = 'maintenance' where door_number = 'D3'`);
    dev = device(t);
    tab = await openTab(f, dev);
    await f.signIn(tab.client);
    await tab.engine.pullNow();
  });
  afterAll(async () => {
    await closeTab(tab);
    await t.close();
  });

  it('online: counts from the cache, the database timed, the summary kept on the device', async () => {
    const store = createHealthStore(tab, dev.net.fetch);
    const seen: boolean[] = [];
    const stop = store.subscribe(() => seen.push(store.get().loading));
    await store.refresh();
    stop();
    // Loading, maybe the cache's figures while the database answers, then done.
    expect([seen[0], seen.at(-1)]).toEqual([true, false]);
    const s = store.get();
    expect(s).toMatchObject({ loading: false, error: null, fromCache: false, checking: false });
    expect(s.summary?.database).toMatchObject({ checked: true, connected: true, error: null });
    expect(s.summary?.doors).toMatchObject({ total: 3, operational: 2, maintenance: 1, healthPercentage: 67, status: 'fair' });
    expect(s.summary?.users.total).toBe(1);
    // The tiles' counts: the same cache read, kept beside the summary.
    expect(s.counts?.doors).toEqual({ total: 3, operational: 2, maintenance: 1, outOfService: 0 });
    expect(s.computedAt).toBe(s.summary?.overall.lastChecked);
    expect(await readStoredHealthSummary(tab.db)).toEqual(s.summary);
  });

  it('a write to a counted table while someone looks: the counts and the summary follow', async () => {
    const store = createHealthStore(tab, dev.net.fetch);
    const stop = store.subscribe(() => undefined);
    try {
      await store.refresh();
      expect(store.get().counts?.doors.outOfService).toBe(0);
      const d1 = (await tab.db.cache('doors').toArray()).find((d) => d.door_number === 'D1');
      if (!d1) throw new Error('no D1');
      await updateRow(tab.db, 'doors', d1.id, { status: 'out_of_service' });
      await expect
        .poll(() => store.get().counts?.doors, { timeout: 10_000 })
        .toEqual({
          total: 3,
          operational: 1,
          maintenance: 1,
          outOfService: 1,
        });
      await expect.poll(() => store.get().summary?.doors.outOfService, { timeout: 10_000 }).toBe(1);
      await updateRow(tab.db, 'doors', d1.id, { status: 'operational' });
      await expect.poll(() => store.get().counts?.doors.outOfService, { timeout: 10_000 }).toBe(0);
    } finally {
      stop();
      // Nothing of this test may still be on the wire when the next one counts requests.
      await store.refresh();
      await tab.engine.requestSync();
    }
  });

  it('concurrent refreshes share one run', async () => {
    const store = createHealthStore(tab, dev.net.fetch);
    const before = dev.net.log.length;
    await Promise.all([store.refresh(), store.refresh(), store.refresh()]);
    expect(dev.net.log.slice(before).filter((l) => l.path.includes('/rest/v1/users')).length).toBe(1);
  });

  it('offline: the last summary computed online, with its time', async () => {
    const stored = await readStoredHealthSummary(tab.db);
    dev.net.offline = true;
    try {
      const store = createHealthStore(tab, dev.net.fetch);
      await store.refresh();
      expect(store.get()).toMatchObject({ summary: stored, fromCache: true, error: null });
      expect(store.get().computedAt).toBe((stored as { overall: { lastChecked: string } }).overall.lastChecked);
    } finally {
      dev.net.offline = false;
    }
  });

  it('offline with nothing (valid) stored: the cache alone, database not checked', async () => {
    await storeHealthSummary(tab.db, { overall: { percentage: 'ninety' } });
    dev.net.offline = true;
    try {
      const store = createHealthStore(tab, dev.net.fetch);
      await store.refresh();
      const s = store.get();
      expect(s.fromCache).toBe(false);
      expect(s.summary?.database).toEqual({
        checked: false,
        connected: false,
        responseTime: null,
        status: null,
        error: null,
        detail: null,
      });
      expect(s.summary?.overall.responseTime).toBeNull();
      expect(s.summary?.doors.total).toBe(3);
    } finally {
      dev.net.offline = false;
    }
  });

  it('a database answering with an error: overall 0% poor, Database connection failed', async () => {
    dev.net.queue.push('503');
    const store = createHealthStore(tab, dev.net.fetch);
    await store.refresh();
    const s = store.get().summary;
    expect(s?.overall).toMatchObject({ percentage: 0, status: 'poor' });
    expect(s?.database).toMatchObject({ checked: true, connected: false, status: 'poor', error: 'Database connection failed' });
  });

  it('before the first pull: online it waits for the pull, offline with nothing stored it has no figure', async () => {
    const f2 = await tenantFixture(t, 'super_admin', 2);
    const dev2 = device(t);
    const fresh = await openTab(f2, dev2);
    try {
      await f2.signIn(fresh.client);
      dev2.net.offline = true;
      const offline = createHealthStore(fresh, dev2.net.fetch);
      await offline.refresh();
      expect(offline.get()).toMatchObject({ summary: null, error: HEALTH_LOAD_FAILED });
      dev2.net.offline = false;

      const store = createHealthStore(fresh, dev2.net.fetch);
      const stop = store.subscribe(() => undefined);
      await store.refresh();
      // An empty cache would read 100%: nothing is shown until the pull.
      expect(store.get()).toMatchObject({ summary: null, loading: true, error: null });
      await fresh.engine.pullNow();
      await expect.poll(() => store.get().summary?.doors.total, { timeout: 20_000 }).toBe(2);
      // The cache's figures may show first while the database is timed; then the whole summary.
      await expect.poll(() => store.get().loading, { timeout: 20_000 }).toBe(false);
      expect(store.get()).toMatchObject({ fromCache: false, checking: false });
      expect(store.get().summary?.database.checked).toBe(true);
      stop();
    } finally {
      await closeTab(fresh);
    }
  });

  it('a cache that cannot be read: "Unable to load system health data."', async () => {
    const store = createHealthStore(tab, dev.net.fetch);
    tab.db.close();
    try {
      await store.refresh();
      expect(store.get()).toMatchObject({ loading: false, error: HEALTH_LOAD_FAILED });
      expect(HEALTH_LOAD_FAILED).toBe('Unable to load system health data.');
    } finally {
      await tab.db.open();
    }
  });
});
