/**
 * The report's sections on screen: per door, doors never checked, open
 * problems with days outstanding, sweeps, officers' coverage. A district's
 * report can hold thousands of doors: the screen lists the first few
 * hundred (least compliant first) and says the CSV has them all.
 */
import type { ReactNode } from 'react';
import { Table } from '../../../ui/table';
import { percentText, type ComplianceReport } from '../compliance';

const SHOWN = 200;
const when = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString());

function Section({ id, title, empty, count, children }: { id: string; title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title} ({count.toLocaleString()})
      </h2>
      {count === 0 ? <p className="text-sm text-slate-700">{empty}</p> : children}
    </section>
  );
}

export function ComplianceTables({ report }: { report: ComplianceReport }) {
  // Least compliant first: what an auditor (and the admin) looks for.
  const doors = [...report.doors].sort((a, b) => (a.share ?? 2) - (b.share ?? 2)).slice(0, SHOWN);
  return (
    <div className="space-y-6">
      <Section id="per-door" title="Doors" empty="No doors of this group here." count={report.doors.length}>
        <Table
          caption="Checks per door"
          hideCaption
          rows={doors}
          rowKey={(d) => d.id}
          columns={[
            { key: 'door', header: 'Door', cell: (d) => d.doorNumber, className: 'font-medium' },
            { key: 'campus', header: 'Campus', cell: (d) => d.campusName },
            { key: 'checks', header: 'Checks', cell: (d) => d.checks },
            { key: 'required', header: 'Required intervals', cell: (d) => d.required },
            { key: 'met', header: 'With a check', cell: (d) => d.withCheck },
            { key: 'share', header: 'Compliance', cell: (d) => percentText(d.withCheck, d.required) },
            { key: 'last', header: 'Last check', cell: (d) => when(d.lastCheckAt) },
          ]}
        />
        {report.doors.length > SHOWN && (
          <p className="text-sm text-slate-700">
            The {SHOWN} least compliant of {report.doors.length.toLocaleString()} doors are listed; the CSV has every door.
          </p>
        )}
      </Section>
      <Section id="never-checked" title="Never checked in this period" empty="Every door was checked." count={report.neverChecked.length}>
        <p className="text-sm text-slate-800" data-testid="never-checked">
          {report.neverChecked
            .slice(0, SHOWN)
            .map((d) => `${d.doorNumber} (${d.campusName})`)
            .join(', ')}
          {report.neverChecked.length > SHOWN ? ', ...' : ''}
        </p>
      </Section>
      <Section id="open-problems" title="Open problems" empty="No open problems on these doors." count={report.openProblems.length}>
        <Table
          caption="Open problems"
          hideCaption
          rows={report.openProblems.slice(0, SHOWN)}
          rowKey={(p) => p.id}
          columns={[
            { key: 'door', header: 'Door', cell: (p) => p.doorNumber, className: 'font-medium' },
            { key: 'campus', header: 'Campus', cell: (p) => p.campusName },
            { key: 'problem', header: 'Problem', cell: (p) => p.problem },
            { key: 'status', header: 'Status', cell: (p) => p.status },
            { key: 'opened', header: 'Opened', cell: (p) => when(p.createdAt) },
            { key: 'days', header: 'Days outstanding', cell: (p) => p.daysOutstanding },
          ]}
        />
      </Section>
      <Section id="sweeps-run" title="Sweeps" empty="No sweeps in this period." count={report.sweeps.length}>
        <Table
          caption="Sweeps in this period"
          hideCaption
          rows={report.sweeps}
          rowKey={(s) => s.id}
          columns={[
            { key: 'campus', header: 'Campus', cell: (s) => s.campusName },
            { key: 'kind', header: 'Kind', cell: (s) => s.kind },
            { key: 'started', header: 'Started', cell: (s) => `${when(s.startedAt)} by ${s.startedBy}` },
            { key: 'took', header: 'Took', cell: (s) => (s.running ? 'Running' : s.durationText) },
            { key: 'result', header: 'Result', cell: (s) => s.securedText },
          ]}
        />
      </Section>
      <Section id="officers" title="Officers' coverage" empty="No checks in this period." count={report.officers.length}>
        <Table
          caption="Officers' coverage"
          hideCaption
          rows={report.officers}
          rowKey={(o) => o.userId ?? 'unknown'}
          columns={[
            { key: 'name', header: 'Officer', cell: (o) => o.name },
            { key: 'checks', header: 'Checks', cell: (o) => o.checks },
            { key: 'doors', header: 'Doors checked', cell: (o) => o.doors },
            { key: 'share', header: 'Share of doors', cell: (o) => (o.share === null ? '—' : `${Math.floor(o.share * 1000) / 10}%`) },
          ]}
        />
      </Section>
    </div>
  );
}
