/**
 * /manage-tenants (spec §2): figures from real data, search and status
 * filter over the tenants table, and the add, edit, details, users,
 * licence and delete dialogs. The table is read with the staff admin's own session (RLS);
 * every change goes through the product API. Figures and tenants come from
 * the platform cache, so the page opens offline with the last ones and their
 * age, and the actions that change a tenant say they need the server.
 */
import { useId, useMemo, useState } from 'react';
import { listPlatformTenants, usePlatformList, type PlatformListView, type StaffProfile, type TenantListRow } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { inputClass } from '../../../ui/field';
import type { AdminStats } from '../api';
import { CachedList } from '../components/cached-list';
import { AddTenantDialog } from '../components/add-tenant-dialog';
import { SelectField } from '../../../ui/controls';
import { DeleteTenantDialog } from '../components/delete-tenant-dialog';
import { EditTenantDialog } from '../components/edit-tenant-dialog';
import { LicenceDialog } from '../components/licence-dialog';
import { StatCards } from '../components/stat-cards';
import { TenantDetailsDialog } from '../components/tenant-details-dialog';
import { TenantsTable, type TenantAction } from '../components/tenants-table';
import { TenantUsersDialog } from '../components/tenant-users-dialog';
import type { Resource } from '../hooks/use-resource';
import { filterTenants, humanize, TENANT_STATUS_FILTERS, type TenantStatusFilter } from '../model';
import { staffToolsApi } from '../staff-tools-api';
import { AdminShell } from './admin-shell';

type Dialog = { kind: 'add' } | { kind: TenantAction; tenant: TenantListRow } | null;

export function ManageTenantsPage() {
  return <AdminShell title="Manage Tenants">{(profile) => <ManageTenants profile={profile} />}</AdminShell>;
}

/** The figures' cached view in the shape StatCards shows: saved figures stay, no copy offline says why. */
function statsResource(view: PlatformListView<AdminStats>): Resource<AdminStats> {
  if (view.data) return { status: 'ready', data: view.data };
  if (view.loading) return { status: 'loading' };
  return { status: 'error', error: view.failure ?? new Error(view.disconnectedReason ?? 'unknown error') };
}

function ManageTenants({ profile }: { profile: StaffProfile }) {
  const stats = usePlatformList(profile.id, 'stats', staffToolsApi.stats);
  const tenants = usePlatformList(profile.id, 'tenants', listPlatformTenants);
  const offline = tenants.disconnectedReason;
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

  const rows = useMemo(() => (tenants.data ? filterTenants(tenants.data, search, status) : []), [tenants.data, search, status]);

  return (
    <div className="space-y-6">
      <StatCards stats={statsResource(stats)} onRetry={stats.reload} />

      <section aria-labelledby="tenants-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="tenants-heading" className="text-xl font-bold text-slate-900">
            Tenants
          </h2>
          <Button
            disabled={offline !== null}
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
        {offline && <p className="text-sm text-slate-700">Adding, editing, licensing and deleting tenants are off: {offline}</p>}
        {notice && <Alert tone="success">{notice}</Alert>}
        <CachedList view={tenants} what="tenants">
          {(all) => (
            <>
              <p className="text-sm text-slate-700" aria-live="polite">
                {rows.length} of {all.length} tenants
              </p>
              <TenantsTable
                rows={rows}
                serverActionsOff={offline !== null}
                onAction={(kind, tenant) => {
                  setNotice(null);
                  setDialog({ kind, tenant });
                }}
              />
            </>
          )}
        </CachedList>
      </section>

      {dialog?.kind === 'add' && <AddTenantDialog onClose={close} onCreated={refresh} />}
      {dialog?.kind === 'details' && <TenantDetailsDialog tenant={dialog.tenant} onClose={close} />}
      {dialog?.kind === 'edit' && <EditTenantDialog tenant={dialog.tenant} onClose={close} onSaved={finish} />}
      {dialog?.kind === 'users' && <TenantUsersDialog userId={profile.id} tenant={dialog.tenant} onClose={close} />}
      {dialog?.kind === 'licence' && <LicenceDialog tenant={dialog.tenant} onClose={close} onChanged={refresh} />}
      {dialog?.kind === 'delete' && <DeleteTenantDialog tenant={dialog.tenant} onClose={close} onDeleted={finish} />}
    </div>
  );
}
