/**
 * /tenant/{slug}/users: the tenant super admin's user management (issue 12).
 * The list comes from the users synced to this device (it opens offline,
 * saying how old it is) and is refreshed from the product API; every change
 * goes through the API's tenant routes (they need the tenant's service key),
 * with the dialogs the staff's panel uses.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { getCachedOrganization, PRODUCT_API_MESSAGES, tenantOwnUsersApi, useTenantSync, type TenantUser } from '../../../data';
import { organizationLabel } from '../../../lib/organizations';
import { tenantPath } from '../../../lib/roles';
import { Alert, type AlertTone } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Loading } from '../../../ui/loading';
import { describeFailure, FailureText, TENANT_USER_MESSAGES, userName, UsersNotices, type UsersNotice } from '../../../ui/user-admin';
import { TenantShell, useTenantRoute } from '../../tenant-auth/index';
import { useServerReachable } from '../hooks/use-server-reachable';
import { CreatedUserNotice } from './created-user-notice';
import { TenantUsersTable, type RowAction } from './tenant-users-table';
import { UserDialogs, type OpenDialog } from './user-dialogs';
import { UsersFilter } from './users-filter';
import { ALL_ROLES, emptyText, filterUsers } from './users-list';
import { useUsersList } from './use-users-list';

export function TenantUsersPage() {
  const { slug } = useTenantRoute();
  return (
    <TenantShell
      title="User Management"
      subtitle={`Tenant: ${slug}`}
      headerExtra={
        <Link to={tenantPath(slug, 'dashboard')} className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline">
          Back to Tenant Dashboard
        </Link>
      }
    >
      <UsersScreen />
    </TenantShell>
  );
}

function UsersScreen() {
  const { slug, userId } = useTenantRoute();
  const { sync, error: storeError } = useTenantSync(slug, userId);
  const org = useMemo(() => getCachedOrganization(slug), [slug]);
  const tenant = { company_name: org ? organizationLabel(org) : slug, email_domain: org?.email_domain ?? null };
  const api = useMemo(() => tenantOwnUsersApi(slug), [slug]);
  const list = useUsersList(sync?.db ?? null, api, tenant.company_name);
  // A dead server or captive portal leaves the browser "online": the sync engine's last answer counts too.
  const reachable = useServerReachable(sync);
  const offline = reachable ? null : PRODUCT_API_MESSAGES.offline;

  const [search, setSearch] = useState('');
  const [role, setRole] = useState<string>(ALL_ROLES);
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const [notice, setNotice] = useState<UsersNotice | null>(null);
  const [reactivating, setReactivating] = useState<string | null>(null);

  const shown = useMemo(() => (list.users ? filterUsers(list.users, search, role) : []), [list.users, search, role]);

  // A change reaches the list at once (the server's answer) and the device's copy at the next sync.
  const changed = (user: TenantUser | null, body: ReactNode, tone: AlertTone = 'success') => {
    setOpen(null);
    if (user) list.replace(user);
    setNotice({ tone, body });
    list.reload();
    void sync?.engine.requestSync().catch(() => undefined);
  };

  const onAction = (action: RowAction, user: TenantUser) => {
    setNotice(null);
    if (action === 'reactivate') void reactivate(user);
    else setOpen({ kind: action, user });
  };

  const reactivate = async (user: TenantUser) => {
    setReactivating(user.id);
    try {
      changed(await api.reactivate(user.id), TENANT_USER_MESSAGES.reactivated(userName(user)));
    } catch (e) {
      setNotice({ tone: 'error', body: <FailureText failure={describeFailure('reactivate', e, navigator.onLine)} /> });
    } finally {
      setReactivating(null);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <UsersFilter search={search} role={role} onSearch={setSearch} onRole={setRole} />
        <Button
          disabled={offline !== null}
          onClick={() => {
            setNotice(null);
            setOpen({ kind: 'add' });
          }}
        >
          Add User
        </Button>
      </div>
      {/* Without the device's copy the list still comes from the server; say why it will not open offline. */}
      {storeError && <Alert tone="warning">{storeError}</Alert>}
      <UsersNotices offline={offline} notice={notice} />
      {list.users === undefined ? (
        list.failure ? (
          <Alert tone="error">
            <p>{list.failure}</p>
            <Button className="mt-2" size="sm" variant="secondary" onClick={list.reload} busy={list.refreshing}>
              Retry
            </Button>
          </Alert>
        ) : (
          <Loading label="Loading users..." />
        )
      ) : (
        <>
          <p className="text-sm text-slate-700" data-testid="list-age">
            {list.source === 'cache' ? 'Saved on this device. ' : ''}
            {list.age}
            {list.refreshing ? ' · Refreshing...' : ''}
          </p>
          {list.failure && (
            <Alert tone="error">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <span>Failed to refresh the users: {list.failure}</span>
                <Button size="sm" variant="secondary" onClick={list.reload}>
                  Retry
                </Button>
              </div>
            </Alert>
          )}
          <p className="text-sm text-slate-700" aria-live="polite">
            {shown.length === list.users.length
              ? `${shown.length} user${shown.length === 1 ? '' : 's'}`
              : `${shown.length} of ${list.users.length} users`}
          </p>
          <TenantUsersTable
            users={shown}
            company={tenant.company_name}
            selfId={userId}
            disabled={offline !== null}
            busyId={reactivating}
            empty={emptyText(list.users.length)}
            onAction={onAction}
          />
        </>
      )}
      {open && (
        <UserDialogs
          open={open}
          api={api}
          tenant={tenant}
          selfId={userId}
          offline={offline}
          onClose={() => setOpen(null)}
          onCreated={(created) => changed(created.user, <CreatedUserNotice created={created} company={tenant.company_name} />)}
          onChanged={changed}
        />
      )}
    </div>
  );
}
