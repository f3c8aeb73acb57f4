/**
 * The settings' sync view (check-interval-readiness.ts) read from the
 * device's pull states with as few reads as decide it. Once the settings
 * table was pulled, or the server said it does not exist, its own row
 * decides everything: the server was reached, and no other table's row
 * changes the answer. Read that way inside a live query, the query depends
 * on that one row, so the pull's writes of every other table's state (four
 * every 3 s on an open dashboard, forty in each full cycle) neither read the
 * store again nor re-render the selectors.
 */
import type { TenantDb } from '../../data';
import { SETTINGS_TABLE, settingsSyncView, type SettingsSyncView } from './check-interval-readiness';

export async function readSettingsSyncView(db: TenantDb): Promise<SettingsSyncView> {
  const own = await db.sync_state.get(SETTINGS_TABLE);
  const view = settingsSyncView(own ? [own] : []);
  if (view.pulled || view.missingOnServer) return view;
  return settingsSyncView(await db.sync_state.toArray());
}

export function sameSettingsSyncView(a: SettingsSyncView, b: SettingsSyncView): boolean {
  return (
    a.pulled === b.pulled &&
    a.missingOnServer === b.missingOnServer &&
    a.refusedMessage === b.refusedMessage &&
    a.reachedServer === b.reachedServer
  );
}
