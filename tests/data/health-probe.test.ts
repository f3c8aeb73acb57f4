/**
 * The System Health modal's timed read (src/data/tenant-health-probe.ts)
 * against the real local stack through supabase-js: connected with the
 * user's session, offline on a network failure, failed on a server error or
 * without a session, one refresh after a refused token; and the stored last
 * summary in the local-only meta table.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeTenantDatabase, readStoredHealthSummary, storeHealthSummary } from '../../src/data/tenant-health-probe';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, openTab, tenantFixture, type Device, type Tab, type TenantFixture } from './sync-support';

describe('tenant health probe', () => {
  let t: TestStack;
  let f: TenantFixture;
  let dev: Device;
  let tab: Tab;
  beforeAll(async () => {
    t = await startTestStack();
    f = await tenantFixture(t, 'super_admin', 1);
    dev = device(t);
    tab = await openTab(f, dev);
  });
  afterAll(async () => {
    await closeTab(tab);
    await t.close();
  });

  it('without a session it fails without sending anything', async () => {
    const before = dev.net.log.length;
    const r = await probeTenantDatabase(tab, dev.net.fetch);
    expect(r).toMatchObject({ kind: 'failed', error: expect.stringContaining('Sign-in needed') });
    expect(dev.net.log.length).toBe(before);
  });

  it("times one head count of users with the user's session", async () => {
    await f.signIn(tab.client);
    const before = dev.net.log.length;
    const r = await probeTenantDatabase(tab, dev.net.fetch);
    expect(r.kind).toBe('connected');
    if (r.kind === 'connected') expect(Number.isInteger(r.responseMs) && r.responseMs >= 0).toBe(true);
    const sent = dev.net.log.slice(before);
    expect(sent.map((l) => [l.method, l.path.replace(/^.*\/rest\/v1\//, '').split('?')[0], l.status])).toEqual([['HEAD', 'users', 200]]);
  });

  it('a network failure is offline, not a failed database', async () => {
    dev.net.offline = true;
    try {
      expect(await probeTenantDatabase(tab, dev.net.fetch)).toEqual({ kind: 'offline' });
    } finally {
      dev.net.offline = false;
    }
  });

  it('a server error is a failed database with its message', async () => {
    dev.net.queue.push('503');
    const r = await probeTenantDatabase(tab, dev.net.fetch);
    expect(r.kind).toBe('failed');
    if (r.kind === 'failed') expect(r.error.length).toBeGreaterThan(0);
  });

  it('a refused token is refreshed once, then the read is tried again', async () => {
    dev.net.refuseTokens = true;
    const before = dev.net.log.length;
    try {
      const r = await probeTenantDatabase(tab, dev.net.fetch);
      expect(r).toMatchObject({ kind: 'failed' });
    } finally {
      dev.net.refuseTokens = false;
    }
    const rest = dev.net.log.slice(before).filter((l) => l.path.includes('/rest/v1/users'));
    expect(rest.map((l) => l.status)).toEqual([401, 401]);
    expect((await probeTenantDatabase(tab, dev.net.fetch)).kind).toBe('connected');
  });

  it('keeps the last summary in the local meta table', async () => {
    expect(await readStoredHealthSummary(tab.db)).toBeUndefined();
    await storeHealthSummary(tab.db, { overall: { percentage: 90 } });
    expect(await readStoredHealthSummary(tab.db)).toEqual({ overall: { percentage: 90 } });
    // The binding record beside it is untouched.
    expect((await tab.db.meta.get('binding'))?.value).toMatchObject({ url: f.url });
  });
});
