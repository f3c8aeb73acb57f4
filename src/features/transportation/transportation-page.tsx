/**
 * /tenant/{slug}/transportation (issue 14): the fleet, drivers, routes and
 * stops, inspections and drills, read from the local cache and written
 * through the offline core, so it works with no signal. One chunk, loaded
 * with the route: every lazy chunk adds its name to the app's preload map,
 * which rides on the officer's scan path. Admins get tabs
 * (kept in the address as ?tab=); a driver gets their buses' phone screens;
 * anyone else, or a tenant without the add-on, is told why not.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSyncStates, useTenantSync, type SyncedTable, type TenantSync } from '../../data';
import { localDateIso } from '../../lib/local-date';
import { tenantLandingPath, tenantPath } from '../../lib/roles';
import { Alert } from '../../ui/alert';
import { Loading } from '../../ui/loading';
import { Tabs } from '../../ui/tabs';
import { TenantShell, useTenantRoute } from '../tenant-auth/index';
import { useServerReachable, useTenantFeatures } from '../tenant-dashboard/index';
import { assignmentCurrent, DRIVER_LINK_TABLES, transportAccess } from './access';
import { DataAgeBadge } from './data-age-badge';
import DrillsTab from './field/drills-tab';
import DriverHome from './field/driver-home';
import InspectionsTab from './field/inspections-tab';
import VehiclesTab from './fleet/vehicles-tab';
import OverviewTab from './overview/overview-tab';
import RoutesTab from './routes/routes-tab';

/** Every table of the area: the header's data age reads their last pulls. */
export const TRANSPORT_TABLES: readonly SyncedTable[] = [
  'vehicles',
  'bus_drivers',
  'vehicle_maintenance',
  'fuel_log',
  'buses',
  'routes',
  'route_stops',
  'bus_log',
  'bus_pings',
  'route_stop_events',
  'user_bus_assignments',
  'user_route_assignments',
  'student_routes',
  'student_ride_events',
  'student_drivers',
];

const ADMIN_TABS = [
  { id: 'overview', label: 'Overview', Panel: OverviewTab },
  { id: 'vehicles', label: 'Vehicles, Maintenance & Fuel', Panel: VehiclesTab },
  { id: 'routes', label: 'Buses & Routes', Panel: RoutesTab },
  { id: 'inspections', label: 'Inspections', Panel: InspectionsTab },
  { id: 'drills', label: 'Drills', Panel: DrillsTab },
] as const;

const linkClass = 'inline-flex min-h-11 items-center text-sm font-semibold text-blue-800 underline-offset-4 hover:underline';

export function TransportationPage() {
  const { slug, userId } = useTenantRoute();
  const { sync, error } = useTenantSync(slug, userId);
  return (
    <TenantShell
      title="Transportation"
      subtitle={`Tenant: ${slug}`}
      headerExtra={
        <>
          <Link to={tenantPath(slug, 'dashboard')} className={linkClass}>
            Back
          </Link>
          <DataAgeBadge sync={sync} tables={TRANSPORT_TABLES} />
        </>
      }
    >
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : sync ? (
        <Gate sync={sync} />
      ) : (
        <Loading label="Loading transportation dashboard..." fullScreen />
      )}
    </TenantShell>
  );
}

/** Whether the cache says this user drives (or rides along on) a bus today. */
function useIsDriver(sync: TenantSync): boolean | undefined {
  const db = sync.db;
  return useLiveQuery(async () => {
    const me = db.binding.userId;
    const today = localDateIso(new Date());
    const [drivers, buses, routes] = await Promise.all([
      db.cache('bus_drivers').where('user_id').equals(me).toArray(),
      db.cache('user_bus_assignments').where('user_id').equals(me).toArray(),
      db.cache('user_route_assignments').where('user_id').equals(me).toArray(),
    ]);
    return (
      drivers.some((d) => d.active !== false && !d.deleted_at) ||
      buses.some((a) => assignmentCurrent(a, today)) ||
      routes.some((a) => assignmentCurrent(a, today))
    );
  }, [db]);
}

/** Whether the tables that make a user a driver have been pulled once on this device. */
function useLinksPulled(sync: TenantSync): boolean | undefined {
  const states = useSyncStates(sync.db);
  if (!states) return undefined;
  return DRIVER_LINK_TABLES.every((t) => states.some((s) => s.table === t && (s.last_pull_at || s.last_error)));
}

function Gate({ sync }: { sync: TenantSync }) {
  const { slug, profile } = useTenantRoute();
  const features = useTenantFeatures(sync);
  const isDriver = useIsDriver(sync);
  const linksPulled = useLinksPulled(sync);
  const reachable = useServerReachable(sync);
  if (isDriver === undefined || linksPulled === undefined || (features.loading && features.source === 'default')) {
    return <Loading label="Loading transportation dashboard..." fullScreen />;
  }
  const access = transportAccess({ role: profile?.role, featureOn: features.effective.transportation, isDriver });
  // A driver's first visit: their driver row may not have reached this device yet.
  if (access === 'refused' && !linksPulled && reachable) {
    return <Loading label="Loading transportation dashboard..." fullScreen />;
  }
  if (access === 'refused') {
    return (
      <Notice title="You do not have access to Transportation">
        Transportation is for transportation admins, super admins and the drivers they assign.{' '}
        <Link to={tenantLandingPath(slug, profile?.role)} className="font-semibold text-blue-800 underline">
          Go to your home screen
        </Link>
      </Notice>
    );
  }
  if (access === 'feature-off') {
    return (
      <Notice title="The Transportation add-on is not enabled">
        Your organization does not have Transportation turned on.{' '}
        <Link to="/pricing" className="font-semibold text-blue-800 underline">
          Upgrade to enable
        </Link>
      </Notice>
    );
  }
  return access === 'driver' ? <DriverHome sync={sync} /> : <AdminTabs sync={sync} />;
}

/** Why the page shows nothing else, as a heading screen readers can find. */
function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="transport-notice" className="rounded-xl border border-slate-300 bg-white px-6 py-8">
      <h2 id="transport-notice" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-700">{children}</p>
    </section>
  );
}

function AdminTabs({ sync }: { sync: TenantSync }) {
  const [params, setParams] = useSearchParams();
  const current = Math.max(
    0,
    ADMIN_TABS.findIndex((t) => t.id === params.get('tab')),
  );
  const items = useMemo(
    () =>
      ADMIN_TABS.map(({ id, label, Panel }) => ({
        id,
        label,
        panel: <Panel sync={sync} />,
      })),
    [sync],
  );
  return (
    <Tabs
      label="Transportation"
      items={items}
      selectedIndex={current}
      onChange={(i) => {
        const next = new URLSearchParams();
        next.set('tab', ADMIN_TABS[i]?.id ?? 'overview');
        setParams(next, { replace: true });
      }}
    />
  );
}
