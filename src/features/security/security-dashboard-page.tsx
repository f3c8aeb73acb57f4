/**
 * /tenant/{slug}/security: the Security Dashboard, read from the local
 * cache (DESIGN §2): header, the five summary cards, and the Door Status tab.
 * Door logs are read only for the window that decides freshness (today, or
 * the check interval, whichever reaches back further): a door whose latest
 * check is older than that is Needs Check whatever the check said.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  countRows,
  getCachedOrganization,
  useDoorLogsByDoor,
  useLaterTenantSync,
  useLivePull,
  useLocalTenantDb,
  useRows,
  type CacheRow,
  type TenantDb,
  type TenantSync,
  type TenantSyncState,
} from '../../data';
import { useHoldContentReady } from '../../lib/content-ready';
import { DOOR_LOG_BADGE } from '../../lib/door-log-badge';
import { normalizeRole, tenantPath } from '../../lib/roles';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { Loading } from '../../ui/loading';
import { Modal } from '../../ui/modal';
import { Tabs } from '../../ui/tabs';
import {
  DOOR_STATUS_LABEL,
  downloadDoorQrPng,
  FRESHNESS_LABEL,
  doorLogStatusColor,
  useCheckInterval,
  type DoorStatus,
} from '../door-checks/index';
import { clockFlagText } from '../../lib/clock-flag';
import { TenantShell, useTenantRoute } from '../tenant-auth/index';
// Freshness is judged on the server's clock (decision 013), as the checks' times are: the board keeps to it.
import { useLiveBoard } from './hooks/use-live-board';
import { useBoardDoors } from './hooks/use-board-doors';
import { DoorStatusTab } from './components/door-status-tab';
import { SummaryCards, type SummaryKey } from './components/summary-cards';
import { isActiveIncident, showBackToDashboard, type CampusCard, type DoorTile } from './door-status';
import { isListedSecurityUser, userFlags } from './model';
import type { LatestTimes } from './missed-check';
import { MissedCheckAlertsButton } from './components/missed-check-alerts';
import { DoorOpenWork } from './components/door-open-work';
import { WorkOrdersLink } from './components/work-orders-link';
import { DoorFacts } from './components/door-facts';
import { PhotoGallery } from '../photos/index';
import { doorImages, NO_IMAGES } from './door-images';

// The management modals and the Conditions tab (reports, PDF, geocoding) load on demand.
const SecurityAdminModals = lazy(() => import('./admin/index').then((m) => ({ default: m.SecurityAdminModals })));
const ConditionsTab = lazy(() => import('./admin/index').then((m) => ({ default: m.ConditionsTab })));

const ADMIN_MODE_KEY = 'lockstepAdminMode';

export function SecurityDashboardPage() {
  const { slug, userId, profile } = useTenantRoute();
  // The board paints from the local store alone; the sync engine (and supabase-js) loads once it has painted.
  const { db, error } = useLocalTenantDb(slug, userId);
  const later = useLaterTenantSync(slug, userId);
  useHoldContentReady(!db && !error);
  useLivePull(later.sync);
  const role = normalizeRole(profile?.role);
  const canGoBack = showBackToDashboard(role, typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(ADMIN_MODE_KEY));
  return (
    <TenantShell
      title="Security Dashboard"
      subtitle={`Tenant: ${slug}`}
      headerExtra={
        <>
          {canGoBack && (
            <Link to={tenantPath(slug, 'dashboard')} className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline">
              Back to Tenant Dashboard
            </Link>
          )}
          {/* Security admins land here, never on the dashboard with its parking card (DESIGN §6 gives them parking). */}
          {role === 'security_admin' && (
            <Link
              to={tenantPath(slug, 'student-parking')}
              className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline"
            >
              Student Parking
            </Link>
          )}
          {(role === 'security_admin' || role === 'super_admin') && (
            <>
              <Link to={tenantPath(slug, 'sweeps')} className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline">
                Campus Sweeps
              </Link>
              <Link to={tenantPath(slug, 'compliance')} className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline">
                Compliance Report
              </Link>
            </>
          )}
        </>
      }
    >
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : db ? (
        <Dashboard db={db} syncState={later} canEdit={role === 'security_admin' || role === 'super_admin'} />
      ) : (
        <Loading label="Loading security dashboard..." fullScreen />
      )}
    </TenantShell>
  );
}

