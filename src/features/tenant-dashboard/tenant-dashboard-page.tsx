/**
 * /tenant/{slug}/dashboard: the tenant's home (spec §2 Tenant area). Every
 * figure comes from the local cache, so it opens offline with the last
 * synced figures and says how old they are; the features come from the
 * product API and are remembered on the device.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { listNewest, readSupportSession, useRows, useSyncStates, useTenantSync, type TenantSync } from '../../data';
import { useNow } from '../../lib/use-now';
import { normalizeRole, tenantPath, type TenantRole } from '../../lib/roles';
import { Alert } from '../../ui/alert';
import { Loading } from '../../ui/loading';
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

export function TenantDashboardPage() {
  const { slug, userId, profile } = useTenantRoute();
  const { sync, error } = useTenantSync(slug, userId);
  const role = normalizeRole(profile?.role);
  return (
    <TenantShell
      title="Super Admin Dashboard"
      subtitle={`Tenant: ${slug}`}
      headerExtra={
        <Link to={tenantPath(slug, 'security')} className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline">
          Security Dashboard
        </Link>
      }
    >
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : sync ? (
        <Dashboard sync={sync} slug={slug} role={role} />
      ) : (
        <Loading label="Loading dashboard..." />
      )}
    </TenantShell>
  );
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
  const doors = useRows(db, 'doors');
  const vehicles = useRows(db, 'vehicles');
  const users = useRows(db, 'users');
  const logs = useLiveQuery(() => listNewest(db, 'door_log', RECENT), [db]);
  const incidents = useLiveQuery(() => listNewest(db, 'incidents', RECENT), [db]);
  const maintenance = useLiveQuery(() => listNewest(db, 'maintenance_records', RECENT), [db]);
  const states = useSyncStates(db);
  const features = useTenantFeatures(sync);
  const health = useHealthSummary(sync);

  const figures = useMemo(
    () => (doors && vehicles && users ? dashboardFigures({ doors, vehicles, users }) : null),
    [doors, vehicles, users],
  );
  const activity = useMemo(
    () =>
      logs && incidents && maintenance && doors && users
        ? recentActivity({ logs, incidents, maintenance, doors, users, limit: RECENT })
        : null,
    [logs, incidents, maintenance, doors, users],
  );
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
        health={
          health.summary
            ? { percentage: health.summary.overall.percentage, status: health.summary.overall.status }
            : health.error
              ? { failed: health.error }
              : null
        }
        onOpenHealth={() => setHealthOpen(true)}
      />
      {superAdmin && doors && <EscalatedAlertsCard sync={sync} doors={doors} />}
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
