/**
 * The admins' Drills tab: the drill report per bus for a range of days
 * (default the current school term): each bus's drills and evacuations with
 * when, how long, who was accounted for and whether everyone was; the buses
 * with no drill in the range; and the driver's own roster to run a drill on
 * any bus.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useRows, type TenantSync } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Field } from '../../../ui/field';
import { Loading } from '../../../ui/loading';
import { Table } from '../../../ui/table';
import { BusScreen, busViewFrom } from './bus-screen';
import { BusPicker, sortedBuses } from './bus-picker';
import { useDrillEvents, useLogsOfKinds } from './field-data';
import {
  countsFromMarks,
  currentTerm,
  DRILL_KIND_LABEL,
  DRILL_KINDS,
  formatDuration,
  termBounds,
  termRangeSchema,
  termReport,
  type DrillReportRow,
  type Term,
} from './field-model';

export default function DrillsTab({ sync }: { sync: TenantSync }) {
  const [params] = useSearchParams();
  const screen = busViewFrom(params);
  if (screen) return <BusScreen sync={sync} busId={screen.busId} view={screen.view} backLabel="Back to drills" />;
  return <DrillReport sync={sync} />;
}

function DrillReport({ sync }: { sync: TenantSync }) {
  const db = sync.db;
  const [input, setInput] = useState<Term>(() => currentTerm(new Date()));
  const [term, setTerm] = useState<Term>(input);
  const parsed = termRangeSchema.safeParse(input);
  const errors: Partial<Record<'from' | 'to', string>> = {};
  if (!parsed.success) for (const i of parsed.error.issues) errors[i.path[0] as 'from' | 'to'] ??= i.message;
  const { fromIso, toIso } = termBounds(term);
  const buses = useRows(db, 'buses');
  const logs = useLogsOfKinds(db, DRILL_KINDS, fromIso, toIso);
  const unsummed = (logs ?? []).filter(countsFromMarks).map((l) => l.id);
  const events = useDrillEvents(db, unsummed);
  if (!buses || !logs || !events) return <Loading label="Loading drills..." />;
  const report = termReport(buses, logs, term, events);

  const change = (key: keyof Term) => (e: { target: { value: string } }) => {
    const next = { ...input, [key]: e.target.value };
    setInput(next);
    const ok = termRangeSchema.safeParse(next);
    if (ok.success) setTerm(ok.data);
  };

  return (
    <div className="space-y-5 pt-4">
      <section aria-labelledby="run-drill" className="space-y-2">
        <h2 id="run-drill" className="text-lg font-semibold text-slate-900">
          Run a drill
        </h2>
        <BusPicker buses={sortedBuses(buses)} view="roster" label="Bus for the drill" action="Open roster" />
      </section>
      <section aria-labelledby="drill-report" className="space-y-3">
        <h2 id="drill-report" className="text-lg font-semibold text-slate-900">
          Drill report
        </h2>
        <div className="grid max-w-md grid-cols-2 gap-3">
          <Field label="From" type="date" value={input.from} onChange={change('from')} error={errors.from} />
          <Field label="To" type="date" value={input.to} onChange={change('to')} error={errors.to} />
        </div>
        {report.buses.length === 0 && <Alert tone="warning">No bus has a drill between these dates.</Alert>}
        {report.buses.map(({ bus, drills }) => (
          <Table<DrillReportRow>
            key={bus.id}
            caption={`${String(bus.bus_number ?? 'Bus')}: ${drills.length} ${drills.length === 1 ? 'drill' : 'drills'}`}
            rows={drills}
            rowKey={(d) => d.id}
            columns={[
              {
                key: 'when',
                header: 'When',
                cell: (d) => new Date(d.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
              },
              { key: 'kind', header: 'Kind', cell: (d) => DRILL_KIND_LABEL[d.kind] },
              { key: 'length', header: 'How long', cell: (d) => (d.durationMs === null ? 'In progress' : formatDuration(d.durationMs)) },
              { key: 'accounted', header: 'Accounted for', cell: (d) => `${d.counts.accounted} of ${d.counts.roster_size}` },
              { key: 'absent', header: 'Absent', cell: (d) => d.counts.absent },
              {
                key: 'all',
                header: 'All accounted for',
                cell: (d) => (d.durationMs === null ? '—' : d.allAccounted ? 'Yes' : `No (${d.counts.unaccounted} missing)`),
              },
              { key: 'notes', header: 'Notes', cell: (d) => d.notes ?? '' },
            ]}
          />
        ))}
        <section aria-labelledby="no-drill" className="space-y-1">
          <h3 id="no-drill" className="text-base font-semibold text-slate-900">
            Buses with no drill in this range
          </h3>
          {report.undrilled.length === 0 ? (
            <p className="text-sm text-slate-700">Every active bus has drilled.</p>
          ) : (
            <ul aria-label="Buses with no drill" className="flex flex-wrap gap-2">
              {report.undrilled.map((b) => (
                <li key={b.id} className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
                  {String(b.bus_number ?? b.id)}
                </li>
              ))}
            </ul>
          )}
        </section>
      </section>
    </div>
  );
}
