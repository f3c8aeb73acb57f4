/**
 * Add New User → Confirm User Details → create (spec §2, §4, §5): Review &
 * Create is enabled only when every password rule passes (or, where offered,
 * an invitation link replaces the password); the review step shows the
 * address the server will make (the organization's domain forced onto the
 * username); closing resets the form.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useOnline } from '../../lib/use-online';
import { Alert } from '../alert';
import { Button } from '../button';
import { CheckboxField, Facts } from '../controls';
import { Field } from '../field';
import { editedFieldProblem } from '../form-message';
import { Modal } from '../modal';
import { PasswordChecklist } from '../password-checklist';
import { PasswordField } from '../password-field';
import {
  NO_DOMAIN_EMAIL_DOMAIN,
  newUserEmail,
  usernameLocalPart,
  type CreateTenantUserRequestInput,
} from '../../../supabase/functions/_shared/tenant-users';
import type { CreatedUser, UserAdminApi } from './api';
import { ActionNotices, DepartmentSelect, PhoneField, RoleSelect } from './fields';
import { canReview, checkNewUser, describeFailure, EMPTY_NEW_USER, roleIsAdmin, roleLabel, type Failure, type NewUserForm } from './model';

type Step = { kind: 'form' } | { kind: 'confirm'; body: CreateTenantUserRequestInput; email: string };

export function AddUserDialog({
  tenant,
  api,
  allowInvite = false,
  offlineMessage,
  onClose,
  onCreated,
}: {
  tenant: { company_name: string; email_domain: string | null };
  api: Pick<UserAdminApi, 'create'>;
  /** Offer "Send an invitation link instead" of a temporary password. */
  allowInvite?: boolean;
  offlineMessage?: string;
  onClose: () => void;
  onCreated: (created: CreatedUser) => void;
}) {
  const [form, setForm] = useState<NewUserForm>(EMPTY_NEW_USER);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [problem, setProblem] = useState<{ message: string; fields: Partial<Record<keyof NewUserForm, string>> } | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const checklistId = useId();
  const firstField = useRef<HTMLInputElement>(null);
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const domain = tenant.email_domain || NO_DOMAIN_EMAIL_DOMAIN;

  // Each step change moves focus to the start of the new step (the dialog itself focuses First Name when it opens).
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    if (step.kind === 'confirm') reviewHeading.current?.focus();
    else firstField.current?.focus();
  }, [step.kind]);

  // Editing a field retires its own error (and the summary with the last one): what is left is still true.
  const set = <K extends keyof NewUserForm>(key: K, value: NewUserForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblem((p) => editedFieldProblem(p, key));
  };

  const review = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkNewUser(form, tenant.email_domain);
    if (!checked.ok) {
      setProblem({ message: checked.message, fields: checked.fields });
      return;
    }
    setProblem(null);
    setFailure(null);
    setStep({ kind: 'confirm', body: checked.body, email: checked.email });
  };

  const create = async (body: CreateTenantUserRequestInput) => {
    setBusy(true);
    setFailure(null);
    try {
      const { user, email, inviteLink } = await api.create(body);
      onCreated({ user, email, password: body.password ?? null, inviteLink: inviteLink ?? null });
    } catch (e) {
      setFailure(describeFailure('create', e, navigator.onLine));
      setBusy(false);
    }
  };

  const err = (k: keyof NewUserForm) => problem?.fields[k];
  const local = usernameLocalPart(form.username);

  return (
    <Modal
      open
      onClose={onClose}
      title={step.kind === 'form' ? 'Add New User' : 'Confirm User Details'}
      description={`${tenant.company_name}: the user signs in with an @${domain} address.`}
      size="lg"
    >
      {step.kind === 'form' ? (
        <form noValidate onSubmit={review} aria-label="Add New User" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              ref={firstField}
              data-autofocus
              label="First Name"
              required
              autoComplete="off"
              value={form.first_name}
              error={err('first_name')}
              onChange={(e) => set('first_name', e.target.value)}
            />
            <Field
              label="Last Name"
              required
              autoComplete="off"
              value={form.last_name}
              error={err('last_name')}
              onChange={(e) => set('last_name', e.target.value)}
            />
          </div>
          <Field
            label="Username"
            required
            autoComplete="off"
            value={form.username}
            error={err('username')}
            hint={
              local ? (
                <>
                  Email: <strong>{newUserEmail(form.username, tenant.email_domain)}</strong> (the organization’s domain is always used)
                </>
              ) : (
                <>The part before @; the email will end with @{domain}.</>
              )
            }
            onChange={(e) => set('username', e.target.value)}
          />
          {allowInvite && (
            <CheckboxField
              label="Send an invitation link instead"
              hint="No password: the person opens the link and chooses their own."
              checked={form.invite}
              onChange={(e) => set('invite', e.target.checked)}
            />
          )}
          {!form.invite && (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <PasswordField
                  label="Password"
                  required
                  autoComplete="new-password"
                  value={form.password}
                  error={err('password')}
                  aria-describedby={checklistId}
                  onChange={(e) => set('password', e.target.value)}
                />
                <PasswordField
                  label="Confirm Password"
                  required
                  autoComplete="new-password"
                  value={form.confirm}
                  onChange={(e) => set('confirm', e.target.value)}
                />
              </div>
              <PasswordChecklist id={checklistId} password={form.password} confirm={form.confirm} />
            </>
          )}
          <div className="grid gap-4 sm:grid-cols-3">
            <DepartmentSelect value={form.department} error={err('department')} onChange={(v) => set('department', v)} />
            <PhoneField value={form.phone} error={err('phone')} onChange={(v) => set('phone', v)} />
            <RoleSelect value={form.role} onChange={(v) => set('role', v)} />
          </div>
          {problem && <Alert tone="error">{problem.message}</Alert>}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canReview(form)}>
              Review &amp; Create
            </Button>
          </div>
        </form>
      ) : (
        <section aria-labelledby="confirm-user-heading" className="space-y-4">
          <h3 id="confirm-user-heading" ref={reviewHeading} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
            Please check the new user’s details
          </h3>
          <Facts
            items={[
              ['Name', `${step.body.first_name} ${step.body.last_name}`],
              ['Email', <strong key="email">{step.email}</strong>],
              ['Department', step.body.department ?? '—'],
              ['Phone', step.body.phone || '—'],
              ['Role', roleLabel(step.body.role)],
              ['Admin', roleIsAdmin(step.body.role) ? 'Yes' : 'No'],
              step.body.invite
                ? ['Password', 'None: an invitation link lets the person choose their own']
                : ['Password', 'As entered; the user must change it at first sign-in'],
            ]}
          />
          <ActionNotices online={online} failure={failure} offlineMessage={offlineMessage} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" disabled={busy} onClick={() => setStep({ kind: 'form' })}>
              Back
            </Button>
            <Button busy={busy} disabled={!online} onClick={() => void create(step.body)}>
              {busy ? 'Creating...' : 'Create User'}
            </Button>
          </div>
        </section>
      )}
    </Modal>
  );
}
