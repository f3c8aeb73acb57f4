/**
 * One vehicle (?vehicle={id}): what it is, whether it is due for service,
 * what it costs to run, its maintenance records and its fuel log. Its rows
 * are read through the cache's per-vehicle indexes (vehicle_maintenance
 * 'vehicle_id', fuel_log '[vehicle_id+fueled_at]'): the fuel log of a whole
 * fleet can be 100,000 rows, and only this vehicle's are needed.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useMemo, useState } from 'react';
import { listRowsWhere, softDeleteRow, useRows, type CacheRow, type TenantSync } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Facts } from '../../../ui/controls';
import { EmptyState } from '../../../ui/empty-state';
import { Loading } from '../../../ui/loading';
import { Table, type Column } from '../../../ui/table';
import { useToast } from '../../../ui/toast';
import { serviceDue, type ServiceRule } from '../service-due';
import { costPerMile, fuelEconomy } from './fleet-costs';
import {
  formatCents,
  formatDay,
  formatGallons,
  formatMiles,
  maintenanceStatusText,
  serviceTypeText,
  dueText,
  vehicleLabel,
} from './fleet-model';
import { FuelFormModal } from './fuel-form';
import { MaintenanceFormModal } from './maintenance-form';
import { VehicleFormModal } from './vehicle-form';

const FUEL_PAGE = 50;

function useVehicleMaintenance(sync: TenantSync, vehicleId: string): CacheRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await listRowsWhere(sync.db, 'vehicle_maintenance', 'vehicle_id', vehicleId);
    return rows.sort(
      (a, b) =>
        String(b.service_date ?? '').localeCompare(String(a.service_date ?? '')) ||
        String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')),
    );
  }, [sync.db, vehicleId]);
}

/** This vehicle's fill-ups, oldest first, through the compound index (never the whole log). */
function useVehicleFuel(sync: TenantSync, vehicleId: string): CacheRow[] | undefined {
  return useLiveQuery(
    () => sync.db.cache('fuel_log').where('[vehicle_id+fueled_at]').between([vehicleId, ''], [vehicleId, '\uffff']).toArray(),
    [sync.db, vehicleId],
  );
}

export function VehicleDetails({
  sync,
  vehicle,
  vehicles,
  rule,
  today,
}: {
  sync: TenantSync;
  vehicle: CacheRow;
  vehicles: readonly CacheRow[];
  rule: ServiceRule;
  today: string;
}) {
  const maintenance = useVehicleMaintenance(sync, vehicle.id);
  const fuel = useVehicleFuel(sync, vehicle.id);
  const [editing, setEditing] = useState(false);
  const number = String(vehicle.vehicle_number);
  const due = serviceDue(vehicle, rule, today);
  const economy = useMemo(() => (fuel ? fuelEconomy(fuel) : null), [fuel]);
  const perMile = useMemo(() => (fuel && maintenance ? costPerMile(fuel, maintenance) : null), [fuel, maintenance]);

  return (
    <article className="space-y-6" aria-label={`Vehicle ${number}`}>
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 className="text-xl font-semibold text-slate-900">Vehicle {number}</h2>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit vehicle
          </Button>
        </div>
        <Facts
          items={[
            ['Vehicle', vehicleLabel(vehicle)],
            ['Plate', (typeof vehicle.license_plate === 'string' && vehicle.license_plate) || '—'],
            ['VIN', (typeof vehicle.vin === 'string' && vehicle.vin) || '—'],
            ['Mileage', formatMiles(vehicle.mileage)],
            [
              'Last oil change',
              vehicle.oil_change_date
                ? `${formatDay(vehicle.oil_change_date)}${typeof vehicle.oil_change_mileage === 'number' ? ` at ${formatMiles(vehicle.oil_change_mileage)}` : ''}`
                : 'None on record',
            ],
            ['Status', vehicle.active === false ? 'Inactive' : 'Active'],
            [
              'Service',
              vehicle.active === false ? (
                'Off the road'
              ) : due ? (
                <span className="font-semibold text-red-800">Service due: {dueText(due)}</span>
              ) : (
                'Not due'
              ),
            ],
          ]}
        />
      </div>

      <section aria-labelledby={`costs-${vehicle.id}`} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
        <h3 id={`costs-${vehicle.id}`} className="text-lg font-semibold text-slate-900">
          Running costs
        </h3>
        {!fuel || !maintenance ? (
          <Loading label="Working out running costs..." />
        ) : (
          <Facts
            items={[
              [
                'Fuel economy',
                economy
                  ? `${economy.milesPerGallon.toFixed(1)} mpg (${formatMiles(economy.miles)} on ${formatGallons(economy.gallons)}, ${economy.fillUps} fill-ups)`
                  : 'Not enough data: needs two fill-ups with odometer readings',
              ],
              [
                'Cost per mile',
                perMile
                  ? `${formatCents(perMile.centsPerMile)} per mile (${formatCents(perMile.fuelCents)} fuel + ${formatCents(perMile.maintenanceCents)} maintenance over ${formatMiles(perMile.miles)}, ${formatDay(perMile.from)} to ${formatDay(perMile.to)})`
                  : 'Not enough data: needs two fill-ups with odometer readings',
              ],
            ]}
          />
        )}
      </section>

      <MaintenanceSection sync={sync} vehicle={vehicle} rows={maintenance} today={today} />
      <FuelSection sync={sync} vehicle={vehicle} rows={fuel} />

      {editing && <VehicleFormModal sync={sync} vehicle={vehicle} vehicles={vehicles} today={today} onClose={() => setEditing(false)} />}
    </article>
  );
}

