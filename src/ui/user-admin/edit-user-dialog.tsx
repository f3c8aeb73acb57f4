/**
 * Edit User (spec §5 User edit): names required, email read-only, phone
 * formatted while typing, department and role. Only what changed is sent.
 */
import { useState, type FormEvent } from 'react';
import type { TenantUser } from '../../data';
import { useOnline } from '../../lib/use-online';
import { Button } from '../button';
import { Field } from '../field';
import { dropFieldError } from '../form-message';
import { Modal } from '../modal';
import type { UserAdminApi } from './api';
import { ActionNotices, DepartmentSelect, PhoneField, RoleSelect } from './fields';
import { checkEdit, describeFailure, editFormOf, userName, type EditUserForm, type Failure } from './model';

export function EditUserDialog({
  api,
  user,
  roleLocked = null,
  offlineMessage,
  onClose,
  onSaved,
}: {
  api: Pick<UserAdminApi, 'update'>;
  user: TenantUser;
  /** Why the role cannot be changed here (the admin's own row), or null. */
  roleLocked?: string | null;
  offlineMessage?: string;
  onClose: () => void;
  /** The saved user, or null when nothing changed. */
  onSaved: (user: TenantUser | null) => void;
}) {
  const [form, setForm] = useState<EditUserForm>(() => editFormOf(user));
  const [fields, setFields] = useState<Partial<Record<keyof EditUserForm, string>>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const set = <K extends keyof EditUserForm>(key: K, value: EditUserForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setFields((f) => dropFieldError(f, key));
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const checked = checkEdit(user, form);
    if (!checked.ok) {
      setFields(checked.fields);
      return;
    }
    setFields({});
    if (!checked.changes) {
      onSaved(null);
      return;
    }
    setBusy(true);
    try {
      onSaved(await api.update(user.id, checked.changes));
    } catch (err) {
      setFailure(describeFailure('update', err, navigator.onLine));
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={onClose} title="Edit User" description={userName(user)} size="lg">
      <form noValidate onSubmit={(e) => void save(e)} aria-label={`Edit ${userName(user)}`} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First Name"
            required
            autoComplete="off"
            value={form.first_name}
            error={fields.first_name}
            onChange={(e) => set('first_name', e.target.value)}
            data-autofocus
          />
          <Field
            label="Last Name"
            required
            autoComplete="off"
            value={form.last_name}
            error={fields.last_name}
            onChange={(e) => set('last_name', e.target.value)}
          />
        </div>
        <Field label="Email" value={user.email} readOnly hint="The email cannot be changed." />
        <div className="grid gap-4 sm:grid-cols-3">
          <DepartmentSelect value={form.department} error={fields.department} onChange={(v) => set('department', v)} />
          <PhoneField value={form.phone} error={fields.phone} onChange={(v) => set('phone', v)} />
          <RoleSelect value={form.role} disabled={roleLocked !== null} hint={roleLocked ?? undefined} onChange={(v) => set('role', v)} />
        </div>
        <ActionNotices online={online} failure={failure} offlineMessage={offlineMessage} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} disabled={!online}>
            {busy ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
