/**
 * Doors Management (spec §2, §5, §8): search, campus filter, the doors
 * table, add/edit with ranges (EA1-EA10 creates ten doors), QR preview,
 * logo and uploaded QR image, and delete with confirmation. Writes go
 * through src/data (cache + outbox); the server's RLS has the last word.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { insertRow, updateRow, useRows, type CacheRow, type TenantSync } from '../../../data';
import { compareDoorsAcrossCampuses } from '../../../lib/door-numbers';
import { doorGroupLabel, doorGroupsOf, knownDoorGroups, parseDoorGroupList } from '../../../lib/door-groups';
import { inactiveCampusIds } from '../../../lib/inactive-campuses';
import type { TenantRole } from '../../../lib/roles';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { useFormMessage } from '../../../ui/form-message';
import { Modal } from '../../../ui/modal';
import { doorQrPngDataUrl, encodeDoorQr } from '../../door-checks/index';
import { expandDoorRange } from '../model';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { AdminTable, RowActions } from './admin-table';
import { CampusOptions, FormActions, FormHeader, SearchBox, SelectField } from './form-controls';
import { errorText, MSG } from './messages';
import { Notice, useNotice } from './notice';
import { can } from './permissions';
import { live, matches, text } from './row';
import { DoorImageFields, useDoorImages } from './door-image-fields';
import { qrImageRefusedOnRange, uploadedQrStale } from './door-qr-rules';
import { doorFormSchemaFor, type DoorForm, type DoorFormInput } from './schemas';
import { useAdminRole } from './use-admin-role';
import { useDeleteConfirm, useEditing } from './use-admin-list';
import { DoorGroupsBulk } from './door-groups-bulk';

export interface AdminModalProps {
  open: boolean;
  onClose: () => void;
  sync: TenantSync;
  /** The page's role for a support session (no users row); otherwise read from the cache. */
  role?: TenantRole | null;
}

export function doorQrState(door: Readonly<Record<string, unknown>>): 'Generated' | 'Not Generated' {
  return text(door, 'qr_code') || text(door, 'qr_image') ? 'Generated' : 'Not Generated';
}

