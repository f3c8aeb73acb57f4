import { formatAge } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Table } from '../../../ui/table';
import { FEATURE_LABEL, FEATURE_NAMES } from '../dashboard-model';
import type { TenantFeatures } from '../hooks/use-tenant-features';

const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : '—');

/** The tenant's features, whether each is on, and its subscription dates (settings page). */
export function FeaturesPanel({ features, now }: { features: TenantFeatures; now: number }) {
  const rows = FEATURE_NAMES.map((name) => {
    const row = features.answer?.features.find((f) => f.feature_name === name);
    const sub = features.answer?.subscriptions.find((s) => s.addon_plan_id === name);
    return { name, on: features.effective[name], row, sub };
  });
  return (
    <section aria-labelledby="features-panel" className="space-y-3">
      <h2 id="features-panel" className="text-lg font-semibold text-slate-900">
        Features
      </h2>
      {features.source === 'cache' && features.fetchedAt && (
        <p className="text-sm text-slate-600">As the server last said, {formatAge(now - Date.parse(features.fetchedAt))} ago.</p>
      )}
      {features.error && features.source === 'default' && !features.loading && <Alert tone="error">{features.error}</Alert>}
      <Table
        caption="Enabled features"
        hideCaption
        rows={rows}
        rowKey={(r) => r.name}
        columns={[
          { key: 'name', header: 'Feature', cell: (r) => FEATURE_LABEL[r.name] },
          { key: 'on', header: 'Enabled', cell: (r) => (features.source === 'default' ? '—' : r.on ? 'Enabled' : 'Not enabled') },
          { key: 'status', header: 'Status', cell: (r) => r.sub?.status ?? r.row?.status ?? (r.on ? 'included' : '—') },
          { key: 'since', header: 'Subscribed', cell: (r) => day(r.sub?.subscribed_at) },
          { key: 'expires', header: 'Expires', cell: (r) => day(r.row?.expires_at) },
        ]}
      />
    </section>
  );
}
