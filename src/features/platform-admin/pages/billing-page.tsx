/**
 * /admin/billing (issue 11): every tenant's plan, seats, subscription and
 * paid-until date, with the past-due tenants first, from the tenants list
 * /manage-tenants reads (RLS lets staff read it), through the platform cache.
 */
import { listPlatformTenants, usePlatformList, type StaffProfile, type TenantListRow } from '../../../data';
import { Table, type Column } from '../../../ui/table';
import { describePlan } from '../../../../supabase/functions/_shared/plans';
import { subscriptionStatusLabel } from '../../../../supabase/functions/_shared/tenant-schema';
import { CachedList } from '../components/cached-list';
import { formatDate } from '../model';
import { billingSummary, isPastDue, localDay } from '../staff-tools-model';
import { AdminShell } from './admin-shell';

export function BillingPage() {
  return <AdminShell title="Billing & Plans">{(profile) => <Billing profile={profile} />}</AdminShell>;
}

function columns(today: string): Column<TenantListRow>[] {
  return [
    {
      key: 'tenant',
      header: 'Tenant',
      cell: (t) => (
        <div>
          <p className="font-semibold text-slate-900">{t.company_name}</p>
          <p className="text-slate-600">{t.slug}</p>
        </div>
      ),
    },
    { key: 'plan', header: 'Plan', cell: (t) => describePlan(t.plan_name, t.plan_interval, t.plan_amount_cents) },
    { key: 'seats', header: 'Seats', cell: (t) => t.seats ?? '—' },
    { key: 'subscription', header: 'Subscription', cell: (t) => subscriptionStatusLabel(t.subscription_status) },
    {
      key: 'paid-until',
      header: 'Paid until',
      cell: (t) =>
        isPastDue(t, today) ? (
          <span className="font-semibold text-red-800">{formatDate(t.paid_until)} · Past due</span>
        ) : (
          formatDate(t.paid_until)
        ),
    },
  ];
}

function Billing({ profile }: { profile: StaffProfile }) {
  const tenants = usePlatformList(profile.id, 'tenants', listPlatformTenants);
  const today = localDay(new Date());
  return (
    <CachedList view={tenants} what="billing list">
      {(rows) => {
        const summary = billingSummary(rows, today);
        const pastDue = rows.filter((t) => isPastDue(t, today));
        const cards = [
          { label: 'Active subscriptions', value: summary.activeSubscriptions },
          { label: 'Trialing', value: summary.trialing },
          { label: 'Past due', value: summary.pastDue },
          { label: 'Seats', value: summary.seats },
        ];
        return (
          <div className="space-y-6">
            <ul aria-label="Billing figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {cards.map((c) => (
                <li key={c.label} className="rounded-2xl border border-slate-200 bg-white p-5">
                  <p className="text-sm font-medium text-slate-700">{c.label}</p>
                  <p className="mt-1 text-3xl font-bold text-slate-900">{c.value}</p>
                </li>
              ))}
            </ul>
            <section aria-labelledby="past-due-heading" className="space-y-2">
              <h2 id="past-due-heading" className="text-xl font-bold text-slate-900">
                Past-due tenants
              </h2>
              {pastDue.length === 0 ? (
                <p className="text-slate-700">No tenant is past due.</p>
              ) : (
                <Table caption="Past-due tenants" hideCaption columns={columns(today)} rows={pastDue} rowKey={(t) => t.id} />
              )}
            </section>
            <section aria-labelledby="plans-heading" className="space-y-2">
              <h2 id="plans-heading" className="text-xl font-bold text-slate-900">
                Plans
              </h2>
              <Table caption="Plans" hideCaption columns={columns(today)} rows={rows} rowKey={(t) => t.id} empty="No tenants yet." />
            </section>
          </div>
        );
      }}
    </CachedList>
  );
}
