/**
 * The pre-trip inspection on a phone: ten Pass/Fail items (a Fail says what
 * is wrong), the odometer and notes, saved as one bus_log row through the
 * offline core. The server decides pre_trip_ok and opens a vehicle
 * maintenance record for a failed item when the row reaches it, so the
 * screen says that will happen rather than that it has.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { insertRow, isQuotaError, rowSyncInfo, trustedNow, useRowSyncStates, type CacheRow, type TenantSync } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button, buttonClass } from '../../../ui/button';
import { TextAreaField } from '../../../ui/controls';
import { cx } from '../../../ui/cx';
import { Field, inputClass } from '../../../ui/field';
import { routeNow, routesLabel } from './bus-screen';
import {
  emptyInspection,
  INSPECTION_ITEMS,
  inspectionErrors,
  inspectionFormSchema,
  inspectionValues,
  type InspectionForm as FormValues,
  type InspectionItem,
  type InspectionKey,
} from './field-model';

const CHOICE_TONE = {
  pass: 'peer-checked:border-green-700 peer-checked:bg-green-50 peer-checked:text-green-900',
  fail: 'peer-checked:border-red-700 peer-checked:bg-red-50 peer-checked:text-red-900',
} as const;

interface Saved {
  id: string;
  failed: InspectionItem[];
}

export function InspectionForm({
  sync,
  bus,
  routes,
  driverId,
  backHref,
  backLabel,
}: {
  sync: TenantSync;
  bus: CacheRow;
  routes: readonly CacheRow[];
  driverId: string | null;
  backHref: string;
  backLabel: string;
}) {
  const [values, setValues] = useState<FormValues>(emptyInspection);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);
  const errors = submitted ? inspectionErrors(values) : {};
  const busName = String(bus.bus_number ?? 'Bus');

  const setAnswer = (key: InspectionKey, patch: Partial<FormValues['answers'][InspectionKey]>) =>
    setValues((v) => ({ ...v, answers: { ...v.answers, [key]: { ...v.answers[key], ...patch } } }));

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    setSubmitted(true);
    const parsed = inspectionFormSchema.safeParse(values);
    if (!parsed.success) {
      setError('Some items need an answer. Check the messages above.');
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const at = new Date(trustedNow());
      const route = routeNow(routes, at);
      const row = await insertRow(
        sync.db,
        'bus_log',
        inspectionValues(parsed.data, { busId: bus.id, routeId: route?.id ?? null, driverId, at: at.toISOString() }),
      );
      setSaved({ id: row.id, failed: parsed.data.items.filter((i) => !i.ok) });
    } catch (err) {
      setError(
        isQuotaError(err)
          ? 'This device is out of storage space. Free some space, then save again: nothing was saved.'
          : `The inspection was not saved: ${err instanceof Error ? err.message : String(err)}`,
      );
    } finally {
      setSaving(false);
    }
  };

  if (saved) {
    return (
      <SavedInspection
        sync={sync}
        saved={saved}
        busName={busName}
        backHref={backHref}
        backLabel={backLabel}
        onAgain={() => {
          setSaved(null);
          setSubmitted(false);
          setValues(emptyInspection());
        }}
      />
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-5" aria-label={`Pre-trip inspection of ${busName}`} noValidate>
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Pre-trip inspection: {busName}</h2>
        <p className="text-sm text-slate-700">{routesLabel(routes)}</p>
      </div>
      <ol className="space-y-4">
        {INSPECTION_ITEMS.map((item) => {
          const a = values.answers[item.key];
          const err = errors[`answers.${item.key}`];
          const noteId = `inspection-note-${item.key}`;
          return (
            <li key={item.key} className="rounded-xl border border-slate-200 bg-white p-3">
              <fieldset aria-describedby={err ? `${noteId}-error` : undefined}>
                <legend className="mb-2 text-base font-semibold text-slate-900">{item.label}</legend>
                <div className="grid grid-cols-2 gap-2">
                  {(['pass', 'fail'] as const).map((choice) => (
                    <label key={choice} className="relative block">
                      <input
                        type="radio"
                        name={`item-${item.key}`}
                        value={choice}
                        checked={a.result === choice}
                        onChange={() => setAnswer(item.key, { result: choice })}
                        className="peer sr-only"
                      />
                      <span
                        className={cx(
                          'flex min-h-12 cursor-pointer items-center justify-center rounded-xl border-2 border-slate-300 bg-white px-3 text-base font-semibold text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700',
                          CHOICE_TONE[choice],
                        )}
                      >
                        {choice === 'pass' ? 'Pass' : 'Fail'}
                      </span>
                    </label>
                  ))}
                </div>
                {a.result === 'fail' && (
                  <div className="mt-2 space-y-1">
                    <label htmlFor={noteId} className="block text-sm font-medium text-slate-800">
                      What is wrong with {item.label.toLowerCase()}?
                    </label>
                    <input
                      id={noteId}
                      className={inputClass}
                      autoComplete="off"
                      value={a.note}
                      onChange={(e) => setAnswer(item.key, { note: e.target.value })}
                      aria-invalid={err ? true : undefined}
                    />
                  </div>
                )}
                {err && (
                  <p id={`${noteId}-error`} className="mt-1 text-sm font-medium text-red-700">
                    {err}
                  </p>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Field
        label="Odometer (miles)"
        inputMode="numeric"
        autoComplete="off"
        value={values.odometer}
        onChange={(e) => setValues((v) => ({ ...v, odometer: e.target.value }))}
        error={errors.odometer}
        hint="Optional."
      />
      <TextAreaField
        label="Notes"
        value={values.notes}
        onChange={(e) => setValues((v) => ({ ...v, notes: e.target.value }))}
        error={errors.notes}
      />
      {Object.values(values.answers).some((a) => a.result === 'fail') && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-600/30">
          A failed item opens a maintenance record for this vehicle when the inspection syncs.
        </p>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="sticky bottom-0 -mx-4 flex gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:px-0">
        <Link to={backHref} className={buttonClass('secondary', 'lg')}>
          Cancel
        </Link>
        <Button type="submit" size="lg" busy={saving} className="flex-1">
          Save inspection
        </Button>
      </div>
    </form>
  );
}

function SavedInspection({
  sync,
  saved,
  busName,
  backHref,
  backLabel,
  onAgain,
}: {
  sync: TenantSync;
  saved: Saved;
  busName: string;
  backHref: string;
  backLabel: string;
  onAgain: () => void;
}) {
  const states = useRowSyncStates(sync.db, 'bus_log', [saved.id]);
  const state = states ? rowSyncInfo(states, saved.id).state : 'pending';
  const synced = state === 'synced';
  const failed = saved.failed;
  return (
    <section aria-labelledby="inspection-saved" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="inspection-saved" className="text-xl font-semibold text-slate-900">
        {synced ? 'Inspection synced' : 'Saved on this device'}
      </h2>
      <p className="text-slate-800">
        Pre-trip inspection of {busName}:{' '}
        {failed.length === 0 ? 'every item passed.' : `${failed.length} ${failed.length === 1 ? 'item' : 'items'} failed.`}
      </p>
      {failed.length > 0 && (
        <>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
            {failed.map((i) => (
              <li key={i.key}>
                <span className="font-semibold">{i.label}</span>: {i.note}
              </li>
            ))}
          </ul>
          <Alert tone="warning">
            {synced
              ? 'The inspection reached the server, which opened a maintenance record for this vehicle.'
              : 'A maintenance record will be opened for this vehicle when the inspection syncs.'}
          </Alert>
        </>
      )}
      {state === 'needs-attention' ? (
        <Alert tone="error">The server refused this inspection. Open the sync status to see why.</Alert>
      ) : (
        !synced && <p className="text-sm text-slate-700">It will sync by itself when there is a signal.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Link to={backHref} className={buttonClass('primary', 'lg')}>
          {backLabel}
        </Link>
        <Button variant="secondary" size="lg" onClick={onAgain}>
          Inspect again
        </Button>
      </div>
    </section>
  );
}
