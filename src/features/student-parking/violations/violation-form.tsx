/**
 * Write or correct a parking violation, in a dialog shared by the Violations
 * tab and the lot's plate lookup. It saves to the device first (the lot often
 * has no signal) and links the violation to the permit in force for its
 * plate, read from the cache by the plate index. A refused save keeps all
 * that was typed.
 */
import { useId, useState } from 'react';
import { addPhotosToRow, insertRowWithPhotos, updateRow, type CacheRow, type TenantSync } from '../../../data';
import { PhotoGallery, PhotoPicker, type DraftPhoto } from '../../photos/index';
import { localDateIso } from '../../../lib/local-date';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { SelectField, TextAreaField } from '../../../ui/controls';
import { Field } from '../../../ui/field';
import { Modal } from '../../../ui/modal';
import { useToast } from '../../../ui/toast';
import { useViolationTypes } from '../parking-data';
import { plateKey, violationTypeLabel } from '../parking-rules';
import {
  checkViolation,
  EMPTY_VIOLATION,
  newViolationRow,
  permitForPlate,
  violationFormValues,
  violationPatch,
  type ViolationField,
  type ViolationForm,
} from './violation-model';

/** The permit in force for a plate on this device, by the plate index (never a table scan). */
async function permitInForceFor(sync: TenantSync, plate: string | null): Promise<CacheRow | null> {
  const key = plateKey(plate);
  if (!key) return null;
  const rows = await sync.db.cache('parking_permits').where('plate_key').equals(key).toArray();
  return permitForPlate(rows, plate, localDateIso(new Date()));
}

export interface ViolationFormProps {
  sync: TenantSync;
  /** The violation being corrected; null writes a new one. */
  violation: CacheRow | null;
  /** Values a new violation starts with (the plate looked up, its permit's student). */
  prefill?: Partial<ViolationForm>;
  /** Officers write open violations only, and never choose a status. */
  officer: boolean;
  onClose: () => void;
  onSaved?: (row: CacheRow) => void;
}

const NO_ROOM_PHOTOS = 'its photos are not: this device is out of storage space.';
const NO_ROOM = `Saved, but ${NO_ROOM_PHOTOS}`;

export function ViolationFormModal({ sync, violation, prefill, officer, onClose, onSaved }: ViolationFormProps) {
  const formId = useId();
  const toast = useToast();
  const types = useViolationTypes(sync.db);
  const [base] = useState<ViolationForm>(() => (violation ? violationFormValues(violation) : { ...EMPTY_VIOLATION, ...prefill }));
  const [values, setValues] = useState<ViolationForm>(base);
  const [errors, setErrors] = useState<Partial<Record<ViolationField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const [photos, setPhotos] = useState<DraftPhoto[]>([]);
  const [photosWorking, setPhotosWorking] = useState(false);
  const [heldPhotos, setHeldPhotos] = useState(0);
  const set = (k: ViolationField, v: string) => {
    setValues((x) => ({ ...x, [k]: v }));
    setErrors(({ [k]: _dropped, ...rest }) => rest);
    setProblem(null);
  };

  const save = async () => {
    // A photo still being prepared would miss the violation: saving waits for it.
    if (photosWorking) return;
    const checked = checkViolation(values, { officer });
    if (!checked.ok) {
      setErrors(checked.errors);
      setProblem('Check the fields marked below.');
      return;
    }
    const { input } = checked;
    setBusy(true);
    try {
      const permit = await permitInForceFor(sync, input.license_plate);
      const what = input.license_plate ?? input.student_name ?? input.student_id ?? '';
      if (violation) {
        const patch = violationPatch(base, values, input, permit, new Date());
        const added = await addPhotosToRow(sync.db, 'parking_violations', violation.id, photos);
        // Stored (the gallery shows them now): a retry after a failed update must not add them again.
        if (added === 'saved') setPhotos([]);
        if (Object.keys(patch).length === 0) {
          if (added === 'no-room') toast.show({ message: NO_ROOM, tone: 'error' });
          onClose();
          return;
        }
        const row = await updateRow(sync.db, 'parking_violations', violation.id, patch);
        toast.show({
          message: added === 'no-room' ? NO_ROOM : `Violation for ${what} saved`,
          tone: added === 'no-room' ? 'error' : 'success',
        });
        onSaved?.(row);
      } else {
        const saved = await insertRowWithPhotos(sync.db, 'parking_violations', newViolationRow(input, permit, new Date()), photos);
        toast.show(
          saved.photos === 'no-room'
            ? { message: `Violation for ${what} saved on this device; ${NO_ROOM_PHOTOS}`, tone: 'error' }
            : { message: `Violation for ${what} saved on this device`, tone: 'success' },
        );
        onSaved?.(saved.row);
      }
      onClose();
    } catch (e) {
      setProblem(`The violation was not saved: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  // A stored type the tenant has since renamed or dropped stays selectable, so an edit does not change it.
  const typeList = types?.types ?? [];
  const current = values.violation_type;
  const options = current && !typeList.includes(current) ? [current, ...typeList] : typeList;

  return (
    <Modal
      open
      onClose={onClose}
      title={violation ? 'Edit violation' : 'Write violation'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy} disabled={photosWorking}>
            Save violation
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label={violation ? 'Edit violation' : 'Write violation'}
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
          label="License plate"
          name="license_plate"
          value={values.license_plate}
          error={errors.license_plate}
          hint="As written on the car; a plate or a student is required"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(e) => set('license_plate', e.target.value)}
          className="sm:col-span-2"
        />
        <Field
          label="Student ID"
          name="student_id"
          value={values.student_id}
          error={errors.student_id}
          autoComplete="off"
          onChange={(e) => set('student_id', e.target.value)}
        />
        <Field
          label="Student name"
          name="student_name"
          value={values.student_name}
          error={errors.student_name}
          autoComplete="off"
          onChange={(e) => set('student_name', e.target.value)}
        />
        <SelectField
          label="Violation type"
          name="violation_type"
          value={current}
          error={errors.violation_type}
          required
          onChange={(e) => set('violation_type', e.target.value)}
        >
          <option value="">Choose a type</option>
          {options.map((t) => (
            <option key={t} value={t}>
              {violationTypeLabel(t)}
            </option>
          ))}
        </SelectField>
        <Field
          label="Location"
          name="location"
          value={values.location}
          error={errors.location}
          hint="Lot, row or spot"
          onChange={(e) => set('location', e.target.value)}
        />
        <div className="sm:col-span-2">
          <TextAreaField
            label="Description"
            name="description"
            value={values.description}
            error={errors.description}
            rows={3}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
        <div className="sm:col-span-2">
          {violation && (
            <PhotoGallery
              sync={sync}
              table="parking_violations"
              rowId={violation.id}
              label="Photos of this violation"
              onCount={setHeldPhotos}
            />
          )}
          <PhotoPicker
            photos={photos}
            onChange={setPhotos}
            disabled={busy}
            onWorkingChange={setPhotosWorking}
            held={violation ? heldPhotos : 0}
          />
        </div>
        {officer ? (
          <p className="text-sm text-slate-700 sm:col-span-2">The violation is saved as open; the office resolves it.</p>
        ) : (
          <SelectField
            label="Status"
            name="status"
            value={values.status}
            error={errors.status}
            onChange={(e) => set('status', e.target.value)}
          >
            <option value="open">Open</option>
            <option value="resolved">Resolved</option>
          </SelectField>
        )}
      </form>
    </Modal>
  );
}
