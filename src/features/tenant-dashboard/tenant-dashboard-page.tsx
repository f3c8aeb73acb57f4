/**
 * /tenant/{slug}/dashboard: the tenant's home (spec §2 Tenant area). Every
 * figure comes from the local cache, so it opens offline with the last
 * synced figures and says how old they are; the features come from the
 * product API and are remembered on the device.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  getRows,
  listNewest,
  readSupportSession,
  useRows,
  useSyncStates,
  useTenantSync,
  useLivePull,
  type TenantDb,
  type TenantSync,
} from '../../data';
import { useNow } from '../../lib/use-now';
import { normalizeRole, tenantPath, type TenantRole } from '../../lib/roles';
import { Alert } from '../../ui/alert';
import { Loading } from '../../ui/loading';
import { MyWorkLink } from '../maintenance/index';
import { EscalatedAlertsCard } from '../security/index';
import { TenantShell, useTenantRoute } from '../tenant-auth/index';
import { AdminDiagnostics } from './components/admin-diagnostics';
import { FeatureCards } from './components/feature-cards';
import { LinkTiles } from './components/link-tiles';
import { RecentActivity } from './components/recent-activity';
import { SummaryTiles } from './components/summary-tiles';
import { dashboardFigures, featureCards, recentActivity } from './dashboard-model';
import { figuresAge } from './figures-age';
import { SystemHealthModal } from './health/system-health-modal';
import { useHealthSummary } from './health/use-health-summary';
import { useServerReachable } from './hooks/use-server-reachable';
import { useTenantFeatures } from './hooks/use-tenant-features';

const RECENT = 8;
/** The counts could not be read from the device's store. */
const FIGURES_UNAVAILABLE = 'The figures saved on this device could not be read.';

export function TenantDashboardPage() {
  const { slug, userId, profile } = useTenantRoute();
  const { sync, error } = useTenantSync(slug, userId);
  useLivePull(sync);
  const role = normalizeRole(profile?.role);
  return (
    <TenantShell
      title="Super Admin Dashboard"
      subtitle={`Tenant: ${slug}`}
      headerExtra={
        <>
          <Link to={tenantPath(slug, 'security')} className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline">
            Security Dashboard
          </Link>
          {role === 'super_admin' && (
            <Link to={tenantPath(slug, 'maintenance')} className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline">
              Work Orders
            </Link>
          )}
        </>
      }
    >
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : sync ? (
        <>
          {role !== 'super_admin' && <MyWorkLink db={sync.db} slug={slug} userId={userId} className="mb-6" />}
          <Dashboard sync={sync} slug={slug} role={role} />
        </>
      ) : (
        <Loading label="Loading dashboard..." />
      )}
    </TenantShell>
  );
}

/** The newest checks, incidents and work orders, with only the doors and users they name. */
async function readRecent(db: TenantDb) {
  const [logs, incidents, maintenance] = await Promise.all([
    listNewest(db, 'door_log', RECENT),
    listNewest(db, 'incidents', RECENT),
    listNewest(db, 'maintenance_records', RECENT),
  ]);
  const ids = (rows: readonly Record<string, unknown>[], ...keys: string[]) =>
    rows.flatMap((r) => keys.map((k) => r[k])).filter((v): v is string => typeof v === 'string');
  const [doors, users] = await Promise.all([
    getRows(db, 'doors', [...ids(logs, 'door_id'), ...ids(maintenance, 'door_id')]),
    getRows(db, 'users', [...ids(logs, 'user_id'), ...ids(incidents, 'reported_by'), ...ids(maintenance, 'created_by')]),
  ]);
  return { logs, incidents, maintenance, doors, users };
}

function useSupportSession(slug: string): boolean {
  const [support, setSupport] = useState(false);
  useEffect(() => {
    let live = true;
    void readSupportSession(slug).then((s) => live && setSupport(s?.state === 'active'));
    return () => {
      live = false;
    };
  }, [slug]);
  return support;
}

function Dashboard({ sync, slug, role }: { sync: TenantSync; slug: string; role: TenantRole }) {
  const db = sync.db;
  const now = useNow(60_000);
  const reachable = useServerReachable(sync);
  const support = useSupportSession(slug);
  const [healthOpen, setHealthOpen] = useState(false);
  const vehicles = useRows(db, 'vehicles');
  const recent = useLiveQuery(() => readRecent(db), [db]);
  const states = useSyncStates(db);
  const features = useTenantFeatures(sync);
  // Counts again on every visit: a door changed on another screen shows here at once.
  const health = useHealthSummary(sync, { refreshOnMount: true });
  const counts = health.counts;

  const figures = useMemo(() => (counts && vehicles ? dashboardFigures({ counts, vehicles }) : null), [counts, vehicles]);
  const activity = useMemo(() => (recent ? recentActivity({ ...recent, limit: RECENT }) : null), [recent]);
  const age = figuresAge(states, now);
  const superAdmin = role === 'super_admin';

  return (
    <div className="space-y-8">
      {/* The features' fetch failing for want of a connection counts too: the engine may not have tried yet. */}
      {!reachable || features.offline || age.stale ? (
        <p role="status" data-testid="figures-age" className="rounded-lg bg-slate-100 px-4 py-2 text-sm text-slate-700">
          {!reachable || features.offline ? 'Offline: showing the figures saved on this device. ' : ''}
          {age.text}
        </p>
      ) : (
        <p data-testid="figures-age" className="text-sm text-slate-600">
          {age.text}
        </p>
      )}
      {support && <AdminDiagnostics slug={slug} />}
      <SummaryTiles
        figures={figures}
        unavailable={!figures && health.error ? FIGURES_UNAVAILABLE : null}
        health={
          health.summary
            ? { percentage: health.summary.overall.percentage, status: health.summary.overall.status }
            : health.error
              ? { failed: health.error }
              : null
        }
        onOpenHealth={() => setHealthOpen(true)}
      />
      {/* Its per-door reads wait for the tiles, which they would otherwise slow down. */}
      {superAdmin && (figures || health.error) && <EscalatedAlertsCard db={db} />}
      <FeatureCards
        slug={slug}
        cards={featureCards(role, features.effective)}
        source={features.source}
        fetchedAt={features.fetchedAt}
        loading={features.loading}
        now={now}
      />
      <RecentActivity items={activity} now={now} />
      <LinkTiles slug={slug} superAdmin={superAdmin} onOpenHealth={() => setHealthOpen(true)} />
      <SystemHealthModal open={healthOpen} onClose={() => setHealthOpen(false)} sync={sync} />
    </div>
  );
}
