/**
 * The report's sections on screen: per door, doors never checked, open
 * problems with days outstanding, sweeps, officers' coverage. A district's
 * report can hold thousands of doors: the screen lists the first few
 * hundred (least compliant first) and says the CSV has them all.
 */
import type { ReactNode } from 'react';
import { percentText, type ComplianceReport } from '../compliance';

const SHOWN = 200;
const when = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString());

function Table({ caption, headers, children }: { caption: string; headers: readonly string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold text-slate-700">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

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
          headers={['Door', 'Campus', 'Checks', 'Required intervals', 'With a check', 'Compliance', 'Last check']}
        >
          {doors.map((d) => (
            <tr key={d.id} data-testid="compliance-door" data-door={d.doorNumber}>
              <td className="px-3 py-2 font-medium">{d.doorNumber}</td>
              <td className="px-3 py-2">{d.campusName}</td>
              <td className="px-3 py-2">{d.checks}</td>
              <td className="px-3 py-2">{d.required}</td>
              <td className="px-3 py-2">{d.withCheck}</td>
              <td className="px-3 py-2">{percentText(d.withCheck, d.required)}</td>
              <td className="px-3 py-2">{when(d.lastCheckAt)}</td>
            </tr>
          ))}
        </Table>
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
        <Table caption="Open problems" headers={['Door', 'Campus', 'Problem', 'Status', 'Opened', 'Days outstanding']}>
          {report.openProblems.slice(0, SHOWN).map((p) => (
            <tr key={p.id}>
              <td className="px-3 py-2 font-medium">{p.doorNumber}</td>
              <td className="px-3 py-2">{p.campusName}</td>
              <td className="px-3 py-2">{p.problem}</td>
              <td className="px-3 py-2">{p.status}</td>
              <td className="px-3 py-2">{when(p.createdAt)}</td>
              <td className="px-3 py-2">{p.daysOutstanding}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section id="sweeps-run" title="Sweeps" empty="No sweeps in this period." count={report.sweeps.length}>
        <Table caption="Sweeps in this period" headers={['Campus', 'Kind', 'Started', 'Took', 'Result']}>
          {report.sweeps.map((s) => (
            <tr key={s.id}>
              <td className="px-3 py-2">{s.campusName}</td>
              <td className="px-3 py-2">{s.kind}</td>
              <td className="px-3 py-2">
                {when(s.startedAt)} by {s.startedBy}
              </td>
              <td className="px-3 py-2">{s.running ? 'Running' : s.durationText}</td>
              <td className="px-3 py-2">{s.securedText}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section id="officers" title="Officers' coverage" empty="No checks in this period." count={report.officers.length}>
        <Table caption="Officers' coverage" headers={['Officer', 'Checks', 'Doors checked', 'Share of doors']}>
          {report.officers.map((o) => (
            <tr key={o.userId ?? 'unknown'}>
              <td className="px-3 py-2">{o.name}</td>
              <td className="px-3 py-2">{o.checks}</td>
              <td className="px-3 py-2">{o.doors}</td>
              <td className="px-3 py-2">{o.share === null ? '—' : `${Math.floor(o.share * 1000) / 10}%`}</td>
            </tr>
          ))}
        </Table>
      </Section>
    </div>
  );
}
