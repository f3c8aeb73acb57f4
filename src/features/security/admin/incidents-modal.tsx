/**
 * Incidents Management (spec §2, §4, §5, §8): stored and synced incidents
 * (DESIGN §10), with search, campus, status and severity filters, Report New
 * Incident, the table, the form, and delete with confirmation. Who may edit
 * or delete follows docs/rls-matrix.md.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  addPhotosToRow,
  insertRowWithPhotos,
  TooManyPhotosError,
  updateRow,
  useRow,
  useRows,
  type CacheRow,
  type TenantSync,
} from '../../../data';
import { PhotoGallery, PhotoPicker, type DraftPhoto } from '../../photos/index';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Modal } from '../../../ui/modal';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { userDisplayName } from './door-log-report';
import type { AdminModalProps } from './doors-modal';
import { AdminTable, RowActions } from './admin-table';
import { CampusOptions, FormActions, FormHeader, SearchBox, SelectField, TextAreaField } from './form-controls';
import { MSG } from './messages';
import { Notice, useNotice } from './notice';
import { can, canEditIncident, incidentFormMode } from './permissions';
import { live, matches, text } from './row';
import {
  EMPTY_INCIDENT,
  incidentFormSchema,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  type IncidentForm,
  type IncidentFormInput,
} from './schemas';
import { useAdminRole } from './use-admin-role';
import { useDeleteConfirm, useEditing } from './use-admin-list';

const cap = (s: string) => s.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** Open until resolved or closed (spec §4). */
export function isOpenIncident(row: Readonly<Record<string, unknown>>): boolean {
  return !row.deleted_at && row.status !== 'resolved' && row.status !== 'closed';
}

