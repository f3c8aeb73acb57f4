import { Link } from 'react-router-dom';
import { tenantPath } from '../../lib/roles';
import { Placeholder } from '../../ui/placeholder';
import { TenantShell, useTenantRoute } from '../tenant-auth/index';

/** /tenant/{slug}/dashboard: Super Admin Dashboard (placeholder). */
export function TenantDashboardPage() {
  const { slug } = useTenantRoute();
  return (
    <TenantShell title="Super Admin Dashboard">
      <div className="space-y-6">
        <Placeholder title="Dashboard">Security, transportation, users and system health at a glance will appear here.</Placeholder>
        <nav aria-label="Tenant areas">
          <ul className="grid gap-3 sm:grid-cols-3">
            <li>
              <Link
                className="block rounded-xl border border-slate-200 bg-white p-4 font-semibold text-blue-800 hover:bg-blue-50"
                to={tenantPath(slug, 'security')}
              >
                Security
              </Link>
            </li>
            <li>
              <Link
                className="block rounded-xl border border-slate-200 bg-white p-4 font-semibold text-blue-800 hover:bg-blue-50"
                to={tenantPath(slug, 'transportation')}
              >
                Transportation
              </Link>
            </li>
            <li>
              <Link
                className="block rounded-xl border border-slate-200 bg-white p-4 font-semibold text-blue-800 hover:bg-blue-50"
                to={tenantPath(slug, 'student-parking')}
              >
                Student Parking
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </TenantShell>
  );
}
