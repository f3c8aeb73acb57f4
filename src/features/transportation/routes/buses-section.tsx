/**
 * Buses: number, capacity, vehicle and status; add, edit, retire and bring
 * back. Retiring sets active = false rather than soft-deleting: a bus's
 * inspections, drills and trip log name it, and the drill report per bus must
 * still say which bus, so the row stays (and keeps its number taken, as the
 * server's unique index counts every row not deleted).
 */
import { useState, type FormEvent } from 'react';
import { insertRow, updateRow, type CacheRow, type TenantSync } from '../../../data';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/controls';
import { EmptyState } from '../../../ui/empty-state';
import { Field } from '../../../ui/field';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Table } from '../../../ui/table';
import {
  BUS_STATUS_LABELS,
  BUS_STATUSES,
  busFormValues,
  busNumberTaken,
  busSchema,
  changedPatch,
  compareBuses,
  fieldErrors,
  text,
  type BusForm,
  type BusStatus,
} from './routes-model';
import { describeError, FormModal, Outcome, useFormState, type Notice, type RoutesData } from './shared';

function vehicleLabel(v: CacheRow | undefined): string {
  if (!v) return '—';
  const name = [v.year, v.make, v.model].filter((x) => x !== null && x !== undefined && x !== '').join(' ');
  return name ? `${text(v.vehicle_number)} (${name})` : text(v.vehicle_number);
}

