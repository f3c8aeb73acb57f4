/**
 * When the check interval may change on this device (docs/decisions/009):
 * setting_key is unique on the server, so a device that has not seen the
 * server's settings must not create a row of its own. It may once the
 * settings were pulled, the setting is already here, or the server said the
 * settings table does not exist (then a save stays local, spec §8). Until
 * then the reason shown says what the device is waiting for.
 */
// zod/mini, as the door-check rules this page loads use: sync_state rows come
// back from IndexedDB, so they are parsed, not trusted.
import { z } from 'zod/mini';

export const SETTINGS_TABLE = 'tenant_settings';

/** The fields of a sync_state row this rule reads (src/data/pull.ts writes them). */
const syncStateSchema = z.object({
  table: z.string(),
  last_pull_at: z.nullish(z.string()),
  last_error: z.nullish(z.object({ code: z.string(), message: z.string() })),
  /** Set by the pull when the server answered that the table does not exist. */
  missing_on_server_at: z.nullish(z.string()),
});

export interface SettingsSyncView {
  /** The settings table was pulled at least once. */
  pulled: boolean;
  /** The server's last answer: the settings table does not exist. */
  missingOnServer: boolean;
  /** The server refused to send the settings for another reason (its message). */
  refusedMessage: string | null;
  /** Some table was ever answered by the server: the device has connected once. */
  reachedServer: boolean;
}

export function settingsSyncView(rows: readonly unknown[]): SettingsSyncView {
  const states = rows.flatMap((r) => {
    const parsed = syncStateSchema.safeParse(r);
    return parsed.success ? [parsed.data] : [];
  });
  const settings = states.find((s) => s.table === SETTINGS_TABLE);
  const missingOnServer = typeof settings?.missing_on_server_at === 'string';
  return {
    pulled: typeof settings?.last_pull_at === 'string',
    missingOnServer,
    refusedMessage: settings?.last_error && !missingOnServer ? settings.last_error.message : null,
    reachedServer: states.some((s) => typeof s.last_pull_at === 'string' || s.last_error != null || s.missing_on_server_at != null),
  };
}

export type IntervalEditStatus = 'ready' | 'loading' | 'needs-connection' | 'refused';

export function intervalEditStatus(input: { hasSetting: boolean; sync: SettingsSyncView; online: boolean }): IntervalEditStatus {
  const { hasSetting, sync, online } = input;
  if (hasSetting || sync.pulled || sync.missingOnServer) return 'ready';
  if (sync.refusedMessage !== null) return 'refused';
  // Never connected, or offline before the settings came: only a connection helps.
  if (!sync.reachedServer || !online) return 'needs-connection';
  return 'loading';
}

/** Why the selector is disabled, or null when it is not. */
export function intervalWaitText(status: IntervalEditStatus, sync: SettingsSyncView): string | null {
  switch (status) {
    case 'ready':
      return null;
    case 'loading':
      return 'Loading the settings from the server before they can change...';
    case 'needs-connection':
      return 'The check interval can change after this device connects to the server once (the settings are not on it yet).';
    case 'refused':
      return `The server did not send the settings (${sync.refusedMessage ?? 'no reason given'}), so the check interval cannot change here.`;
  }
}
