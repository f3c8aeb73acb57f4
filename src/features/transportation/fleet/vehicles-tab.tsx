/**
 * The "Vehicles, Maintenance & Fuel" tab (issue 14): the fleet with its
 * service-due flags, the service rule, and one vehicle's maintenance and
 * fuel at ?vehicle={id} (kept in the address so Back returns to the list).
 * Everything reads the local cache and writes through the offline core.
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { updateRow, useRows, type CacheRow, type TenantSync } from '../../../data';
import { localDateIso } from '../../../lib/local-date';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CheckboxField } from '../../../ui/controls';
import { EmptyState } from '../../../ui/empty-state';
import { Field } from '../../../ui/field';
import { Loading } from '../../../ui/loading';
import { Table, type Column } from '../../../ui/table';
import { useToast } from '../../../ui/toast';
import { serviceDue, serviceRuleFrom, type ServiceRule } from '../service-due';
import { compareVehicleNumbers, dueText, formatDay, formatMiles, vehicleLabel } from './fleet-model';
import { ServiceRuleForm } from './service-rule-form';
import { VehicleDetails } from './vehicle-details';
import { VehicleFormModal } from './vehicle-form';

const linkClass = 'inline-flex min-h-11 items-center font-semibold text-blue-800 underline-offset-4 hover:underline';

export default function VehiclesTab({ sync }: { sync: TenantSync }) {
  const vehicles = useRows(sync.db, 'vehicles');
  const settings = useRows(sync.db, 'tenant_settings');
  const [params] = useSearchParams();
  const today = localDateIso(new Date());
  const rule = useMemo(() => serviceRuleFrom(settings ?? []), [settings]);

  if (!vehicles || !settings) return <Loading label="Loading vehicles..." />;

  const listParams = new URLSearchParams(params);
  listParams.delete('vehicle');
  listParams.set('tab', 'vehicles');
  const hrefOf = (id: string) => {
    const p = new URLSearchParams(listParams);
    p.set('vehicle', id);
    return `?${p.toString()}`;
  };

  const vehicleId = params.get('vehicle');
  if (vehicleId) {
    const row = vehicles.find((v) => v.id === vehicleId);
    return (
      <div className="space-y-4">
        <Link to={`?${listParams.toString()}`} className={linkClass}>
          Back to vehicles
        </Link>
        {row ? (
          <VehicleDetails sync={sync} vehicle={row} vehicles={vehicles} rule={rule} today={today} />
        ) : (
          <EmptyState title="This vehicle is not on this device">It may not have synced yet, or it was removed.</EmptyState>
        )}
      </div>
    );
  }
  return <FleetList sync={sync} vehicles={vehicles} rule={rule} today={today} hrefOf={hrefOf} />;
}

function matches(v: CacheRow, q: string): boolean {
  if (!q) return true;
  return [v.vehicle_number, v.make, v.model, v.license_plate, v.vin, v.year].some((f) =>
    String(f ?? '')
      .toLowerCase()
      .includes(q),
  );
}

function FleetList({
  sync,
  vehicles,
  rule,
  today,
  hrefOf,
}: {
  sync: TenantSync;
  vehicles: CacheRow[];
  rule: ServiceRule;
  today: string;
  hrefOf: (id: string) => string;
}) {
  const toast = useToast();
  const [query, setQuery] = useState('');
  const [showInactive, setShowInactive] = useState(true);
  const [editing, setEditing] = useState<CacheRow | 'new' | null>(null);
  const [confirming, setConfirming] = useState<CacheRow | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const sorted = useMemo(() => [...vehicles].sort(compareVehicleNumbers), [vehicles]);
  const due = useMemo(
    () => new Map(sorted.map((v) => [v.id, serviceDue(v, rule, today)] as const).filter(([, r]) => r !== null)),
    [sorted, rule, today],
  );
  const q = query.trim().toLowerCase();
  const shown = sorted.filter((v) => (showInactive || v.active !== false) && matches(v, q));

  const setActive = async (v: CacheRow, active: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      await updateRow(sync.db, 'vehicles', v.id, { active });
      toast.show({ message: `Vehicle ${String(v.vehicle_number)} ${active ? 'reactivated' : 'deactivated'}`, tone: 'success' });
      setConfirming(null);
    } catch (e) {
      setProblem(`The vehicle was not changed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<CacheRow>[] = [
    {
      key: 'number',
      header: 'Number',
      cell: (v) => (
        <Link to={hrefOf(v.id)} className={linkClass} aria-label={`Vehicle ${String(v.vehicle_number)}: maintenance and fuel`}>
          {String(v.vehicle_number)}
        </Link>
      ),
    },
    { key: 'vehicle', header: 'Vehicle', cell: (v) => vehicleLabel(v) },
    { key: 'plate', header: 'Plate', cell: (v) => (typeof v.license_plate === 'string' && v.license_plate) || '—' },
    { key: 'vin', header: 'VIN', cell: (v) => (typeof v.vin === 'string' && v.vin) || '—', className: 'font-mono text-xs' },
    { key: 'mileage', header: 'Mileage', cell: (v) => formatMiles(v.mileage) },
    {
      key: 'oil',
      header: 'Last oil change',
      cell: (v) =>
        v.oil_change_date
          ? `${formatDay(v.oil_change_date)}${typeof v.oil_change_mileage === 'number' ? ` at ${formatMiles(v.oil_change_mileage)}` : ''}`
          : 'None on record',
    },
    { key: 'status', header: 'Status', cell: (v) => (v.active === false ? 'Inactive' : 'Active') },
    {
      key: 'service',
      header: 'Service',
      cell: (v) => {
        const reasons = due.get(v.id) ?? null;
        if (v.active === false) return 'Off the road';
        return reasons ? <span className="font-semibold text-red-800">Service due: {dueText(reasons)}</span> : 'Not due';
      },
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (v) => (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing(v)} aria-label={`Edit vehicle ${String(v.vehicle_number)}`}>
            Edit
          </Button>
          {v.active === false ? (
            <Button
              variant="secondary"
              busy={busy}
              onClick={() => void setActive(v, true)}
              aria-label={`Reactivate vehicle ${String(v.vehicle_number)}`}
            >
              Reactivate
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => setConfirming(v)} aria-label={`Deactivate vehicle ${String(v.vehicle_number)}`}>
              Deactivate
            </Button>
          )}
        </div>
      ),
    },
  ];

  const dueRows = sorted.filter((v) => due.has(v.id));
  return (
    <div className="space-y-6">
      <section aria-labelledby="fleet-service-due" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="fleet-service-due" className="text-lg font-semibold text-slate-900">
          Service due: {dueRows.length === 1 ? '1 vehicle' : `${dueRows.length} vehicles`}
        </h2>
        <p className="text-sm text-slate-700">
          An active vehicle is due when its last oil change is more than {rule.days.toLocaleString('en-US')} days ago or{' '}
          {rule.miles.toLocaleString('en-US')} miles back, or none is on record.
        </p>
        {dueRows.length > 0 && (
          <ul aria-label="Vehicles due for service" className="divide-y divide-slate-100">
            {dueRows.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center gap-x-3">
                <Link to={hrefOf(v.id)} className={linkClass}>
                  Vehicle {String(v.vehicle_number)}
                </Link>
                <span className="text-sm text-slate-800">{dueText(due.get(v.id) ?? null)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ServiceRuleForm sync={sync} />

      <section aria-labelledby="fleet-vehicles" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="fleet-vehicles" className="text-lg font-semibold text-slate-900">
            Vehicles
          </h2>
          <Button onClick={() => setEditing('new')}>Add vehicle</Button>
        </div>
        <div className="flex flex-wrap items-end gap-4">
          <Field
            label="Search vehicles"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            hint="Number, make, model, plate or VIN"
            className="min-w-64"
          />
          <CheckboxField label="Show inactive vehicles" checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} />
        </div>
        {problem && <Alert tone="error">{problem}</Alert>}
        <p role="status" className="text-sm text-slate-700">
          {shown.length === 1 ? '1 vehicle' : `${shown.length} vehicles`}
          {shown.length !== vehicles.length ? ` of ${vehicles.length}` : ''}
        </p>
        <Table
          caption="Vehicles"
          hideCaption
          columns={columns}
          rows={shown}
          rowKey={(v) => v.id}
          empty={vehicles.length === 0 ? 'No vehicles found.' : 'No vehicles match the search.'}
        />
      </section>

      {editing && (
        <VehicleFormModal
          sync={sync}
          vehicle={editing === 'new' ? null : editing}
          vehicles={vehicles}
          today={today}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Deactivate vehicle"
        confirmLabel="Deactivate"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void setActive(confirming, false)}
      >
        <p>
          Deactivate vehicle {String(confirming?.vehicle_number ?? '')}? It stays on record with its maintenance and fuel history, is no
          longer flagged for service, and can be reactivated.
        </p>
      </ConfirmDialog>
    </div>
  );
}
