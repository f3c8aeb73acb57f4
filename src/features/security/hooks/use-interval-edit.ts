/**
 * Whether the check interval may change on this device now, live: the sync
 * state rows (written by the pull) and the browser's online flag, read
 * through check-interval-readiness.ts. Kept in the security feature so the
 * scan path, which loads the door-check index, does not carry it.
 */
import { useSyncStates, type TenantDb } from '../../../data';
import { intervalEditStatus, intervalWaitText, settingsSyncView, type IntervalEditStatus } from '../check-interval-readiness';
import { useOnline } from '../../../lib/use-online';

export interface IntervalEdit {
  status: IntervalEditStatus;
  /** Why the selector is disabled; null when it may change. */
  reason: string | null;
  /** The server has no settings table: a change stays on this device (spec §8). */
  missingOnServer: boolean;
}

export function useIntervalEdit(db: TenantDb, hasSetting: boolean): IntervalEdit {
  const states = useSyncStates(db);
  const online = useOnline();
  const sync = settingsSyncView(states ?? []);
  // Until the sync state is read, stay disabled without claiming more than "loading".
  const status: IntervalEditStatus = states === undefined && !hasSetting ? 'loading' : intervalEditStatus({ hasSetting, sync, online });
  return { status, reason: intervalWaitText(status, sync), missingOnServer: sync.missingOnServer };
}
