/**
 * /tenant/{slug}/rounds: the officer's home. A big Scan button, the doors due
 * on the officer's campus (most overdue first) and their recent checks with
 * each one's sync state, all from the local store.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  readRemembered,
  rowSyncInfo,
  trustedNow,
  useLocalTenantDb,
  useRowSyncStates,
  useRows,
  type RowSyncState,
  type TenantDb,
} from '../../data';
import { DOOR_LOG_BADGE } from '../../lib/door-log-badge';
import { Alert } from '../../ui/alert';
import { ButtonLink } from '../../ui/button';
import { cx } from '../../ui/cx';
import { EmptyState } from '../../ui/empty-state';
import { inputClass } from '../../ui/field';
import { Loading } from '../../ui/loading';
import { MyWorkButton, useMyOpenWork } from '../maintenance/index';
import { tenantPath } from '../../lib/roles';
import { TenantShell, useTenantRoute } from '../tenant-auth/index';
import { useCheckInterval } from './hooks/use-check-interval';
import {
  checkIntervalLabel,
  DOOR_STATUS_LABEL,
  doorLogStatusColor,
  FRESHNESS_LABEL,
  latestCheckByDoor,
  overdueLabel,
  timeOf,
  type DoorStatus,
} from './model';
import { dueDoors, officerCampus, scanPath } from './rounds-model';

// Only while a sweep runs: the notice (and the sweeps chunk) load then, in room kept for them.
const RunningSweepsNotice = lazy(() => import('../sweeps/index').then((m) => ({ default: m.RunningSweepsNotice })));

const RECENT = 10;
const DUE_SHOWN = 30;

const SYNC_LABEL: Record<RowSyncState, string> = { pending: 'Pending', 'needs-attention': 'Needs attention', synced: 'Synced' };
const SYNC_BADGE: Record<RowSyncState, string> = {
  pending: 'bg-amber-100 text-amber-900',
  'needs-attention': 'bg-red-100 text-red-900',
  synced: 'bg-emerald-100 text-emerald-900',
};

export function RoundsPage() {
  const { slug, userId } = useTenantRoute();
  const { db, error } = useLocalTenantDb(slug, userId);
  return (
    <TenantShell title="My Rounds">
      <div className="space-y-8">
        <ButtonLink to={scanPath(slug)} size="lg" className="min-h-16 w-full text-lg sm:w-auto sm:px-10">
          Scan a Door
        </ButtonLink>
        {error ? (
          <Alert tone="error">{error}</Alert>
        ) : db ? (
          <RoundsBody db={db} slug={slug} userId={userId} />
        ) : (
          <Loading label="Opening this device's data..." />
        )}
      </div>
    </TenantShell>
  );
}

/**
 * My Work and Parking Lookup show with the rounds, not after them: buttons
 * arriving once the list is on screen would push it down under the
 * officer's thumb (a layout shift).
 */
function RoundsBody({ db, slug, userId }: { db: TenantDb; slug: string; userId: string }) {
  const work = useMyOpenWork(db, userId);
  const parkingOff = useParkingOff(db);
  const sweeps = useRows(db, 'sweeps');
  if (work === undefined || parkingOff === undefined || sweeps === undefined) return <Loading label="Loading your rounds..." />;
  const sweepRunning = sweeps.some((s) => !s.ended_at && !s.deleted_at);
  return (
    <>
      {sweepRunning && (
        <Suspense fallback={<div className="min-h-16" />}>
          <RunningSweepsNotice db={db} slug={slug} />
        </Suspense>
      )}
      <MyWorkButton slug={slug} open={work} />
      {!parkingOff && (
        <ButtonLink to={tenantPath(slug, 'student-parking')} variant="secondary" size="lg" className="w-full sm:w-auto">
          Parking Lookup
        </ButtonLink>
      )}
      <Rounds db={db} slug={slug} userId={userId} />
    </>
  );
}

/**
 * Officers write parking violations in the lots (decision 025). The link is
 * hidden only when the server last said the tenant has no student parking
 * (the features answer the dashboard remembers on this device); with no
 * answer yet it shows, and the page itself says when the feature is off.
 */
function useParkingOff(db: TenantDb): boolean | undefined {
  return useLiveQuery(async () => {
    const features = await readRemembered<{ effective?: { student_parking?: unknown } }>(db, 'features');
    return features?.value.effective?.student_parking === false;
  }, [db]);
}

function campusKey(slug: string, userId: string): string {
  return `lockstep-rounds-campus-${slug}-${userId}`;
}

