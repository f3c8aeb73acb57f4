/**
 * The Reports tab (issue 15), for parking staff: violations per type and
 * per week, repeat offenders and permits ending in the next 30 days, worked
 * out from this device's copy (so it reads offline and follows a sync at
 * once); CSV exports of every violation and every permit; and the tenant's
 * violation types.
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { TenantSync } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Loading } from '../../../ui/loading';
import { Table, type Column } from '../../../ui/table';
import { formatDay } from '../permits/permit-model';
import { StatusBadge } from '../permits/status-badge';
import { useParkingData } from '../parking-data';
import { permitStatus } from '../parking-rules';
import { formatWhen } from '../violations/violation-model';
import {
  addDays,
  csvFileName,
  EXPIRING_DAYS,
  expiringPermits,
  permitsCsv,
  REPORT_WEEKS,
  repeatOffenders,
  violationsByType,
  violationsByWeek,
  violationsCsv,
  type ExpiringPermit,
  type Offender,
  type TypeCount,
  type WeekCount,
} from './parking-reports';
import { ViolationTypesEditor } from './types-editor';

function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** Saves text as a file through a temporary link (works offline: nothing leaves the device). */
function saveCsv(csv: string, fileName: string): void {
  // The byte order mark makes Excel read the file as UTF-8 (names with accents).
  const href = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked once the browser has surely taken the file.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const typeColumns: Column<TypeCount>[] = [
  { key: 'type', header: 'Violation type', cell: (r) => <span className="font-medium text-slate-900">{r.type}</span> },
  { key: 'count', header: 'Violations', cell: (r) => r.count, className: 'text-right tabular-nums' },
];

const weekColumns: Column<WeekCount>[] = [
  {
    key: 'week',
    header: 'Week (Monday to Sunday)',
    cell: (r) => `${formatDay(r.start)} – ${formatDay(r.end)}`,
    className: 'whitespace-nowrap',
  },
  { key: 'count', header: 'Violations', cell: (r) => r.count, className: 'text-right tabular-nums' },
  { key: 'open', header: 'Still open', cell: (r) => r.open, className: 'text-right tabular-nums' },
];

const offenderColumns: Column<Offender>[] = [
  {
    key: 'who',
    header: 'Student or car',
    cell: (r) =>
      r.by === 'student' ? (
        <span>
          <span className="font-medium text-slate-900">{r.studentName || r.studentId}</span>
          {r.studentName && <span className="block text-xs text-slate-600">{r.studentId}</span>}
        </span>
      ) : (
        <span>
          <span className="font-medium text-slate-900">{r.plate}</span>
          <span className="block text-xs text-slate-600">No student named</span>
        </span>
      ),
  },
  { key: 'plate', header: 'Plate', cell: (r) => r.plate || '—', className: 'whitespace-nowrap' },
  { key: 'count', header: 'Violations', cell: (r) => r.count, className: 'text-right tabular-nums' },
  { key: 'open', header: 'Open', cell: (r) => r.open, className: 'text-right tabular-nums' },
  { key: 'last', header: 'Last violation', cell: (r) => formatWhen(r.last), className: 'whitespace-nowrap' },
];

function Report({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

export default function ReportsTab({ sync }: { sync: TenantSync }) {
  const data = useParkingData(sync.db);
  const [problem, setProblem] = useState<string | null>(null);

  const reports = useMemo(() => {
    if (!data) return null;
    return {
      byType: violationsByType(data.violations),
      byWeek: violationsByWeek(data.violations, data.today),
      offenders: repeatOffenders(data.violations),
      expiring: expiringPermits(data.permits, data.today),
    };
  }, [data]);

  if (!data || !reports) return <Loading label="Loading reports..." />;
  const today = data.today;
  const slug = sync.db.binding.slug;

  const exportCsv = (kind: 'violations' | 'permits') => {
    setProblem(null);
    try {
      const csv = kind === 'violations' ? violationsCsv(data.violations) : permitsCsv(data.permits, today);
      saveCsv(csv, csvFileName(kind, slug, today));
    } catch (e) {
      setProblem(`The ${kind} were not exported: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const expiringColumns: Column<ExpiringPermit>[] = [
    {
      key: 'student',
      header: 'Student',
      cell: (e) => (
        <span>
          <span className="font-medium text-slate-900">{text(e.permit.student_name) || '—'}</span>
          <span className="block text-xs text-slate-600">{text(e.permit.student_id)}</span>
        </span>
      ),
    },
    { key: 'plate', header: 'Plate', cell: (e) => text(e.permit.license_plate) || '—', className: 'whitespace-nowrap' },
    { key: 'spot', header: 'Spot', cell: (e) => text(e.permit.parking_spot_number) || '—' },
    { key: 'ends', header: 'Ends', cell: (e) => formatDay(e.expiresOn), className: 'whitespace-nowrap' },
    {
      key: 'left',
      header: 'Days left',
      cell: (e) => (e.daysLeft === 0 ? 'Ends today' : plural(e.daysLeft, 'day', 'days')),
      className: 'whitespace-nowrap',
    },
    { key: 'status', header: 'Status', cell: (e) => <StatusBadge status={permitStatus(e.permit, today)} /> },
  ];

  const noViolations = data.violations.length === 0;

  return (
    <section aria-labelledby="parking-reports" className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="parking-reports" className="text-lg font-semibold text-slate-900">
            Reports
          </h2>
          <p className="text-sm text-slate-700">
            From this device's copy: {plural(data.violations.length, 'violation', 'violations')} and{' '}
            {plural(data.permits.length, 'permit', 'permits')}, as of {formatDay(today)}.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => exportCsv('violations')}>
            Export violations CSV
          </Button>
          <Button variant="secondary" onClick={() => exportCsv('permits')}>
            Export permits CSV
          </Button>
        </div>
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}

      <Report id="parking-report-types" title="Violations per type">
        {noViolations ? (
          <EmptyState title="No violations yet">Counts per type show here once violations are written.</EmptyState>
        ) : (
          <Table hideCaption caption="Violations per type, most first" columns={typeColumns} rows={reports.byType} rowKey={(r) => r.type} />
        )}
      </Report>

      <Report id="parking-report-weeks" title="Violations per week">
        <p className="text-sm text-slate-700">The last {REPORT_WEEKS} weeks, this week first; weeks run Monday to Sunday.</p>
        {noViolations ? (
          <EmptyState title="No violations yet">Weekly counts show here once violations are written.</EmptyState>
        ) : (
          <Table
            hideCaption
            caption={`Violations per week, last ${REPORT_WEEKS} weeks, newest first (weeks start on Monday)`}
            columns={weekColumns}
            rows={reports.byWeek}
            rowKey={(r) => r.start}
          />
        )}
      </Report>

      <Report id="parking-report-offenders" title="Repeat offenders">
        <p className="text-sm text-slate-700">
          Students with two or more violations, and cars with no student named, matched by plate however it was written.
        </p>
        {noViolations ? (
          <EmptyState title="No violations yet" />
        ) : (
          <Table
            hideCaption
            caption="Repeat offenders, most violations first"
            columns={offenderColumns}
            rows={reports.offenders}
            rowKey={(r) => r.key}
            empty="No student or car has more than one violation."
          />
        )}
      </Report>

      <Report id="parking-report-expiring" title={`Permits ending in the next ${EXPIRING_DAYS} days`}>
        <p className="text-sm text-slate-700">
          Active permits whose last day is between today and {formatDay(addDays(today, EXPIRING_DAYS))}. Permits already past their end show
          as Expired on the Parking Permits tab and are not listed here.
        </p>
        <Table
          hideCaption
          caption={`Permits ending in the next ${EXPIRING_DAYS} days, soonest first`}
          columns={expiringColumns}
          rows={reports.expiring}
          rowKey={(e) => text(e.permit.id)}
          empty={`No active permit ends in the next ${EXPIRING_DAYS} days.`}
        />
      </Report>

      <ViolationTypesEditor sync={sync} types={data.violationTypes} setting={data.typesSetting} />
    </section>
  );
}
