/**
 * Who works on which bus and route: tenant users assigned to a bus
 * (user_bus_assignments) or a route (user_route_assignments) from a start
 * date, with an optional end. Such a user gets the driver's phone screens
 * for those buses while the assignment is current (decision 024). The same
 * user cannot hold two assignments to one bus or route over overlapping
 * dates. Ending an assignment sets its last day; removing it soft-deletes
 * an assignment made in error.
 */
import { useState, type FormEvent } from 'react';
import { insertRow, softDeleteRow, updateRow, type CacheRow, type SyncedTable, type TenantSync } from '../../../data';
import { localDateIso } from '../../../lib/local-date';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/controls';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { Field } from '../../../ui/field';
import { Table } from '../../../ui/table';
import { assignmentCurrent } from '../access';
import {
  assignmentSchema,
  compareBuses,
  compareRoutes,
  endDateSchema,
  fieldErrors,
  findAssignmentOverlap,
  formatDateRange,
  personName,
  text,
  type AssignmentForm,
} from './routes-model';
import { routeLabel } from './routes-section';
import { describeError, FormModal, Outcome, useFormState, type Notice, type RoutesData } from './shared';

type Kind = 'bus' | 'route';

interface KindInfo {
  table: SyncedTable;
  column: 'bus_id' | 'route_id';
  heading: string;
  noun: string;
}

const KINDS: Record<Kind, KindInfo> = {
  bus: { table: 'user_bus_assignments', column: 'bus_id', heading: 'Bus assignments', noun: 'bus' },
  route: { table: 'user_route_assignments', column: 'route_id', heading: 'Route assignments', noun: 'route' },
};

function targetName(kind: Kind, data: RoutesData, id: string): string {
  if (kind === 'bus') return text(data.byId.buses.get(id)?.bus_number) || 'Unknown bus';
  const r = data.byId.routes.get(id);
  return r ? `Route ${routeLabel(r)}` : 'Unknown route';
}

function statusOf(row: CacheRow, today: string): 'Current' | 'Ended' | 'Starts later' {
  if (assignmentCurrent(row, today)) return 'Current';
  return text(row.starts_on) > today ? 'Starts later' : 'Ended';
}

export function AssignmentsSection({ sync, data }: { sync: TenantSync; data: RoutesData }) {
  return (
    <div className="space-y-8">
      <p className="text-sm text-slate-700">
        A person assigned to a bus or route gets its driver's phone screens (roster, pre-trip inspection, drills) while the assignment is
        current. A route's driver is set on the route itself.
      </p>
      <AssignmentList kind="bus" sync={sync} data={data} />
      <AssignmentList kind="route" sync={sync} data={data} />
    </div>
  );
}

