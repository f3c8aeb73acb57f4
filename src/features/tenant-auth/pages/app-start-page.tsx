import { Link, useLoaderData } from 'react-router-dom';
import type { SignedInTenant } from '../../../data';
import { AuthCard } from '../../../ui/auth-card';
import { SignedInOrganizations } from '../components/signed-in-organizations';

const linkClass = 'font-semibold text-blue-800 underline-offset-4 hover:underline';

/**
 * /start with sessions in several places (the loader sends a user signed in
 * to one organization straight there): pick where to continue.
 */
export function AppStartPage() {
  const { tenants, staff } = useLoaderData<{ tenants: SignedInTenant[]; staff: boolean }>();
  return (
    <AuthCard
      docTitle="Choose where to continue"
      title="Choose where to continue"
      subtitle="This device is signed in to more than one place."
      footer={
        <Link to="/tenant-discovery" className={linkClass}>
          Sign in to another organization
        </Link>
      }
    >
      <div className="space-y-4">
        <SignedInOrganizations tenants={tenants} title="Your organizations" />
        {staff && (
          <p>
            <Link
              to="/dashboard"
              className="flex min-h-11 items-center rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50"
            >
              Lockstep platform administration
            </Link>
          </p>
        )}
      </div>
    </AuthCard>
  );
}
