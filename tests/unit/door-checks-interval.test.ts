/**
 * When the check interval may change on this device
 * (src/features/security/check-interval-readiness.ts): pulled once, the
 * setting already here, or the server said the settings table is missing;
 * otherwise a reason that says what the device waits for, never an endless
 * "Loading" on a device that has not reached the server.
 */
import { describe, expect, it } from 'vitest';
import {
  intervalEditStatus,
  intervalWaitText,
  settingsSyncView,
  type SettingsSyncView,
} from '../../src/features/security/check-interval-readiness';
import { settingsSaveMessage } from '../../src/features/security/door-status';

const state = (table: string, extra: Record<string, unknown> = {}) => ({
  table,
  updated_at: null,
  id: null,
  refetch: [],
  last_pull_at: null,
  last_error: null,
  ...extra,
});
const missingError = { code: 'PGRST205', message: "Could not find the table 'public.tenant_settings' in the schema cache" };
const AT = '2026-11-22T10:00:00.000Z';

describe('settingsSyncView', () => {
  it('a fresh device: nothing pulled, never reached the server', () => {
    expect(settingsSyncView([])).toEqual({ pulled: false, missingOnServer: false, refusedMessage: null, reachedServer: false });
    expect(settingsSyncView([state('tenant_settings')]).reachedServer).toBe(false);
  });

  it('another table pulled: the server was reached, the settings not yet', () => {
    const v = settingsSyncView([state('campus', { last_pull_at: AT }), state('tenant_settings')]);
    expect(v).toEqual({ pulled: false, missingOnServer: false, refusedMessage: null, reachedServer: true });
  });

  it('the pull recorded the settings table missing on the server', () => {
    const v = settingsSyncView([state('tenant_settings', { last_error: missingError, missing_on_server_at: AT })]);
    expect(v).toEqual({ pulled: false, missingOnServer: true, refusedMessage: null, reachedServer: true });
  });

  it('rows written before the field existed, or cleared by a later pull, are not missing', () => {
    expect(settingsSyncView([state('tenant_settings', { last_pull_at: AT })]).missingOnServer).toBe(false);
    expect(settingsSyncView([state('tenant_settings', { last_pull_at: AT, missing_on_server_at: null })])).toMatchObject({
      pulled: true,
      missingOnServer: false,
    });
  });

  it('another refusal keeps its message', () => {
    const v = settingsSyncView([state('tenant_settings', { last_error: { code: '42501', message: 'permission denied' } })]);
    expect(v).toMatchObject({ refusedMessage: 'permission denied', missingOnServer: false, reachedServer: true });
  });

  it('rows that are not sync states are ignored (input is parsed, not trusted)', () => {
    expect(settingsSyncView([null, 'x', { table: 'tenant_settings', missing_on_server_at: 5 }])).toEqual({
      pulled: false,
      missingOnServer: false,
      refusedMessage: null,
      reachedServer: false,
    });
  });
});

describe('intervalEditStatus', () => {
  const none: SettingsSyncView = { pulled: false, missingOnServer: false, refusedMessage: null, reachedServer: false };
  const reached = { ...none, reachedServer: true };

  it('ready when pulled once, when the setting is here, or when the server reports the table missing', () => {
    expect(intervalEditStatus({ hasSetting: false, sync: { ...reached, pulled: true }, online: true })).toBe('ready');
    expect(intervalEditStatus({ hasSetting: true, sync: none, online: false })).toBe('ready');
    expect(intervalEditStatus({ hasSetting: false, sync: { ...reached, missingOnServer: true }, online: false })).toBe('ready');
  });

  it('a device that never reached the server needs one connection, online or not', () => {
    expect(intervalEditStatus({ hasSetting: false, sync: none, online: false })).toBe('needs-connection');
    expect(intervalEditStatus({ hasSetting: false, sync: none, online: true })).toBe('needs-connection');
  });

  it('reached the server but not the settings yet: loading while online, needs a connection offline', () => {
    expect(intervalEditStatus({ hasSetting: false, sync: reached, online: true })).toBe('loading');
    expect(intervalEditStatus({ hasSetting: false, sync: reached, online: false })).toBe('needs-connection');
  });

  it('a refusal other than a missing table is said, not shown as loading', () => {
    expect(intervalEditStatus({ hasSetting: false, sync: { ...reached, refusedMessage: 'permission denied' }, online: true })).toBe(
      'refused',
    );
  });
});

describe('intervalWaitText and the save message', () => {
  const none: SettingsSyncView = { pulled: false, missingOnServer: false, refusedMessage: null, reachedServer: false };

  it('says why the selector is disabled', () => {
    expect(intervalWaitText('ready', none)).toBeNull();
    expect(intervalWaitText('loading', none)).toBe('Loading the settings from the server before they can change...');
    expect(intervalWaitText('needs-connection', none)).toBe(
      'The check interval can change after this device connects to the server once (the settings are not on it yet).',
    );
    expect(intervalWaitText('refused', { ...none, refusedMessage: 'permission denied' })).toBe(
      'The server did not send the settings (permission denied), so the check interval cannot change here.',
    );
  });

  it('a save with the settings table missing gives the spec §8 local-only message', () => {
    expect(settingsSaveMessage(missingError.code)).toBe('Settings updated locally (database setup needed)');
  });
});
