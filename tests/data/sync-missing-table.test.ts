/**
 * A table the server does not have (PostgREST PGRST205) on the real local
 * stack: the pull records it in that table's sync_state row, goes on with the
 * other tables, and clears the mark once the table is back. The check
 * interval selector reads that mark as "ready" (a save then stays local with
 * the spec §8 message) instead of waiting forever for a first pull.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableMissingOnServer, type PullState } from '../../src/data/pull';
import { upsertRow } from '../../src/data/repositories';
import { intervalEditStatus, settingsSyncView } from '../../src/features/security/check-interval-readiness';
import { settingsSaveMessage } from '../../src/features/security/door-status';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, drain, openTab, tenantFixture } from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

describe('pull with a table missing on the server', () => {
  it('records the missing table, pulls the others, and clears the mark when the table is back', async () => {
    const f = await tenantFixture(t, 'security_admin', 3);
    const dev = device(t);
    // tenant_settings sits between tables that must still be pulled.
    const tab = await openTab(f, dev, { tables: ['campus', 'doors', 'tenant_settings', 'door_log'] });
    await f.signIn(tab.client);
    tab.engine.start();
    await tab.engine.waitForLeadership();

    await f.project.engine.query(`alter table public.tenant_settings rename to tenant_settings_away`);
    await tab.engine.pullNow();

    const settings: PullState | undefined = await tab.db.sync_state.get('tenant_settings');
    expect(settings?.last_error?.code).toBe('PGRST205');
    expect(settings?.last_pull_at).toBeNull();
    expect(tableMissingOnServer(settings)).toBe(true);
    expect(typeof settings?.missing_on_server_at).toBe('string');
    // The tables before and after it were pulled.
    expect(await tab.db.cache('doors').count()).toBe(3);
    expect(await tab.db.cache('campus').count()).toBe(1);
    expect((await tab.db.sync_state.get('door_log'))?.last_pull_at).toBeTruthy();
    expect(tableMissingOnServer(await tab.db.sync_state.get('doors'))).toBe(false);
    expect(tab.engine.getState().lastError).toBeNull();

    // The selector may change now: the save stays local and says so (spec §8).
    const view = settingsSyncView(await tab.db.sync_state.toArray());
    expect(view.missingOnServer).toBe(true);
    expect(intervalEditStatus({ hasSetting: false, sync: view, online: true })).toBe('ready');
    await upsertRow(tab.db, 'tenant_settings', { id: crypto.randomUUID(), setting_key: 'check_interval_hours', setting_value: '4' });
    await drain(tab);
    const [rejected] = await tab.db.rejected.toArray();
    expect(rejected?.table).toBe('tenant_settings');
    expect(settingsSaveMessage(rejected?.error.code)).toBe('Settings updated locally (database setup needed)');

    // The table comes back: the next pull succeeds and the mark goes.
    await f.project.engine.query(`alter table public.tenant_settings_away rename to tenant_settings`);
    await tab.engine.pullNow();
    const back: PullState | undefined = await tab.db.sync_state.get('tenant_settings');
    expect(back?.last_pull_at).toBeTruthy();
    expect(back?.last_error).toBeNull();
    expect(tableMissingOnServer(back)).toBe(false);
    expect(settingsSyncView(await tab.db.sync_state.toArray())).toMatchObject({ pulled: true, missingOnServer: false });

    await closeTab(tab);
  });

  it('another refusal is not recorded as a missing table', async () => {
    const f = await tenantFixture(t, 'security_admin', 1);
    const tab = await openTab(f, device(t), { tables: ['tenant_settings', 'doors'] });
    await f.signIn(tab.client);
    tab.engine.start();
    await tab.engine.waitForLeadership();
    await f.project.engine.query(`revoke select on public.tenant_settings from authenticated`);
    try {
      await tab.engine.pullNow();
      const settings: PullState | undefined = await tab.db.sync_state.get('tenant_settings');
      expect(settings?.last_error?.code).toBe('42501');
      expect(tableMissingOnServer(settings)).toBe(false);
      expect(await tab.db.cache('doors').count()).toBe(1);
      expect(intervalEditStatus({ hasSetting: false, sync: settingsSyncView(await tab.db.sync_state.toArray()), online: true })).toBe(
        'refused',
      );
    } finally {
      await f.project.engine.query(`grant select on public.tenant_settings to authenticated`);
    }
    await closeTab(tab);
  });
});
