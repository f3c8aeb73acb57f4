/**
 * Whether the check interval may change on this device now, live: the sync
 * state rows (written by the pull) and the browser's online flag, read
 * through check-interval-readiness.ts. Kept in the security feature so the
 * scan path, which loads the door-check index, does not carry it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef } from 'react';
import type { TenantDb } from '../../../data';
import {
  intervalEditStatus,
  intervalWaitText,
  settingsSyncView,
  type IntervalEditStatus,
  type SettingsSyncView,
} from '../check-interval-readiness';
import { readSettingsSyncView, sameSettingsSyncView } from '../settings-sync-view';
import { useOnline } from '../../../lib/use-online';

export interface IntervalEdit {
  status: IntervalEditStatus;
  /** Why the selector is disabled; null when it may change. */
  reason: string | null;
  /** The server has no settings table: a change stays on this device (spec §8). */
  missingOnServer: boolean;
}

/** What a device with no pull state says: the view of no rows. */
const NOT_READ = settingsSyncView([]);

export function useIntervalEdit(db: TenantDb, hasSetting: boolean): IntervalEdit {
  // The same object while the view is unchanged: the live query then hands over nothing new, and nothing re-renders.
  const last = useRef<SettingsSyncView | null>(null);
  const view = useLiveQuery(async () => {
    const next = await readSettingsSyncView(db);
    const prev = last.current;
    if (prev && sameSettingsSyncView(prev, next)) return prev;
    last.current = next;
    return next;
  }, [db]);
  const online = useOnline();
  const sync = view ?? NOT_READ;
  // Until the sync state is read, stay disabled without claiming more than "loading".
  const status: IntervalEditStatus = view === undefined && !hasSetting ? 'loading' : intervalEditStatus({ hasSetting, sync, online });
  return { status, reason: intervalWaitText(status, sync), missingOnServer: sync.missingOnServer };
}
