/**
 * /dashboard (spec §2, issue 11): the staff admin's home with real figures
 * (the spec's were samples, DESIGN §10), recent activity from the platform
 * audit log and a tile for every staff screen. Figures and activity come
 * from the platform cache, so the page reopens offline with the last ones
 * and their age.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePlatformList, type PlatformListView, type StaffProfile } from '../../../data';
import { formatDateTime } from '../model';
import { CachedList, ListFreshness } from '../components/cached-list';
import { SupportAccessDialog } from '../components/support-access-dialog';
import { staffToolsApi, type ActivityRow, type FullAdminStats } from '../staff-tools-api';
import { activityLabel } from '../staff-tools-model';
import { AdminShell } from './admin-shell';

const tiles = [
  { title: 'Manage Tenants', to: '/manage-tenants', text: 'Organizations, subscriptions, licences and users.' },
  // Spec §2: this tile opens the support access dialog in place (the page of the same name hosts it too).
  {
    title: 'Tenant Database Management',
    to: '/tenant-database-management',
    text: 'Audited support access to a tenant.',
    opensSupport: true,
  },
  { title: 'Reports & Analytics', to: '/admin/reports', text: 'Door checks per tenant per week.' },
  { title: 'Staff Management', to: '/admin/staff', text: 'The provider’s staff: add and deactivate.' },
  { title: 'System Health', to: '/admin/system-health', text: 'Each tenant’s health and database status.' },
  { title: 'Billing & Plans', to: '/admin/billing', text: 'Plans, seats, paid-until dates and past-due tenants.' },
  { title: 'Door Management', to: '/door-management', text: 'Door troubleshooting across tenants.' },
];

export function PlatformDashboardPage() {
  return (
    <AdminShell title="Master Admin Dashboard" back={false}>
      {(profile) => <Dashboard profile={profile} />}
    </AdminShell>
  );
}

function Dashboard({ profile }: { profile: StaffProfile }) {
  const stats = usePlatformList(profile.id, 'stats', staffToolsApi.stats);
  const activity = usePlatformList(profile.id, 'activity', staffToolsApi.activity);
  const [supportOpen, setSupportOpen] = useState(false);
  return (
    <div className="space-y-8">
      <p className="text-lg text-slate-800">
        Welcome back, {[profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.email}.
      </p>
      <Figures view={stats} />
      <nav aria-label="Staff tools">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tiles.map((t) => (
            <li key={t.title} className="rounded-2xl border border-slate-200 bg-white p-5">
              {t.opensSupport ? (
                <button
                  type="button"
                  onClick={() => setSupportOpen(true)}
                  className="text-left text-lg font-semibold text-blue-800 underline-offset-4 hover:underline"
                >
                  {t.title}
                </button>
              ) : (
                <Link to={t.to} className="text-lg font-semibold text-blue-800 underline-offset-4 hover:underline">
                  {t.title}
                </Link>
              )}
              <p className="mt-1 text-sm text-slate-700">{t.text}</p>
            </li>
          ))}
        </ul>
      </nav>
      <RecentActivity view={activity} />
      <SupportAccessDialog open={supportOpen} onClose={() => setSupportOpen(false)} />
    </div>
  );
}

function Figures({ view }: { view: PlatformListView<FullAdminStats> }) {
  const s = view.data;
  const cards = [
    { label: 'Active tenants', value: s?.tenants.active, hint: s ? `of ${s.tenants.total} tenants` : '' },
    { label: 'Total doors', value: s?.totals.doors, hint: 'across tenants' },
    { label: "Today's checks", value: s?.totals.checks_24h, hint: 'in the last 24 hours' },
    { label: 'Staff', value: s?.staff, hint: 'active staff accounts' },
  ];
  return (
    <section aria-labelledby="figures-heading" className="space-y-3">
      <h2 id="figures-heading" className="text-xl font-bold text-slate-900">
        Platform figures
      </h2>
      {s ? (
        <>
          <ListFreshness view={view} what="figures" />
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {cards.map((c) => (
              <li key={c.label} className="rounded-2xl border border-slate-200 bg-white p-5" data-testid="figure">
                <p className="text-sm font-medium text-slate-700">{c.label}</p>
                <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="figure-value">
                  {c.value}
                </p>
                <p className="text-sm text-slate-600">{c.hint}</p>
              </li>
            ))}
          </ul>
          {s.unreachable.length > 0 && (
            <p className="text-sm text-amber-900">
              Doors and checks leave out {s.unreachable.length === 1 ? 'a tenant' : `${s.unreachable.length} tenants`} that did not answer:{' '}
              {s.unreachable.join(', ')}.
            </p>
          )}
        </>
      ) : (
        <CachedList view={view} what="figures">
          {() => null}
        </CachedList>
      )}
    </section>
  );
}

function RecentActivity({ view }: { view: PlatformListView<ActivityRow[]> }) {
  return (
    <section aria-labelledby="activity-heading" className="space-y-3">
      <h2 id="activity-heading" className="text-xl font-bold text-slate-900">
        Recent activity
      </h2>
      <CachedList view={view} what="recent activity">
        {(rows) =>
          rows.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">No activity yet.</p>
          ) : (
            <ul aria-label="Recent activity" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
              {rows.map((a) => (
                <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3 text-sm">
                  <div>
                    <p className="font-semibold text-slate-900">
                      {activityLabel(a.action)}
                      {a.target ? `: ${a.target}` : ''}
                    </p>
                    <p className="text-slate-700">
                      {[a.staff_email ? `by ${a.staff_email}` : null, a.tenant_slug ? `tenant ${a.tenant_slug}` : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <time dateTime={a.created_at} className="text-slate-600">
                    {formatDateTime(a.created_at)}
                  </time>
                </li>
              ))}
            </ul>
          )
        }
      </CachedList>
    </section>
  );
}
