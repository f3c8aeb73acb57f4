/** The /manage-tenants figures, from GET /api/admin/stats (real data; the spec's figures were placeholders). */
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { errorText, type AdminStats } from '../api';
import type { Resource } from '../hooks/use-resource';

export function StatCards({ stats, onRetry }: { stats: Resource<AdminStats>; onRetry: () => void }) {
  if (stats.status === 'error') {
    return (
      <Alert tone="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>Failed to load the figures: {errorText(stats.error, 'unknown error')}</span>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        </div>
      </Alert>
    );
  }
  const s = stats.status === 'ready' ? stats.data : null;
  const cards = [
    { label: 'Total tenants', value: s?.tenants.total },
    { label: 'Active subscriptions', value: s?.subscriptions.active },
    { label: 'Trial tenants', value: s?.tenants.trial },
    { label: 'Total users', value: s?.totals.users },
  ];
  return (
    <section aria-label="Tenant figures" aria-busy={!s || undefined}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((c) => (
          <li key={c.label} className="rounded-2xl border border-slate-200 bg-white p-5">
            <p className="text-sm font-medium text-slate-700">{c.label}</p>
            <p className="mt-1 text-3xl font-bold text-slate-900">
              {c.value ?? <span className="text-base text-slate-600">Loading...</span>}
            </p>
          </li>
        ))}
      </ul>
      {s && s.unreachable.length > 0 && (
        <p className="mt-2 text-sm text-amber-900">
          Total users leaves out {s.unreachable.length === 1 ? 'a tenant' : `${s.unreachable.length} tenants`} that did not answer:{' '}
          {s.unreachable.join(', ')}.
        </p>
      )}
    </section>
  );
}
