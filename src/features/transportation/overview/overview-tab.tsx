/**
 * The Transportation dashboard (spec §2, issue 14): tiles counted from the
 * local cache, the service-due tile, the fleet table and how many rows of
 * each of the 15 tables this device holds. Everything follows the cache
 * live (a pull, a write in this or another tab), and works with no signal.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import type { TenantSync } from '../../../data';
import { localDateIso } from '../../../lib/local-date';
import { cx } from '../../../ui/cx';
import { Loading } from '../../../ui/loading';
import { Table, type Column } from '../../../ui/table';
import { BusDriversDialog } from '../drivers/drivers-dialog';
import { serviceRuleFrom } from '../service-due';
import { COUNTED_TABLE_NAMES, COUNTED_TABLES, fleetSummary, tilesFrom, type FleetRow, type Tile } from './overview-model';
import { readFleet, readTableCounts } from './overview-query';

const COLUMNS: ReadonlyArray<Column<FleetRow>> = [
  { key: 'vehicle', header: 'Vehicle', cell: (r) => <span className="font-medium text-slate-900">{r.vehicle}</span> },
  { key: 'number', header: 'Number', cell: (r) => r.number },
  { key: 'license', header: 'License', cell: (r) => r.license },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => (
      <span
        className={cx(
          'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
          r.status === 'Active' ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800',
        )}
      >
        {r.status}
      </span>
    ),
  },
  {
    key: 'oil',
    header: 'Last Oil Change',
    cell: (r) => (
      <>
        <span>{r.lastOilChange}</span>
        {r.dueText && (
          <span className="mt-1 block w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            Service due: {r.dueText}
          </span>
        )}
      </>
    ),
  },
];

function TileCard({ tile, onClick }: { tile: Tile; onClick?: (() => void) | undefined }) {
  const body = (
    <>
      <span className="block text-sm font-medium text-slate-600">{tile.label}</span>
      <span className="mt-1 block text-2xl font-bold text-slate-900" data-testid={`tile-${tile.key}`}>
        {tile.value.toLocaleString()}
      </span>
      <span className="mt-1 block text-sm text-slate-600">{tile.detail}</span>
    </>
  );
  const frame = cx(
    'block h-full w-full rounded-xl border bg-white p-4 text-left shadow-sm',
    tile.key === 'service' && tile.value > 0 ? 'border-amber-300 bg-amber-50' : 'border-slate-200',
  );
  return (
    <li>
      {onClick ? (
        <button
          type="button"
          onClick={onClick}
          aria-haspopup="dialog"
          className={cx(frame, 'min-h-11 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700')}
        >
          {body}
          <span className="mt-2 block text-sm font-semibold text-blue-800">Manage drivers</span>
        </button>
      ) : (
        <div className={frame}>{body}</div>
      )}
    </li>
  );
}

export default function OverviewTab({ sync }: { sync: TenantSync }) {
  const db = sync.db;
  const counts = useLiveQuery(() => readTableCounts(db), [db]);
  const fleet = useLiveQuery(() => readFleet(db), [db]);
  const [driversOpen, setDriversOpen] = useState(false);
  const today = localDateIso(new Date());
  const summary = useMemo(() => (fleet ? fleetSummary(fleet.vehicles, serviceRuleFrom(fleet.settings), today) : null), [fleet, today]);

  if (!counts || !summary) return <Loading label="Loading transportation dashboard..." />;
  const tiles = tilesFrom(counts, summary.due, summary.active);

  return (
    <div className="space-y-6">
      <ul aria-label="Summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {tiles.map((t) => (
          <TileCard key={t.key} tile={t} onClick={t.key === 'drivers' ? () => setDriversOpen(true) : undefined} />
        ))}
      </ul>

      <section aria-labelledby="fleet-heading" className="space-y-2">
        <h2 id="fleet-heading" className="text-lg font-semibold text-slate-900">
          Fleet
        </h2>
        <Table caption="Fleet" hideCaption columns={COLUMNS} rows={summary.rows} rowKey={(r) => r.id} empty="No vehicles found." />
      </section>

      <section aria-labelledby="records-heading" className="space-y-2">
        <h2 id="records-heading" className="text-lg font-semibold text-slate-900">
          Records on this device
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {COUNTED_TABLE_NAMES.map((t) => (
            <div key={t} className="flex justify-between gap-3 border-b border-slate-100 py-1 last:border-b-0">
              <dt className="text-slate-700">{COUNTED_TABLES[t]}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums" data-table={t}>
                {counts[t].toLocaleString()}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <BusDriversDialog db={db} open={driversOpen} onClose={() => setDriversOpen(false)} />
    </div>
  );
}
