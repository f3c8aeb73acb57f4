/** The tenant's user table: User, Role, Department, Status, Last sign-in, Actions. */
import type { TenantUser } from '../../../data';
import { Button } from '../../../ui/button';
import { Table, type Column } from '../../../ui/table';
import { EditResetButtons, roleLabel, userName } from '../../../ui/user-admin';
import { lastSignInLabel } from './users-list';

export type RowAction = 'edit' | 'reset' | 'deactivate' | 'reactivate';

function Badge({ children, tone }: { children: string; tone: string }) {
  return <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{children}</span>;
}

export function TenantUsersTable({
  users,
  company,
  selfId,
  disabled,
  busyId,
  empty,
  onAction,
}: {
  users: readonly TenantUser[];
  company: string;
  /** The signed-in admin: their own row cannot be deactivated. */
  selfId: string;
  /** Offline: the actions need the server. */
  disabled: boolean;
  /** The user a Reactivate is being sent for. */
  busyId: string | null;
  empty: string;
  onAction: (action: RowAction, user: TenantUser) => void;
}) {
  const columns: Column<TenantUser>[] = [
    {
      key: 'user',
      header: 'User',
      cell: (u) => (
        <div className="space-y-0.5">
          <p className="font-semibold text-slate-900">
            {userName(u)}
            {u.id === selfId && <span className="font-normal text-slate-700"> (you)</span>}
          </p>
          <p className="text-slate-700">{u.email}</p>
        </div>
      ),
    },
    { key: 'role', header: 'Role', cell: (u) => roleLabel(u.role) },
    { key: 'department', header: 'Department', cell: (u) => u.department ?? '—' },
    {
      key: 'status',
      header: 'Status',
      cell: (u) => (
        <p className="flex flex-wrap gap-1">
          {u.active ? <Badge tone="bg-green-100 text-green-900">Active</Badge> : <Badge tone="bg-red-100 text-red-900">Inactive</Badge>}
          {u.active && u.require_password_change && <Badge tone="bg-amber-100 text-amber-900">Must change password</Badge>}
        </p>
      ),
    },
    { key: 'last', header: 'Last sign-in', cell: (u) => <span className="whitespace-nowrap">{lastSignInLabel(u.last_sign_in_at)}</span> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (u) => {
        const name = userName(u);
        return (
          <div className="flex flex-nowrap gap-2">
            <EditResetButtons user={u} disabled={disabled} onAction={(action) => onAction(action, u)} />
            {u.id === selfId ? null : u.active ? (
              <Button
                size="sm"
                variant="danger"
                disabled={disabled}
                onClick={() => onAction('deactivate', u)}
                aria-label={`Deactivate ${name}`}
              >
                Deactivate
              </Button>
            ) : (
              <Button
                size="sm"
                disabled={disabled}
                busy={busyId === u.id}
                onClick={() => onAction('reactivate', u)}
                aria-label={`Reactivate ${name}`}
              >
                Reactivate
              </Button>
            )}
          </div>
        );
      },
    },
  ];
  return <Table caption={`Users of ${company}`} hideCaption columns={columns} rows={users} rowKey={(u) => u.id} empty={empty} />;
}
