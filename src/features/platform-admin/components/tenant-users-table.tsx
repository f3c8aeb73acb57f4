/** The panel's user table (spec §2): User, Admin, Department, Organization, Created, Actions. */
import type { TenantUser } from '../../../data';
import { Button } from '../../../ui/button';
import { Table, type Column } from '../../../ui/table';
import { createdLabel, EditResetButtons, roleLabel, TENANT_USER_MESSAGES, userName } from '../../../ui/user-admin';

export type UserRowAction = 'edit' | 'reset' | 'deactivate';

function Badge({ children, tone }: { children: string; tone: string }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{children}</span>;
}

export function TenantUsersTable({
  users,
  company,
  disabled,
  onAction,
}: {
  users: readonly TenantUser[];
  company: string;
  /** Offline: the actions need the server. */
  disabled: boolean;
  onAction: (action: UserRowAction, user: TenantUser) => void;
}) {
  const columns: Column<TenantUser>[] = [
    {
      key: 'user',
      header: 'User',
      cell: (u) => (
        <div className="space-y-1">
          <p className="font-semibold text-slate-900">{userName(u)}</p>
          <p className="text-slate-700">{u.email}</p>
          <p className="flex flex-wrap gap-1">
            <Badge tone="bg-slate-100 text-slate-800">{roleLabel(u.role)}</Badge>
            {!u.active && <Badge tone="bg-red-100 text-red-900">Inactive</Badge>}
            {u.active && u.require_password_change && <Badge tone="bg-amber-100 text-amber-900">Must change password</Badge>}
          </p>
        </div>
      ),
    },
    { key: 'admin', header: 'Admin', cell: (u) => (u.is_admin ? 'Yes' : 'No') },
    { key: 'department', header: 'Department', cell: (u) => u.department ?? '—' },
    { key: 'organization', header: 'Organization', cell: (u) => (u.is_organization_user ? 'Yes' : 'No') },
    { key: 'created', header: 'Created', cell: (u) => <span className="whitespace-nowrap">{createdLabel(u.created_at)}</span> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (u) => {
        const name = userName(u);
        return (
          <div className="flex flex-nowrap gap-2">
            <EditResetButtons user={u} disabled={disabled} onAction={(action) => onAction(action, u)} />
            {/* A deactivated user's button stays focusable (aria-disabled): focus returns to it when the confirmation closes. */}
            <Button
              size="sm"
              variant="danger"
              disabled={disabled}
              aria-disabled={!u.active || undefined}
              className={u.active ? undefined : 'cursor-not-allowed opacity-60'}
              onClick={() => u.active && onAction('deactivate', u)}
              aria-label={u.active ? `Deactivate ${name}` : `${name} is deactivated`}
            >
              {u.active ? 'Deactivate' : 'Deactivated'}
            </Button>
          </div>
        );
      },
    },
  ];
  return (
    <Table
      caption={`Users of ${company}`}
      hideCaption
      columns={columns}
      rows={users}
      rowKey={(u) => u.id}
      empty={TENANT_USER_MESSAGES.empty}
    />
  );
}
