/**
 * The staff user-management panel for one tenant (spec §2, §4, §8; issue 11
 * §1), opened from the tenant's row in /manage-tenants: the connection test,
 * the user table, and the Add New User, Edit User, Reset Password and
 * Deactivate User dialogs. Everything goes through the product API; offline,
 * the panel says its actions need the server.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { tenantUsersApi, type TenantUser } from '../../../data';
import { useOnline } from '../../../lib/use-online';
import { Alert, type AlertTone } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Loading } from '../../../ui/loading';
import { Modal } from '../../../ui/modal';
import { useResource } from '../hooks/use-resource';
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

export function TenantUsersDialog({ tenant, onClose }: { tenant: UsersPanelTenant | null; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title={tenant ? `Users of ${tenant.company_name}` : 'Users'} size="xl">
      {tenant?.id ? <UsersPanel tenant={tenant} /> : <Alert tone="error">{TENANT_USER_MESSAGES.noTenant}</Alert>}
    </Modal>
  );
}

function UsersPanel({ tenant }: { tenant: UsersPanelTenant }) {
  const load = useCallback(() => tenantUsersApi.list(tenant.id), [tenant.id]);
  const { resource, reload } = useResource(load);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<{ tone: AlertTone; body: ReactNode } | null>(null);
  const [deactivating, setDeactivating] = useState(false);
  const [deactivateFailure, setDeactivateFailure] = useState<Failure | null>(null);
  const online = useOnline();

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
          disabled={!online}
          onClick={() => {
            setNotice(null);
            setOpen({ kind: 'add' });
          }}
        >
          Add New User
        </Button>
      </div>
      {!online && <Alert tone="warning">{TENANT_USER_MESSAGES.offline}</Alert>}
      {notice && (
        <div data-testid="users-notice">
          <Alert tone={notice.tone}>{notice.body}</Alert>
        </div>
      )}

      {resource.status === 'loading' && <Loading label="Loading users..." />}
      {resource.status === 'error' && (
        <Alert tone="error">
          <p>{loadFailure(resource.error, tenant.company_name, online)}</p>
          <Button className="mt-2" size="sm" variant="secondary" onClick={reload}>
            Retry
          </Button>
        </Alert>
      )}
      {resource.status === 'ready' && (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {resource.data.length} user{resource.data.length === 1 ? '' : 's'}
          </p>
          <TenantUsersTable
            users={resource.data}
            company={tenant.company_name}
            disabled={!online}
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
          {!online && <Alert tone="warning">{TENANT_USER_MESSAGES.offline}</Alert>}
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
