import { Link } from 'react-router-dom';
import { Placeholder } from '../../../ui/placeholder';
import { AdminShell } from './admin-shell';

const tiles = [
  { title: 'Manage Tenants', to: '/manage-tenants', text: 'Organizations, subscriptions, licences and users.' },
  { title: 'Tenant Database Management', to: '/tenant-database-management', text: 'Audited support access to a tenant.' },
  { title: 'Reports & Analytics', to: null, text: 'Coming soon.' },
  { title: 'Staff Management', to: null, text: 'Coming soon.' },
  { title: 'System Health', to: null, text: 'Coming soon.' },
  { title: 'Billing & Plans', to: null, text: 'Coming soon.' },
];

/** /dashboard: the staff admin's home (the full dashboard arrives with the platform-admin issue). */
export function PlatformDashboardPage() {
  return (
    <AdminShell title="Master Admin Dashboard" back={false}>
      {(profile) => (
        <div className="space-y-6">
          <p className="text-lg text-slate-800">
            Welcome back, {[profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.email}.
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {tiles.map((t) => (
              <li key={t.title} className="rounded-2xl border border-slate-200 bg-white p-5">
                {t.to ? (
                  <Link to={t.to} className="text-lg font-semibold text-blue-800 underline-offset-4 hover:underline">
                    {t.title}
                  </Link>
                ) : (
                  <h2 className="text-lg font-semibold text-slate-900">{t.title}</h2>
                )}
                <p className="mt-1 text-sm text-slate-700">{t.text}</p>
              </li>
            ))}
          </ul>
          <Placeholder title="Statistics and recent activity">Platform statistics and recent activity will appear here.</Placeholder>
        </div>
      )}
    </AdminShell>
  );
}
