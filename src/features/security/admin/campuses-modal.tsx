/**
 * Campuses (spec §2, §5, §8): the campus table and the campus form with
 * address suggestions (after more than 2 characters) and Get Coordinates
 * from Address through the geocoding interface. When the provider cannot be
 * reached the form says so, offers no suggestions and still saves.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { insertRow, updateRow, useRows, type CacheRow, type TenantSync } from '../../../data';
import { getGeocodingProvider, shouldSuggest, type AddressSuggestion, type GeocodingProvider } from '../../../lib/geocoding';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { useFormMessage } from '../../../ui/form-message';
import { Modal } from '../../../ui/modal';
import type { AdminModalProps } from './doors-modal';
import { AdminTable, RowActions } from './admin-table';
import { FormActions, FormHeader, SearchBox, SelectField } from './form-controls';
import { errorText, MSG } from './messages';
import { Notice, useNotice } from './notice';
import { can } from './permissions';
import { live, matches, text } from './row';
import { campusFormSchema, campusValues, type CampusForm, type CampusFormInput } from './schemas';
import { useAdminRole } from './use-admin-role';
import { useEditing } from './use-admin-list';
import { campusRenameQrWarning } from './door-qr-rules';

export const SUGGEST_DEBOUNCE_MS = 300;
const ADDRESS_FIELDS = ['address', 'city', 'state', 'zip_code'];

export function CampusesModal({ open, onClose, sync, role: roleOverride, geocoder }: AdminModalProps & { geocoder?: GeocodingProvider }) {
  const role = useAdminRole(sync, roleOverride);
  const campuses = useRows(open ? sync.db : null, 'campus');
  const doors = useRows(open ? sync.db : null, 'doors');
  const [search, setSearch] = useState('');
  const { notice, say, stale } = useNotice();
  const { editing, setEditing, done } = useEditing(say, stale);
  const mayWrite = can(role, 'campus.write');

  const uploadedQrDoors = useMemo(() => {
    const m = new Map<string, string[]>();
    for (const d of live(doors)) {
      if (!text(d, 'qr_image')) continue;
      const key = text(d, 'campus_id');
      m.set(key, [...(m.get(key) ?? []), text(d, 'door_number')]);
    }
    return m;
  }, [doors]);
  const doorCount = useMemo(() => {
    const m = new Map<string, number>();
    for (const d of live(doors)) m.set(text(d, 'campus_id'), (m.get(text(d, 'campus_id')) ?? 0) + 1);
    return m;
  }, [doors]);
  const rows = useMemo(
    () =>
      live(campuses)
        .filter((c) => matches(search, text(c, 'campus_name'), text(c, 'address_line1'), text(c, 'city')))
        .sort((a, b) => text(a, 'campus_name').localeCompare(text(b, 'campus_name'))),
    [campuses, search],
  );

  return (
    <Modal open={open} onClose={onClose} title="Campuses" size="xl">
      <Notice notice={notice} />
      {editing ? (
        <CampusFormView
          sync={sync}
          campus={editing === 'new' ? null : editing}
          geocoder={geocoder ?? getGeocodingProvider()}
          uploadedQrDoors={editing === 'new' ? [] : (uploadedQrDoors.get(editing.id) ?? [])}
          onDone={done}
          onDoneWithWarning={(message) => {
            done(null);
            say('warning', message);
          }}
        />
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-end gap-3">
            <SearchBox label="Search campuses" value={search} onChange={setSearch} placeholder="Name, address or city" />
            {mayWrite && <Button onClick={() => setEditing('new')}>Add New Campus</Button>}
          </div>
          <AdminTable
            caption="Campuses"
            headers={['Campus Name', 'Address', 'Coordinates', 'Doors', 'Status', 'Actions']}
            rows={rows}
            empty="No campuses found."
          >
            {(c) => (
              <tr key={c.id}>
                <td className="px-3 py-2 font-medium">{text(c, 'campus_name')}</td>
                <td className="px-3 py-2">
                  {[text(c, 'address_line1'), text(c, 'city'), [text(c, 'state'), text(c, 'zip_code')].filter(Boolean).join(' ')]
                    .filter(Boolean)
                    .join(', ')}
                </td>
                <td className="px-3 py-2">
                  {c.latitude != null && c.longitude != null ? `${Number(c.latitude).toFixed(5)}, ${Number(c.longitude).toFixed(5)}` : '—'}
                </td>
                <td className="px-3 py-2">{doorCount.get(c.id) ?? 0}</td>
                <td className="px-3 py-2">{c.active === false ? 'Inactive' : 'Active'}</td>
                <td className="px-3 py-2">
                  <RowActions what={`campus ${text(c, 'campus_name')}`} viewOnly onEdit={mayWrite ? () => setEditing(c) : undefined} />
                </td>
              </tr>
            )}
          </AdminTable>
        </div>
      )}
    </Modal>
  );
}

function numText(v: unknown): string {
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
}

function CampusFormView({
  sync,
  campus,
  geocoder,
  uploadedQrDoors,
  onDone,
  onDoneWithWarning,
}: {
  sync: TenantSync;
  campus: CacheRow | null;
  geocoder: GeocodingProvider;
  /** Door numbers of this campus with an uploaded QR image (it encodes the campus name). */
  uploadedQrDoors: readonly string[];
  onDone: (message: string | null) => void;
  onDoneWithWarning: (message: string) => void;
}) {
  const creating = campus === null;
  const listId = useId();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CampusFormInput, unknown, CampusForm>({
    resolver: zodResolver(campusFormSchema),
    defaultValues: {
      name: text(campus ?? undefined, 'campus_name'),
      address: text(campus ?? undefined, 'address_line1'),
      city: text(campus ?? undefined, 'city'),
      state: text(campus ?? undefined, 'state'),
      zip_code: text(campus ?? undefined, 'zip_code'),
      lat: numText(campus?.latitude),
      lng: numText(campus?.longitude),
      active: campus ? campus.active !== false : true,
    },
  });
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  // "Coordinates found" and "enter an address first" describe the address as typed: editing it retires them.
  const { message: geoMessage, show: showGeo, onChange } = useFormMessage();
  const [locating, setLocating] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const picked = useRef<string | null>(null);
  const address = useWatch({ control, name: 'address' }) ?? '';
  // An address is sent to the maps provider only once the user types one: opening a saved campus sends nothing.
  const saved = useRef(text(campus ?? undefined, 'address_line1'));

  useEffect(() => {
    if (!shouldSuggest(address) || picked.current === address || address === saved.current) {
      setSuggestions([]);
      return;
    }
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      geocoder
        .suggest(address, ctrl.signal)
        .then((r) => {
          if (ctrl.signal.aborted) return;
          if (r.ok) {
            setUnavailable(null);
            setSuggestions(r.value);
          } else {
            setSuggestions([]);
            if (r.reason === 'unavailable') setUnavailable(r.message);
          }
        })
        .catch(() => undefined);
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [address, geocoder]);

  const choose = (s: AddressSuggestion) => {
    picked.current = s.address;
    const opts = { shouldValidate: true, shouldDirty: true };
    setValue('address', s.address, opts);
    if (s.city) setValue('city', s.city, opts);
    if (s.state) setValue('state', s.state, opts);
    if (s.zip) setValue('zip_code', s.zip, opts);
    setValue('lat', String(s.lat), opts);
    setValue('lng', String(s.lng), opts);
    setSuggestions([]);
  };

  const locate = async () => {
    const full = [address, getValues('city'), getValues('state'), getValues('zip_code')].filter((v) => v && v.trim()).join(', ');
    if (!address.trim()) return showGeo({ tone: 'warning', text: MSG.addressFirst, blames: ADDRESS_FIELDS });
    showGeo(null);
    setLocating(true);
    const r = await geocoder.geocode(full);
    setLocating(false);
    if (r.ok) {
      setValue('lat', String(r.value.lat), { shouldValidate: true });
      setValue('lng', String(r.value.lng), { shouldValidate: true });
      showGeo({ tone: 'info', text: `Coordinates found: ${r.value.lat.toFixed(5)}, ${r.value.lng.toFixed(5)}` });
    } else if (r.reason === 'unavailable') {
      setUnavailable(r.message);
    } else {
      showGeo({ tone: 'warning', text: r.message, blames: ADDRESS_FIELDS });
    }
  };

  const onSubmit = handleSubmit(async (f) => {
    setFormError(null);
    try {
      if (creating) {
        await insertRow(sync.db, 'campus', campusValues(f, true));
        onDone(MSG.campusCreated);
      } else {
        await updateRow(sync.db, 'campus', campus.id, campusValues(f, false));
        const stale = campusRenameQrWarning(text(campus, 'campus_name'), f.name, uploadedQrDoors);
        if (stale) onDoneWithWarning(`${MSG.campusUpdated} ${stale}`);
        else onDone(MSG.campusUpdated);
      }
    } catch (e) {
      setFormError(MSG.campusSaveError(errorText(e)));
    }
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      onChange={onChange}
      noValidate
      className="space-y-4"
      aria-label={creating ? 'Add New Campus' : 'Edit Campus'}
    >
      <FormHeader title={creating ? 'Add New Campus' : 'Edit Campus'} error={formError} />
      {unavailable && <Alert tone="warning">{unavailable}</Alert>}
      <Field label="Campus Name" required error={errors.name?.message} {...register('name')} />
      <div className="relative">
        <Field
          label="Address"
          required
          autoComplete="off"
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          error={errors.address?.message}
          hint="Suggestions appear after 3 characters."
          {...register('address')}
        />
        <p className="sr-only" aria-live="polite">
          {suggestions.length ? `${suggestions.length} address suggestions` : ''}
        </p>
        {suggestions.length > 0 && (
          <ul
            id={listId}
            role="listbox"
            aria-label="Address suggestions"
            className="absolute z-10 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-slate-300 bg-white shadow-lg"
          >
            {suggestions.map((s) => (
              <li key={`${s.label}-${s.lat}-${s.lng}`} role="option" aria-selected={false}>
                <button
                  type="button"
                  className="block w-full px-3 py-2 text-left text-sm hover:bg-blue-50 focus-visible:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700"
                  onClick={() => choose(s)}
                >
                  {s.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="City" {...register('city')} />
        <Field label="State" {...register('state')} />
        <Field label="Zip Code" {...register('zip_code')} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Latitude" inputMode="decimal" error={errors.lat?.message} {...register('lat')} />
        <Field label="Longitude" inputMode="decimal" error={errors.lng?.message} {...register('lng')} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void locate()} busy={locating}>
          Get Coordinates from Address
        </Button>
        {geoMessage && (
          <span role="status" className="text-sm text-slate-700">
            {geoMessage.text}
          </span>
        )}
      </div>
      <SelectField label="Status" {...register('active', { setValueAs: (v: unknown) => v === true || v === 'true' })}>
        <option value="true">Active</option>
        <option value="false">Inactive</option>
      </SelectField>
      <FormActions onCancel={() => onDone(null)} busy={isSubmitting} submitLabel={creating ? 'Create Campus' : 'Update Campus'} />
    </form>
  );
}
