/**
 * Tenant isolation (issue 3, test 9): a tenant database is bound to its
 * project URL, so its outbox can never be sent to another tenant, and two
 * tenants on one device (even for the same user id) never share a cache.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTenantDb, TenantMismatchError } from '../../src/data/local-db';
import { recordDoorCheck, upsertRow } from '../../src/data/repositories';
import { createSyncTransport } from '../../src/data/sync-transport';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, doorId, openTab, storageKeyOf, tenantFixture } from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

describe('tenant isolation', () => {
  it('9a. a database bound to tenant A refuses tenant B URL, and its requests only ever go to A', async () => {
    const a = await tenantFixture(t);
    const b = await tenantFixture(t);
    const dev = device(t);
    const tabA = await openTab(a, dev);
    await a.signIn(tabA.client);
    const check = await recordDoorCheck(tabA.db, { door_id: doorId(a), door_status: 'operational' });

    // The same slug and user opened with B's URL: refused, nothing touched.
    await expect(
      openTenantDb({ slug: a.project.ref, url: b.url, anonKey: b.project.keys.anonKey, userId: a.user.id }),
    ).rejects.toBeInstanceOf(TenantMismatchError);
    expect(await tabA.db.outbox.count()).toBe(1);

    // A session of tenant B in A's session slot: requests still go to A (which refuses B's token), never to B.
    const devB = device(t);
    const tabB = await openTab(b, devB);
    await b.signIn(tabB.client);
    const bSession = await devB.storage.getItem(storageKeyOf(b));
    if (!bSession) throw new Error('no session for B');
    await dev.storage.setItem(storageKeyOf(a), bSession);
    tabA.engine.start();
    await tabA.engine.waitForLeadership();
    await tabA.engine.requestSync();
    const paths = dev.net.log.filter((l) => l.path.includes('/rest/v1/')).map((l) => l.path);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((p) => p.startsWith(`/t/${a.project.ref}/`))).toBe(true);
    expect((await b.serverIds('door_log')).size).toBe(0);
    expect((await a.serverIds('door_log')).get(check.id)).toBeUndefined();
    expect(await tabA.db.outbox.count()).toBe(1);
    expect(await tabA.db.rejected.count()).toBe(0);

    // The transport takes its URL from the database's binding, never from an argument.
    const transport = createSyncTransport(tabA.db, tabA.session, async (input) => {
      throw new Error(`should not be called: ${String(input)}`);
    });
    expect(transport.url).toBe(a.url);
    await closeTab(tabA);
    await closeTab(tabB);
  });

  it("9b. two tenants on one device never see each other's cache, even for the same user id", async () => {
    const userId = 'same-user-on-two-tenants';
    const a = await openTenantDb({ slug: 'tenant-a', url: 'http://stack.test/t/tenant-a', anonKey: 'a', userId });
    const b = await openTenantDb({ slug: 'tenant-b', url: 'http://stack.test/t/tenant-b', anonKey: 'b', userId });
    expect(a.name).not.toBe(b.name);
    const row = await upsertRow(a, 'campus', { campus_name: 'A campus' });
    await recordDoorCheck(a, { door_id: 'door-a', door_status: 'operational' });
    expect(await b.cache('campus').get(row.id)).toBeUndefined();
    expect(await b.cache('door_log').count()).toBe(0);
    expect(await b.outbox.count()).toBe(0);
    expect(await a.outbox.count()).toBe(2);
    a.close();
    b.close();
  });
});
