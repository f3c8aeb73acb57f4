/**
 * The open dialog of the users screen: the shared Add, Edit, Reset Password
 * and Deactivate dialogs bound to this tenant's API. On the admin's own row
 * the role is locked (the server refuses that change too).
 */
import type { ReactNode } from 'react';
import type { TenantOwnUsersApi, TenantUser } from '../../../data';
import {
  AddUserDialog,
  DeactivateUserDialog,
  EditUserDialog,
  ResetPasswordDialog,
  TENANT_USER_MESSAGES,
  userName,
  type CreatedUser,
} from '../../../ui/user-admin';
import { USERS_LIST_TEXT } from './users-list';

export type OpenDialog = { kind: 'add' } | { kind: 'edit' | 'reset' | 'deactivate'; user: TenantUser };

export function UserDialogs({
  open,
  api,
  tenant,
  selfId,
  offline,
  onClose,
  onCreated,
  onChanged,
}: {
  open: OpenDialog;
  api: TenantOwnUsersApi;
  tenant: { company_name: string; email_domain: string | null };
  selfId: string;
  /** Why the server cannot be asked now, or null. */
  offline: string | null;
  onClose: () => void;
  onCreated: (created: CreatedUser) => void;
  /** The user the server returned (null when nothing changed) and what to tell the admin. */
  onChanged: (user: TenantUser | null, notice: ReactNode) => void;
}) {
  const offlineMessage = offline ?? undefined;
  switch (open.kind) {
    case 'add':
      return (
        <AddUserDialog tenant={tenant} api={api} allowInvite offlineMessage={offlineMessage} onClose={onClose} onCreated={onCreated} />
      );
    case 'edit':
      return (
        <EditUserDialog
          api={api}
          user={open.user}
          roleLocked={open.user.id === selfId ? USERS_LIST_TEXT.ownRole : null}
          offlineMessage={offlineMessage}
          onClose={onClose}
          onSaved={(user) => onChanged(user, user ? TENANT_USER_MESSAGES.updated : `Nothing changed for ${userName(open.user)}.`)}
        />
      );
    case 'reset':
      return (
        <ResetPasswordDialog
          api={api}
          user={open.user}
          offlineMessage={offlineMessage}
          onClose={onClose}
          onReset={(user) =>
            onChanged(
              user,
              <>
                <p className="font-semibold">{TENANT_USER_MESSAGES.resetDone}</p>
                <p>
                  {userName(open.user)}: {TENANT_USER_MESSAGES.resetNext}
                </p>
              </>,
            )
          }
        />
      );
    case 'deactivate':
      return (
        <DeactivateUserDialog
          api={api}
          user={open.user}
          offlineReason={offline}
          onClose={onClose}
          onDeactivated={(user) => onChanged(user, TENANT_USER_MESSAGES.deactivated(userName(open.user)))}
        />
      );
  }
}
