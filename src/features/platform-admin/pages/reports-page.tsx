/**
 * /admin/reports (issue 11): door checks per tenant per week (the last
 * eight, Monday to Sunday, UTC) as a chart and as a table of the same
 * numbers, from GET /admin/reports/door-checks through the platform cache.
 */
import { usePlatformList, type StaffProfile } from '../../../data';
import { CachedList } from '../components/cached-list';
import { DoorChecksChart } from '../components/door-checks-chart';
import { staffToolsApi, type DoorCheckReport } from '../staff-tools-api';
import { weekLabel } from '../staff-tools-model';
import { AdminShell } from './admin-shell';

export function ReportsPage() {
  return <AdminShell title="Reports & Analytics">{(profile) => <Reports profile={profile} />}</AdminShell>;
}

function Reports({ profile }: { profile: StaffProfile }) {
  const report = usePlatformList(profile.id, 'reports', staffToolsApi.doorChecks);
  return (
    <section aria-labelledby="door-checks-heading" className="space-y-3">
      <h2 id="door-checks-heading" className="text-xl font-bold text-slate-900">
        Door checks per week
      </h2>
      <CachedList view={report} what="door-check report">
        {(r) =>
          r.tenants.length === 0 ? (
            <p className="text-slate-700">No tenant database answered, so there are no door checks to show.</p>
          ) : (
            <div className="space-y-4">
              <DoorChecksChart report={r} />
              <DoorChecksTable report={r} />
              {r.unreachable.length > 0 && (
                <p className="text-sm text-amber-900">Left out because they did not answer: {r.unreachable.join(', ')}.</p>
              )}
            </div>
          )
        }
      </CachedList>
    </section>
  );
}

function DoorChecksTable({ report }: { report: DoorCheckReport }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="px-4 py-3 text-left font-semibold text-slate-900">Door checks per tenant, by week starting</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold text-slate-700">
              Tenant
            </th>
            {report.weeks.map((w) => (
              <th key={w} scope="col" className="px-4 py-3 text-right font-semibold text-slate-700">
                <time dateTime={w}>{weekLabel(w)}</time>
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-right font-semibold text-slate-700">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {report.tenants.map((t) => (
            <tr key={t.slug}>
              <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                {t.company_name}
              </th>
              {t.counts.map((n, i) => (
                <td key={report.weeks[i] ?? i} className="px-4 py-3 text-right text-slate-800">
                  {n}
                </td>
              ))}
              <td className="px-4 py-3 text-right font-semibold text-slate-900">{t.counts.reduce((a, b) => a + b, 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
