/**
 * The missed-check alerts of this tenant from the local cache, live (works
 * offline). Each door's latest check comes from the recent window of door
 * logs (the one the Door Status board reads, or the board's own figures when
 * the caller has them) and, only for doors with no check in that window, an
 * indexed lookup of their newest log: never a scan of every log.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { listDoorLogsBetween, listLatestChecksOf, useRows, type CacheRow, type TenantDb } from '../../../data';
import { isRealDoor, latestCheckByDoor, useCheckInterval } from '../../door-checks/index';
import {
  buildMissedCheckAlertsInSteps,
  withAcks,
  missedCheckPolicy,
  splitAlerts,
  type LatestTimes,
  type MissedCheckAlert,
  type MissedCheckPolicy,
} from '../missed-check';
import { freshnessWindowStart } from '../door-status';
import { useTrustedNow } from './use-trusted-now';
import { nextTask } from '../../../lib/next-task';

export interface MissedCheckAlerts {
  /** Open (unacknowledged) alerts, overdue only. */
  overdue: MissedCheckAlert[];
  /** Open (unacknowledged) alerts that escalated. */
  escalated: MissedCheckAlert[];
  /** Alerts an acknowledgement covers. */
  acknowledged: MissedCheckAlert[];
  policy: MissedCheckPolicy | null;
  loading: boolean;
}

export interface MissedCheckSource {
  /** The screen's trusted time, when it keeps one (the dashboard's tick). */
  now?: Date;
  /**
   * What the screen reads already (the security dashboard: its doors and the
   * Door Status board's latest checks), so nothing is read twice; while the
   * screen is still loading them (undefined, null) the alerts wait.
   */
  shared?: { doors: readonly CacheRow[] | undefined; windowLatest: LatestTimes | null };
}

const EMPTY: readonly never[] = [];

export function useMissedCheckAlerts(db: TenantDb | null, source: MissedCheckSource = {}): MissedCheckAlerts {
  const ticking = useTrustedNow(60_000);
  const now = source.now ?? ticking;
  const shared = source.shared ?? null;
  const { hours, loading: intervalLoading } = useCheckInterval(db);
  const settings = useRows(db, 'tenant_settings');
  const ownDoors = useRows(shared ? null : db, 'doors');
  const doors = shared ? shared.doors : ownDoors;
  const acks = useRows(db, 'door_alert_acks');
  const campuses = useRows(db, 'campus');
  const from = freshnessWindowStart(now, hours);
  const own = !shared;
  const windowLogs = useLiveQuery(() => (db && own ? listDoorLogsBetween(db, from, '\uffff') : undefined), [db, from, own]);
  const sharedLatest = shared ? shared.windowLatest : null;
  const windowLatest = useMemo(
    () => (own ? (windowLogs ? latestCheckByDoor(windowLogs) : null) : sharedLatest),
    [own, windowLogs, sharedLatest],
  );

  const missing = useMemo(() => {
    if (!doors || !windowLatest) return null;
    return doors
      .filter((d) => !d.deleted_at && isRealDoor({ id: d.id, door_number: typeof d.door_number === 'string' ? d.door_number : null }))
      .map((d) => d.id)
      .filter((id) => !windowLatest.has(id));
  }, [doors, windowLatest]);
  const older = useLiveQuery(() => (db && missing ? listLatestChecksOf(db, missing) : undefined), [db, missing]);

  const policy = useMemo(() => (settings ? missedCheckPolicy(settings, hours) : null), [settings, hours]);
  // Built in steps after the render, not in it: over 5,000 doors the pass was one long task on a phone, in the
  // render that showed it and again each minute. Each step yields with a message to the page (nextTask), which a
  // hidden tab does not slow down as it does timers. While the next answer is built, or while an input is being read
  // again, the last one stays on screen. Acknowledgements are applied to it at once (withAcks, a pass over the alerts
  // alone), so an alert just acknowledged never shows its Acknowledge button again while the doors are gone over.
  const [built, setBuilt] = useState<{ db: TenantDb; alerts: MissedCheckAlert[] } | { db: TenantDb; error: unknown } | null>(null);
  useEffect(() => {
    if (!db || !doors || !campuses || !windowLatest || !older || !policy) return;
    let stopped = false;
    const input = { doors, campuses, latest: windowLatest, older, acks: EMPTY, policy, now: now.getTime() };
    buildMissedCheckAlertsInSteps(input, nextTask, () => stopped)
      .then((alerts) => {
        if (alerts && !stopped) setBuilt({ db, alerts });
      })
      .catch((e: unknown) => {
        // A pure function over rows already read: a throw is a bug, thrown in the render below as it was when the
        // alerts were built there, so the screen's error boundary shows it.
        if (!stopped) setBuilt({ db, error: e });
      });
    return () => {
      stopped = true;
    };
  }, [db, doors, campuses, windowLatest, older, policy, now]);
  const withoutAcks = built && built.db === db && 'alerts' in built ? built.alerts : null;
  const alerts = useMemo(() => (withoutAcks && acks ? withAcks(withoutAcks, acks) : null), [withoutAcks, acks]);
  const split = useMemo(() => splitAlerts(alerts ?? EMPTY), [alerts]);
  if (built && built.db === db && 'error' in built) throw built.error;
  return { ...split, policy, loading: alerts === null || acks === undefined || intervalLoading };
}
