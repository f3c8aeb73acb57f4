/**
 * /tenant/{slug}/settings: System Settings for super admins. The check
 * interval, missed-check alert thresholds and default conditions are the
 * security dashboard's own controls (written through the offline core);
 * features and the support access history come from the product API.
 */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useTenantSync, type TenantSync } from '../../../data';
import { tenantPath } from '../../../lib/roles';
import { useNow } from '../../../lib/use-now';
import { Alert } from '../../../ui/alert';
import { Loading } from '../../../ui/loading';
import { CheckIntervalSelect, loadSecurityAdmin, MissedCheckSettings } from '../../security/index';
import { TenantShell, useTenantRoute } from '../../tenant-auth/index';
import { useTenantFeatures } from '../hooks/use-tenant-features';
import { FeaturesPanel } from './features-panel';
import { SupportHistory } from './support-history';

const ConditionsTab = lazy(() => loadSecurityAdmin().then((m) => ({ default: m.ConditionsTab })));

export function SystemSettingsPage() {
  const { slug, userId } = useTenantRoute();
  const { sync, error } = useTenantSync(slug, userId);
  return (
    <TenantShell
      title="System Settings"
      subtitle={`Tenant: ${slug}`}
      headerExtra={
        <Link to={tenantPath(slug, 'dashboard')} className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline">
          Back to Tenant Dashboard
        </Link>
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : sync ? <Settings sync={sync} /> : <Loading label="Loading settings..." />}
    </TenantShell>
  );
}

function Settings({ sync }: { sync: TenantSync }) {
  const features = useTenantFeatures(sync);
  const now = useNow(60_000);
  return (
    <div className="space-y-10">
      <section aria-labelledby="door-checks-settings" className="space-y-4">
        <h2 id="door-checks-settings" className="text-lg font-semibold text-slate-900">
          Door checks
        </h2>
        <CheckIntervalSelect db={sync.db} canEdit />
        <MissedCheckSettings db={sync.db} canEdit />
        <Suspense fallback={<p role="status">Loading conditions...</p>}>
          <ConditionsTab sync={sync} />
        </Suspense>
      </section>
      <FeaturesPanel features={features} now={now} />
      <SupportHistory sync={sync} now={now} />
    </div>
  );
}
