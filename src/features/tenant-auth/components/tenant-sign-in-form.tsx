import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { preloadTenantAuth, signInErrorBlames, signInTenant, type Organization } from '../../../data';
import { emailDomainError } from '../../../lib/email-domain';
import { tenantLandingPath, tenantPath } from '../../../lib/roles';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { changedField, useFormMessage, type FormMessage } from '../../../ui/form-message';
import { PasswordField } from '../../../ui/password-field';
import { emailRules, passwordRules, type SignInValues } from '../../../lib/sign-in-rules';
import { clearAdminModeMarkers, NO_ORGANIZATION_MESSAGE, writePendingUser } from '../model';

export interface TenantSignInFormProps {
  organization: Organization | null;
  /** Label while busy: "Signing in..." on discovery, "Signing In..." on the deep link (spec §2). */
  busyLabel: string;
  /** Shown when no organization is chosen yet. */
  requireOrganization?: boolean;
  onMissingOrganization?: () => void;
}

/**
 * Email and password for one organization: the email-domain rule is checked
 * before any request; after sign-in the user goes to change-password when
 * required, else to the screen their role lands on.
 */
export function TenantSignInForm({ organization, busyLabel, requireOrganization = false, onMissingOrganization }: TenantSignInFormProps) {
  const navigate = useNavigate();
  // Spec §4: any organization selection clears the error. Each message
  // remembers the choice it was about and shows only while that choice stands.
  // Typing again clears what the typed text was blamed for (issue 13 §3).
  const slug = organization?.slug ?? null;
  const { message: shown, show: setShown, edited } = useFormMessage<FormMessage & { slug: string | null }>();
  const { message: domainShown, show: setDomainShown, edited: editedDomain } = useFormMessage<FormMessage & { slug: string | null }>();
  const error = shown && shown.slug === slug ? shown.text : null;
  const domainError = domainShown && domainShown.slug === slug ? domainShown.text : undefined;
  const setError = (text: string | null): void =>
    setShown(text === null ? null : { slug, text, tone: 'error', blames: signInErrorBlames(text) });
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setDomainShown(null);
    if (!organization) {
      onMissingOrganization?.();
      setError(NO_ORGANIZATION_MESSAGE);
      return;
    }
    const wrongDomain = emailDomainError(values.email, organization.email_domain);
    if (wrongDomain) {
      setDomainShown({ slug, text: wrongDomain, tone: 'error', blames: ['email'] });
      setFocus('email');
      return;
    }
    const result = await signInTenant(organization, values.email, values.password);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    clearAdminModeMarkers();
    const { profile } = result;
    if (profile.require_password_change) {
      writePendingUser({ slug: organization.slug, email: profile.email });
      await navigate(tenantPath(organization.slug, 'change-password'), { replace: true });
      return;
    }
    await navigate(tenantLandingPath(organization.slug, profile.role), { replace: true });
  });

  const disabled = requireOrganization && !organization;
  return (
    <form
      onSubmit={onSubmit}
      onChange={(e) => {
        edited(changedField(e));
        editedDomain(changedField(e));
      }}
      onFocus={preloadTenantAuth}
      noValidate
      className="space-y-4"
      aria-label="Organization sign in"
    >
      {error && <Alert tone="error">{error}</Alert>}
      <Field
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        error={errors.email?.message ?? domainError}
        {...register('email', emailRules)}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password', passwordRules)}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        busy={isSubmitting}
        disabled={disabled}
        aria-describedby={disabled ? 'select-org-first' : undefined}
      >
        {isSubmitting ? busyLabel : 'Sign In'}
      </Button>
      {disabled && (
        <p id="select-org-first" className="text-center text-sm text-slate-700">
          {NO_ORGANIZATION_MESSAGE}
        </p>
      )}
    </form>
  );
}
