/**
 * One work order: what and where, its state, and what the viewer may do with
 * it. Admins set the priority, due date and assignee; the assignee (and
 * admins) start the work and resolve it with a note saying what was done.
 * Every change goes through the offline core: saved here at once, sent when
 * the connection allows, refused changes shown with the server's reason.
 */
import { useId, useState } from 'react';
import { rowSyncInfo, updateRow, useRowSyncStates, type CacheRow, type TenantSync } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Facts, SelectField, TextAreaField } from '../../../ui/controls';
import { Field } from '../../../ui/field';
import { maintenanceStatusLabel, PRIORITY_LABELS } from '../../../lib/work-order-labels';
import {
  assigneeName,
  campusLabel,
  doorLabel,
  personName,
  statusOf,
  WORK_ORDER_PRIORITIES,
  workOrderRights,
  type WorkOrderContext,
} from '../model';
import {
  COMMENT_MAX,
  resolutionSchema,
  workOrderChangeSchema,
  workOrderFormValues,
  changedFields,
  followRow,
  type WorkOrderForm,
} from '../work-order-form';
import { DoorCheckHistory } from './door-check-history';
import { WorkOrderBadges } from './work-order-badges';
import { WorkOrderComments } from './work-order-comments';
import { WorkOrderPhotos } from './work-order-photos';
import { formatDate } from './work-order-list';

