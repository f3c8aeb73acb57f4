/**
 * Security User Management (spec §2, §5, §6, §8): the listed users (security
 * admins, super admins and plain users), search, role filter, the edit form
 * (phone auto-formatted, role flags editing users.role per decision 006) and
 * delete with confirmation. Creating users here is refused: it needs the
 * server (service key) and lives in the staff tools.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { updateRow, useRows, type CacheRow, type TenantSync } from '../../../data';
import { normalizeRole } from '../../../lib/roles';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { useFormMessage } from '../../../ui/form-message';
import { Modal } from '../../../ui/modal';
import { formatPhone, isListedSecurityUser, securityRoleLabel, userFlags } from '../model';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { userDisplayName } from './door-log-report';
import type { AdminModalProps } from './doors-modal';
import { AdminTable, RowActions } from './admin-table';
import { FormActions, FormHeader, SearchBox, SelectField } from './form-controls';
import { MSG } from './messages';
import { Notice, useNotice } from './notice';
import { assignableRoles, can, canEditUser } from './permissions';
import { live, matches, text } from './row';
import {
  DEPARTMENTS,
  flagsForRole,
  roleFromFlags,
  ROLE_LABEL,
  securityUserFormSchema,
  USER_ROLES,
  type SecurityUserForm,
  type SecurityUserFormInput,
} from './schemas';
import { useAdminRole } from './use-admin-role';
import { useDeleteConfirm, useEditing } from './use-admin-list';

export function SecurityUsersModal({ open, onClose, sync, role: roleOverride }: AdminModalProps) {
  const role = useAdminRole(sync, roleOverride);
  const users = useRows(open ? sync.db : null, 'users');
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState('');
  const { notice, say, stale } = useNotice();
  const { editing, setEditing, done } = useEditing(say, stale);
  const del = useDeleteConfirm(sync, 'users', say, { ok: MSG.userDeleted, error: () => MSG.userDeleteError });

  const rows = useMemo(
    () =>
      live(users)
        .filter((u) => isListedSecurityUser(userFlags(u)))
        .filter(
          (u) => (!roleFilter || securityRoleLabel(userFlags(u)) === roleFilter) && matches(search, userDisplayName(u), text(u, 'email')),
        )
        .sort((a, b) => text(a, 'first_name').localeCompare(text(b, 'first_name'))),
    [users, roleFilter, search],
  );

  return (
    <Modal open={open} onClose={onClose} title="Security User Management" size="xl">
      <Notice notice={notice} />
      {editing ? (
        <UserForm sync={sync} user={editing === 'new' ? null : editing} editorRole={role} onDone={done} />
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-end gap-3">
            <SearchBox label="Search users" value={search} onChange={setSearch} placeholder="Name or email" />
            <div className="min-w-40">
              <SelectField label="Role" value={roleFilter} onChange={(e) => setRoleFilter(e.target.value)}>
                <option value="">All Roles</option>
                <option value="Super Admin">Super Admin</option>
                <option value="Security Admin">Security Admin</option>
                <option value="User">User</option>
              </SelectField>
            </div>
            {can(role, 'user.edit') && (
              <Button variant="secondary" onClick={() => setEditing('new')}>
                Add New User
              </Button>
            )}
          </div>
          <AdminTable caption="Security users" headers={['User', 'Role', 'Status', 'Actions']} rows={rows} empty="No users found.">
            {(u) => (
              <tr key={u.id}>
                <td className="px-3 py-2">
                  <span className="block font-medium text-slate-900">{userDisplayName(u)}</span>
                  <span className="block text-slate-600">{text(u, 'email')}</span>
                </td>
                <td className="px-3 py-2">{securityRoleLabel(userFlags(u))}</td>
                <td className="px-3 py-2">{u.active === false ? 'Inactive' : 'Active'}</td>
                <td className="px-3 py-2">
                  <RowActions
                    what={`user ${userDisplayName(u)}`}
                    onEdit={canEditUser(role, u) || u.id === sync.db.binding.userId ? () => setEditing(u) : undefined}
                    onDelete={can(role, 'user.delete') && u.id !== sync.db.binding.userId ? () => del.ask(u) : undefined}
                  />
                </td>
              </tr>
            )}
          </AdminTable>
        </div>
      )}
      <ConfirmDialog message={MSG.userDeleteConfirm} {...del.dialog} />
    </Modal>
  );
}

function UserForm({
  sync,
  user,
  editorRole,
  onDone,
}: {
  sync: TenantSync;
  user: CacheRow | null;
  editorRole: string | undefined;
  onDone: (message: string | null) => void;
}) {
  const creating = user === null;
  const self = user?.id === sync.db.binding.userId;
  // Everyone edits their own names and phone; role, status and department need an admin (a super admin for themselves).
  const limited = self && normalizeRole(editorRole) !== 'super_admin';
  const roles = assignableRoles(editorRole);
  const [password, setPassword] = useState('');
  // "Password is required" goes once a password is typed; a refused or failed save stays until the next try.
  const { message: formError, show: showFormError, onChange } = useFormMessage();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SecurityUserFormInput, unknown, SecurityUserForm>({
    resolver: zodResolver(securityUserFormSchema),
    defaultValues: {
      first_name: text(user ?? undefined, 'first_name'),
      last_name: text(user ?? undefined, 'last_name'),
      email: text(user ?? undefined, 'email'),
      department: text(user ?? undefined, 'department'),
      phone: text(user ?? undefined, 'phone'),
      role: normalizeRole(text(user ?? undefined, 'role')),
      active: user ? user.active !== false : true,
    },
  });
  const role = useWatch({ control, name: 'role' });
  const phoneField = register('phone');

  const onSubmit = handleSubmit(async (f) => {
    showFormError(null);
    if (creating) {
      showFormError(
        password ? { tone: 'error', text: MSG.userCreateRefused } : { tone: 'error', text: MSG.userPasswordRequired, blames: ['password'] },
      );
      return;
    }
    const patch: Record<string, unknown> = limited
      ? { first_name: f.first_name, last_name: f.last_name, phone: f.phone }
      : {
          first_name: f.first_name,
          last_name: f.last_name,
          phone: f.phone,
          department: f.department,
          role: f.role,
          ...flagsForRole(f.role),
          active: f.active,
        };
    try {
      await updateRow(sync.db, 'users', user.id, patch);
      onDone(MSG.userUpdated);
    } catch {
      showFormError({ tone: 'error', text: MSG.userSaveError });
    }
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      onChange={onChange}
      noValidate
      className="space-y-3"
      aria-label={creating ? 'Add New User' : 'Edit User'}
    >
      <FormHeader title={creating ? 'Add New User' : 'Edit User'} error={formError?.text ?? null} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="First Name" required error={errors.first_name?.message} {...register('first_name')} />
        <Field label="Last Name" required error={errors.last_name?.message} {...register('last_name')} />
        <Field
          label="Email"
          type="email"
          required
          readOnly={!creating}
          error={errors.email?.message}
          hint={creating ? undefined : 'Email cannot be changed here.'}
          {...register('email')}
        />
        {creating && (
          <Field
            label="Password"
            type="password"
            name="password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint={MSG.userPasswordHint}
            autoComplete="new-password"
          />
        )}
        {limited ? (
          <input type="hidden" {...register('department')} />
        ) : (
          <SelectField label="Department" {...register('department')}>
            <option value="">No department</option>
            {DEPARTMENTS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </SelectField>
        )}
        <Field
          label="Phone Number"
          type="tel"
          inputMode="tel"
          maxLength={14}
          placeholder="(555)-555-5555"
          error={errors.phone?.message}
          {...phoneField}
          onChange={(e) => {
            e.target.value = formatPhone(e.target.value);
            void phoneField.onChange(e);
          }}
        />
        {limited ? (
          <div className="space-y-1 text-sm sm:col-span-2">
            <input type="hidden" {...register('role')} />
            <input type="hidden" {...register('active', { setValueAs: (v: unknown) => v === true || v === 'true' })} />
            <p className="text-slate-700">
              You can change your own name and phone here; an administrator changes your role, department and status.
            </p>
          </div>
        ) : (
          <>
            <SelectField label="Primary Role" {...register('role')}>
              {USER_ROLES.filter((r) => roles.includes(r) || r === role).map((r) => (
                <option key={r} value={r} disabled={!roles.includes(r)}>
                  {ROLE_LABEL[r]}
                </option>
              ))}
            </SelectField>
            <SelectField label="Status" {...register('active', { setValueAs: (v: unknown) => v === true || v === 'true' })}>
              <option value="true">Active</option>
              <option value="false">Inactive</option>
            </SelectField>
          </>
        )}
      </div>
      {!limited && (
        <fieldset className="flex flex-wrap gap-6">
          <legend className="mb-1 text-sm font-medium text-slate-800">Role flags (they set the primary role)</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5"
              checked={role === 'security_admin'}
              onChange={(e) =>
                setValue('role', roleFromFlags(role ?? 'regular_user', 'security_admin', e.target.checked), { shouldDirty: true })
              }
            />
            Security Admin
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5"
              checked={role === 'super_admin'}
              disabled={!roles.includes('super_admin')}
              onChange={(e) =>
                setValue('role', roleFromFlags(role ?? 'regular_user', 'super_admin', e.target.checked), { shouldDirty: true })
              }
            />
            Super Admin
          </label>
        </fieldset>
      )}
      <FormActions onCancel={() => onDone(null)} busy={isSubmitting} submitLabel={creating ? 'Create User' : 'Update User'} />
    </form>
  );
}
