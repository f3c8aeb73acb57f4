/**
 * The staff user-management panel for one tenant (spec §2, §4, §8; issue 11
 * §1), opened from the tenant's row in /manage-tenants: the connection test,
 * the user table, and the Add New User, Edit User, Reset Password and
 * Deactivate User dialogs. Everything goes through the product API; the user
 * list is kept per tenant in the platform cache, so offline the panel shows
 * the last copy with its age and says its actions need the server.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { tenantUsersApi, usePlatformList, type TenantUser } from '../../../data';
import { useOnline } from '../../../lib/use-online';
import { Alert, type AlertTone } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Loading } from '../../../ui/loading';
import { Modal } from '../../../ui/modal';
import { ListFreshness } from './cached-list';
import { describeFailure, loadFailure, TENANT_USER_MESSAGES, userName, type Failure } from '../tenant-users-model';
import { CopyValue } from './copy-value';
import { AddTenantUserDialog, type CreatedUser } from './tenant-users-add-dialog';
import { ConnectionTestButton } from './tenant-users-connection-test';
import { EditTenantUserDialog } from './tenant-users-edit-dialog';
import { ResetPasswordDialog } from './tenant-users-reset-dialog';
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
  const [notice, setNotice] = useState<{ tone: AlertTone; body: ReactNode } | null>(null);
  const [deactivating, setDeactivating] = useState(false);
  const [deactivateFailure, setDeactivateFailure] = useState<Failure | null>(null);
  const online = useOnline();
  // Offline keeps the panel's own words; a server that did not answer says so in the cache's.
  const offline = users.disconnectedReason === null ? null : online ? users.disconnectedReason : TENANT_USER_MESSAGES.offline;

  const close = () => {
    setOpen(null);
    setDeactivateFailure(null);
  };
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
        <CopyValue label="Password" value={password} testId="created-user-password" />
      </div>,
    );

  const deactivate = async (user: TenantUser) => {
    setDeactivating(true);
    setDeactivateFailure(null);
    try {
      await tenantUsersApi.deactivate(tenant.id, user.id);
      done(TENANT_USER_MESSAGES.deactivated(userName(user)));
    } catch (e) {
      setDeactivateFailure(describeFailure('deactivate', e, navigator.onLine));
    } finally {
      setDeactivating(false);
    }
  };

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
      {offline && <Alert tone="warning">{offline}</Alert>}
      {notice && (
        <div data-testid="users-notice">
          <Alert tone={notice.tone}>{notice.body}</Alert>
        </div>
      )}

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

      {open?.kind === 'add' && <AddTenantUserDialog tenant={tenant} onClose={close} onCreated={created} />}
      {open?.kind === 'edit' && (
        <EditTenantUserDialog
          tenantId={tenant.id}
          user={open.user}
          onClose={close}
          onSaved={(user) => done(user ? TENANT_USER_MESSAGES.updated : `Nothing changed for ${userName(open.user)}.`)}
        />
      )}
      {open?.kind === 'reset' && (
        <ResetPasswordDialog
          tenantId={tenant.id}
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
        <ConfirmDialog
          open
          title="Deactivate User"
          confirmLabel={deactivating ? 'Deactivating...' : 'Deactivate'}
          busy={deactivating}
          onCancel={close}
          onConfirm={() => void deactivate(open.user)}
        >
          <p>
            Deactivate {userName(open.user)} ({open.user.email})? They will no longer be able to sign in.
          </p>
          {offline && <Alert tone="warning">{offline}</Alert>}
          {deactivateFailure && (
            <Alert tone="error">
              <p className="font-semibold">{deactivateFailure.text}</p>
              {deactivateFailure.detail && <p className="mt-1">{deactivateFailure.detail}</p>}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
