/**
 * What the add, edit and reset forms share: department, role, the phone
 * formatted while typing (spec §5, §9), and the offline and failure notices.
 */
import type { ChangeEvent } from 'react';
import { Alert } from '../alert';
import { Field } from '../field';
import { DEPARTMENTS, formatPhone, TENANT_ROLES, type Department, type TenantRole } from '../../../supabase/functions/_shared/tenant-users';
import { ROLE_LABELS, TENANT_USER_MESSAGES, type Failure } from './model';
import { SelectField } from '../controls';

export function DepartmentSelect({
  value,
  onChange,
  error,
}: {
  value: Department | '';
  onChange: (value: Department | '') => void;
  error?: string | undefined;
}) {
  return (
    <SelectField label="Department" value={value} error={error} onChange={(e) => onChange(e.target.value as Department | '')}>
      <option value="">No department</option>
      {DEPARTMENTS.map((d) => (
        <option key={d} value={d}>
          {d}
        </option>
      ))}
    </SelectField>
  );
}

export function RoleSelect({
  value,
  onChange,
  disabled,
  hint,
}: {
  value: TenantRole;
  onChange: (value: TenantRole) => void;
  disabled?: boolean;
  hint?: string | undefined;
}) {
  return (
    <SelectField label="Role" value={value} disabled={disabled} hint={hint} onChange={(e) => onChange(e.target.value as TenantRole)}>
      {TENANT_ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </SelectField>
  );
}

export function PhoneField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string | undefined }) {
  return (
    <Field
      label="Phone Number"
      type="tel"
      inputMode="numeric"
      autoComplete="off"
      placeholder="(555)-123-4567"
      hint="Optional. Digits only, formatted (xxx)-xxx-xxxx."
      value={value}
      error={error}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(formatPhone(e.target.value))}
    />
  );
}

/** Offline, the action needs the server; after a failed call, what failed and why. */
export function ActionNotices({
  online,
  failure,
  offlineMessage = TENANT_USER_MESSAGES.offline,
}: {
  online: boolean;
  failure: Failure | null;
  offlineMessage?: string | undefined;
}) {
  return (
    <>
      {!online && <Alert tone="warning">{offlineMessage}</Alert>}
      {failure && (
        <Alert tone="error">
          <FailureText failure={failure} />
        </Alert>
      )}
    </>
  );
}

/** What failed, then the server's own words when they add something. */
export function FailureText({ failure }: { failure: Failure }) {
  return (
    <>
      <p className="font-semibold">{failure.text}</p>
      {failure.detail && <p className="mt-1">{failure.detail}</p>}
    </>
  );
}