export function IncidentsModal({ open, onClose, sync, role: roleOverride }: AdminModalProps) {
  const role = useAdminRole(sync, roleOverride);
  const db = open ? sync.db : null;
  const incidents = useRows(db, 'incidents');
  const campuses = useRows(db, 'campus');
  const users = useRows(db, 'users');
  const me = useRow(sync.db, 'users', sync.db.binding.userId);
  const [search, setSearch] = useState('');
  const [campus, setCampus] = useState('');
  const [status, setStatus] = useState('');
  const [severity, setSeverity] = useState('');
  const { notice, say, stale } = useNotice();
  const { editing, setEditing, done } = useEditing(say, stale);
  const del = useDeleteConfirm(sync, 'incidents', say, { ok: MSG.incidentDeleted, error: () => MSG.incidentDeleteError });
  const userId = sync.db.binding.userId;

  const campusList = useMemo(() => live(campuses).sort((a, b) => text(a, 'campus_name').localeCompare(text(b, 'campus_name'))), [campuses]);
  const userList = useMemo(
    () =>
      live(users)
        .filter((u) => u.active !== false)
        .sort((a, b) => userDisplayName(a).localeCompare(userDisplayName(b))),
    [users],
  );
  const rows = useMemo(
    () =>
      live(incidents)
        .filter(
          (i) =>
            (!campus || i.campus_id === campus) &&
            (!status || i.status === status) &&
            (!severity || i.severity === severity) &&
            matches(
              search,
              text(i, 'title'),
              text(i, 'description'),
              text(i, 'location'),
              text(i, 'reported_by_name'),
              text(i, 'assigned_to_name'),
            ),
        )
        .sort((a, b) => text(b, 'reported_at').localeCompare(text(a, 'reported_at'))),
    [incidents, campus, status, severity, search],
  );

  const activeCount = live(incidents).filter(isOpenIncident).length;

  return (
    <Modal open={open} onClose={onClose} title="Incidents Management" description={`${activeCount} active`} size="2xl">
      <Notice notice={notice} />
      {editing ? (
        <IncidentFormView
          sync={sync}
          incident={editing === 'new' ? null : editing}
          mode={incidentFormMode(role, userId, editing === 'new' ? null : editing)}
          campuses={campusList}
          users={userList}
          reporter={me ? { id: userId, name: userDisplayName(me) } : null}
          onDone={done}
        />
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-end gap-3">
            <SearchBox label="Search incidents" value={search} onChange={setSearch} placeholder="Title, description, location or people" />
            <div className="min-w-40">
              <SelectField label="Campus" value={campus} onChange={(e) => setCampus(e.target.value)}>
                <option value="">All Campuses</option>
                <CampusOptions campuses={campusList} />
              </SelectField>
            </div>
            <div className="min-w-36">
              <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
                <option value="">All Statuses</option>
                {INCIDENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {cap(s)}
                  </option>
                ))}
              </SelectField>
            </div>
            <div className="min-w-36">
              <SelectField label="Severity" value={severity} onChange={(e) => setSeverity(e.target.value)}>
                <option value="">All Severities</option>
                {INCIDENT_SEVERITIES.map((s) => (
                  <option key={s} value={s}>
                    {cap(s)}
                  </option>
                ))}
              </SelectField>
            </div>
            {can(role, 'incident.report') && <Button onClick={() => setEditing('new')}>Report New Incident</Button>}
          </div>
          <AdminTable
            caption="Incidents"
            headers={['Title', 'Severity', 'Status', 'Location', 'Reported By', 'Assigned To', 'Reported At', 'Actions']}
            rows={rows}
            empty={MSG.incidentsEmpty}
          >
            {(i) => (
              <tr key={i.id}>
                <td className="px-3 py-2 font-medium">{text(i, 'title')}</td>
                <td className="px-3 py-2">{cap(text(i, 'severity'))}</td>
                <td className="px-3 py-2">{cap(text(i, 'status'))}</td>
                <td className="px-3 py-2">{[text(i, 'location'), text(i, 'campus_name')].filter(Boolean).join(' · ')}</td>
                <td className="px-3 py-2">{text(i, 'reported_by_name')}</td>
                <td className="px-3 py-2">{text(i, 'assigned_to_name') || '—'}</td>
                <td className="whitespace-nowrap px-3 py-2">{i.reported_at ? new Date(text(i, 'reported_at')).toLocaleString() : ''}</td>
                <td className="px-3 py-2">
                  <RowActions
                    what={`incident ${text(i, 'title')}`}
                    onEdit={canEditIncident(role, userId, i) !== 'none' ? () => setEditing(i) : undefined}
                    onDelete={can(role, 'incident.delete') ? () => del.ask(i) : undefined}
                  />
                </td>
              </tr>
            )}
          </AdminTable>
        </div>
      )}
      <ConfirmDialog message={MSG.incidentDeleteConfirm} {...del.dialog} />
    </Modal>
  );
}

