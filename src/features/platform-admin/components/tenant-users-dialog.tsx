/**
 * The staff user-management panel for one tenant (spec §2, §4, §8; issue 11
 * §1), opened from the tenant's row in /manage-tenants: the connection test,
 * the user table, and the Add New User, Edit User, Reset Password and
 * Deactivate User dialogs. Everything goes through the product API; the user
 * list is kept per tenant in the platform cache, so offline the panel shows
 * the last copy with its age and says its actions need the server.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { tenantUsersApi, usePlatformList, type TenantUser } from '../../../data';
import { useOnline } from '../../../lib/use-online';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Loading } from '../../../ui/loading';
import { Modal } from '../../../ui/modal';
import { ListFreshness } from './cached-list';
import { CopyValue } from '../../../ui/copy-value';
import {
  AddUserDialog,
  DeactivateUserDialog,
  EditUserDialog,
  loadFailure,
  ResetPasswordDialog,
  TENANT_USER_MESSAGES,
  userName,
  type CreatedUser,
  type UserAdminApi,
  type UsersNotice,
  UsersNotices,
} from '../../../ui/user-admin';
import { ConnectionTestButton } from './tenant-users-connection-test';
import { TenantUsersTable, type UserRowAction } from './tenant-users-table';

export interface UsersPanelTenant {
  id: string;
  company_name: string;
  email_domain: string | null;
}

type Open = { kind: 'add' } | { kind: UserRowAction; user: TenantUser } | null;

/** `userId`: the signed-in staff member, whose cached copy of the list this is. */
export function TenantUsersDialog({ userId, tenant, onClose }: { userId: string; tenant: UsersPanelTenant | null; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title={tenant ? `Users of ${tenant.company_name}` : 'Users'} size="xl">
      {tenant?.id ? <UsersPanel userId={userId} tenant={tenant} /> : <Alert tone="error">{TENANT_USER_MESSAGES.noTenant}</Alert>}
    </Modal>
  );
}

function UsersPanel({ userId, tenant }: { userId: string; tenant: UsersPanelTenant }) {
  const load = useCallback(() => tenantUsersApi.list(tenant.id), [tenant.id]);
  const users = usePlatformList(userId, 'tenant-users', load, tenant.id);
  const reload = users.reload;
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<UsersNotice | null>(null);
  const online = useOnline();
  const api = useMemo<UserAdminApi>(
    () => ({
      create: (body) => tenantUsersApi.create(tenant.id, body),
      update: (userId, body) => tenantUsersApi.update(tenant.id, userId, body),
      resetPassword: (userId, password) => tenantUsersApi.resetPassword(tenant.id, userId, password),
      deactivate: (userId) => tenantUsersApi.deactivate(tenant.id, userId),
    }),
    [tenant.id],
  );
  // Offline keeps the panel's own words; a server that did not answer says so in the cache's.
  const offline = users.disconnectedReason === null ? null : online ? users.disconnectedReason : TENANT_USER_MESSAGES.offline;

  const close = () => setOpen(null);
  const done = (body: ReactNode) => {
    close();
    setNotice({ tone: 'success', body });
    reload();
  };

  const created = ({ user, email, password }: CreatedUser) =>
    done(
      <div className="space-y-3">
        <p className="font-semibold">{TENANT_USER_MESSAGES.created}</p>
        <p>
          {userName(user)} can sign in at {tenant.company_name} now, and must change the password at first sign-in.
        </p>
        <CopyValue label="Email" value={email} testId="created-user-email" />
        {password !== null && <CopyValue label="Password" value={password} testId="created-user-password" />}
      </div>,
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ConnectionTestButton tenantId={tenant.id} company={tenant.company_name} />
        <Button
          disabled={offline !== null}
          onClick={() => {
            setNotice(null);
            setOpen({ kind: 'add' });
          }}
        >
          Add New User
        </Button>
      </div>
      <UsersNotices offline={offline} notice={notice} />

      {!users.data && users.loading && <Loading label="Loading users..." />}
      {!users.data && !users.loading && (
        <Alert tone="error">
          {/* Offline nothing was asked: the warning above already says why there is no list. */}
          <p>{users.failure === null ? TENANT_USER_MESSAGES.offline : loadFailure(users.failure, tenant.company_name, online)}</p>
          <Button className="mt-2" size="sm" variant="secondary" onClick={reload} busy={users.refreshing}>
            Retry
          </Button>
        </Alert>
      )}
      {users.data && (
        <>
          <ListFreshness view={users} what="users" />
          <p className="text-sm text-slate-700" aria-live="polite">
            {users.data.length} user{users.data.length === 1 ? '' : 's'}
          </p>
          <TenantUsersTable
            users={users.data}
            company={tenant.company_name}
            disabled={offline !== null}
            onAction={(kind, user) => {
              setNotice(null);
              setOpen({ kind, user });
            }}
          />
        </>
      )}

      {open?.kind === 'add' && <AddUserDialog tenant={tenant} api={api} onClose={close} onCreated={created} />}
      {open?.kind === 'edit' && (
        <EditUserDialog
          api={api}
          user={open.user}
          onClose={close}
          onSaved={(user) => done(user ? TENANT_USER_MESSAGES.updated : `Nothing changed for ${userName(open.user)}.`)}
        />
      )}
      {open?.kind === 'reset' && (
        <ResetPasswordDialog
          api={api}
          user={open.user}
          onClose={close}
          onReset={() =>
            done(
              <>
                <p className="font-semibold">{TENANT_USER_MESSAGES.resetDone}</p>
                <p>
                  {userName(open.user)}: {TENANT_USER_MESSAGES.resetNext}
                </p>
              </>,
            )
          }
        />
      )}
      {open?.kind === 'deactivate' && (
        <DeactivateUserDialog
          api={api}
          user={open.user}
          offlineReason={offline}
          onClose={close}
          onDeactivated={() => done(TENANT_USER_MESSAGES.deactivated(userName(open.user)))}
        />
      )}
    </div>
  );
}
