/**
 * Add or edit a permit, in a dialog. The save is checked against the
 * permits on this device (one in force per plate and per spot) so an offline
 * save is refused here, on the field at fault, instead of by the server after
 * a sync; a refused save keeps everything typed. An edit sends only the
 * fields the user changed, so it does not undo another device's change to the
 * others.
 */
import { useId, useState, type ComponentProps } from 'react';
import { insertRow, updateRow, type CacheRow, type TenantSync } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Modal } from '../../../ui/modal';
import { useToast } from '../../../ui/toast';
import { plateKey } from '../parking-rules';
import {
  checkPermit,
  emptyPermit,
  PERMIT_FIELDS,
  PERMIT_LABELS,
  permitFormValues,
  type PermitField,
  type PermitForm,
} from './permit-model';

const HINTS: Partial<Record<PermitField, string>> = {
  license_plate: 'As on the plate; matched without spaces, dashes or case',
  parking_spot_number: 'Leave blank if the permit has no assigned spot',
};

export function PermitFormModal({
  sync,
  permit,
  permits,
  today,
  onClose,
}: {
  sync: TenantSync;
  permit: CacheRow | null;
  permits: readonly CacheRow[];
  today: string;
  onClose: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  // The row as the dialog opened on it: a save sends only what the user changed from it.
  const [base] = useState<PermitForm>(() => (permit ? permitFormValues(permit) : emptyPermit(today)));
  const [values, setValues] = useState<PermitForm>(base);
  const [errors, setErrors] = useState<Partial<Record<PermitField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (k: PermitField, v: string) => {
    setValues((x) => ({ ...x, [k]: v }));
    setErrors(({ [k]: _dropped, ...rest }) => rest);
    setProblem(null);
  };

  const save = async () => {
    const check = checkPermit(values, {
      permits,
      editingId: permit?.id ?? null,
      status: permit ? String(permit.status ?? 'active') : 'active',
      today,
    });
    if (!check.ok) {
      setErrors(check.errors);
      setProblem(
        check.clash ? 'The permit was not saved: it clashes with a permit in force (see below).' : 'Check the fields marked below.',
      );
      return;
    }
    const v = check.values;
    setBusy(true);
    try {
      if (permit) {
        const changed = PERMIT_FIELDS.filter((k) => base[k].trim() !== values[k].trim());
        if (changed.length === 0) {
          onClose();
          return;
        }
        const patch: Record<string, unknown> = Object.fromEntries(changed.map((k) => [k, v[k]]));
        // The server recomputes the key; the cache needs it now for the lot's lookup.
        if (changed.includes('license_plate')) patch.plate_key = plateKey(v.license_plate);
        await updateRow(sync.db, 'parking_permits', permit.id, patch);
        toast.show({ message: `Permit for ${v.license_plate} saved`, tone: 'success' });
      } else {
        // No id of ours: insertRow's fresh id makes the create a DO NOTHING on replay, so a
        // resend after a lost answer never undoes a later suspension.
        await insertRow(sync.db, 'parking_permits', {
          ...v,
          status: 'active',
          plate_key: plateKey(v.license_plate),
        });
        toast.show({ message: `Permit for ${v.license_plate} added`, tone: 'success' });
      }
      onClose();
    } catch (e) {
      setProblem(`The permit was not saved: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const field = (k: PermitField, extra: Partial<ComponentProps<typeof Field>> = {}) => (
    <Field
      key={k}
      label={PERMIT_LABELS[k]}
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
      title={permit ? `Edit permit ${String(permit.license_plate ?? '')}` : 'Add permit'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {permit ? 'Save permit' : 'Add permit'}
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
        {field('student_id', { required: true, autoComplete: 'off' })}
        {field('student_name', { required: true, autoComplete: 'off' })}
        {field('grade', { autoComplete: 'off' })}
        {field('license_plate', { required: true, autoComplete: 'off', autoCapitalize: 'characters' })}
        {field('vehicle_description', { autoComplete: 'off' })}
        {field('parking_spot_number', { autoComplete: 'off' })}
        {field('issued_on', { type: 'date', required: true })}
        {field('expires_on', { type: 'date', required: true, min: values.issued_on || undefined })}
      </form>
    </Modal>
  );
}