export function DoorsModal({ open, onClose, sync, role: roleOverride }: AdminModalProps) {
  const role = useAdminRole(sync, roleOverride);
  const doors = useRows(open ? sync.db : null, 'doors');
  const campuses = useRows(open ? sync.db : null, 'campus');
  const [search, setSearch] = useState('');
  const [campusFilter, setCampusFilter] = useState('');
  const { notice, say, stale: staleNotice } = useNotice();
  const { editing, setEditing, done } = useEditing(say, staleNotice);
  const del = useDeleteConfirm(sync, 'doors', say, { ok: MSG.doorDeleted, error: (e) => MSG.doorDeleteError(errorText(e)) });
  const mayWrite = can(role, 'door.write');
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());

  const campusList = useMemo(() => live(campuses).sort((a, b) => text(a, 'campus_name').localeCompare(text(b, 'campus_name'))), [campuses]);
  const campusName = useMemo(() => new Map(campusList.map((c) => [c.id, text(c, 'campus_name')])), [campusList]);
  // Their doors are off the rounds and counts but still managed here, marked.
  const inactive = useMemo(() => inactiveCampusIds(campusList), [campusList]);
  const rows = useMemo(
    () =>
      live(doors)
        .filter(
          (d) =>
            (!campusFilter || d.campus_id === campusFilter) &&
            matches(search, text(d, 'door_number'), campusName.get(text(d, 'campus_id')) ?? '', text(d, 'camera')),
        )
        .map((d) => ({ d, key: { doorNumber: text(d, 'door_number'), campus: campusName.get(text(d, 'campus_id')) ?? '', id: d.id } }))
        .sort((x, y) => compareDoorsAcrossCampuses(x.key, y.key))
        .map((x) => x.d),
    [doors, campusFilter, search, campusName],
  );
  const shown = rows.slice(0, 500);
  const known = useMemo(() => knownDoorGroups(live(doors)), [doors]);
  // Only doors still listed count as selected: a search that hides one leaves it out of the bulk edit.
  const selected = shown.filter((d) => selectedIds.has(d.id));
  const allShownSelected = shown.length > 0 && selected.length === shown.length;
  const toggle = (id: string) =>
    setSelectedIds((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Modal open={open} onClose={onClose} title="Doors Management" size="xl">
      <Notice notice={notice} />
      {editing ? (
        <DoorForm sync={sync} door={editing === 'new' ? null : editing} campuses={campusList} existing={live(doors)} onDone={done} />
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-end gap-3">
            <SearchBox label="Search doors" value={search} onChange={setSearch} placeholder="Door number, campus or camera" />
            <div className="min-w-48">
              <SelectField label="Campus" value={campusFilter} onChange={(e) => setCampusFilter(e.target.value)}>
                <option value="">All Campuses</option>
                <CampusOptions campuses={campusList} />
              </SelectField>
            </div>
            {mayWrite && <Button onClick={() => setEditing('new')}>Add New Door</Button>}
          </div>
          {mayWrite && (
            <div className="flex flex-wrap items-center gap-3">
              <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={allShownSelected}
                  onChange={() => setSelectedIds(allShownSelected ? new Set() : new Set(shown.map((d) => d.id)))}
                />
                Select all shown
              </label>
              {selected.length > 0 && (
                <DoorGroupsBulk
                  sync={sync}
                  selected={selected}
                  known={known}
                  onDone={(message) => {
                    say('success', message);
                    setSelectedIds(new Set());
                  }}
                />
              )}
            </div>
          )}
          <AdminTable
            caption="Doors"
            headers={[...(mayWrite ? ['Select'] : []), 'Door Number', 'Campus', 'Groups', 'QR Code', 'Camera', 'Actions']}
            rows={shown}
            empty="No doors found."
          >
            {(d) => (
              <tr key={d.id}>
                {mayWrite && (
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      className="size-4"
                      aria-label={`Select door ${text(d, 'door_number')}`}
                      checked={selectedIds.has(d.id)}
                      onChange={() => toggle(d.id)}
                    />
                  </td>
                )}
                <td className="px-3 py-2 font-medium">{text(d, 'door_number')}</td>
                <td className="px-3 py-2">
                  {campusName.get(text(d, 'campus_id')) ?? 'Unknown campus'}
                  {inactive.has(text(d, 'campus_id')) && (
                    <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Inactive campus</span>
                  )}
                </td>
                <td className="px-3 py-2" data-testid="door-groups">
                  {doorGroupsOf(d).map(doorGroupLabel).join(', ') || '—'}
                </td>
                <td className="px-3 py-2">{doorQrState(d)}</td>
                <td className="px-3 py-2">{text(d, 'camera') || '—'}</td>
                <td className="px-3 py-2">
                  <RowActions
                    what={`door ${text(d, 'door_number')}`}
                    viewOnly
                    onEdit={mayWrite ? () => setEditing(d) : undefined}
                    onDelete={mayWrite ? () => del.ask(d) : undefined}
                  />
                </td>
              </tr>
            )}
          </AdminTable>
          {rows.length > 500 && (
            <p className="text-sm text-slate-600">
              Showing the first 500 of {rows.length.toLocaleString()} doors; search or filter to narrow.
            </p>
          )}
        </div>
      )}
      <ConfirmDialog message={MSG.doorDeleteConfirm} {...del.dialog} />
    </Modal>
  );
}

