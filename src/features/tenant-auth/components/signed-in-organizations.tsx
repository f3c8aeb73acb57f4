import { Link } from 'react-router-dom';
import { getCachedOrganization, type SignedInTenant } from '../../../data';
import { organizationLabel } from '../../../lib/organizations';
import { tenantLandingPath } from '../../../lib/roles';

function nameOf(tenant: SignedInTenant): string {
  const org = getCachedOrganization(tenant.slug);
  return org ? organizationLabel(org) : tenant.slug;
}

/**
 * The organizations this device holds a session for, each one tap from where
 * the user's role lands. Read from the stored sessions, so it works offline.
 */
export function SignedInOrganizations({ tenants, title }: { tenants: readonly SignedInTenant[]; title: string }) {
  if (tenants.length === 0) return null;
  return (
    <section aria-labelledby="signed-in-heading" className="space-y-2">
      <h2 id="signed-in-heading" className="text-sm font-semibold text-slate-800">
        {title}
      </h2>
      <ul className="space-y-2">
        {tenants.map((t) => (
          <li key={t.slug}>
            <Link
              to={tenantLandingPath(t.slug, t.profile?.role)}
              className="flex min-h-11 flex-col justify-center rounded-lg border border-slate-300 px-4 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              <span className="font-semibold text-slate-900">{nameOf(t)}</span>
              <span className="text-sm text-slate-700">
                {t.session.email || t.profile?.email || 'Signed in'}
                {t.session.refused ? ' · sign in again to sync' : ''}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
