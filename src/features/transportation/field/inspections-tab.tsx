/**
 * The admins' Inspections tab: recent pre-trip inspections newest first
 * (which bus, who, when, passed or failed with the failed items), filtered
 * by bus, and the driver's own form to inspect any bus.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { rowSyncInfo, useRows, useRowSyncStates, type CacheRow, type TenantSync } from '../../../data';
import { cx } from '../../../ui/cx';
import { SelectField } from '../../../ui/controls';
import { EmptyState } from '../../../ui/empty-state';
import { Loading } from '../../../ui/loading';
import { BusScreen, busViewFrom } from './bus-screen';
import { BusPicker, sortedBuses } from './bus-picker';
import { useLogsOfKinds } from './field-data';
import { failedItems } from './field-model';

const SHOWN = 200;

function personName(r: CacheRow | undefined): string | null {
  if (!r) return null;
  const name = [r.first_name, r.last_name].filter((p) => typeof p === 'string' && p !== '').join(' ');
  return name || (typeof r.email === 'string' ? r.email : null);
}

export default function InspectionsTab({ sync }: { sync: TenantSync }) {
  const [params] = useSearchParams();
  const screen = busViewFrom(params);
  if (screen) return <BusScreen sync={sync} busId={screen.busId} view={screen.view} backLabel="Back to inspections" />;
  return <InspectionList sync={sync} />;
}

function InspectionList({ sync }: { sync: TenantSync }) {
  const db = sync.db;
  const buses = useRows(db, 'buses');
  const users = useRows(db, 'users');
  const drivers = useRows(db, 'bus_drivers');
  const [busFilter, setBusFilter] = useState('');
  const logs = useLogsOfKinds(db, ['pre_trip'], '', '\uffff', busFilter ? undefined : SHOWN);
  const states = useRowSyncStates(db, 'bus_log');
  if (!buses || !users || !drivers || !logs) return <Loading label="Loading inspections..." />;
  const fleet = sortedBuses(buses);
  const busById = new Map(buses.map((b) => [b.id, b]));
  const userById = new Map(users.map((u) => [u.id, u]));
  const driverById = new Map(drivers.map((d) => [d.id, d]));
  const shown = (busFilter ? logs.filter((l) => l.bus_id === busFilter) : logs).slice(0, SHOWN);

  return (
    <div className="space-y-5 pt-4">
      <section aria-labelledby="start-inspection" className="space-y-2">
        <h2 id="start-inspection" className="text-lg font-semibold text-slate-900">
          Inspect a bus
        </h2>
        <BusPicker buses={fleet} view="inspect" label="Bus to inspect" action="Start inspection" />
      </section>
      <section aria-labelledby="recent-inspections" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="recent-inspections" className="text-lg font-semibold text-slate-900">
            Recent inspections
          </h2>
          <div className="min-w-48">
            <SelectField label="Filter by bus" value={busFilter} onChange={(e) => setBusFilter(e.target.value)}>
              <option value="">All buses</option>
              {fleet.map((b) => (
                <option key={b.id} value={b.id}>
                  {String(b.bus_number ?? b.id)}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
        {shown.length === 0 ? (
          <EmptyState title="No inspections yet">Pre-trip inspections appear here once drivers record them.</EmptyState>
        ) : (
          <ul aria-label="Inspections" className="space-y-2">
            {shown.map((l) => {
              const failed = failedItems(l.details);
              const bus = busById.get(String(l.bus_id));
              const who =
                personName(userById.get(String(l.recorded_by))) ??
                personName(driverById.get(String(l.driver_id))) ??
                (l.recorded_by ? 'Unknown user' : 'Not synced yet');
              const state = states ? rowSyncInfo(states, l.id).state : 'synced';
              const busName = String(bus?.bus_number ?? 'Unknown bus');
              return (
                <li key={l.id}>
                  <article
                    aria-label={`Inspection of ${busName}`}
                    className="space-y-1 rounded-xl border border-slate-200 bg-white p-3 text-sm"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="text-base font-semibold text-slate-900">{busName}</p>
                      <span
                        className={cx(
                          'inline-flex min-h-8 items-center rounded-full px-3 font-semibold',
                          failed.length > 0 ? 'bg-red-100 text-red-900' : 'bg-emerald-100 text-emerald-900',
                        )}
                      >
                        {failed.length > 0 ? `Failed (${failed.length})` : 'Passed'}
                      </span>
                    </div>
                    <p className="text-slate-700">
                      {who} · {new Date(String(l.started_at)).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
                      {typeof l.odometer_start === 'number' ? ` · ${l.odometer_start.toLocaleString()} mi` : ''}
                      {state !== 'synced' ? ` · ${state === 'pending' ? 'Saved on this device' : 'Refused by the server'}` : ''}
                    </p>
                    {failed.length > 0 && (
                      <ul className="list-disc pl-5 text-slate-800">
                        {failed.map((i) => (
                          <li key={i.key}>
                            <span className="font-semibold">{i.label}</span>
                            {i.note ? `: ${i.note}` : ''}
                          </li>
                        ))}
                      </ul>
                    )}
                    {typeof l.notes === 'string' && l.notes !== '' && <p className="text-slate-800">Notes: {l.notes}</p>}
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
