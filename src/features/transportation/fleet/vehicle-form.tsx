/**
 * Add or edit a vehicle, in a dialog. The number must be unique among the
 * vehicles on this device (case-insensitive, as the server's index), so a
 * clash is said here rather than refused by the server after a sync. An edit
 * sends only the fields the user changed, so it does not undo another
 * admin's change to the others.
 */
import { useId, useState, type ComponentProps } from 'react';
import { insertRow, updateRow, type CacheRow, type TenantSync } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Modal } from '../../../ui/modal';
import { useToast } from '../../../ui/toast';
import {
  EMPTY_VEHICLE,
  fieldErrors,
  VEHICLE_FIELDS,
  vehicleFormValues,
  vehicleSchema,
  type VehicleField,
  type VehicleForm,
} from './fleet-model';

const LABELS: Record<VehicleField, string> = {
  vehicle_number: 'Vehicle number',
  make: 'Make',
  model: 'Model',
  year: 'Year',
  license_plate: 'License plate',
  vin: 'VIN',
  mileage: 'Mileage',
  oil_change_date: 'Last oil change date',
  oil_change_mileage: 'Mileage at last oil change',
};

const HINTS: Partial<Record<VehicleField, string>> = {
  vin: '17 characters; no I, O or Q',
  year: '1950 to 2100',
  oil_change_mileage: 'The odometer when the oil was changed',
};

export function VehicleFormModal({
  sync,
  vehicle,
  vehicles,
  today,
  onClose,
}: {
  sync: TenantSync;
  vehicle: CacheRow | null;
  vehicles: readonly CacheRow[];
  today: string;
  onClose: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  // The row as the dialog opened on it: a save sends only what the user changed from it, so a
  // change arriving by sync meanwhile (a fill-up moving the mileage on) is not undone.
  const [base] = useState(() => (vehicle ? vehicleFormValues(vehicle) : EMPTY_VEHICLE));
  const [values, setValues] = useState<VehicleForm>(base);
  const [errors, setErrors] = useState<Partial<Record<VehicleField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (k: VehicleField, v: string) => {
    setValues((x) => ({ ...x, [k]: v }));
    setErrors(({ [k]: _dropped, ...rest }) => rest);
    setProblem(null);
  };

  const save = async () => {
    const parsed = vehicleSchema({ vehicles, editingId: vehicle?.id ?? null, today }).safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<VehicleField>(parsed.error.issues));
      setProblem('Check the fields marked below.');
      return;
    }
    setBusy(true);
    try {
      if (vehicle) {
        const changed = VEHICLE_FIELDS.filter((k) => base[k] !== values[k]);
        if (changed.length === 0) {
          onClose();
          return;
        }
        await updateRow(sync.db, 'vehicles', vehicle.id, Object.fromEntries(changed.map((k) => [k, parsed.data[k]])));
        toast.show({ message: `Vehicle ${parsed.data.vehicle_number} saved`, tone: 'success' });
      } else {
        await insertRow(sync.db, 'vehicles', { id: crypto.randomUUID(), ...parsed.data, active: true });
        toast.show({ message: `Vehicle ${parsed.data.vehicle_number} added`, tone: 'success' });
      }
      onClose();
    } catch (e) {
      setProblem(`The vehicle was not saved: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const field = (k: VehicleField, extra: Partial<ComponentProps<typeof Field>> = {}) => (
    <Field
      key={k}
      label={LABELS[k]}
      name={k}
      value={values[k]}
      error={errors[k]}
      hint={HINTS[k]}
      onChange={(e) => set(k, e.target.value)}
      {...extra}
    />
  );

  return (
    <Modal
      open
      onClose={onClose}
      title={vehicle ? `Edit vehicle ${String(vehicle.vehicle_number)}` : 'Add vehicle'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {vehicle ? 'Save vehicle' : 'Add vehicle'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {problem && (
          <Alert tone="error" className="sm:col-span-2">
            {problem}
          </Alert>
        )}
        {field('vehicle_number', { required: true, autoComplete: 'off' })}
        {field('year', { inputMode: 'numeric' })}
        {field('make')}
        {field('model')}
        {field('license_plate', { autoComplete: 'off' })}
        {field('vin', { autoComplete: 'off', maxLength: 25, className: 'font-mono' })}
        {field('mileage', { inputMode: 'numeric' })}
        {field('oil_change_date', { type: 'date', max: today })}
        {field('oil_change_mileage', { inputMode: 'numeric' })}
      </form>
    </Modal>
  );
}
