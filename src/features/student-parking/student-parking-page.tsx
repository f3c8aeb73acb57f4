/**
 * /tenant/{slug}/student-parking (issue 15): permits and violations read
 * from the local cache and written through the offline core, so the office
 * works from its copy and an officer writes violations in a lot with no
 * signal. One chunk, loaded with the route (every lazy chunk adds its name
 * to the app's preload map, which rides on the officer's scan path). Staff
 * get tabs (kept in the address as ?tab=); an officer gets the plate lookup;
 * anyone else, or a tenant without the feature, is told why not.
 */
import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTenantSync, type TenantSync } from '../../data';
import { tenantLandingPath, tenantPath } from '../../lib/roles';
import { Alert } from '../../ui/alert';
import { Loading } from '../../ui/loading';
import { Tabs } from '../../ui/tabs';
import { TenantShell, useTenantRoute } from '../tenant-auth/index';
import { useTenantFeatures } from '../tenant-dashboard/index';
import { parkingAccess } from './access';
import PlateLookup from './lookup/plate-lookup';
import PermitsTab from './permits/permits-tab';
import ReportsTab from './reports/reports-tab';
import ViolationsTab from './violations/violations-tab';

const STAFF_TABS = [
  { id: 'permits', label: 'Parking Permits', Panel: PermitsTab },
  { id: 'violations', label: 'Violations', Panel: ViolationsTab },
  { id: 'lookup', label: 'Plate Lookup', Panel: PlateLookup },
  { id: 'reports', label: 'Reports', Panel: ReportsTab },
] as const;

const linkClass = 'inline-flex min-h-11 items-center text-sm font-semibold text-blue-800 underline-offset-4 hover:underline';

export function StudentParkingPage() {
  const { slug, userId } = useTenantRoute();
  const { sync, error } = useTenantSync(slug, userId);
  return (
    <TenantShell
      title="Student Parking Management"
      subtitle={`Tenant: ${slug}`}
      headerExtra={
        <Link to={tenantPath(slug, 'dashboard')} className={linkClass}>
          Back to Dashboard
        </Link>
      }
    >
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : sync ? (
        <Gate sync={sync} />
      ) : (
        <Loading label="Loading student parking..." fullScreen />
      )}
    </TenantShell>
  );
}

function Gate({ sync }: { sync: TenantSync }) {
  const { slug, profile } = useTenantRoute();
  const features = useTenantFeatures(sync);
  if (features.loading && features.source === 'default') return <Loading label="Loading student parking..." fullScreen />;
  const access = parkingAccess({ role: profile?.role, featureOn: features.effective.student_parking });
  if (access === 'refused') {
    return (
      <Notice title="You do not have access to Student Parking">
        Student parking is for office staff, security admins, super admins and security officers.{' '}
        <Link to={tenantLandingPath(slug, profile?.role)} className="font-semibold text-blue-800 underline">
          Go to your home screen
        </Link>
      </Notice>
    );
  }
  if (access === 'feature-off') {
    return (
      <Notice title="The Student Parking add-on is not enabled">
        Your organization does not have Student Parking turned on.{' '}
        <Link to="/pricing" className="font-semibold text-blue-800 underline">
          Upgrade to enable
        </Link>
      </Notice>
    );
  }
  return access === 'officer' ? <PlateLookup sync={sync} /> : <StaffTabs sync={sync} />;
}

/** Why the page shows nothing else, as a heading screen readers can find. */
function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="parking-notice" className="rounded-xl border border-slate-300 bg-white px-6 py-8">
      <h2 id="parking-notice" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-700">{children}</p>
    </section>
  );
}

function StaffTabs({ sync }: { sync: TenantSync }) {
  const [params, setParams] = useSearchParams();
  // A scanned permit code (?permit=) opens on the permits tab.
  const wanted = params.get('tab') ?? (params.get('permit') ? 'permits' : null);
  const current = Math.max(
    0,
    STAFF_TABS.findIndex((t) => t.id === wanted),
  );
  const items = useMemo(() => STAFF_TABS.map(({ id, label, Panel }) => ({ id, label, panel: <Panel sync={sync} /> })), [sync]);
  return (
    <Tabs
      label="Student parking"
      items={items}
      selectedIndex={current}
      onChange={(i) => {
        const next = new URLSearchParams();
        next.set('tab', STAFF_TABS[i]?.id ?? 'permits');
        setParams(next, { replace: true });
      }}
    />
  );
}
