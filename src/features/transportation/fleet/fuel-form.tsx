/**
 * Add a fill-up to a vehicle's fuel log, in a dialog: when, how much (in
 * gallons or litres; litres are stored as gallons), cost, odometer, station
 * and, optionally, which driver.
 */
import { useId, useMemo, useState } from 'react';
import { insertRow, type CacheRow, type TenantSync } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/controls';
import { Field } from '../../../ui/field';
import { Modal } from '../../../ui/modal';
import { useToast } from '../../../ui/toast';
import { emptyFuel, fieldErrors, formatGallons, fuelInput, fuelSchema, type FuelField, type FuelForm } from './fleet-model';
import { followOnVehicle } from './vehicle-follow';

export function FuelFormModal({
  sync,
  vehicle,
  drivers,
  onClose,
}: {
  sync: TenantSync;
  vehicle: CacheRow;
  drivers: readonly CacheRow[];
  onClose: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const [values, setValues] = useState<FuelForm>(() => emptyFuel(new Date()));
  const [errors, setErrors] = useState<Partial<Record<FuelField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const number = String(vehicle.vehicle_number);
  const choices = useMemo(
    () =>
      drivers
        .filter((d) => !d.deleted_at && d.active !== false)
        .map((d) => ({ id: d.id, first: String(d.first_name ?? ''), last: String(d.last_name ?? '') }))
        .sort((a, b) => a.last.localeCompare(b.last) || a.first.localeCompare(b.first)),
    [drivers],
  );

  const set = (k: FuelField, v: string) => {
    setValues((x) => ({ ...x, [k]: v }));
    setErrors(({ [k]: _dropped, ...rest }) => rest);
    setProblem(null);
  };

  const save = async () => {
    const parsed = fuelSchema.safeParse(fuelInput(values));
    if (!parsed.success) {
      setErrors(fieldErrors<FuelField>(parsed.error.issues, { cost_cents: 'cost' }));
      setProblem('Check the fields marked below.');
      return;
    }
    const data = parsed.data;
    setBusy(true);
    try {
      await insertRow(sync.db, 'fuel_log', { id: crypto.randomUUID(), vehicle_id: vehicle.id, ...data });
      const followed = await followOnVehicle(sync, vehicle, { odometer: data.odometer });
      toast.show({ message: `Fuel entry added: ${formatGallons(data.gallons)}.${followed ? ` ${followed}` : ''}`, tone: 'success' });
      onClose();
    } catch (e) {
      setProblem(`The fuel entry was not saved: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Add fuel entry for vehicle ${number}`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            Add fuel entry
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
        <Field
          label="Date and time"
          name="fueled_at"
          type="datetime-local"
          required
          value={values.fueled_at}
          error={errors.fueled_at}
          onChange={(e) => set('fueled_at', e.target.value)}
        />
        <div className="grid grid-cols-[1fr_auto] items-start gap-2">
          <Field
            label="Amount"
            name="amount"
            inputMode="decimal"
            required
            value={values.amount}
            error={errors.amount}
            hint={values.unit === 'l' ? 'Saved in gallons' : undefined}
            onChange={(e) => set('amount', e.target.value)}
          />
          <SelectField label="Unit" name="unit" value={values.unit} error={errors.unit} onChange={(e) => set('unit', e.target.value)}>
            <option value="gal">Gallons</option>
            <option value="l">Litres</option>
          </SelectField>
        </div>
        <Field
          label="Cost ($)"
          name="cost"
          inputMode="decimal"
          value={values.cost}
          error={errors.cost}
          onChange={(e) => set('cost', e.target.value)}
        />
        <Field
          label="Odometer (miles)"
          name="odometer"
          inputMode="numeric"
          value={values.odometer}
          error={errors.odometer}
          hint="Needed for fuel economy and cost per mile"
          onChange={(e) => set('odometer', e.target.value)}
        />
        <Field
          label="Station"
          name="station"
          value={values.station}
          error={errors.station}
          onChange={(e) => set('station', e.target.value)}
        />
        <SelectField
          label="Driver"
          name="driver_id"
          value={values.driver_id}
          error={errors.driver_id}
          onChange={(e) => set('driver_id', e.target.value)}
        >
          <option value="">No driver</option>
          {choices.map((d) => (
            <option key={d.id} value={d.id}>
              {d.last}, {d.first}
            </option>
          ))}
        </SelectField>
      </form>
    </Modal>
  );
}
