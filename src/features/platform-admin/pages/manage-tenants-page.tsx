/**
 * /manage-tenants (spec §2): figures from real data, search and status
 * filter over the tenants table, and the add, edit, details, users,
 * licence and delete dialogs. The table is read with the staff admin's own session (RLS);
 * every change goes through the product API.
 */
import { useId, useMemo, useState } from 'react';
import { listPlatformTenants, type TenantListRow } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { inputClass } from '../../../ui/field';
import { Loading } from '../../../ui/loading';
import { adminApi } from '../api';
import { AddTenantDialog } from '../components/add-tenant-dialog';
import { SelectField } from '../components/controls';
import { DeleteTenantDialog } from '../components/delete-tenant-dialog';
import { EditTenantDialog } from '../components/edit-tenant-dialog';
import { LicenceDialog } from '../components/licence-dialog';
import { StatCards } from '../components/stat-cards';
import { TenantDetailsDialog } from '../components/tenant-details-dialog';
import { TenantsTable, type TenantAction } from '../components/tenants-table';
import { TenantUsersDialog } from '../components/tenant-users-dialog';
import { useResource } from '../hooks/use-resource';
import { filterTenants, humanize, TENANT_STATUS_FILTERS, type TenantStatusFilter } from '../model';
import { AdminShell } from './admin-shell';

type Dialog = { kind: 'add' } | { kind: TenantAction; tenant: TenantListRow } | null;

export function ManageTenantsPage() {
  return <AdminShell title="Manage Tenants">{() => <ManageTenants />}</AdminShell>;
}

function ManageTenants() {
  const stats = useResource(adminApi.stats);
  const tenants = useResource(listPlatformTenants);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TenantStatusFilter>('all');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const searchId = useId();

  const refresh = () => {
    tenants.reload();
    stats.reload();
  };
  const close = () => setDialog(null);
  const finish = (message: string) => {
    setDialog(null);
    setNotice(message);
    refresh();
  };

  const rows = useMemo(
    () => (tenants.resource.status === 'ready' ? filterTenants(tenants.resource.data, search, status) : []),
    [tenants.resource, search, status],
  );

  return (
    <div className="space-y-6">
      <StatCards stats={stats.resource} onRetry={stats.reload} />

      <section aria-labelledby="tenants-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="tenants-heading" className="text-xl font-bold text-slate-900">
            Tenants
          </h2>
          <Button
            onClick={() => {
              setNotice(null);
              setDialog({ kind: 'add' });
            }}
          >
            Add Tenant
          </Button>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-56 flex-1 space-y-1">
            <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
              Search tenants
            </label>
            <input
              id={searchId}
              type="search"
              className={inputClass}
              placeholder="Company, display name, slug or domain"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="min-w-44">
            <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as TenantStatusFilter)}>
              {TENANT_STATUS_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {s === 'all' ? 'All statuses' : humanize(s)}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
        {notice && <Alert tone="success">{notice}</Alert>}
        {tenants.resource.status === 'loading' && <Loading label="Loading tenants..." />}
        {tenants.resource.status === 'error' && (
          <Alert tone="error">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>
                Failed to load tenants
                {tenants.resource.error instanceof Error && tenants.resource.error.message ? `: ${tenants.resource.error.message}` : ''}
              </span>
              <Button size="sm" variant="secondary" onClick={tenants.reload}>
                Retry
              </Button>
            </div>
          </Alert>
        )}
        {tenants.resource.status === 'ready' && (
          <>
            <p className="text-sm text-slate-700" aria-live="polite">
              {rows.length} of {tenants.resource.data.length} tenants
            </p>
            <TenantsTable
              rows={rows}
              onAction={(kind, tenant) => {
                setNotice(null);
                setDialog({ kind, tenant });
              }}
            />
          </>
        )}
      </section>

      {dialog?.kind === 'add' && <AddTenantDialog onClose={close} onCreated={refresh} />}
      {dialog?.kind === 'details' && <TenantDetailsDialog tenant={dialog.tenant} onClose={close} />}
      {dialog?.kind === 'edit' && <EditTenantDialog tenant={dialog.tenant} onClose={close} onSaved={finish} />}
      {dialog?.kind === 'users' && <TenantUsersDialog tenant={dialog.tenant} onClose={close} />}
      {dialog?.kind === 'licence' && <LicenceDialog tenant={dialog.tenant} onClose={close} onChanged={refresh} />}
      {dialog?.kind === 'delete' && <DeleteTenantDialog tenant={dialog.tenant} onClose={close} onDeleted={finish} />}
    </div>
  );
}