function describeError(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function WorkOrderDetails({
  sync,
  row,
  ctx,
  today,
  isAdmin,
}: {
  sync: TenantSync;
  row: CacheRow;
  ctx: WorkOrderContext;
  today: string;
  isAdmin: boolean;
}) {
  const me = sync.db.binding.userId;
  const rights = workOrderRights(row, me, isAdmin);
  const status = statusOf(row);
  const states = useRowSyncStates(sync.db, 'maintenance_records', [row.id]);
  const sync_ = states ? rowSyncInfo(states, row.id) : null;
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const campus = campusLabel(row, ctx);
  const resolver = typeof row.resolved_by === 'string' ? personName(ctx.users.get(row.resolved_by)) : null;

  const change = async (patch: Record<string, unknown>, done: string) => {
    try {
      await updateRow(sync.db, 'maintenance_records', row.id, patch);
      setNotice({ tone: 'success', text: done });
    } catch (e) {
      setNotice({ tone: 'error', text: `The change was not saved: ${describeError(e)}` });
    }
  };

  return (
    // Any edit in the record's forms clears the last outcome: it describes a change already made (issue 13 §3).
    <article className="space-y-6" aria-label={`Work order for door ${doorLabel(row, ctx)}`} onChange={() => setNotice(null)}>
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <WorkOrderBadges row={row} today={today} />
        <Facts
          items={[
            ['Door', `${doorLabel(row, ctx)}${campus ? ` · ${campus}` : ''}`],
            ['Issue', typeof row.description === 'string' && row.description ? row.description : 'No description'],
            ['Opened', `${formatDate(row.created_at)}${row.source_door_log_id ? ' by a failing door check' : ''}`],
            ['Assigned to', assigneeName(row, ctx) ?? 'Unassigned'],
            ['Due', formatDate(row.due_date)],
            ['Status', maintenanceStatusLabel(status)],
            ...(status === 'resolved'
              ? ([
                  ['Resolved', `${formatDate(row.resolved_at)}${resolver ? ` by ${resolver}` : ''}`],
                  ['Resolution notes', typeof row.resolution_notes === 'string' && row.resolution_notes ? row.resolution_notes : '—'],
                ] as const)
              : []),
          ]}
        />
        {sync_ && sync_.state !== 'synced' && (
          <p className="text-sm font-semibold text-amber-800">
            {sync_.state === 'pending'
              ? 'Saved on this device; waiting to sync.'
              : `The server refused the last change: ${sync_.error?.message ?? 'unknown reason'}. Open the sync panel to retry or discard it.`}
          </p>
        )}
      </div>

      <div role="status" aria-live="polite">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      </div>

      {rights.manage && <ManageForm key={row.id} row={row} ctx={ctx} onSave={change} />}

      {rights.work && status !== 'resolved' && (
        <WorkActions
          status={status}
          onStart={() => change({ status: 'in_progress' }, 'Work started.')}
          onResolve={(notes) => change({ status: 'resolved', resolution_notes: notes }, 'Work order resolved.')}
        />
      )}
      {rights.manage && status === 'resolved' && (
        <Button variant="secondary" onClick={() => void change({ status: 'open' }, 'Work order reopened.')}>
          Reopen work order
        </Button>
      )}

      <WorkOrderPhotos
        sync={sync}
        recordId={row.id}
        sourceCheckId={typeof row.source_door_log_id === 'string' ? row.source_door_log_id : null}
      />
      <WorkOrderComments sync={sync} recordId={row.id} users={ctx.users} />
      {typeof row.door_id === 'string' && <DoorCheckHistory db={sync.db} doorId={row.door_id} users={ctx.users} />}
    </article>
  );
}

function ManageForm({
  row,
  ctx,
  onSave,
}: {
  row: CacheRow;
  ctx: WorkOrderContext;
  onSave: (patch: Record<string, unknown>, done: string) => Promise<void>;
}) {
  const headingId = useId();
  const current = workOrderFormValues(row);
  // base: the row as this form last saw it; values: what the form shows.
  const [base, setBase] = useState(current);
  const [values, setValues] = useState(current);
  const [errors, setErrors] = useState<Partial<Record<keyof WorkOrderForm, string>>>({});
  const [busy, setBusy] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  if (changedFields(base, current).length > 0) {
    // A pull or a save changed the row: untouched fields follow it (React's adjust-state-on-props pattern).
    setValues(followRow(base, values, current));
    setBase(current);
  }
  const set = (k: keyof WorkOrderForm, v: string) => {
    setValues((x) => ({ ...x, [k]: v }));
    setErrors(({ [k]: _dropped, ...rest }) => rest);
    setUnchanged(false);
  };
  // The current assignee stays choosable even if their account was deactivated since.
  const people = [...ctx.users.values()]
    .filter((u) => (!u.deleted_at && u.active !== false) || u.id === row.assigned_to)
    .map((u) => ({ id: u.id, name: personName(u) ?? 'Unknown user' }))
    .sort((a, b) => a.name.localeCompare(b.name));

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Manage
      </h2>
      <form
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = workOrderChangeSchema.safeParse(values);
          if (!parsed.success) {
            const next: typeof errors = {};
            for (const i of parsed.error.issues) next[i.path[0] as keyof WorkOrderForm] ??= i.message;
            setErrors(next);
            return;
          }
          const changed = changedFields(base, values);
          if (changed.length === 0) {
            setUnchanged(true);
            return;
          }
          setBusy(true);
          const patch = Object.fromEntries(changed.map((k) => [k, parsed.data[k]]));
          void onSave(patch, 'Work order updated.').finally(() => setBusy(false));
        }}
      >
        <SelectField label="Priority" value={values.priority} error={errors.priority} onChange={(e) => set('priority', e.target.value)}>
          {WORK_ORDER_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Due date"
          type="date"
          value={values.due_date}
          error={errors.due_date}
          onChange={(e) => set('due_date', e.target.value)}
        />
        <SelectField
          label="Assign to"
          value={values.assigned_to}
          error={errors.assigned_to}
          onChange={(e) => set('assigned_to', e.target.value)}
        >
          <option value="">Unassigned</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
          <Button type="submit" busy={busy}>
            Save changes
          </Button>
          {unchanged && (
            <p role="status" className="text-sm text-slate-700">
              Nothing changed to save.
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

function WorkActions({
  status,
  onStart,
  onResolve,
}: {
  status: string;
  onStart: () => Promise<void>;
  onResolve: (notes: string) => Promise<void>;
}) {
  const headingId = useId();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Work
      </h2>
      {status === 'open' && (
        <Button variant="secondary" onClick={() => void onStart()}>
          Start work
        </Button>
      )}
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = resolutionSchema.safeParse(notes);
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? 'Say what was done to resolve it');
            return;
          }
          setBusy(true);
          void onResolve(parsed.data).finally(() => setBusy(false));
        }}
      >
        <TextAreaField
          label="Resolution notes"
          rows={3}
          maxLength={COMMENT_MAX + 100}
          value={notes}
          error={error ?? undefined}
          onChange={(e) => {
            setNotes(e.target.value);
            setError(null);
          }}
        />
        <Button type="submit" busy={busy}>
          Resolve work order
        </Button>
      </form>
    </section>
  );
}
