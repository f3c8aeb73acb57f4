/**
 * /admin/verify, Admin Verification (spec §2, §4, §8): every tenant with a
 * Verify Features button; the results list its features and add-on
 * subscriptions, and Enable Transportation / Enable Student Parking subscribe
 * the add-on, after which the verification is loaded again.
 */
import { useState } from 'react';
import { ProductApiError } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Loading } from '../../../ui/loading';
import { Table } from '../../../ui/table';
import type { AddonName } from '../../../../supabase/functions/_shared/tenant-schema';
import { adminApi, type Subscription, type TenantSummary, type Verification } from '../api';
import { useResource } from '../hooks/use-resource';
import { addonEnabled } from '../../../../supabase/functions/_shared/features';
import { FEATURE_LABELS, formatDate, humanize, type FeatureFlag } from '../model';
import { AdminShell } from './admin-shell';

export const VERIFY_MESSAGES = {
  loadFailed: 'Failed to load tenants',
  verifyFailed: 'Failed to verify tenant',
  verificationFailed: 'Verification failed',
  enableFailed: 'Failed to enable add-on',
} as const;

const ADDONS: ReadonlyArray<{ name: AddonName; label: string }> = [
  { name: 'transportation', label: 'Transportation' },
  { name: 'student_parking', label: 'Student Parking' },
];

/** The server's words when it answered; otherwise the spec's fallback. */
function failure(error: unknown, answered: string, fallback: string): string {
  if (error instanceof ProductApiError && error.status > 0) return error.message || answered;
  return error instanceof Error && error.message ? `${fallback}: ${error.message}` : fallback;
}

export function AdminVerifyPage() {
  return <AdminShell title="Admin Verification">{() => <TenantList />}</AdminShell>;
}

function TenantList() {
  const { resource, reload } = useResource(adminApi.listTenants);
  if (resource.status === 'loading') return <Loading label="Loading tenants..." />;
  if (resource.status === 'error') {
    const e = resource.error;
    return (
      <Alert tone="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{e instanceof ProductApiError && e.status === 401 ? e.message : VERIFY_MESSAGES.loadFailed}</span>
          <Button size="sm" variant="secondary" onClick={reload}>
            Retry
          </Button>
        </div>
      </Alert>
    );
  }
  if (resource.data.length === 0) return <p className="text-slate-700">No tenants found</p>;
  return (
    <div className="space-y-4">
      <p className="text-slate-700">Check which features and add-on subscriptions a tenant has, and enable add-ons.</p>
      <ul className="space-y-4">
        {resource.data.map((t) => (
          <TenantVerification key={t.id} tenant={t} />
        ))}
      </ul>
    </div>
  );
}

function TenantVerification({ tenant }: { tenant: TenantSummary }) {
  const [verifying, setVerifying] = useState(false);
  const [result, setResult] = useState<Verification | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enabling, setEnabling] = useState<AddonName | null>(null);
  const headingId = `verify-${tenant.slug}`;

  const verify = async () => {
    setVerifying(true);
    setError(null);
    try {
      setResult(await adminApi.verifyTenant(tenant.slug));
    } catch (e) {
      setError(failure(e, VERIFY_MESSAGES.verifyFailed, VERIFY_MESSAGES.verificationFailed));
    } finally {
      setVerifying(false);
    }
  };

  const enable = async (addon: AddonName) => {
    setEnabling(addon);
    setError(null);
    try {
      await adminApi.subscribe(tenant.slug, addon);
    } catch (e) {
      setError(failure(e, VERIFY_MESSAGES.enableFailed, VERIFY_MESSAGES.enableFailed));
      setEnabling(null);
      return;
    }
    setEnabling(null);
    await verify();
  };

  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5">
      <section aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {tenant.company_name}
            </h2>
            <p className="text-sm text-slate-600">{tenant.slug}</p>
          </div>
          <Button variant="secondary" busy={verifying} onClick={() => void verify()}>
            {verifying ? 'Verifying...' : 'Verify Features'}
          </Button>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        {result && (
          <div className="space-y-4">
            <FeatureTable features={result.features} company={tenant.company_name} />
            <SubscriptionTable subscriptions={result.subscriptions} company={tenant.company_name} />
            <div className="flex flex-wrap gap-2">
              {ADDONS.map((a) => {
                const on = addonEnabled(result.features, a.name);
                return (
                  <Button
                    key={a.name}
                    variant={on ? 'secondary' : 'primary'}
                    disabled={on || enabling !== null || verifying}
                    busy={enabling === a.name}
                    onClick={() => void enable(a.name)}
                  >
                    {on ? `${a.label} Enabled` : enabling === a.name ? 'Enabling…' : `Enable ${a.label}`}
                  </Button>
                );
              })}
            </div>
          </div>
        )}
      </section>
    </li>
  );
}

function FeatureTable({ features, company }: { features: FeatureFlag[]; company: string }) {
  return (
    <Table
      caption={`Features of ${company}`}
      columns={[
        { key: 'name', header: 'Feature', cell: (f: FeatureFlag) => FEATURE_LABELS[f.feature_name] ?? f.feature_name },
        { key: 'enabled', header: 'Enabled', cell: (f: FeatureFlag) => (f.enabled ? 'Enabled' : 'Disabled') },
        { key: 'status', header: 'Status', cell: (f: FeatureFlag) => humanize(f.status) },
      ]}
      rows={features}
      rowKey={(f) => f.feature_name}
      empty="No features recorded."
    />
  );
}

function SubscriptionTable({ subscriptions, company }: { subscriptions: Subscription[]; company: string }) {
  return (
    <Table
      caption={`Subscriptions of ${company}`}
      columns={[
        { key: 'plan', header: 'Plan', cell: (s: Subscription) => s.addon_plan_id },
        { key: 'status', header: 'Status', cell: (s: Subscription) => humanize(s.status) },
        { key: 'since', header: 'Since', cell: (s: Subscription) => formatDate(s.subscribed_at) },
      ]}
      rows={subscriptions}
      rowKey={(s) => s.addon_plan_id}
      empty="No add-on subscriptions."
    />
  );
}