function MaintenanceSection({
  sync,
  vehicle,
  rows,
  today,
}: {
  sync: TenantSync;
  vehicle: CacheRow;
  rows: CacheRow[] | undefined;
  today: string;
}) {
  const headingId = useId();
  const [editing, setEditing] = useState<CacheRow | 'new' | null>(null);
  const columns: Column<CacheRow>[] = [
    { key: 'date', header: 'Date', cell: (r) => formatDay(r.service_date) },
    {
      key: 'type',
      header: 'Service',
      cell: (r) => (
        <div>
          <p className="font-medium">{serviceTypeText(r.service_type)}</p>
          {typeof r.description === 'string' && r.description && <p className="text-slate-700">{r.description}</p>}
          {r.bus_log_id ? <p className="text-sm font-semibold text-amber-800">Opened by a pre-trip inspection</p> : null}
        </div>
      ),
    },
    { key: 'status', header: 'Status', cell: (r) => maintenanceStatusText(r.status) },
    { key: 'odometer', header: 'Odometer', cell: (r) => formatMiles(r.mileage) },
    { key: 'cost', header: 'Cost', cell: (r) => formatCents(r.cost_cents) },
    { key: 'vendor', header: 'Vendor', cell: (r) => (typeof r.vendor === 'string' && r.vendor) || '—' },
    { key: 'next', header: 'Next due', cell: (r) => formatDay(r.next_due_date) },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (r) => (
        <Button
          variant="secondary"
          onClick={() => setEditing(r)}
          aria-label={`Edit ${serviceTypeText(r.service_type)} of ${formatDay(r.service_date)}`}
        >
          Edit
        </Button>
      ),
    },
  ];
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          Maintenance
        </h3>
        <Button onClick={() => setEditing('new')}>Add maintenance record</Button>
      </div>
      {!rows ? (
        <Loading label="Loading maintenance..." />
      ) : (
        <Table
          caption="Maintenance records"
          hideCaption
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          empty="No maintenance recorded for this vehicle."
        />
      )}
      {editing && (
        <MaintenanceFormModal
          sync={sync}
          vehicle={vehicle}
          record={editing === 'new' ? null : editing}
          today={today}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

function FuelSection({ sync, vehicle, rows }: { sync: TenantSync; vehicle: CacheRow; rows: CacheRow[] | undefined }) {
  const headingId = useId();
  const toast = useToast();
  const drivers = useRows(sync.db, 'bus_drivers');
  const [adding, setAdding] = useState(false);
  const [count, setCount] = useState(FUEL_PAGE);
  const [removing, setRemoving] = useState<CacheRow | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const newestFirst = useMemo(() => (rows ? [...rows].reverse() : []), [rows]);
  const driverName = (id: unknown) => {
    const d = typeof id === 'string' ? drivers?.find((x) => x.id === id) : undefined;
    return d ? `${String(d.first_name ?? '')} ${String(d.last_name ?? '')}`.trim() : id ? 'Unknown driver' : '—';
  };
  const at = (v: unknown) =>
    typeof v === 'string' ? new Date(v).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

  const columns: Column<CacheRow>[] = [
    { key: 'at', header: 'Date', cell: (r) => at(r.fueled_at) },
    { key: 'gallons', header: 'Amount', cell: (r) => formatGallons(r.gallons) },
    { key: 'cost', header: 'Cost', cell: (r) => formatCents(r.cost_cents) },
    { key: 'odometer', header: 'Odometer', cell: (r) => formatMiles(r.odometer) },
    { key: 'station', header: 'Station', cell: (r) => (typeof r.station === 'string' && r.station) || '—' },
    { key: 'driver', header: 'Driver', cell: (r) => driverName(r.driver_id) },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (r) => (
        <Button variant="ghost" onClick={() => setRemoving(r)} aria-label={`Remove the fuel entry of ${at(r.fueled_at)}`}>
          Remove
        </Button>
      ),
    },
  ];

  const remove = async (r: CacheRow) => {
    setProblem(null);
    try {
      await softDeleteRow(sync.db, 'fuel_log', r.id);
      toast.show({ message: 'Fuel entry removed', tone: 'success' });
    } catch (e) {
      setProblem(`The fuel entry was not removed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setRemoving(null);
    }
  };

  const more = Math.min(FUEL_PAGE, newestFirst.length - count);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          Fuel log
        </h3>
        <Button onClick={() => setAdding(true)}>Add fuel entry</Button>
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
      {!rows ? (
        <Loading label="Loading the fuel log..." />
      ) : newestFirst.length === 0 ? (
        <EmptyState title="No fuel entries for this vehicle">Fill-ups added here show up at once, even offline.</EmptyState>
      ) : (
        <>
          <Table caption="Fuel entries" hideCaption columns={columns} rows={newestFirst.slice(0, count)} rowKey={(r) => r.id} />
          {more > 0 && (
            <Button variant="secondary" onClick={() => setCount((c) => c + FUEL_PAGE)}>
              Show {more} more (of {newestFirst.length - count} not shown)
            </Button>
          )}
        </>
      )}
      {adding && <FuelFormModal sync={sync} vehicle={vehicle} drivers={drivers ?? []} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={removing !== null}
        title="Remove fuel entry"
        confirmLabel="Remove"
        message={`Remove the fuel entry of ${at(removing?.fueled_at)}? It no longer counts toward fuel economy or cost per mile.`}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
    </section>
  );
}
