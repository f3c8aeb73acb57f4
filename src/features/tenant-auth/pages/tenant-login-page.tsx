import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { getOrganizationBySlug, readTenantProfile, readTenantSession, type Organization } from '../../../data';
import { emailDomainHint } from '../../../lib/email-domain';
import { organizationLabel } from '../../../lib/organizations';
import { useOnline } from '../../../lib/use-online';
import { tenantLandingPath } from '../../../lib/roles';
import { Alert } from '../../../ui/alert';
import { Loading } from '../../../ui/loading';
import { AuthCard } from '../../../ui/auth-card';
import { OfflineSignInNotice } from '../components/offline-sign-in-notice';
import { TenantSignInForm } from '../components/tenant-sign-in-form';

type State =
  | { status: 'loading' }
  | { status: 'found'; organization: Organization; savedOnDevice?: boolean }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

function organizationFromState(state: unknown, slug: string): Organization | null {
  const org = (state as { organization?: Organization } | null)?.organization;
  return org && org.slug === slug && org.supabase_url && org.supabase_anon_key ? org : null;
}

/** The sync badge's "Sign in to sync" link asks for the form even though a session is stored. */
function reauthRequested(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { reauth?: unknown }).reauth === true;
}

/** /tenant/{slug}/login: the deep link for one organization (spec §2). */
export function TenantLoginPage() {
  const { tenantSlug = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const fromState = organizationFromState(location.state, tenantSlug);
  const reauth = reauthRequested(location.state);
  const online = useOnline();
  const [state, setState] = useState<State>(fromState ? { status: 'found', organization: fromState } : { status: 'loading' });

  useEffect(() => {
    let live = true;
    // Already signed in to this organization: go straight to where the role lands.
    // Not when the server refused the session (the sync badge sends the user
    // here to sign in again; bouncing back would leave the queue paused).
    void Promise.all([readTenantSession(tenantSlug), readTenantProfile(tenantSlug)]).then(([session, profile]) => {
      if (live && session && !session.refused && !reauth && profile && !profile.require_password_change) {
        void navigate(tenantLandingPath(tenantSlug, profile.role), { replace: true });
      }
    });
    if (!fromState) {
      void getOrganizationBySlug(tenantSlug).then((result) => {
        if (!live) return;
        if (result.status === 'found') setState(result);
        else if (result.status === 'not-found') setState({ status: 'not-found' });
        else setState({ status: 'error', message: result.message });
      });
    }
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per slug
  }, [tenantSlug]);

  if (state.status === 'loading') {
    return (
      <main id="main">
        <Loading fullScreen label="Loading Organization" />
      </main>
    );
  }
  if (state.status === 'not-found' || state.status === 'error') {
    return (
      <AuthCard
        docTitle="Organization Not Found"
        title={state.status === 'not-found' ? 'Organization Not Found' : 'Failed to load organization'}
      >
        <div className="space-y-4">
          {state.status === 'error' ? (
            <Alert tone="error">{state.message}</Alert>
          ) : (
            <p className="text-slate-700">
              We could not find an organization at this address. Check the link or choose your organization from the list.
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Link
              to="/"
              className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-5 font-semibold text-white hover:bg-blue-800"
            >
              Back to Home
            </Link>
            <Link
              to="/tenant-discovery"
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-5 font-semibold text-slate-900 hover:bg-slate-50"
            >
              Find your organization
            </Link>
          </div>
        </div>
      </AuthCard>
    );
  }

  const org = state.organization;
  const hint = emailDomainHint(org.email_domain);
  return (
    <AuthCard
      docTitle={`${organizationLabel(org)} sign in`}
      title={organizationLabel(org)}
      subtitle={
        <>
          {org.description && <p>{org.description}</p>}
          {hint && <p className="mt-2 text-sm font-medium text-slate-800">{hint}</p>}
        </>
      }
      footer={
        <div className="space-y-3">
          <p>
            Need help signing in? Ask your administrator or{' '}
            <Link to="/contact" className="font-semibold text-blue-800 underline-offset-4 hover:underline">
              contact us
            </Link>
            .
          </p>
          <p>
            <Link to="/" className="font-semibold text-blue-800 underline-offset-4 hover:underline">
              Back to Home
            </Link>
          </p>
        </div>
      }
    >
      <div className="space-y-4">
        {(!online || state.savedOnDevice) && <OfflineSignInNotice />}
        <TenantSignInForm organization={org} busyLabel="Signing In..." />
      </div>
    </AuthCard>
  );
}
