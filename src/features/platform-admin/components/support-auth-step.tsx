/**
 * Support access, step 2: the staff admin's own password again and a reason
 * (spec §2, §5). The API checks the password; a wrong one is answered 403,
 * and after five in a row 429 with how long the dialog stays locked.
 */
import { useState, type FormEvent } from 'react';
import { ProductApiError, SupportLockedError, type SupportAnswer } from '../../../data';
import { lockNotice, SUPPORT_REASONS, validateSupportRequest } from '../../../lib/support-access';
import { clearSupportLock, readSupportLock, writeSupportLock } from '../../../lib/support-lock';
import { useSecondsLeft } from '../../../lib/use-countdown';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useFormMessage } from '../../../ui/form-message';
import { PasswordField } from '../../../ui/password-field';
import { SelectField, TextAreaField } from '../../../ui/controls';
import type { SupportTenant } from '../support-tenants';

export const SUPPORT_DIALOG_MESSAGES = {
  authFailed: 'Authentication failed',
  locked: 'Too many failed attempts.',
} as const;

export interface SupportStartInput {
  tenant: SupportTenant;
  password: string;
  reason: string;
  details?: string;
}

export function SupportAuthStep({
  tenant,
  onBack,
  onStart,
}: {
  tenant: SupportTenant;
  onBack: () => void;
  /** Asks the API; resolves once the browser is on its way to the tenant. */
  onStart: (input: SupportStartInput) => Promise<SupportAnswer | void>;
}) {
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  // A missing field, or the password refused, goes as the user edits; other failures stay until the next try.
  const { message: error, show, onChange } = useFormMessage();
  const setError = (text: string | null, blames?: 'any' | string[]) => show(text ? { tone: 'error', text, blames } : null);
  const [busy, setBusy] = useState(false);
  const [lockUntil, setLockUntil] = useState<number | null>(() => readSupportLock(Date.now()));
  const [lockMessage, setLockMessage] = useState<string>(SUPPORT_DIALOG_MESSAGES.locked);
  const lockLeft = useSecondsLeft(lockUntil);
  const locked = lockUntil !== null && lockLeft > 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (locked || busy) return;
    const checked = validateSupportRequest({ password, reason, details });
    if (!checked.ok) {
      setError(checked.message, 'any');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onStart({ tenant, ...checked.body });
      clearSupportLock();
    } catch (err) {
      setPassword('');
      if (err instanceof SupportLockedError) {
        setLockMessage(err.message || SUPPORT_DIALOG_MESSAGES.locked);
        setLockUntil(writeSupportLock(Date.now(), err.retryAfterSeconds));
      } else if (err instanceof ProductApiError && err.status === 403) {
        setError(err.message || SUPPORT_DIALOG_MESSAGES.authFailed, ['password']);
      } else {
        setError(err instanceof Error && err.message ? err.message : SUPPORT_DIALOG_MESSAGES.authFailed);
      }
      setBusy(false);
    }
  };

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} onChange={onChange} noValidate>
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 px-4 py-3">
        <div>
          <p className="text-sm text-slate-600">Organization</p>
          <p className="font-semibold text-slate-900">{tenant.company_name}</p>
        </div>
        <Button size="sm" variant="ghost" onClick={onBack} disabled={busy}>
          Change
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        Confirm your admin password and say why you need access. The session lasts 30 minutes and is recorded in the audit log and in the
        organization&apos;s support history.
      </p>
      {locked && (
        <Alert tone="error">
          <span aria-hidden="true">{lockNotice(lockMessage, lockLeft)}</span>
          <span className="sr-only">{lockNotice(lockMessage, Math.ceil(lockLeft / 60) * 60)}</span>
        </Alert>
      )}
      {error && !locked && <Alert tone="error">{error.text}</Alert>}
      <PasswordField
        label="Admin Password"
        autoComplete="current-password"
        required
        name="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        disabled={locked || busy}
      />
      <SelectField
        label="Reason"
        name="reason"
        required
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        disabled={locked || busy}
      >
        <option value="">Select a reason...</option>
        {SUPPORT_REASONS.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={reason === 'other' ? 'Details (required)' : 'Details (optional)'}
        name="details"
        value={details}
        onChange={(e) => setDetails(e.target.value)}
        disabled={locked || busy}
        rows={3}
        maxLength={500}
      />
      <div className="flex justify-end">
        <Button type="submit" busy={busy} disabled={locked}>
          {busy ? 'Authenticating...' : 'Start Support Session'}
        </Button>
      </div>
    </form>
  );
}
