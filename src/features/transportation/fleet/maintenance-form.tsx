/**
 * Add or edit a vehicle's maintenance record, in a dialog. An edit sends only
 * the fields the user changed. A record a failed pre-trip inspection opened
 * says so, and keeps its link to the inspection.
 */
import { useId, useState } from 'react';
import { insertRow, updateRow, type CacheRow, type TenantSync } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { SelectField, TextAreaField } from '../../../ui/controls';
import { Field } from '../../../ui/field';
import { Modal } from '../../../ui/modal';
import { useToast } from '../../../ui/toast';
import {
  emptyMaintenance,
  fieldErrors,
  isOilChange,
  MAINTENANCE_FIELDS,
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_STATUSES,
  maintenanceFormValues,
  maintenanceInput,
  maintenanceSchema,
  PRE_TRIP_DEFECT,
  SERVICE_TYPES,
  serviceTypeText,
  type MaintenanceField,
  type MaintenanceForm,
} from './fleet-model';
import { followOnVehicle } from './vehicle-follow';

export function MaintenanceFormModal({
  sync,
  vehicle,
  record,
  today,
  onClose,
}: {
  sync: TenantSync;
  vehicle: CacheRow;
  record: CacheRow | null;
  today: string;
  onClose: () => void;
}) {
  const formId = useId();
  const listId = useId();
  const toast = useToast();
  // The row as the dialog opened on it: a save sends only what the user changed from it, so a
  // change arriving by sync meanwhile (a fill-up moving the mileage on) is not undone.
  const [base] = useState(() => (record ? maintenanceFormValues(record) : emptyMaintenance(today)));
  const [values, setValues] = useState<MaintenanceForm>(base);
  const [errors, setErrors] = useState<Partial<Record<MaintenanceField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const number = String(vehicle.vehicle_number);

  const set = (k: MaintenanceField, v: string) => {
    setValues((x) => ({ ...x, [k]: v }));
    setErrors(({ [k]: _dropped, ...rest }) => rest);
    setProblem(null);
  };

  const save = async () => {
    const parsed = maintenanceSchema.safeParse(maintenanceInput(values));
    if (!parsed.success) {
      setErrors(fieldErrors<MaintenanceField>(parsed.error.issues, { cost_cents: 'cost' }));
      setProblem('Check the fields marked below.');
      return;
    }
    const data = parsed.data;
    setBusy(true);
    try {
      if (record) {
        const changed = MAINTENANCE_FIELDS.filter((k) => base[k] !== values[k]);
        if (changed.length === 0) {
          onClose();
          return;
        }
        const patch = Object.fromEntries(changed.map((k) => (k === 'cost' ? ['cost_cents', data.cost_cents] : [k, data[k]])));
        await updateRow(sync.db, 'vehicle_maintenance', record.id, patch);
      } else {
        await insertRow(sync.db, 'vehicle_maintenance', { id: crypto.randomUUID(), vehicle_id: vehicle.id, ...data });
      }
      const followed = await followOnVehicle(sync, vehicle, {
        odometer: data.mileage,
        oilChangeOn: data.status === 'completed' && isOilChange(data.service_type) ? data.service_date : null,
      });
      toast.show({ message: `Maintenance record ${record ? 'saved' : 'added'}.${followed ? ` ${followed}` : ''}`, tone: 'success' });
      onClose();
    } catch (e) {
      setProblem(`The maintenance record was not saved: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const fromInspection = Boolean(record?.bus_log_id);
  return (
    <Modal
      open
      onClose={onClose}
      title={record ? `Edit maintenance of vehicle ${number}` : `Add maintenance for vehicle ${number}`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {record ? 'Save record' : 'Add record'}
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
        {fromInspection && (
          <Alert tone="info" className="sm:col-span-2">
            Opened by a pre-trip inspection.
          </Alert>
        )}
        {problem && (
          <Alert tone="error" className="sm:col-span-2">
            {problem}
          </Alert>
        )}
        <Field
          label="Service type"
          name="service_type"
          required
          list={listId}
          value={values.service_type === PRE_TRIP_DEFECT ? serviceTypeText(PRE_TRIP_DEFECT) : values.service_type}
          // The inspection's trigger wrote this type; the record stays the inspection's.
          readOnly={values.service_type === PRE_TRIP_DEFECT}
          error={errors.service_type}
          hint={values.service_type === PRE_TRIP_DEFECT ? 'Set by the inspection' : 'Such as Oil change, Tires, Brakes'}
          onChange={(e) => set('service_type', e.target.value)}
        />
        <datalist id={listId}>
          {SERVICE_TYPES.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <SelectField
          label="Status"
          name="status"
          value={values.status}
          error={errors.status}
          onChange={(e) => set('status', e.target.value)}
        >
          {MAINTENANCE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {MAINTENANCE_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <TextAreaField
            label="Description"
            name="description"
            value={values.description}
            error={errors.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
        <Field
          label="Service date"
          name="service_date"
          type="date"
          required
          value={values.service_date}
          error={errors.service_date}
          onChange={(e) => set('service_date', e.target.value)}
        />
        <Field
          label="Odometer (miles)"
          name="mileage"
          inputMode="numeric"
          value={values.mileage}
          error={errors.mileage}
          onChange={(e) => set('mileage', e.target.value)}
        />
        <Field
          label="Cost ($)"
          name="cost"
          inputMode="decimal"
          value={values.cost}
          error={errors.cost}
          onChange={(e) => set('cost', e.target.value)}
        />
        <Field label="Vendor" name="vendor" value={values.vendor} error={errors.vendor} onChange={(e) => set('vendor', e.target.value)} />
        <Field
          label="Next due date"
          name="next_due_date"
          type="date"
          value={values.next_due_date}
          error={errors.next_due_date}
          onChange={(e) => set('next_due_date', e.target.value)}
        />
      </form>
    </Modal>
  );
}
