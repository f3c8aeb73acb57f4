/**
 * The Bus Drivers dialog (spec §2, §5): the tenant's drivers from the local
 * cache, a live search, an add form and removal after a confirmation. Every
 * write goes through the offline core, so a driver added with no signal is
 * listed at once and reaches the server when the device is back online.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useRef, useState, type FormEvent } from 'react';
import { insertRow, softDeleteRow, StorageFullError, type CacheRow, type TenantDb } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Field } from '../../../ui/field';
import { useFormMessage, type FormMessage } from '../../../ui/form-message';
import { Loading } from '../../../ui/loading';
import { Modal } from '../../../ui/modal';
import {
  DRIVER_FIELDS,
  DRIVER_MESSAGES,
  EMPTY_DRIVER_FORM,
  driverName,
  driverStatus,
  parseDriver,
  searchDrivers,
  sortDrivers,
  type DriverField,
  type DriverForm,
} from './drivers-model';

/** What a failed local write says: a full device is worth naming (the person can act on it), anything else is the spec's message. */
function failureText(e: unknown, fallback: string): string {
  return e instanceof StorageFullError ? `${fallback}. ${e.message}` : fallback;
}

const LABELS: Record<DriverField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  license_number: 'License number',
  phone: 'Phone (optional)',
};

interface Props {
  db: TenantDb;
  open: boolean;
  onClose: () => void;
}

export function BusDriversDialog({ db, open, onClose }: Props) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Bus Drivers"
      description="Manage drivers for your transportation fleet"
      size="xl"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {open && <DriversBody db={db} />}
    </Modal>
  );
}

function DriversBody({ db }: { db: TenantDb }) {
  // Through the last_name index: the cache hands them back nearly in order.
  const drivers = useLiveQuery(async () => sortDrivers(await db.cache('bus_drivers').orderBy('last_name').toArray()), [db]);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [removing, setRemoving] = useState<CacheRow | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const shown = drivers ? searchDrivers(drivers, deferred) : undefined;
  const searching = deferred.trim() !== '';

  async function confirmRemove(): Promise<void> {
    if (!removing) return;
    setRemoveBusy(true);
    setRemoveError(null);
    try {
      await softDeleteRow(db, 'bus_drivers', removing.id);
      setRemoving(null);
    } catch (e) {
      setRemoving(null);
      setRemoveError(failureText(e, DRIVER_MESSAGES.removeFailed));
    } finally {
      setRemoveBusy(false);
    }
  }

  return (
    <div className="space-y-5">
      <AddDriverForm db={db} />
      <div className="space-y-3">
        <Field
          label="Search drivers"
          type="search"
          placeholder="Search by name, license, or phone"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
        {removeError && <Alert tone="error">{removeError}</Alert>}
        {shown === undefined ? (
          <Loading label="Loading drivers..." />
        ) : (
          <DriversTable
            drivers={shown}
            empty={searching ? DRIVER_MESSAGES.noMatches : DRIVER_MESSAGES.noDrivers}
            onRemove={(d) => {
              setRemoveError(null);
              setRemoving(d);
            }}
          />
        )}
        {shown && drivers && searching && (
          <p className="text-sm text-slate-600" role="status">
            {shown.length} of {drivers.length} drivers shown
          </p>
        )}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Remove driver"
        message={DRIVER_MESSAGES.confirmRemove}
        confirmLabel="Remove"
        busy={removeBusy}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

function DriversTable({ drivers, empty, onRemove }: { drivers: readonly CacheRow[]; empty: string; onRemove: (d: CacheRow) => void }) {
  return (
    // The spec's lists scroll at about 24rem; a district's 2,000 drivers stay inside the dialog.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <div tabIndex={0} role="region" aria-label="Drivers list" className="max-h-96 overflow-y-auto rounded-xl border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">Drivers</caption>
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            {['Name', 'License', 'Phone', 'Status'].map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold text-slate-700">
                {h}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-semibold text-slate-700">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {drivers.length === 0 ? (
            <tr>
              <td colSpan={5} className="px-4 py-6 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            drivers.map((d) => {
              const name = driverName(d);
              const status = driverStatus(d);
              return (
                <tr key={d.id}>
                  <td className="px-4 py-2 font-medium text-slate-900">{name}</td>
                  <td className="px-4 py-2 text-slate-800">{typeof d.license_number === 'string' ? d.license_number : '—'}</td>
                  <td className="px-4 py-2 text-slate-800">{typeof d.phone === 'string' && d.phone ? d.phone : '—'}</td>
                  <td className="px-4 py-2">
                    <span
                      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${
                        status === 'Active' ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'
                      }`}
                    >
                      {status}
                    </span>
                  </td>
                  <td className="px-4 py-2 text-right">
                    <Button variant="secondary" onClick={() => onRemove(d)} aria-label={`Remove ${name}`}>
                      Remove
                    </Button>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

type AddMessage = FormMessage & { fields?: readonly DriverField[] };

function AddDriverForm({ db }: { db: TenantDb }) {
  const [form, setForm] = useState<DriverForm>(EMPTY_DRIVER_FORM);
  const [busy, setBusy] = useState(false);
  const { message, show, onChange } = useFormMessage<AddMessage>();
  const firstRef = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (busy) return;
    const parsed = parseDriver(form);
    if (!parsed.ok) {
      show({ tone: 'error', text: parsed.message, blames: parsed.fields, fields: parsed.fields });
      return;
    }
    setBusy(true);
    try {
      await insertRow(db, 'bus_drivers', { ...parsed.driver });
      setForm(EMPTY_DRIVER_FORM);
      show({ tone: 'success', text: `${parsed.driver.first_name} ${parsed.driver.last_name} added.` });
      firstRef.current?.focus();
    } catch (err) {
      show({ tone: 'error', text: failureText(err, DRIVER_MESSAGES.addFailed), blames: [] });
    } finally {
      setBusy(false);
    }
  }

  const invalid = (f: DriverField) => (message?.tone === 'error' && message.fields?.includes(f) ? true : undefined);

  return (
    <form
      noValidate
      aria-label="Add driver"
      onSubmit={(e) => void submit(e)}
      onChange={onChange}
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 className="text-base font-semibold text-slate-900">Add a driver</h3>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {DRIVER_FIELDS.map((f) => (
          <Field
            key={f}
            ref={f === 'first_name' ? firstRef : undefined}
            label={LABELS[f]}
            name={f}
            type={f === 'phone' ? 'tel' : 'text'}
            autoComplete="off"
            required={f !== 'phone'}
            maxLength={100}
            value={form[f]}
            aria-invalid={invalid(f)}
            onChange={(e) => setForm((prev) => ({ ...prev, [f]: e.target.value }))}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={busy}>
          {busy ? 'Saving...' : 'Add Driver'}
        </Button>
        {message && (
          <Alert tone={message.tone} className="flex-1">
            {message.text}
          </Alert>
        )}
      </div>
    </form>
  );
}