/** `syncState`: the engine once loaded (the management modals, the Conditions tab and photos need it), or why it is not. */
export function Dashboard({ db, syncState, canEdit }: { db: TenantDb; syncState: TenantSyncState; canEdit: boolean }) {
  const { hours, loading: intervalLoading } = useCheckInterval(db);
  const campuses = useRows(db, 'campus');
  const doorRows = useBoardDoors(db);
  const incidents = useRows(db, 'incidents');
  const users = useRows(db, 'users');
  const logCount = useLiveQuery(() => countRows(db, 'door_log'), [db]);
  const { board, latest, doors, error: boardError } = useLiveBoard(db, campuses, doorRows, intervalLoading ? null : hours);
  // Which door's details are open; the tile itself is read from the current board, so the dialog follows new checks.
  const [openDoorId, setOpenDoorId] = useState<string | null>(null);
  const [openCard, setOpenCard] = useState<SummaryKey | null>(null);
  const onOpenDoor = useCallback((tile: DoorTile) => setOpenDoorId(tile.id), []);
  // Missed-check alerts reuse the board's latest checks; only doors with none in its window are looked up.
  // A view of the board's latest checks, not a copy: copying 5,000 of them was part of this render each time they moved.
  const windowLatest = useMemo<LatestTimes | null>(
    () => (latest ? { has: (id) => latest.has(id), get: (id) => latest.get(id)?.at } : null),
    [latest],
  );

  // The background work (the sync engine's first pull among it) waits until the tiles are on screen, not
  // only the data behind them: started between the two, it held the tiles back ~0.5 s on a phone.
  const [tilesShown, setTilesShown] = useState(false);
  const onTilesShown = useCallback(() => setTilesShown(true), []);
  const loading = !board || !incidents || !users || logCount === undefined || intervalLoading;
  useHoldContentReady((loading || !tilesShown) && !boardError);

  if (boardError) return <Alert tone="error">The door logs on this device could not be read: {boardError}</Alert>;
  if (loading) return <Loading label="Loading security dashboard..." fullScreen />;

  const openDoor = openDoorId === null ? null : findTile(board.campuses, openDoorId);
  const securityUsers = users.filter((u) => !u.deleted_at && isListedSecurityUser(userFlags(u)));
  const activeIncidents = incidents.filter(isActiveIncident);
  const counts = {
    campuses: board.campuses.filter((c) => c.id !== '').length,
    doors: board.totals.doors,
    activeIncidents: activeIncidents.length,
    securityUsers: securityUsers.length,
    doorLogs: logCount,
  };

  return (
    <div className="space-y-6">
      {canEdit && (
        <div className="flex flex-wrap items-center justify-end gap-3">
          <WorkOrdersLink db={db} slug={db.binding.slug} />
          <MissedCheckAlertsButton db={db} windowLatest={windowLatest} doors={doors} />
        </div>
      )}
      <SummaryCards counts={counts} onOpen={setOpenCard} />
      {openCard && (
        <WithSync state={syncState}>
          {(ready) => (
            <Suspense fallback={<Loading />}>
              <SecurityAdminModals
                open={openCard}
                onClose={() => setOpenCard(null)}
                sync={ready}
                tenantName={getCachedOrganization(db.binding.slug)?.display_name ?? db.binding.slug}
              />
            </Suspense>
          )}
        </WithSync>
      )}
      <Tabs
        label="Security dashboard sections"
        items={[
          {
            id: 'door-status',
            label: 'Door Status',
            panel: <DoorStatusTab db={db} board={board} canEdit={canEdit} onOpenDoor={onOpenDoor} onShown={onTilesShown} />,
          },
          {
            id: 'conditions',
            label: 'Conditions',
            panel: (
              <WithSync state={syncState}>
                {(ready) => (
                  <Suspense fallback={<Loading />}>
                    <ConditionsTab sync={ready} />
                  </Suspense>
                )}
              </WithSync>
            ),
          },
        ]}
      />
      {openDoor && (
        <DoorDetail db={db} sync={syncState.sync} tile={openDoor.tile} campus={openDoor.campus} onClose={() => setOpenDoorId(null)} />
      )}
    </div>
  );
}