function Rounds({ db, slug, userId }: { db: TenantDb; slug: string; userId: string }) {
  const doors = useRows(db, 'doors');
  const campuses = useRows(db, 'campus');
  const logs = useRows(db, 'door_log');
  const { hours } = useCheckInterval(db);
  const [chosen, setChosen] = useState<string | null>(() => localStorage.getItem(campusKey(slug, userId)));
  const selectId = useId();
  // The server's clock, not the phone's: a phone days behind must not read every door as checked.
  const [now, setNow] = useState(() => new Date(trustedNow()));
  // Doors fall due as time passes: recompute every minute.
  useEffect(() => {
    const t = setInterval(() => setNow(new Date(trustedNow())), 60_000);
    return () => clearInterval(t);
  }, []);

  const campusList = useMemo(
    () => (campuses ?? []).filter((c) => c.active !== false).sort((a, b) => String(a.campus_name).localeCompare(String(b.campus_name))),
    [campuses],
  );
  const mine = useMemo(
    () => (logs ?? []).filter((l) => l.user_id === userId).sort((a, b) => timeOf(b.created_at) - timeOf(a.created_at)),
    [logs, userId],
  );
  const recent = useMemo(() => mine.slice(0, RECENT), [mine]);
  // Every unsynced check rather than those of `recent`: a query keyed on the
  // list would run only after a new check shows, which would read Synced meanwhile.
  const syncStates = useRowSyncStates(db, 'door_log');
  const doorById = useMemo(() => new Map((doors ?? []).map((d) => [d.id, d])), [doors]);
  // Every campus, inactive ones too: a check made there still names where it was.
  const campusName = useMemo(() => new Map((campuses ?? []).map((c) => [c.id, String(c.campus_name ?? '')])), [campuses]);
  const campusId = officerCampus(chosen, campusList, mine, doorById);
  const latest = useMemo(() => latestCheckByDoor(logs ?? []), [logs]);
  const due = useMemo(
    () =>
      dueDoors(
        (doors ?? []).filter((d) => d.campus_id === campusId),
        latest,
        hours,
        now,
      ),
    [doors, campusId, latest, hours, now],
  );

  if (!doors || !campuses || !logs || !syncStates) return <Loading label="Loading your rounds..." />;
  if (doors.length === 0)
    return <EmptyState title="No doors on this device yet">Sync while online to load your organization’s doors.</EmptyState>;

  return (
    <>
      <section aria-labelledby="due-heading" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="due-heading" className="text-xl font-semibold text-slate-900">
              Doors due
            </h2>
            <p className="text-sm text-slate-600">Check interval: {checkIntervalLabel(hours)}</p>
          </div>
          <div className="w-full space-y-1 sm:w-72">
            <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
              Campus
            </label>
            <select
              id={selectId}
              className={inputClass}
              value={campusId ?? ''}
              onChange={(e) => {
                setChosen(e.target.value);
                localStorage.setItem(campusKey(slug, userId), e.target.value);
              }}
            >
              {campusList.map((c) => (
                <option key={c.id} value={c.id}>
                  {String(c.campus_name)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {due.length === 0 ? (
          <EmptyState title="All doors on this campus are checked">Nothing is due within the interval.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Doors due">
            {due.slice(0, DUE_SHOWN).map((d) => (
              <li key={d.door.id}>
                <Link
                  to={scanPath(slug, d.door.id)}
                  className="flex min-h-14 items-center justify-between gap-3 px-4 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
                >
                  <span>
                    <span className="font-semibold text-slate-900">{String(d.door.door_number)}</span>
                    <span className="ml-2 text-sm text-slate-600">{typeof d.door.location === 'string' ? d.door.location : ''}</span>
                  </span>
                  <span
                    className={cx(
                      'rounded-full px-2 py-0.5 text-xs font-semibold',
                      d.freshness === 'needs-check' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900',
                    )}
                  >
                    {FRESHNESS_LABEL[d.freshness]} · {overdueLabel(d.overdueMs)}
                  </span>
                </Link>
              </li>
            ))}
            {due.length > DUE_SHOWN && <li className="px-4 py-2 text-sm text-slate-600">and {due.length - DUE_SHOWN} more</li>}
          </ul>
        )}
      </section>

      <section aria-labelledby="recent-heading" className="space-y-3">
        <h2 id="recent-heading" className="text-xl font-semibold text-slate-900">
          My recent checks
        </h2>
        {mine.length === 0 ? (
          <EmptyState title="No checks yet">Scan a door to record your first check.</EmptyState>
        ) : (
          <ul
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
            aria-label="My recent checks"
            data-testid="recent-checks"
          >
            {recent.map((l) => {
              const door = doorById.get(String(l.door_id));
              const sync = rowSyncInfo(syncStates, l.id);
              const status = String(l.door_status) as DoorStatus;
              return (
                <li key={l.id} className="flex items-center justify-between gap-3 px-4 py-3" data-testid="recent-check">
                  <span>
                    <span className="font-semibold text-slate-900">{String(door?.door_number ?? 'Unknown door')}</span>
                    {/* Two campuses may both have a D104. */}
                    {door && campusName.get(String(door.campus_id)) && (
                      <span className="ml-2 text-sm text-slate-700" data-testid="recent-check-campus">
                        {campusName.get(String(door.campus_id))}
                      </span>
                    )}
                    <span
                      className={cx(
                        'ml-2 rounded-full px-2 py-0.5 text-xs font-semibold',
                        DOOR_LOG_BADGE[doorLogStatusColor(l.door_status)],
                      )}
                    >
                      {DOOR_STATUS_LABEL[status] ?? String(l.door_status)}
                    </span>
                    <span className="block text-sm text-slate-600">{new Date(String(l.created_at)).toLocaleString()}</span>
                    {sync.error && (
                      <span className="block text-sm text-red-800" data-testid="check-sync-reason">
                        Refused by the server: {sync.error.message}
                        <span className="block text-slate-600">Open the sync status at the top to retry or discard it.</span>
                      </span>
                    )}
                  </span>
                  <span
                    className={cx('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', SYNC_BADGE[sync.state])}
                    title={sync.error?.message}
                    data-testid="check-sync-state"
                  >
                    {SYNC_LABEL[sync.state]}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
