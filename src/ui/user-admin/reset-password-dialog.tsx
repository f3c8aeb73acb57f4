/**
 * Reset Password (spec §5 admin password reset, §8 Password reset): the one
 * password rule with its live checklist, then a verification prompt that
 * shows the password before it is set. The API marks the user to change it
 * at next sign-in.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TenantUser } from '../../data';
import { checklistPasses } from '../../lib/password-rules';
import { useOnline } from '../../lib/use-online';
import { Button } from '../button';
import { Modal } from '../modal';
import { PasswordChecklist } from '../password-checklist';
import { PasswordField } from '../password-field';
import { setPasswordError } from '../../../supabase/functions/_shared/password-rules';
import type { UserAdminApi } from './api';
import { ActionNotices } from './fields';
import { describeFailure, TENANT_USER_MESSAGES, userName, type Failure } from './model';

export function ResetPasswordDialog({
  api,
  user,
  offlineMessage,
  onClose,
  onReset,
}: {
  api: Pick<UserAdminApi, 'resetPassword'>;
  user: TenantUser;
  offlineMessage?: string;
  onClose: () => void;
  onReset: (user: TenantUser) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const checklistId = useId();
  const first = useRef<HTMLInputElement>(null);
  const verifyHeading = useRef<HTMLHeadingElement>(null);
  const name = userName(user);

  // Each step change moves focus to the start of the new step (the dialog itself focuses New Password when it opens).
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    if (verifying) verifyHeading.current?.focus();
    else first.current?.focus();
  }, [verifying]);

  const next = (e: FormEvent) => {
    e.preventDefault();
    const message = setPasswordError(password);
    if (message) {
      setProblem(message);
      return;
    }
    setProblem(null);
    setFailure(null);
    setVerifying(true);
  };

  const reset = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onReset(await api.resetPassword(user.id, password));
    } catch (e) {
      setFailure(describeFailure('reset', e, navigator.onLine));
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={onClose} title="Reset Password" description={`${name} (${user.email})`}>
      {!verifying ? (
        <form noValidate onSubmit={next} aria-label={`Reset password of ${name}`} className="space-y-4">
          <PasswordField
            ref={first}
            data-autofocus
            label="New Password"
            required
            autoComplete="new-password"
            value={password}
            error={problem}
            aria-describedby={checklistId}
            onChange={(e) => {
              setPassword(e.target.value);
              // The rule it broke was about the password as it was.
              setProblem(null);
            }}
          />
          <PasswordField
            label="Confirm New Password"
            required
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <PasswordChecklist id={checklistId} password={password} confirm={confirm} />
          <p className="text-sm text-slate-700">{TENANT_USER_MESSAGES.resetNext}</p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!checklistPasses(password, confirm)}>
              Reset Password
            </Button>
          </div>
        </form>
      ) : (
        <section aria-labelledby="verify-reset-heading" className="space-y-4">
          <h3 id="verify-reset-heading" ref={verifyHeading} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
            Set this password for {name}?
          </h3>
          <p>
            <code className="select-all rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base text-slate-900">
              {password}
            </code>
          </p>
          <p className="text-sm text-slate-700">{TENANT_USER_MESSAGES.resetNext}</p>
          <ActionNotices online={online} failure={failure} offlineMessage={offlineMessage} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" disabled={busy} onClick={() => setVerifying(false)}>
              Back
            </Button>
            <Button busy={busy} disabled={!online} onClick={() => void reset()}>
              {busy ? 'Resetting...' : 'Confirm Reset'}
            </Button>
          </div>
        </section>
      )}
    </Modal>
  );
}