function findTile(campuses: readonly CampusCard[], doorId: string): { tile: DoorTile; campus: CampusCard } | null {
  for (const campus of campuses) {
    const tile = campus.tiles.find((t) => t.id === doorId);
    if (tile) return { tile, campus };
  }
  return null;
}

function LogList({
  logs,
  doorNumber,
  sync,
}: {
  logs: readonly CacheRow[];
  doorNumber: ReadonlyMap<string, string>;
  sync: TenantSync | null;
}) {
  if (logs.length === 0) return <p className="text-slate-700">No door logs yet.</p>;
  return (
    <ul className="max-h-96 divide-y divide-slate-200 overflow-y-auto">
      {logs.map((l) => (
        <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="font-medium text-slate-900">{doorNumber.get(String(l.door_id)) ?? 'Unknown door'}</span>
          <span className={cx('rounded-full px-2 py-0.5 text-xs font-semibold', DOOR_LOG_BADGE[doorLogStatusColor(l.door_status)])}>
            {DOOR_STATUS_LABEL[String(l.door_status) as DoorStatus] ?? String(l.door_status ?? 'Unknown')}
          </span>
          <span className="text-sm text-slate-600">{new Date(String(l.created_at)).toLocaleString()}</span>
          {typeof l.door_problem === 'string' && l.door_problem && <span className="w-full text-sm text-slate-700">{l.door_problem}</span>}
          <ClockFlag log={l} />
          {sync && (
            <div className="w-full">
              <PhotoGallery
                sync={sync}
                table="door_log"
                rowId={l.id}
                label={`Photos of the check at ${new Date(String(l.created_at)).toLocaleString()}`}
              />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function DoorDetail({
  db,
  sync,
  tile,
  campus,
  onClose,
}: {
  db: TenantDb;
  /** Photos are listed once the sync engine is loaded (it reads them from the server). */
  sync: TenantSync | null;
  tile: DoorTile;
  campus: CampusCard;
  onClose: () => void;
}) {
  const logs = useDoorLogsByDoor(db, tile.id, 5);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Modal
      open
      onClose={onClose}
      title={`Door ${tile.doorNumber}`}
      description={`${campus.name}${tile.location ? ` · ${tile.location}` : ''}`}
      footer={
        <>
          <Button
            variant="secondary"
            busy={busy}
            onClick={() => {
              setBusy(true);
              setProblem(null);
              doorImages(db, [tile.id])
                .then(([images]) => downloadDoorQrPng({ door_number: tile.doorNumber, campus: campus.name }, images ?? NO_IMAGES))
                .catch((e: unknown) => setProblem(e instanceof Error ? e.message : String(e)))
                .finally(() => setBusy(false));
            }}
          >
            Download QR code
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <div className="space-y-3">
        <p>
          <span className="font-semibold">{FRESHNESS_LABEL[tile.freshness]}</span> · last check{' '}
          {tile.lastCheck === null ? 'never' : new Date(tile.lastCheck).toLocaleString()}
        </p>
        {problem && <Alert tone="error">{problem}</Alert>}
        <DoorFacts db={db} doorId={tile.id} lastStatus={tile.lastStatus} />
        <DoorOpenWork db={db} slug={db.binding.slug} doorId={tile.id} />
        <h3 className="font-semibold text-slate-900">Recent checks</h3>
        {logs ? <LogList logs={logs} doorNumber={new Map([[tile.id, tile.doorNumber]])} sync={sync} /> : <Loading />}
      </div>
    </Modal>
  );
}

/** What needs the sync engine shows once it is loaded (a moment after the board paints), or why it could not start. */
function WithSync({ state, children }: { state: TenantSyncState; children: (sync: TenantSync) => ReactNode }) {
  if (state.sync) return children(state.sync);
  if (state.error) return <Alert tone="error">Syncing could not start on this device: {state.error}</Alert>;
  return <Loading label="Starting sync..." />;
}

/** A check whose device time the server did not trust says so, with both times. */
function ClockFlag({ log }: { log: CacheRow }) {
  const text = clockFlagText(log);
  if (!text) return null;
  const device = typeof log.device_created_at === 'string' ? new Date(log.device_created_at).toLocaleString() : null;
  return (
    <span className="w-full text-sm font-semibold text-amber-800" data-testid="clock-flag">
      {text}
      {device && <span className="block font-normal text-slate-700">Recorded on the device as {device}</span>}
    </span>
  );
}
