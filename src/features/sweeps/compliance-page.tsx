/**
 * /tenant/{slug}/compliance: the weekly sweep compliance report (issue 18)
 * for security and super admins, per campus and week or any date range,
 * computed on the device from the cache (compliance.ts), so it opens
 * offline. The checks are read by the created_at index for the period only.
 * Charts on screen are the PDF's; CSV holds the per-door rows.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { getCachedOrganization, useRows, useTenantSync, type TenantDb } from '../../data';
import { useHoldContentReady } from '../../lib/content-ready';
import { activeCampusesByName } from '../../lib/inactive-campuses';
import { doorGroupLabel, knownDoorGroups } from '../../lib/door-groups';
import { downloadBlob } from '../../lib/download';
import { organizationLabel } from '../../lib/organizations';
import { normalizeRole, tenantPath } from '../../lib/roles';
import { useNow } from '../../lib/use-now';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/controls';
import { Field } from '../../ui/field';
import { Loading } from '../../ui/loading';
import { TenantShell, useTenantRoute } from '../tenant-auth/index';
import { campusComplianceChart, checksPerDayChart } from './chart-scale';
import { BarChart } from './components/bar-chart';
import { ComplianceTables } from './components/compliance-tables';
import { complianceCsv, complianceFileName } from './compliance-csv';
import { usePeriodChecks } from './hooks/use-period-checks';
import { buildComplianceReport, selectReportDoors, COMPLIANCE_RULE_TEXT, figureText, weekRange, type ComplianceReport } from './compliance';
import { downloadCompliancePdf, PDF_FAILED } from './sweep-download';

type PeriodChoice = 'this-week' | 'last-week' | 'custom';
const DAY = 86_400_000;
const MONDAY = 1;

function periodOf(choice: PeriodChoice, from: string, to: string): { start: number; end: number } | null {
  if (choice !== 'custom') {
    const w = weekRange(new Date(Date.now() - (choice === 'last-week' ? 7 * DAY : 0)), MONDAY);
    return { start: w.start.getTime(), end: w.end.getTime() };
  }
  // Dates typed as the device's local days: from the first's midnight to the midnight after the last.
  const start = from ? new Date(`${from}T00:00:00`).getTime() : NaN;
  // The midnight after the last day on the wall clock (a day with a daylight-saving change is 23 or 25 hours).
  const last = to ? new Date(`${to}T00:00:00`) : null;
  last?.setDate(last.getDate() + 1);
  const end = last ? last.getTime() : NaN;
  return Number.isFinite(start) && Number.isFinite(end) && end > start ? { start, end } : null;
}

export function CompliancePage() {
  const { slug, userId, profile } = useTenantRoute();
  const { sync, error } = useTenantSync(slug, userId);
  useHoldContentReady(!sync && !error);
  const role = normalizeRole(profile?.role);
  const allowed = role === 'security_admin' || role === 'super_admin';
  return (
    <TenantShell
      title="Sweep Compliance Report"
      subtitle={`Tenant: ${slug}`}
      headerExtra={
        <Link to={tenantPath(slug, 'security')} className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline">
          Security Dashboard
        </Link>
      }
    >
      {!allowed ? (
        <Alert tone="warning">The compliance report is for security and super admins.</Alert>
      ) : error ? (
        <Alert tone="error">{error}</Alert>
      ) : sync ? (
        <ComplianceBody db={sync.db} slug={slug} />
      ) : (
        <Loading label="Opening this device's data..." />
      )}
    </TenantShell>
  );
}

function ComplianceBody({ db, slug }: { db: TenantDb; slug: string }) {
  const doors = useRows(db, 'doors');
  const campuses = useRows(db, 'campus');
  const intervalChanges = useRows(db, 'check_interval_changes');
  const maintenance = useRows(db, 'maintenance_records');
  const sweeps = useRows(db, 'sweeps');
  const sweepDoors = useRows(db, 'sweep_doors');
  const users = useRows(db, 'users');
  // null until chosen: the report opens on the first campus (a campus's week is what an auditor is handed).
  const [campusChoice, setCampusId] = useState<string | null>(null);
  // null until chosen: exterior doors when the tenant has that group (the doors school-safety rules name), else all.
  const [groupChoice, setGroup] = useState<string | null>(null);
  const [choice, setChoice] = useState<PeriodChoice>('this-week');
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const period = periodOf(choice, from, to);
  const campusList = useMemo(() => activeCampusesByName(campuses ?? []), [campuses]);
  const campusId = campusChoice ?? campusList[0]?.id ?? '';
  const groups = useMemo(() => knownDoorGroups(doors ?? []), [doors]);
  const group = groupChoice ?? (groups.includes('exterior') ? 'exterior' : '');
  // The doors of a campus's report are known before its checks are read, so only theirs are read.
  const doorIds = useMemo(
    () =>
      doors && campuses && period
        ? selectReportDoors({ doors, campuses, campusId: campusId || null, group: group || null, period }).map((d) => d.id)
        : null,
    // period is rebuilt each render from its inputs; its bounds are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [campusId, doors, campuses, group, period?.start, period?.end],
  );
  const logs = usePeriodChecks(db, period, doorIds);
  // The report's time moves on by the minute: an interval that ends while the screen is open becomes required.
  const now = useNow(60_000);

  const report = useMemo((): ComplianceReport | null => {
    if (!period || !doors || !campuses || !intervalChanges || !maintenance || !sweeps || !sweepDoors || !users || !logs) return null;
    return buildComplianceReport({
      doors,
      campuses,
      logs,
      intervalChanges,
      maintenance,
      sweeps,
      sweepDoors,
      users,
      campusId: campusId || null,
      group: group || null,
      period,
      now,
    });
    // period is rebuilt each render from its inputs; its bounds are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [period?.start, period?.end, doors, campuses, intervalChanges, maintenance, sweeps, sweepDoors, users, logs, campusId, group, now]);

  const campusLabel = campusId ? String(campuses?.find((c) => c.id === campusId)?.campus_name ?? '') : 'All campuses';
  const groupLabel = group ? doorGroupLabel(group) : 'All doors';
  const tenant = (() => {
    const org = getCachedOrganization(slug);
    return org ? organizationLabel(org) : slug;
  })();

  return (
    <div className="space-y-6">
      <form className="flex flex-wrap items-end gap-3" aria-label="Report filters" onSubmit={(e) => e.preventDefault()}>
        <SelectField label="Campus" value={campusId} onChange={(e) => setCampusId(e.target.value)}>
          <option value="">All campuses</option>
          {campusList.map((c) => (
            <option key={c.id} value={c.id}>
              {String(c.campus_name)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Door group" value={group} onChange={(e) => setGroup(e.target.value)}>
          <option value="">All doors</option>
          {groups.map((g) => (
            <option key={g} value={g}>
              {doorGroupLabel(g)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Period" value={choice} onChange={(e) => setChoice(e.target.value as PeriodChoice)}>
          <option value="this-week">This week</option>
          <option value="last-week">Last week</option>
          <option value="custom">Date range</option>
        </SelectField>
        {choice === 'custom' && (
          <>
            <Field label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            <Field label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </>
        )}
      </form>
      {!period ? (
        <Alert tone="warning">Choose a start date and an end date on or after it.</Alert>
      ) : !report ? (
        <Loading label="Computing the report..." />
      ) : (
        <>
          <section aria-labelledby="overall" className="rounded-2xl border border-slate-200 bg-white p-4">
            <h2 id="overall" className="text-sm font-semibold text-slate-700">
              {campusLabel} · {groupLabel} · {new Date(report.period.start).toLocaleDateString()} to{' '}
              {new Date(report.period.end - 1).toLocaleDateString()}
            </h2>
            <p className="text-3xl font-bold text-slate-900" data-testid="compliance-overall">
              {figureText(report.overall)}
            </p>
            {pdfError && <Alert tone="error">{pdfError}</Alert>}
            <p className="mt-2 text-sm text-slate-700" data-testid="compliance-rule">
              {COMPLIANCE_RULE_TEXT}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                onClick={() => {
                  setPdfError(null);
                  downloadCompliancePdf(
                    { tenant, campus: campusLabel, group: groupLabel, report, generatedAt: new Date() },
                    complianceFileName(new Date(report.period.start), 'pdf'),
                  ).catch(() => setPdfError(PDF_FAILED));
                }}
              >
                Download PDF
              </Button>
              <Button
                variant="secondary"
                onClick={() =>
                  downloadBlob(
                    complianceCsv(report.doors, (ms) => new Date(ms).toISOString()),
                    complianceFileName(new Date(report.period.start), 'csv'),
                    'text/csv;charset=utf-8',
                  )
                }
              >
                Download CSV
              </Button>
            </div>
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            <BarChart chart={checksPerDayChart(report.checksPerDay)} />
            <BarChart chart={campusComplianceChart(report.byCampus)} />
          </div>
          <ComplianceTables report={report} />
        </>
      )}
    </div>
  );
}
