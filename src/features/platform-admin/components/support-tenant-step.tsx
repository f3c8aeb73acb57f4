/** Support access, step 1: a searchable list of tenants with each one's health colour (spec §2, §4). */
import { useState } from 'react';
import { filterSupportTenants, supportBlockedReason } from '../../../lib/support-access';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Loading } from '../../../ui/loading';
import { errorText } from '../api';
import type { Resource } from '../hooks/use-resource';
import { humanize } from '../model';
import { healthBadge, type SupportTenant } from '../support-tenants';

export function SupportTenantStep({
  tenants,
  onRetry,
  onChoose,
}: {
  tenants: Resource<SupportTenant[]>;
  onRetry: () => void;
  onChoose: (tenant: SupportTenant) => void;
}) {
  const [query, setQuery] = useState('');
  if (tenants.status === 'loading') return <Loading label="Loading tenants..." />;
  if (tenants.status === 'error') {
    return (
      <Alert tone="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>Failed to load tenants: {errorText(tenants.error, 'unknown error')}</span>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        </div>
      </Alert>
    );
  }
  const shown = filterSupportTenants(tenants.data, query);
  return (
    <div className="space-y-3">
      <Field
        label="Search tenants"
        type="search"
        placeholder="Search by name or slug"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {shown.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-700">No organizations found matching your search.</p>
      ) : (
        <ul className="space-y-2" aria-label="Tenants">
          {shown.map((t) => {
            const blocked = supportBlockedReason(t, humanize);
            const badge = healthBadge(t.health);
            return (
              <li key={t.slug}>
                <button
                  type="button"
                  disabled={blocked !== null}
                  onClick={() => onChoose(t)}
                  className="flex w-full items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left hover:border-blue-400 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:hover:border-slate-200"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{t.company_name}</span>
                    <span className="block text-sm text-slate-600">{blocked ?? t.slug}</span>
                  </span>
                  <span className="flex shrink-0 items-center gap-2 text-sm text-slate-700">
                    <span aria-hidden="true" className={`size-3 rounded-full ${badge.dot}`} data-colour={badge.colour} />
                    {badge.text}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
