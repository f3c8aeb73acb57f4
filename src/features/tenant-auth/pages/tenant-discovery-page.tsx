import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Organization } from '../../../data';
import { emailDomainHint } from '../../../lib/email-domain';
import { useOnline } from '../../../lib/use-online';
import { AuthCard } from '../../../ui/auth-card';
import { OfflineSignInNotice } from '../components/offline-sign-in-notice';
import { OrganizationPicker } from '../components/organization-picker';
import { SignedInOrganizations } from '../components/signed-in-organizations';
import { TenantSignInForm } from '../components/tenant-sign-in-form';
import { useSignedInTenants } from '../hooks/use-signed-in-tenants';

/**
 * /tenant-discovery (DESIGN §10): searchable organization picker, then email
 * and password. Organizations this device is signed in to are offered first,
 * one tap away, and the page says when signing in cannot work (offline).
 */
export function TenantDiscoveryPage() {
  const [organization, setOrganization] = useState<Organization | null>(null);
  const [pickerError, setPickerError] = useState<string | null>(null);
  const signedIn = useSignedInTenants();
  const online = useOnline();
  const [unreachable, setUnreachable] = useState(false);
  const onUnreachable = useCallback(() => setUnreachable(true), []);

  const hint = emailDomainHint(organization?.email_domain);
  return (
    <AuthCard
      docTitle="Tenant Login"
      title="Tenant Portal Login"
      subtitle="Choose your organization, then sign in with your work email."
      footer={
        <div className="space-y-3">
          <p>
            Lockstep staff?{' '}
            <Link to="/login?returnTo=%2Ftenant-discovery" className="font-semibold text-blue-800 underline-offset-4 hover:underline">
              Admin Login
            </Link>
          </p>
          <p>
            New to Lockstep?{' '}
            <Link to="/pricing" className="font-semibold text-blue-800 underline-offset-4 hover:underline">
              Get started today
            </Link>
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
        {(!online || unreachable) && <OfflineSignInNotice />}
        <SignedInOrganizations tenants={signedIn} title="Signed in on this device" />
        <OrganizationPicker
          onUnreachable={onUnreachable}
          value={organization}
          error={pickerError}
          onChange={(org) => {
            setOrganization(org);
            setPickerError(null);
          }}
        />
        {hint && <p className="text-sm text-slate-700">{hint}</p>}
        <TenantSignInForm
          organization={organization}
          busyLabel="Signing in..."
          requireOrganization
          onMissingOrganization={() => setPickerError('Please select your organization first.')}
        />
        {/* Before a choice the disabled Sign In says what is missing (spec §4); one message, not two. */}
        <p className="border-t border-slate-200 pt-4 text-center text-sm text-slate-700" aria-live="polite">
          {organization && (
            <>
              Signing in to <strong className="text-slate-900">{organization.company_name}</strong>
            </>
          )}
        </p>
      </div>
    </AuthCard>
  );
}