function IncidentFormView({
  sync,
  incident,
  mode,
  campuses,
  users,
  reporter,
  onDone,
}: {
  sync: TenantSync;
  incident: CacheRow | null;
  mode: 'all' | 'own-reported' | 'none';
  campuses: CacheRow[];
  users: CacheRow[];
  reporter: { id: string; name: string } | null;
  onDone: (message: string | null) => void;
}) {
  const creating = incident === null;
  const [formError, setFormError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<DraftPhoto[]>([]);
  const [photosWorking, setPhotosWorking] = useState(false);
  const [heldPhotos, setHeldPhotos] = useState(0);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<IncidentFormInput, unknown, IncidentForm>({
    resolver: zodResolver(incidentFormSchema),
    defaultValues: incident
      ? {
          title: text(incident, 'title'),
          description: text(incident, 'description'),
          severity: (text(incident, 'severity') || 'medium') as IncidentFormInput['severity'],
          status: (text(incident, 'status') || 'reported') as IncidentFormInput['status'],
          location: text(incident, 'location'),
          campus_id: text(incident, 'campus_id'),
          assigned_to: text(incident, 'assigned_to'),
          resolution_notes: text(incident, 'resolution_notes'),
        }
      : EMPTY_INCIDENT,
  });
  const title = useWatch({ control, name: 'title' }) ?? '';
  const description = useWatch({ control, name: 'description' }) ?? '';
  // A non-admin files at "reported" and keeps their own report there (the server refuses anything else).
  const statusLocked = mode !== 'all';

  const onSubmit = handleSubmit(async (f) => {
    setFormError(null);
    const campusName = f.campus_id
      ? text(
          campuses.find((c) => c.id === f.campus_id),
          'campus_name',
        )
      : null;
    const assignee = f.assigned_to ? users.find((u) => u.id === f.assigned_to) : undefined;
    const values = {
      title: f.title,
      description: f.description,
      severity: f.severity,
      status: statusLocked ? 'reported' : f.status,
      location: f.location,
      campus_id: f.campus_id,
      campus_name: campusName || null,
      assigned_to: f.assigned_to,
      assigned_to_name: assignee ? userDisplayName(assignee) : null,
      resolution_notes: f.resolution_notes,
    };
    try {
      if (creating) {
        const saved = await insertRowWithPhotos(
          sync.db,
          'incidents',
          {
            ...values,
            // The server sets both from the session (decision 013); sent so the local copy names its reporter before it syncs.
            reported_by: reporter?.id ?? null,
            reported_by_name: reporter?.name ?? 'Support',
            reported_at: new Date().toISOString(),
          },
          photos,
        );
        onDone(saved.photos === 'no-room' ? MSG.savedWithoutPhotos : MSG.incidentCreated);
      } else {
        // Photos first: one too many is refused before anything is saved.
        const added = await addPhotosToRow(sync.db, 'incidents', incident.id, photos);
        // Stored: a retry after a failed update must not add them again.
        setPhotos([]);
        await updateRow(sync.db, 'incidents', incident.id, values);
        onDone(added === 'no-room' ? MSG.savedWithoutPhotos : MSG.incidentUpdated);
      }
    } catch (e) {
      setFormError(e instanceof TooManyPhotosError ? e.message : MSG.incidentSaveError);
    }
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="space-y-3"
      aria-label={creating ? 'Report New Incident' : 'Edit Incident'}
    >
      <FormHeader title={creating ? 'Report New Incident' : 'Edit Incident'} error={formError} />
      <Field label="Title" required error={errors.title?.message} {...register('title')} />
      <TextAreaField label="Description" required error={errors.description?.message} {...register('description')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Severity" {...register('severity')}>
          {INCIDENT_SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {cap(s)}
            </option>
          ))}
        </SelectField>
        {statusLocked ? (
          <div className="space-y-1 text-sm">
            <input type="hidden" {...register('status')} />
            <p className="font-medium text-slate-800">Status</p>
            <p className="text-slate-700">Reported (an admin moves it on)</p>
          </div>
        ) : (
          <SelectField label="Status" {...register('status')}>
            {INCIDENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {cap(s)}
              </option>
            ))}
          </SelectField>
        )}
        <Field label="Location" {...register('location')} />
        <SelectField label="Campus" {...register('campus_id')}>
          <option value="">No campus</option>
          <CampusOptions campuses={campuses} />
        </SelectField>
        <SelectField label="Assigned To" {...register('assigned_to')}>
          <option value="">Unassigned</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {userDisplayName(u)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Resolution Notes" {...register('resolution_notes')} />
      {incident && (
        <PhotoGallery sync={sync} table="incidents" rowId={incident.id} label="Photos of this incident" onCount={setHeldPhotos} />
      )}
      <PhotoPicker
        photos={photos}
        onChange={setPhotos}
        disabled={isSubmitting}
        onWorkingChange={setPhotosWorking}
        held={incident ? heldPhotos : 0}
      />
      <FormActions
        onCancel={() => onDone(null)}
        busy={isSubmitting}
        disabled={!title.trim() || !description.trim() || photosWorking}
        submitLabel={creating ? 'Report Incident' : 'Update Incident'}
      />
    </form>
  );
}