function AssignmentList({ kind, sync, data }: { kind: Kind; sync: TenantSync; data: RoutesData }) {
  const info = KINDS[kind];
  const rows = kind === 'bus' ? data.busAssignments : data.routeAssignments;
  const today = localDateIso(new Date());
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<CacheRow | null>(null);
  const [removing, setRemoving] = useState<CacheRow | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const headingId = `${kind}-assignments-heading`;
  const sorted = [...rows].sort(
    (a, b) =>
      Number(statusOf(a, today) === 'Ended') - Number(statusOf(b, today) === 'Ended') ||
      targetName(kind, data, text(a[info.column])).localeCompare(targetName(kind, data, text(b[info.column])), undefined, {
        numeric: true,
      }) ||
      personName(data.byId.users.get(text(a.user_id))).localeCompare(personName(data.byId.users.get(text(b.user_id)))),
  );
  const who = (r: CacheRow) => personName(data.byId.users.get(text(r.user_id)));
  const what = (r: CacheRow) => targetName(kind, data, text(r[info.column]));

  const remove = async (row: CacheRow) => {
    try {
      await softDeleteRow(sync.db, info.table, row.id);
      setNotice({ tone: 'success', text: `${who(row)} removed from ${what(row)}.` });
    } catch (e) {
      setNotice({ tone: 'error', text: `The assignment was not removed: ${describeError(e)}` });
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {info.heading}
        </h2>
        <Button
          onClick={() => {
            setNotice(null);
            setAdding(true);
          }}
        >
          Assign to a {info.noun}
        </Button>
      </div>
      <Outcome notice={notice} />
      {sorted.length === 0 ? (
        <EmptyState title={`No ${info.noun} assignments yet`}>Assign the people who work on each {info.noun}.</EmptyState>
      ) : (
        <Table
          caption={info.heading}
          hideCaption
          rows={sorted}
          rowKey={(r) => r.id}
          columns={[
            { key: 'who', header: 'Person', cell: (r) => <span className="font-semibold">{who(r)}</span> },
            { key: 'what', header: kind === 'bus' ? 'Bus' : 'Route', cell: what },
            {
              key: 'dates',
              header: 'Dates',
              cell: (r) => formatDateRange({ starts_on: text(r.starts_on), ends_on: text(r.ends_on) || null }),
            },
            { key: 'status', header: 'Status', cell: (r) => statusOf(r, today) },
            {
              key: 'actions',
              header: <span className="sr-only">Actions</span>,
              cell: (r) => (
                <div className="flex flex-wrap gap-2">
                  {!text(r.ends_on) && (
                    <Button
                      variant="secondary"
                      aria-label={`End assignment: ${who(r)} on ${what(r)}`}
                      onClick={() => {
                        setNotice(null);
                        setEnding(r);
                      }}
                    >
                      End assignment
                    </Button>
                  )}
                  <Button variant="secondary" aria-label={`Remove assignment: ${who(r)} on ${what(r)}`} onClick={() => setRemoving(r)}>
                    Remove assignment
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      {adding && (
        <AssignDialog
          kind={kind}
          sync={sync}
          data={data}
          onClose={() => setAdding(false)}
          onSaved={(t) => {
            setAdding(false);
            setNotice({ tone: 'success', text: t });
          }}
        />
      )}
      {ending && (
        <EndDialog
          kind={kind}
          sync={sync}
          row={ending}
          label={`${who(ending)} on ${what(ending)}`}
          onClose={() => setEnding(null)}
          onSaved={(t) => {
            setEnding(null);
            setNotice({ tone: 'success', text: t });
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this assignment?"
        message={
          removing
            ? `${who(removing)} will no longer be assigned to ${what(removing)}, past dates included. To keep the record, end the assignment instead.`
            : ''
        }
        confirmLabel="Remove assignment"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const r = removing;
          setRemoving(null);
          if (r) void remove(r);
        }}
      />
    </section>
  );
}

function AssignDialog({
  kind,
  sync,
  data,
  onClose,
  onSaved,
}: {
  kind: Kind;
  sync: TenantSync;
  data: RoutesData;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const info = KINDS[kind];
  const form = useFormState<AssignmentForm>({ user_id: '', target_id: '', starts_on: localDateIso(new Date()), ends_on: '' });
  const { values, errors } = form;
  const people = data.users
    .filter((u) => u.active !== false)
    .map((u) => ({ id: u.id, name: personName(u) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const targets =
    kind === 'bus'
      ? [...data.buses].filter((b) => b.active !== false).sort(compareBuses)
      : [...data.routes].filter((r) => r.active !== false).sort(compareRoutes);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = assignmentSchema.safeParse(values);
    if (!parsed.success) {
      form.setErrors(fieldErrors(parsed.error));
      return;
    }
    const { user_id, target_id, starts_on, ends_on } = parsed.data;
    const rows = kind === 'bus' ? data.busAssignments : data.routeAssignments;
    const clash = findAssignmentOverlap(rows, user_id, info.column, target_id, { starts_on, ends_on });
    const name = people.find((p) => p.id === user_id)?.name ?? 'This person';
    if (clash) {
      form.setProblem(
        `${name} is already assigned to ${targetName(kind, data, target_id)} ${formatDateRange({
          starts_on: text(clash.starts_on),
          ends_on: text(clash.ends_on) || null,
        })}. Change the dates, or end that assignment first.`,
      );
      return;
    }
    form.setBusy(true);
    try {
      await insertRow(sync.db, info.table, { user_id, [info.column]: target_id, starts_on, ends_on });
      onSaved(`${name} assigned to ${targetName(kind, data, target_id)}.`);
    } catch (err) {
      form.setBusy(false);
      form.setProblem(`The assignment was not saved: ${describeError(err)}`);
    }
  };

  return (
    <FormModal
      open
      title={`Assign to a ${info.noun}`}
      submitLabel="Assign"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      busy={form.busy}
      problem={form.problem}
    >
      <SelectField
        label="Person"
        name="user_id"
        value={values.user_id}
        error={errors.user_id}
        onChange={(e) => form.set('user_id', e.target.value)}
      >
        <option value="">Choose a person</option>
        {people.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={kind === 'bus' ? 'Bus' : 'Route'}
        name="target_id"
        value={values.target_id}
        error={errors.target_id}
        onChange={(e) => form.set('target_id', e.target.value)}
      >
        <option value="">Choose a {info.noun}</option>
        {targets.map((t) => (
          <option key={t.id} value={t.id}>
            {kind === 'bus' ? text(t.bus_number) : routeLabel(t)}
          </option>
        ))}
      </SelectField>
      <Field
        label="Starts on"
        required
        type="date"
        name="starts_on"
        value={values.starts_on}
        error={errors.starts_on}
        onChange={(e) => form.set('starts_on', e.target.value)}
      />
      <Field
        label="Ends on"
        type="date"
        name="ends_on"
        hint="Blank: until further notice."
        value={values.ends_on}
        error={errors.ends_on}
        onChange={(e) => form.set('ends_on', e.target.value)}
      />
    </FormModal>
  );
}

function EndDialog({
  kind,
  sync,
  row,
  label,
  onClose,
  onSaved,
}: {
  kind: Kind;
  sync: TenantSync;
  row: CacheRow;
  label: string;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const startsOn = text(row.starts_on).slice(0, 10);
  const today = localDateIso(new Date());
  const form = useFormState<{ ends_on: string }>({ ends_on: today < startsOn ? startsOn : today });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = endDateSchema(startsOn).safeParse(form.values.ends_on);
    if (!parsed.success) {
      form.setErrors({ ends_on: parsed.error.issues[0]?.message ?? 'Enter the last day of the assignment' });
      return;
    }
    form.setBusy(true);
    try {
      await updateRow(sync.db, KINDS[kind].table, row.id, { ends_on: parsed.data });
      onSaved(`${label}: assignment ends ${parsed.data}.`);
    } catch (err) {
      form.setBusy(false);
      form.setProblem(`The assignment was not ended: ${describeError(err)}`);
    }
  };

  return (
    <FormModal
      open
      title="End assignment"
      submitLabel="End assignment"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      busy={form.busy}
      problem={form.problem}
    >
      <p className="text-sm text-slate-700 sm:col-span-2">
        {label}, since {startsOn}.
      </p>
      <Field
        label="Last day"
        required
        type="date"
        name="ends_on"
        value={form.values.ends_on}
        error={form.errors.ends_on}
        onChange={(e) => form.set('ends_on', e.target.value)}
      />
    </FormModal>
  );
}
