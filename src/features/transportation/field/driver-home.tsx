/**
 * A driver's phone (issue 14, decision 024): "My buses today", the buses
 * the cache shows this user through their driver record and assignments,
 * each with today's pre-trip status and its emergency roster. Everything is
 * read from the cache, so it opens on a road with no signal; the bus and
 * screen live in the address so a reload comes back to them.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { TenantSync } from '../../../data';
import { localDateIso } from '../../../lib/local-date';
import { useNow } from '../../../lib/use-now';
import { buttonClass } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { EmptyState } from '../../../ui/empty-state';
import { Loading } from '../../../ui/loading';
import { BusScreen, busViewFrom, busViewHref, routesLabel } from './bus-screen';
import { useDriverRepull, useFleet } from './field-data';
import { INSPECTION_STATUS_LABEL, inspectionStatusToday, myBuses, openDrill, type InspectionStatus } from './field-model';

const STATUS_TONE: Record<InspectionStatus, string> = {
  done: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  'not-done': 'bg-slate-100 text-slate-800',
};

export default function DriverHome({ sync }: { sync: TenantSync }) {
  useDriverRepull(sync);
  const [params] = useSearchParams();
  const screen = busViewFrom(params);
  if (screen) return <BusScreen sync={sync} busId={screen.busId} view={screen.view} backLabel="Back to my buses" />;
  return <MyBuses sync={sync} />;
}

function MyBuses({ sync }: { sync: TenantSync }) {
  const db = sync.db;
  const [params] = useSearchParams();
  const fleet = useFleet(db);
  const now = new Date(useNow(60_000));
  const today = localDateIso(now);
  // Today's inspections and anything still running since yesterday: a few rows through the kind index.
  const [since] = useState(() => new Date(Date.now() - 86_400_000).toISOString());
  const logs = useLiveQuery(
    () =>
      Promise.all(
        ['pre_trip', 'drill', 'evacuation'].map((kind) =>
          db.cache('bus_log').where('[kind+started_at]').between([kind, since], [kind, '\uffff']).toArray(),
        ),
      ).then((parts) => parts.flat()),
    [db, since],
  );
  if (!fleet || !logs) return <Loading label="Loading your buses..." />;
  const mine = myBuses({ userId: sync.userId, today, ...fleet });
  return (
    <section aria-labelledby="my-buses" className="mx-auto max-w-xl space-y-4">
      <h2 id="my-buses" className="text-xl font-semibold text-slate-900">
        My buses today
      </h2>
      {mine.length === 0 ? (
        <EmptyState title="No buses on this device for you today">
          When your transportation office assigns you a bus or route, it appears here after the next sync.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {mine.map(({ bus, routes }) => {
            const name = String(bus.bus_number ?? 'Bus');
            const status = inspectionStatusToday(logs, bus.id, now);
            const drill = openDrill(logs, bus.id, sync.userId, now);
            return (
              <li key={bus.id}>
                <article aria-label={name} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
                      <p className="text-sm text-slate-700">{routesLabel(routes)}</p>
                    </div>
                    <span className={cx('inline-flex min-h-8 items-center rounded-full px-3 text-sm font-semibold', STATUS_TONE[status])}>
                      Pre-trip: {INSPECTION_STATUS_LABEL[status]}
                    </span>
                  </div>
                  {drill && <p className="text-sm font-semibold text-amber-900">A drill is in progress on this bus.</p>}
                  <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                    <Link
                      to={busViewHref(params, bus.id, 'inspect')}
                      className={buttonClass(status === 'not-done' ? 'primary' : 'secondary', 'lg')}
                    >
                      Pre-trip inspection
                    </Link>
                    <Link to={busViewHref(params, bus.id, 'roster')} className={buttonClass(drill ? 'primary' : 'secondary', 'lg')}>
                      Emergency roster
                    </Link>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
