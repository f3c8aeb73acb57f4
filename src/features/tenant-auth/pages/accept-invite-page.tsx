import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  adoptTenantSession,
  chooseTenantPassword,
  getOrganizationBySlug,
  readTenantProfile,
  readTenantSession,
  type Organization,
  type TenantProfile,
} from '../../../data';
import { organizationLabel } from '../../../lib/organizations';
import { CHANGE_PASSWORD_MESSAGES, checklistPasses, setPasswordError } from '../../../lib/password-rules';
import { tenantLandingPath, tenantPath } from '../../../lib/roles';
import { useOnline } from '../../../lib/use-online';
import { Alert } from '../../../ui/alert';
import { AuthCard } from '../../../ui/auth-card';
import { Button } from '../../../ui/button';
import { useFormMessage } from '../../../ui/form-message';
import { Loading } from '../../../ui/loading';
import { NewPasswordFields } from '../components/new-password-fields';
import { acceptingUser, forgetAccepting, INVITE_INVALID_MESSAGE, parseInviteFragment, rememberAccepting } from '../invite-link';

type State =
  | { status: 'loading' }
  | { status: 'invalid' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; organization: Organization; profile: TenantProfile };

export const OFFLINE_INVITE_MESSAGE =
  'You are offline. Accepting an invitation needs a connection; it will continue once you are back online.';

const QUIET_RETRY_DELAYS_MS = [500, 1500, 3000];

interface ChoosePasswordInput {
  password: string;
  confirm: string;
}

/**
 * /tenant/{slug}/accept-invite: where an invitation link lands (the auth
 * server's verify redirect). The session the link opened becomes this
 * organization's session, then the invited user chooses a password and goes
 * where the role lands.
 */
export function AcceptInvitePage() {
  const { tenantSlug = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const online = useOnline();
  // Read before the fragment is cleared; kept for a retry after a lost connection.
  const [fragment] = useState(() => parseInviteFragment(location.hash));
  const [state, setState] = useState<State>(fragment.kind === 'error' ? { status: 'invalid' } : { status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(false);
  // A connection that has just come back often fails its first requests; those are retried quietly before asking the user.
  const quietRetries = useRef(0);

  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (fragment.kind === 'error' || started.current || !online) return;
    started.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const retryLater = (message: string) => {
      started.current = false;
      if (quietRetries.current < QUIET_RETRY_DELAYS_MS.length) {
        const delay = QUIET_RETRY_DELAYS_MS[quietRetries.current++];
        timer = setTimeout(() => setAttempt((n) => n + 1), delay);
        return;
      }
      setState({ status: 'failed', message });
    };
    void (async () => {
      const lookup = await getOrganizationBySlug(tenantSlug);
      if (lookup.status === 'not-found') return setState({ status: 'invalid' });
      if (lookup.status === 'error') return retryLater(lookup.message);
      const organization = lookup.organization;
      if (fragment.kind === 'session') {
        const adopted = await adoptTenantSession(organization, fragment);
        if (adopted.ok) {
          quietRetries.current = 0;
          rememberAccepting(tenantSlug, adopted.profile.id);
          return setState({ status: 'ready', organization, profile: adopted.profile });
        }
        return 'invalid' in adopted ? setState({ status: 'invalid' }) : retryLater(adopted.message);
      }
      // No fragment: a reload after this tab adopted the invited user's session.
      const [session, profile] = await Promise.all([readTenantSession(tenantSlug), readTenantProfile(tenantSlug)]);
      if (session && profile && acceptingUser(tenantSlug) === profile.id) setState({ status: 'ready', organization, profile });
      else setState({ status: 'invalid' });
    })();
    return () => clearTimeout(timer);
  }, [fragment, online, tenantSlug, attempt]);

  if (state.status === 'invalid') {
    return (
      <AuthCard docTitle="Invitation" title="Invitation link">
        <Alert tone="error">{INVITE_INVALID_MESSAGE}</Alert>
        <p className="mt-4 text-center text-sm">
          <Link to={tenantPath(tenantSlug, 'login')} className="font-semibold text-blue-800 underline-offset-4 hover:underline">
            Go to sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  if (state.status !== 'ready') {
    return (
      <AuthCard docTitle="Invitation" title="Accepting your invitation">
        {!online ? (
          <Alert tone="warning">{OFFLINE_INVITE_MESSAGE}</Alert>
        ) : state.status === 'failed' ? (
          <div className="space-y-4">
            <Alert tone="error">{state.message}</Alert>
            <Button
              type="button"
              className="w-full"
              onClick={() => {
                quietRetries.current = 0;
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </Button>
          </div>
        ) : (
          <Loading label="Opening your invitation..." />
        )}
      </AuthCard>
    );
  }
  return <ChoosePasswordForm slug={tenantSlug} organization={state.organization} profile={state.profile} online={online} />;
}

function ChoosePasswordForm({
  slug,
  organization,
  profile,
  online,
}: {
  slug: string;
  organization: Organization;
  profile: TenantProfile;
  online: boolean;
}) {
  const navigate = useNavigate();
  // A rule the typed password breaks goes when it is edited; the server's refusal stays until the next try.
  const { message: error, show, onChange } = useFormMessage();
  const { register, handleSubmit, control, formState } = useForm<ChoosePasswordInput>({ defaultValues: { password: '', confirm: '' } });
  const [password = '', confirm = ''] = useWatch({ control, name: ['password', 'confirm'] });

  const onSubmit = handleSubmit(async (values) => {
    show(null);
    const invalid = setPasswordError(values.password) ?? (values.password === values.confirm ? null : CHANGE_PASSWORD_MESSAGES.mismatch);
    if (invalid) return show({ tone: 'error', text: invalid, blames: 'any' });
    const result = await chooseTenantPassword(slug, values.password);
    if (!result.ok) return show({ tone: 'error', text: result.message });
    forgetAccepting();
    await navigate(tenantLandingPath(slug, profile.role), { replace: true });
  });

  return (
    <AuthCard
      docTitle="Welcome"
      title={`Welcome to ${organizationLabel(organization)}`}
      subtitle={<p className="text-sm">Signed in as {profile.email}</p>}
    >
      <form onSubmit={onSubmit} onChange={onChange} noValidate className="space-y-4" aria-label="Choose a password">
        <h2 className="text-lg font-semibold text-slate-900">Choose a password</h2>
        {!online && <Alert tone="warning">You are offline. Saving your password needs a connection.</Alert>}
        {error && <Alert tone="error">{error.text}</Alert>}
        <NewPasswordFields
          password={password}
          confirm={confirm}
          passwordField={register('password')}
          confirmField={register('confirm')}
          passwordLabel="Password"
          confirmLabel="Confirm password"
          checklistHeading="Your password needs:"
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          busy={formState.isSubmitting}
          disabled={!online || !checklistPasses(password, confirm)}
        >
          {formState.isSubmitting ? 'Saving...' : 'Save password'}
        </Button>
      </form>
    </AuthCard>
  );
}
