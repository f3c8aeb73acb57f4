/** The tenants table of /manage-tenants (spec §2): only the last 4 characters of a licence are ever shown. */
import type { TenantListRow } from '../../../data';
import { Button } from '../../../ui/button';
import { Table, type Column } from '../../../ui/table';
import { describePlan } from '../../../../supabase/functions/_shared/plans';
import { maskedLicence } from '../../../../supabase/functions/_shared/licence-key';
import { databaseStatusLabel, subscriptionStatusLabel } from '../../../../supabase/functions/_shared/tenant-schema';
import { humanize } from '../model';

export type TenantAction = 'details' | 'edit' | 'users' | 'licence' | 'delete';

const statusTone: Record<string, string> = {
  active: 'bg-green-100 text-green-900',
  trial: 'bg-blue-100 text-blue-900',
  suspended: 'bg-amber-100 text-amber-900',
  canceled: 'bg-slate-200 text-slate-800',
};

export function TenantsTable({
  rows,
  onAction,
  serverActionsOff = false,
}: {
  rows: readonly TenantListRow[];
  onAction: (action: TenantAction, tenant: TenantListRow) => void;
  /** Offline or unreachable: the actions that change a tenant are off (Details and Users read what they can). */
  serverActionsOff?: boolean;
}) {
  const columns: Column<TenantListRow>[] = [
    {
      key: 'tenant',
      header: 'Tenant',
      cell: (t) => (
        <div>
          <p className="font-semibold text-slate-900">{t.company_name}</p>
          <p className="text-slate-600">{t.slug}</p>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => (
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[t.status] ?? 'bg-slate-100 text-slate-800'}`}>
          {humanize(t.status)}
        </span>
      ),
    },
    {
      key: 'database',
      header: 'Database',
      cell: (t) =>
        t.database_status === 'creating' || t.database_status === 'error' ? (
          <div className="flex flex-col items-start gap-1">
            <span>{databaseStatusLabel(t.database_status)}</span>
            {/* Setup goes on only while someone asks: the details dialog does. */}
            <Button
              size="sm"
              variant="secondary"
              disabled={serverActionsOff}
              onClick={() => onAction('details', t)}
              aria-label={`Continue the setup of ${t.company_name}`}
            >
              {t.database_status === 'error' ? 'Retry setup' : 'Continue setup'}
            </Button>
          </div>
        ) : (
          databaseStatusLabel(t.database_status)
        ),
    },
    { key: 'plan', header: 'Plan', cell: (t) => describePlan(t.plan_name, t.plan_interval, t.plan_amount_cents) },
    { key: 'seats', header: 'Seats', cell: (t) => t.seats ?? '—' },
    { key: 'subscription', header: 'Subscription', cell: (t) => subscriptionStatusLabel(t.subscription_status) },
    {
      key: 'licence',
      header: 'Licence',
      cell: (t) => (
        <span className="whitespace-nowrap font-mono">
          <span aria-hidden="true">{maskedLicence(t.licence_last4)}</span>
          <span className="sr-only">{t.licence_last4 ? `ending ${t.licence_last4}` : 'none active'}</span>
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (t) => (
        <div className="flex flex-nowrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => onAction('details', t)} aria-label={`Details of ${t.company_name}`}>
            Details
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={serverActionsOff}
            onClick={() => onAction('edit', t)}
            aria-label={`Edit ${t.company_name}`}
          >
            Edit
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onAction('users', t)} aria-label={`Users of ${t.company_name}`}>
            Users
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={serverActionsOff}
            onClick={() => onAction('licence', t)}
            aria-label={`Licence of ${t.company_name}`}
          >
            Licence
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={serverActionsOff}
            onClick={() => onAction('delete', t)}
            aria-label={`Delete ${t.company_name}`}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];
  return <Table caption="Tenants" hideCaption columns={columns} rows={rows} rowKey={(t) => t.id} empty="No tenants found" />;
}