export function BusesSection({ sync, data }: { sync: TenantSync; data: RoutesData }) {
  const [editing, setEditing] = useState<CacheRow | 'new' | null>(null);
  const [retiring, setRetiring] = useState<CacheRow | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [showRetired, setShowRetired] = useState(false);
  const buses = [...data.buses].sort(compareBuses);
  const shown = buses.filter((b) => showRetired || b.active !== false);
  const retiredCount = buses.length - buses.filter((b) => b.active !== false).length;

  const setActive = async (bus: CacheRow, active: boolean) => {
    try {
      await updateRow(sync.db, 'buses', bus.id, { active });
      setNotice({ tone: 'success', text: `${text(bus.bus_number)} ${active ? 'is back in the fleet' : 'retired'}.` });
    } catch (e) {
      setNotice({ tone: 'error', text: `The change was not saved: ${describeError(e)}` });
    }
  };

  return (
    <section aria-labelledby="buses-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="buses-heading" className="text-lg font-semibold text-slate-900">
          Buses
        </h2>
        <div className="flex flex-wrap gap-2">
          {retiredCount > 0 && (
            <Button variant="secondary" aria-pressed={showRetired} onClick={() => setShowRetired((v) => !v)}>
              {showRetired ? 'Hide retired buses' : `Show retired buses (${retiredCount})`}
            </Button>
          )}
          <Button
            onClick={() => {
              setNotice(null);
              setEditing('new');
            }}
          >
            Add bus
          </Button>
        </div>
      </div>
      <Outcome notice={notice} />
      {shown.length === 0 ? (
        <EmptyState title="No buses yet">Add the fleet's buses to put them on routes.</EmptyState>
      ) : (
        <Table
          caption="Buses"
          hideCaption
          rows={shown}
          rowKey={(b) => b.id}
          columns={[
            { key: 'number', header: 'Bus', cell: (b) => <span className="font-semibold">{text(b.bus_number)}</span> },
            { key: 'capacity', header: 'Capacity', cell: (b) => (typeof b.capacity === 'number' ? `${b.capacity} seats` : '—') },
            { key: 'vehicle', header: 'Vehicle', cell: (b) => vehicleLabel(data.byId.vehicles.get(text(b.vehicle_id))) },
            {
              key: 'status',
              header: 'Status',
              cell: (b) => (b.active === false ? 'Retired' : (BUS_STATUS_LABELS[b.status as BusStatus] ?? text(b.status))),
            },
            {
              key: 'actions',
              header: <span className="sr-only">Actions</span>,
              cell: (b) => (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    aria-label={`Edit ${text(b.bus_number)}`}
                    onClick={() => {
                      setNotice(null);
                      setEditing(b);
                    }}
                  >
                    Edit
                  </Button>
                  {b.active === false ? (
                    <Button
                      variant="secondary"
                      aria-label={`Return to fleet: ${text(b.bus_number)}`}
                      onClick={() => void setActive(b, true)}
                    >
                      Return to fleet
                    </Button>
                  ) : (
                    <Button variant="secondary" aria-label={`Retire ${text(b.bus_number)}`} onClick={() => setRetiring(b)}>
                      Retire
                    </Button>
                  )}
                </div>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <BusDialog
          sync={sync}
          data={data}
          bus={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(t) => {
            setEditing(null);
            setNotice({ tone: 'success', text: t });
          }}
        />
      )}
      <ConfirmDialog
        open={retiring !== null}
        title={`Retire ${text(retiring?.bus_number)}?`}
        confirmLabel="Retire bus"
        onCancel={() => setRetiring(null)}
        onConfirm={() => {
          const bus = retiring;
          setRetiring(null);
          if (bus) void setActive(bus, false);
        }}
      >
        <p>The bus leaves the fleet lists; its inspections, drills and trip log stay. You can return it to the fleet later.</p>
        {retiring && data.routes.some((r) => r.bus_id === retiring.id && r.active !== false) && (
          <p className="font-semibold">Routes still name this bus: give them another bus.</p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function BusDialog({
  sync,
  data,
  bus,
  onClose,
  onSaved,
}: {
  sync: TenantSync;
  data: RoutesData;
  bus: CacheRow | null;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const initial = busFormValues(bus ?? undefined);
  const form = useFormState<BusForm>(initial);
  const { values, errors } = form;
  const vehicles = data.vehicles
    .filter((v) => v.active !== false || v.id === bus?.vehicle_id)
    .sort((a, b) => text(a.vehicle_number).localeCompare(text(b.vehicle_number), undefined, { numeric: true }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = busSchema.safeParse(values);
    if (!parsed.success) {
      form.setErrors(fieldErrors(parsed.error));
      return;
    }
    const taken = busNumberTaken(parsed.data.bus_number, data.buses, bus?.id);
    if (taken) {
      form.setErrors({
        bus_number: `${text(taken.bus_number)} is already ${taken.active === false ? 'a retired bus' : 'in the fleet'}: choose another number`,
      });
      return;
    }
    form.setBusy(true);
    try {
      if (bus) {
        const before = busSchema.parse(initial);
        const patch = changedPatch(before, parsed.data);
        if (Object.keys(patch).length > 0) await updateRow(sync.db, 'buses', bus.id, patch);
        onSaved(`${parsed.data.bus_number} saved.`);
      } else {
        await insertRow(sync.db, 'buses', { ...parsed.data, active: true });
        onSaved(`${parsed.data.bus_number} added.`);
      }
    } catch (err) {
      form.setBusy(false);
      form.setProblem(`The bus was not saved: ${describeError(err)}`);
    }
  };

  return (
    <FormModal
      open
      title={bus ? `Edit ${text(bus.bus_number)}` : 'Add bus'}
      submitLabel={bus ? 'Save bus' : 'Add bus'}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      busy={form.busy}
      problem={form.problem}
    >
      <Field
        label="Bus number"
        required
        name="bus_number"
        autoComplete="off"
        value={values.bus_number}
        error={errors.bus_number}
        onChange={(e) => form.set('bus_number', e.target.value)}
      />
      <Field
        label="Capacity (seats)"
        name="capacity"
        inputMode="numeric"
        value={values.capacity}
        error={errors.capacity}
        onChange={(e) => form.set('capacity', e.target.value)}
      />
      <SelectField
        label="Vehicle"
        name="vehicle_id"
        value={values.vehicle_id}
        error={errors.vehicle_id}
        onChange={(e) => form.set('vehicle_id', e.target.value)}
      >
        <option value="">No vehicle</option>
        {vehicles.map((v) => (
          <option key={v.id} value={v.id}>
            {vehicleLabel(v)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Status"
        name="status"
        value={values.status}
        error={errors.status}
        onChange={(e) => form.set('status', e.target.value)}
      >
        {BUS_STATUSES.map((s) => (
          <option key={s} value={s}>
            {BUS_STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
    </FormModal>
  );
}
