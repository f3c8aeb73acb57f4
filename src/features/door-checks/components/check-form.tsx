/**
 * The door check form, made for one thumb on a phone: three big status
 * buttons, a problem line, maintenance yes/no, notes, and Save at the
 * bottom. Saving goes through the offline core (one Dexie transaction: the
 * door_log cache row, its outbox entry and its photos) before the screen says saved.
 *
 * Four fields need no form library: plain React state, and the values cross
 * doorCheckFormSchema (zod) on submit, which also trims them; after a failed
 * submit the messages follow each change. Leaving react-hook-form out keeps
 * it off the scan-and-check path (docs/decisions/009).
 */
import { useState, type FormEvent } from 'react';
import { isQuotaError, recordDoorCheckWithPhotos, trustedNow, type CacheRow, type PhotoSave, type TenantDb } from '../../../data';
import { PhotoPicker, type DraftPhoto } from '../../photos/index';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { inputClass } from '../../../ui/field';
import {
  CHECK_CONSEQUENCE_TEXT,
  checkConsequence,
  DOOR_STATUS_LABEL,
  DOOR_STATUSES,
  doorCheckFormSchema,
  doorLogValues,
  EMPTY_CHECK,
  type CheckConsequence,
  type DoorCheckForm,
} from '../model';

const STATUS_TONE: Record<(typeof DOOR_STATUSES)[number], string> = {
  operational: 'peer-checked:border-green-700 peer-checked:bg-green-50 peer-checked:text-green-900',
  maintenance: 'peer-checked:border-amber-600 peer-checked:bg-amber-50 peer-checked:text-amber-900',
  out_of_service: 'peer-checked:border-red-700 peer-checked:bg-red-50 peer-checked:text-red-900',
};

export interface SavedCheck {
  row: CacheRow;
  consequence: CheckConsequence;
  /** Whether its photos were stored with it ('no-room': the check is saved, its photos are not). */
  photos: PhotoSave;
}

export function CheckForm({
  db,
  door,
  campusName,
  hasOpenRecord,
  onSaved,
  onCancel,
}: {
  db: TenantDb;
  door: CacheRow;
  campusName: string | null;
  hasOpenRecord: boolean;
  onSaved: (saved: SavedCheck) => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [values, setValues] = useState<DoorCheckForm>(EMPTY_CHECK);
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [photos, setPhotos] = useState<DraftPhoto[]>([]);
  const [photosWorking, setPhotosWorking] = useState(false);
  const errors = submitted ? fieldErrors(values) : {};
  const consequence = checkConsequence(values, hasOpenRecord);
  // Radio values come from DOOR_STATUSES and yes/no, so every value is one the schema names.
  const set = (key: keyof DoorCheckForm) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }) as DoorCheckForm);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // A photo still being prepared would miss the record: Save waits for it.
    if (isSubmitting || photosWorking) return;
    setSubmitted(true);
    const parsed = doorCheckFormSchema.safeParse(values);
    if (!parsed.success) return;
    setError(null);
    setSubmitting(true);
    try {
      const check = parsed.data;
      const saved = await recordDoorCheckWithPhotos(
        db,
        {
          ...doorLogValues(check, door, campusName),
          // The server's clock as this device knows it: a phone set days off still files the real time.
          created_at: new Date(trustedNow()).toISOString(),
        },
        photos,
      );
      onSaved({ row: saved.row, consequence: checkConsequence(check, hasOpenRecord), photos: saved.photos });
    } catch (err) {
      setError(
        isQuotaError(err)
          ? 'This device is out of storage space. Free some space, then save again: nothing was saved.'
          : `The check was not saved: ${err instanceof Error ? err.message : String(err)}`,
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-5" aria-label={`Check door ${String(door.door_number)}`} noValidate>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">Door status</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {DOOR_STATUSES.map((s) => (
            <label key={s} className="relative block">
              <input
                type="radio"
                name="door_status"
                value={s}
                checked={values.door_status === s}
                onChange={set('door_status')}
                className="peer sr-only"
              />
              <span
                className={cx(
                  'flex min-h-14 cursor-pointer items-center justify-center rounded-xl border-2 border-slate-300 bg-white px-4 text-base font-semibold text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700',
                  STATUS_TONE[s],
                )}
              >
                {DOOR_STATUS_LABEL[s]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="space-y-1">
        <label htmlFor="door-problem" className="block text-sm font-semibold text-slate-800">
          Problem
        </label>
        <input
          id="door-problem"
          className={inputClass}
          placeholder="None"
          autoComplete="off"
          name="door_problem"
          value={values.door_problem}
          onChange={set('door_problem')}
          aria-invalid={errors.door_problem ? true : undefined}
        />
        {errors.door_problem && <p className="text-sm font-medium text-red-700">{errors.door_problem}</p>}
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">Maintenance needed</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['no', 'yes'] as const).map((v) => (
            <label key={v} className="relative block">
              <input
                type="radio"
                name="maintenance"
                value={v}
                checked={values.maintenance === v}
                onChange={set('maintenance')}
                className="peer sr-only"
              />
              <span className="flex min-h-12 cursor-pointer items-center justify-center rounded-xl border-2 border-slate-300 bg-white font-semibold text-slate-800 peer-checked:border-blue-700 peer-checked:bg-blue-50 peer-checked:text-blue-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700">
                {v === 'yes' ? 'Yes' : 'No'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="space-y-1">
        <label htmlFor="door-notes" className="block text-sm font-semibold text-slate-800">
          Notes
        </label>
        <textarea
          id="door-notes"
          rows={2}
          className={inputClass}
          name="notes"
          value={values.notes}
          onChange={set('notes')}
          aria-invalid={errors.notes ? true : undefined}
        />
        {errors.notes && <p className="text-sm font-medium text-red-700">{errors.notes}</p>}
      </div>

      <PhotoPicker photos={photos} onChange={setPhotos} disabled={isSubmitting} onWorkingChange={setPhotosWorking} />

      {consequence !== 'none' && (
        <p
          data-testid="check-consequence"
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-600/30"
        >
          {CHECK_CONSEQUENCE_TEXT[consequence]}
        </p>
      )}
      {error && <Alert tone="error">{error}</Alert>}

      <div className="sticky bottom-0 -mx-4 flex gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:px-0">
        <Button variant="secondary" size="lg" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="lg" busy={isSubmitting} disabled={photosWorking} className="flex-1">
          Save check
        </Button>
      </div>
    </form>
  );
}

/** The first message zod gives for each field, or nothing when the values pass. */
function fieldErrors(values: DoorCheckForm): Partial<Record<keyof DoorCheckForm, string>> {
  const parsed = doorCheckFormSchema.safeParse(values);
  const out: Partial<Record<keyof DoorCheckForm, string>> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof DoorCheckForm | undefined;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}