function DoorForm({
  sync,
  door,
  campuses,
  existing,
  onDone,
}: {
  sync: TenantSync;
  door: CacheRow | null;
  campuses: CacheRow[];
  existing: CacheRow[];
  onDone: (message: string | null) => void;
}) {
  const creating = door === null;
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DoorFormInput, unknown, DoorForm>({
    resolver: zodResolver(doorFormSchemaFor(creating)),
    defaultValues: {
      door_number: text(door ?? undefined, 'door_number'),
      campus_id: text(door ?? undefined, 'campus_id'),
      camera: text(door ?? undefined, 'camera'),
    },
  });
  const [groupsText, setGroupsText] = useState(doorGroupsOf(door ?? undefined).join(', '));
  const groups = parseDoorGroupList(groupsText);
  const images = useDoorImages(door);
  const { logo, qrImage } = images;
  const [generated, setGenerated] = useState<boolean>(!!text(door ?? undefined, 'qr_code'));
  const [preview, setPreview] = useState<string | null>(null);
  // "Enter a door number first" and the range refusal go as the door number or campus is edited; a failed save stays.
  const { message: formError, show, onChange } = useFormMessage();
  const setFormError = (text: string | null, blames?: string[]) => show(text ? { tone: 'error', text, blames } : null);

  const doorNumber = useWatch({ control, name: 'door_number' }) ?? '';
  const campusId = useWatch({ control, name: 'campus_id' }) ?? '';
  const range = creating && doorNumber.includes('-') ? expandDoorRange(doorNumber) : null;
  const doorCount = range?.ok ? range.doors.length : 1;
  const campusNameOf = (id: string) =>
    text(
      campuses.find((c) => c.id === id),
      'campus_name',
    );
  const stale = uploadedQrStale(door, { qr_image: qrImage, door_number: doorNumber, campus_id: campusId })
    ? MSG.qrImageStale(text(door ?? undefined, 'door_number'), campusNameOf(text(door ?? undefined, 'campus_id')))
    : null;
  // Saving waits for a picked image to be ready, and for the uploaded QR image to fit the door(s).
  const blocked = images.pending || qrImageRefusedOnRange(doorCount, qrImage) || (!!stale && !images.keepStale);

  const generate = async () => {
    const first = range?.ok ? range.doors[0] : doorNumber.trim();
    if (!first || !campusId) return setFormError(MSG.doorPreviewNeeds, ['door_number', 'campus_id']);
    setFormError(null);
    setGenerated(true);
    try {
      setPreview(await doorQrPngDataUrl({ door_number: first, campus: campusNameOf(campusId) }, { logo }));
    } catch (e) {
      setFormError(errorText(e));
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const parsed = values;
    const campus = campusNameOf(parsed.campus_id);
    const numbers = creating ? (expandDoorRange(parsed.door_number) as { ok: true; doors: string[] }).doors : [parsed.door_number];
    if (qrImageRefusedOnRange(numbers.length, qrImage)) return setFormError(MSG.qrImageOneDoor, ['door_number']);
    if (blocked) return;
    if (!groups.ok) return setFormError(groups.error, ['door_groups']);
    const taken = new Set(
      existing.filter((d) => d.campus_id === parsed.campus_id && d.id !== door?.id).map((d) => text(d, 'door_number').toLowerCase()),
    );
    const clash = numbers.filter((n) => taken.has(n.toLowerCase()));
    if (clash.length) {
      setError('door_number', { message: `Already on this campus: ${clash.slice(0, 5).join(', ')}${clash.length > 5 ? ', ...' : ''}` });
      return;
    }
    const values_ = (n: string) => ({
      door_number: n,
      campus_id: parsed.campus_id,
      camera: parsed.camera,
      door_groups: groups.ok ? groups.groups : [],
      logo,
      qr_image: qrImage,
      qr_code: generated || qrImage ? encodeDoorQr({ door_number: n, campus }) : null,
    });
    try {
      if (creating) {
        for (const n of numbers) await insertRow(sync.db, 'doors', values_(n));
        onDone(numbers.length > 1 ? MSG.doorsCreated(numbers.length) : MSG.doorCreated);
      } else {
        await updateRow(sync.db, 'doors', door.id, values_(parsed.door_number));
        onDone(MSG.doorUpdated);
      }
    } catch (e) {
      setFormError(MSG.doorSaveError(errorText(e)));
    }
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      onChange={onChange}
      noValidate
      className="space-y-4"
      aria-label={creating ? 'Add New Door' : 'Edit Door'}
    >
      <FormHeader title={creating ? 'Add New Door' : 'Edit Door'} error={formError?.text ?? null} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Door Number"
          required
          error={errors.door_number?.message}
          hint={creating ? 'One door (EA1) or a range (EA1-EA10, D001-D005).' : undefined}
          {...register('door_number')}
        />
        <SelectField label="Campus" required error={errors.campus_id?.message} {...register('campus_id')}>
          <option value="">Select a campus</option>
          <CampusOptions campuses={campuses} />
        </SelectField>
        <Field label="Camera" {...register('camera')} />
        <Field
          label="Groups"
          name="door_groups"
          value={groupsText}
          onChange={(e) => setGroupsText(e.target.value)}
          hint="Comma-separated, such as exterior, gym. Sweeps and the compliance report target a group."
          error={groups.ok ? undefined : groups.error}
        />
      </div>
      {range && (
        <div aria-live="polite">
          {range.ok ? (
            <>
              <p className="text-sm font-medium text-slate-800">{range.doors.length} doors will be created:</p>
              <ul className="mt-1 flex max-h-32 flex-wrap gap-1 overflow-y-auto" aria-label="Doors to create">
                {range.doors.map((n) => (
                  <li key={n} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                    {n}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-sm text-red-700">{range.error}</p>
          )}
        </div>
      )}
      <DoorImageFields images={images} doorCount={doorCount} stale={stale} />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void generate()} disabled={!!qrImage}>
          Generate QR Code
        </Button>
        {qrImage && <span className="text-sm text-slate-600">The uploaded QR image is used; remove it to generate one.</span>}
        {!qrImage && preview && (
          <img src={preview} alt={`QR code preview for ${range?.ok ? range.doors[0] : doorNumber}`} className="size-32 rounded border" />
        )}
      </div>
      <FormActions
        onCancel={() => onDone(null)}
        busy={isSubmitting}
        disabled={blocked}
        submitLabel={
          creating ? (range?.ok && range.doors.length > 1 ? `Create ${range.doors.length} Doors` : 'Create Door') : 'Update Door'
        }
      />
    </form>
  );
}
