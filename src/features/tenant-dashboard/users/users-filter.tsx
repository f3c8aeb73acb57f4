/** Search by name or email (live) and the role filter. */
import { TENANT_ROLES } from '../../../../supabase/functions/_shared/tenant-users';
import { SelectField } from '../../../ui/controls';
import { Field } from '../../../ui/field';
import { ROLE_LABELS } from '../../../ui/user-admin';
import { ALL_ROLES } from './users-list';

export function UsersFilter({
  search,
  role,
  onSearch,
  onRole,
}: {
  search: string;
  role: string;
  onSearch: (value: string) => void;
  onRole: (value: string) => void;
}) {
  return (
    <div role="search" aria-label="Find users" className="flex flex-wrap items-end gap-3">
      <div className="w-72 max-w-full">
        <Field
          label="Search users"
          type="search"
          placeholder="Name or email"
          autoComplete="off"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
      <div className="w-56 max-w-full">
        <SelectField label="Role" value={role} onChange={(e) => onRole(e.target.value)}>
          <option value={ALL_ROLES}>All Roles</option>
          {TENANT_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}
