import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { AUTH_MESSAGES, changeTenantPassword, readTenantProfile, signOutTenant } from '../../../data';
import { checklistPasses, validateChangePassword, type ChangePasswordInput } from '../../../lib/password-rules';
import { landingScreenFor, tenantPath, type TenantScreen } from '../../../lib/roles';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useFormMessage } from '../../../ui/form-message';
import { PasswordField } from '../../../ui/password-field';
import { AuthCard } from '../../../ui/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import { clearPendingUser, readPendingUser } from '../model';

export const REDIRECT_AFTER_CHANGE_MS = 2000;

const SCREEN_NAME: Partial<Record<TenantScreen, string>> = {
  rounds: 'your rounds',
  security: 'the security dashboard',
  dashboard: 'your dashboard',
};

/** What the server's answers blame: editing those fields clears them; a failed update or a throttle stays. */
const SERVER_BLAMES: Record<string, readonly string[]> = {
  [AUTH_MESSAGES.currentPasswordIncorrect]: ['currentPassword'],
  [AUTH_MESSAGES.samePassword]: ['currentPassword', 'newPassword'],
};

/** /tenant/{slug}/change-password (spec §2, §5): the forced change after an admin reset. */
export function ChangePasswordPage() {
  const { tenantSlug = '' } = useParams();
  const navigate = useNavigate();
  const [pending] = useState(() => readPendingUser(tenantSlug));
  const { message: error, show, onChange } = useFormMessage();
  /** Where the role lands (an officer: the rounds), once the password is changed. */
  const [done, setDone] = useState<TenantScreen | null>(null);
  const { register, handleSubmit, control, formState } = useForm<ChangePasswordInput>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const [newPassword = '', confirmPassword = ''] = useWatch({ control, name: ['newPassword', 'confirmPassword'] });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(tenantPath(tenantSlug, done), { replace: true }), REDIRECT_AFTER_CHANGE_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, tenantSlug]);

  if (!pending) return <Navigate to={tenantPath(tenantSlug, 'login')} replace />;

  const onSubmit = handleSubmit(async (values) => {
    show(null);
    const invalid = validateChangePassword(values);
    if (invalid) {
      show({ tone: 'error', text: invalid, blames: 'any' });
      return;
    }
    const result = await changeTenantPassword(tenantSlug, values.currentPassword, values.newPassword);
    if (!result.ok) {
      show({ tone: 'error', text: result.message, blames: SERVER_BLAMES[result.message] });
      return;
    }
    clearPendingUser();
    const profile = await readTenantProfile(tenantSlug).catch(() => null);
    setDone(landingScreenFor(profile?.role));
  });

  const backToLogin = async () => {
    clearPendingUser();
    await signOutTenant(tenantSlug);
    await navigate(tenantPath(tenantSlug, 'login'), { replace: true });
  };

  if (done) {
    return (
      <AuthCard docTitle="Password Updated" title="Password Updated!">
        <p role="status" className="text-slate-700">
          Your new password is saved. Taking you to {SCREEN_NAME[done] ?? 'your dashboard'}...
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard docTitle="Change password" title="Change your password" subtitle={<p className="text-sm">Signed in as {pending.email}</p>}>
      <form onSubmit={onSubmit} onChange={onChange} noValidate className="space-y-4" aria-label="Change password">
        <Alert tone="warning">Your password has been reset by an administrator. Please choose a new password to continue.</Alert>
        {error && <Alert tone="error">{error.text}</Alert>}
        <PasswordField label="Current password" autoComplete="current-password" required {...register('currentPassword')} />
        <NewPasswordFields
          password={newPassword}
          confirm={confirmPassword}
          passwordField={register('newPassword')}
          confirmField={register('confirmPassword')}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          busy={formState.isSubmitting}
          disabled={!checklistPasses(newPassword, confirmPassword)}
        >
          {formState.isSubmitting ? 'Updating...' : 'Update Password'}
        </Button>
        <button
          type="button"
          onClick={() => void backToLogin()}
          className="w-full text-center text-sm font-semibold text-blue-800 underline-offset-4 hover:underline"
        >
          Back to login
        </button>
      </form>
    </AuthCard>
  );
}
