/**
 * The sync state of single rows against the real local stack: an officer's
 * check the server refused (the officer was deactivated before the device
 * sent it) reads needs-attention with the server's reason, a queued one
 * pending and a pushed one synced; retry and discard move refused rows on,
 * and another table's entries never leak into the answer.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDoorCheck, upsertRow } from '../../src/data/repositories';
import { discardRejected, listRejected, retryRejected } from '../../src/data/rejected-entries';
import { readRowSyncStates, rowSyncInfo } from '../../src/data/row-sync-state';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, doorId, drain, openTab, tenantFixture } from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

describe('row sync states', () => {
  it('a refused door check needs attention, a queued one is pending and a pushed one is synced', async () => {
    const f = await tenantFixture(t, 'regular_user');
    const dev = device(t);
    const tab = await openTab(f, dev);
    await f.signIn(tab.client);

    const pushed = await recordDoorCheck(tab.db, { door_id: doorId(f), door_status: 'operational' });
    await drain(tab);

    // Deactivated on the server before the device sends its next check.
    await f.project.engine.query('update public.users set active = false where id = $1', [f.user.id]);
    const refused = await recordDoorCheck(tab.db, { door_id: doorId(f, 1), door_status: 'maintenance' });
    await drain(tab);
    expect(await tab.db.rejected.count()).toBe(1);
    const queued = await recordDoorCheck(tab.db, { door_id: doorId(f, 2), door_status: 'operational' });
    // A change to a door waits in the outbox too, under another table.
    await upsertRow(tab.db, 'doors', { id: doorId(f), door_number: 'D1', campus_id: f.campusId, location: 'Gym' });

    const all = await readRowSyncStates(tab.db, 'door_log');
    expect(rowSyncInfo(all, pushed.id)).toEqual({ state: 'synced', error: null });
    expect(rowSyncInfo(all, queued.id)).toEqual({ state: 'pending', error: null });
    const attention = rowSyncInfo(all, refused.id);
    expect(attention.state).toBe('needs-attention');
    expect(attention.error?.status).toBe(403);
    expect(attention.error?.message).toMatch(/row-level security/);
    expect([...all.keys()].sort()).toEqual([queued.id, refused.id].sort());

    // Only the ids asked for, read through the index.
    const some = await readRowSyncStates(tab.db, 'door_log', [pushed.id, refused.id]);
    expect([...some.entries()].map(([id, s]) => [id, s.state])).toEqual([[refused.id, 'needs-attention']]);
    expect(await readRowSyncStates(tab.db, 'door_log', [])).toEqual(new Map());
    expect([...(await readRowSyncStates(tab.db, 'doors')).keys()]).toEqual([doorId(f)]);

    // Retried, the check waits again; once the officer is active again it is sent.
    const [r] = await listRejected(tab.db);
    await retryRejected(tab.db, r!.id!);
    expect(rowSyncInfo(await readRowSyncStates(tab.db, 'door_log'), refused.id).state).toBe('pending');
    await f.project.engine.query('update public.users set active = true where id = $1', [f.user.id]);
    await drain(tab);
    expect(await readRowSyncStates(tab.db, 'door_log')).toEqual(new Map());
    expect((await f.serverIds('door_log')).get(refused.id)).toBe(1);
    // An officer may not change doors: that entry is refused, and discarding it leaves it synced.
    expect(rowSyncInfo(await readRowSyncStates(tab.db, 'doors'), doorId(f)).state).toBe('needs-attention');
    const [door] = await listRejected(tab.db);
    await discardRejected(tab.db, door!.id!);
    expect(await readRowSyncStates(tab.db, 'doors')).toEqual(new Map());
    await closeTab(tab);
  });

  it('a refused change outranks a later one still waiting for the same row', async () => {
    const f = await tenantFixture(t, 'security_admin');
    const dev = device(t);
    const tab = await openTab(f, dev);
    await f.signIn(tab.client);
    // A door number the server's not-null rule refuses, then a fix queued behind it.
    await upsertRow(tab.db, 'doors', { id: doorId(f), door_number: null, campus_id: f.campusId });
    await drain(tab);
    expect(await tab.db.rejected.count()).toBe(1);
    await upsertRow(tab.db, 'doors', { id: doorId(f), door_number: 'D1', campus_id: f.campusId });
    const info = rowSyncInfo(await readRowSyncStates(tab.db, 'doors', [doorId(f)]), doorId(f));
    expect(info.state).toBe('needs-attention');
    expect(info.error?.code).toBe('23502');
    await closeTab(tab);
  });
});
