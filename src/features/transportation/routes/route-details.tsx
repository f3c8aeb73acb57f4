/**
 * One route (?route={id}): what it is, its stops in riding order (add, edit,
 * remove, and Move up / Move down, renumbered 1..n with only the stops whose
 * number changed written), and its riders (student_routes). Every write goes
 * through the offline core, so a driver's route can be fixed with no signal.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { insertRow, listRowsWhere, softDeleteRow, updateRow, type CacheRow, type TenantSync } from '../../../data';
import { Button } from '../../../ui/button';
import { Facts, SelectField } from '../../../ui/controls';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { Field } from '../../../ui/field';
import { Loading } from '../../../ui/loading';
import { Table } from '../../../ui/table';
import {
  changedPatch,
  DIRECTION_LABELS,
  DIRECTIONS,
  directionOf,
  fieldErrors,
  findDriverConflict,
  formatWindow,
  moveStop,
  nextStopOrder,
  orderChanges,
  paramsFor,
  personName,
  removeStop,
  riderFormValues,
  riderSchema,
  riderTaken,
  routeWindow,
  shortTime,
  stopFormValues,
  stopSchema,
  text,
  type RiderForm,
  type StopForm,
} from './routes-model';
import { RouteDialog, routeLabel } from './routes-section';
import { describeError, FormModal, Outcome, useFormState, type Notice, type RoutesData } from './shared';

const linkClass = 'inline-flex min-h-11 items-center text-sm font-semibold text-blue-800 underline-offset-4 hover:underline';

export function RouteDetails({ sync, data, routeId }: { sync: TenantSync; data: RoutesData; routeId: string }) {
  const [params] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const route = data.byId.routes.get(routeId);
  const back = `?${paramsFor(params, { route: null, section: 'routes' }).toString()}`;
  if (!route) {
    return (
      <EmptyState
        title="This route is not on this device"
        action={
          <Link to={back} className={linkClass}>
            Back to routes
          </Link>
        }
      >
        It may have been removed, or it has not synced here yet.
      </EmptyState>
    );
  }
  const stops = data.stopsOf(route.id);
  const window = routeWindow(route, stops);
  return (
    <article className="space-y-6" aria-labelledby="route-heading">
      <Link to={back} className={linkClass}>
        Back to routes
      </Link>
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="route-heading" className="text-lg font-semibold text-slate-900">
            Route {routeLabel(route)}
          </h2>
          <Button
            variant="secondary"
            onClick={() => {
              setNotice(null);
              setEditing(true);
            }}
          >
            Edit route
          </Button>
        </div>
        <Facts
          items={[
            ['Description', text(route.description) || '—'],
            ['Campus', text(data.byId.campuses.get(text(route.campus_id))?.campus_name) || '—'],
            ['Bus', text(data.byId.buses.get(text(route.bus_id))?.bus_number) || '—'],
            ['Driver', route.driver_id ? personName(data.byId.drivers.get(text(route.driver_id))) : '—'],
            ['Direction', DIRECTION_LABELS[directionOf(route)]],
            ['Start time', shortTime(route.starts_at) || '—'],
            ['Runs', window ? formatWindow(window) : 'No times yet'],
            ['Status', route.active === false ? 'Inactive' : 'Active'],
          ]}
        />
      </div>
      <Outcome notice={notice} />
      {editing && (
        <RouteDialog
          sync={sync}
          data={data}
          route={route}
          onClose={() => setEditing(false)}
          onSaved={(t) => {
            setEditing(false);
            setNotice({ tone: 'success', text: t });
          }}
        />
      )}
      <StopsSection sync={sync} data={data} route={route} stops={stops} />
      <RidersSection sync={sync} route={route} stops={stops} />
    </article>
  );
}

/** A stop as pickers and the riders table name it, numbered by its place in `stops` (riding order). */
function stopLabel(s: CacheRow, stops: readonly CacheRow[]): string {
  const time = shortTime(s.scheduled_time);
  return `${stops.indexOf(s) + 1}. ${text(s.name)}${time ? ` (${time})` : ''}`;
}

function StopsSection({ sync, data, route, stops }: { sync: TenantSync; data: RoutesData; route: CacheRow; stops: CacheRow[] }) {
  const [editing, setEditing] = useState<CacheRow | 'new' | null>(null);
  const [removing, setRemoving] = useState<CacheRow | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  // After a move the pressed button may have been re-created in its new place: once the list shows the
  // new order, put focus back on it (or on its twin when it is now disabled at an end of the list).
  const focusAfter = useRef<{ id: string; dir: 'up' | 'down'; index: number } | null>(null);
  useEffect(() => {
    const want = focusAfter.current;
    if (!want || busy || stops.findIndex((s) => s.id === want.id) !== want.index) return;
    focusAfter.current = null;
    const pressed = document.getElementById(`stop-${want.id}-${want.dir}`) as HTMLButtonElement | null;
    const other = document.getElementById(`stop-${want.id}-${want.dir === 'up' ? 'down' : 'up'}`) as HTMLButtonElement | null;
    (pressed && !pressed.disabled ? pressed : other)?.focus();
  }, [stops, busy]);

  const writeOrder = async (ordered: CacheRow[]) => {
    for (const change of orderChanges(ordered)) await updateRow(sync.db, 'route_stops', change.id, { stop_order: change.stop_order });
  };

  const move = async (stop: CacheRow, delta: -1 | 1) => {
    const ordered = moveStop(stops, stop.id, delta);
    setBusy(true);
    try {
      await writeOrder(ordered);
      const at = ordered.findIndex((s) => s.id === stop.id);
      setNotice({ tone: 'success', text: `${text(stop.name)} is now stop ${at + 1} of ${ordered.length}.` });
      focusAfter.current = { id: stop.id, dir: delta < 0 ? 'up' : 'down', index: at };
    } catch (e) {
      setNotice({ tone: 'error', text: `The new order was not saved: ${describeError(e)}` });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (stop: CacheRow) => {
    setBusy(true);
    try {
      const riders = await listRowsWhere(sync.db, 'student_routes', 'route_id', route.id);
      // The server would clear route_stop_id on a hard delete; a soft delete leaves that to us.
      for (const r of riders.filter((r) => r.route_stop_id === stop.id && !r.deleted_at)) {
        await updateRow(sync.db, 'student_routes', r.id, { route_stop_id: null });
      }
      await softDeleteRow(sync.db, 'route_stops', stop.id);
      await writeOrder(removeStop(stops, stop.id));
      setNotice({ tone: 'success', text: `${text(stop.name)} removed.` });
    } catch (e) {
      setNotice({ tone: 'error', text: `The stop was not removed: ${describeError(e)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="stops-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="stops-heading" className="text-lg font-semibold text-slate-900">
          Stops
        </h3>
        <Button
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          Add stop
        </Button>
      </div>
      <Outcome notice={notice} />
      {stops.length === 0 ? (
        <EmptyState title="No stops yet">Add the stops in the order the bus reaches them; you can reorder them after.</EmptyState>
      ) : (
        <ol aria-label="Stops" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {stops.map((s, i) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0 space-y-0.5">
                <p className="font-semibold text-slate-900">
                  <span className="mr-2 inline-block min-w-6 text-slate-600">{i + 1}.</span>
                  {text(s.name)}
                  {shortTime(s.scheduled_time) && <span className="ml-2 font-normal text-slate-700">{shortTime(s.scheduled_time)}</span>}
                </p>
                {text(s.address) && <p className="text-sm text-slate-700">{text(s.address)}</p>}
                {typeof s.latitude === 'number' && typeof s.longitude === 'number' && (
                  <p className="text-sm text-slate-600">
                    {s.latitude}, {s.longitude}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  id={`stop-${s.id}-up`}
                  variant="secondary"
                  aria-label={`Move up: ${text(s.name)}`}
                  disabled={busy || i === 0}
                  onClick={() => void move(s, -1)}
                >
                  Move up
                </Button>
                <Button
                  id={`stop-${s.id}-down`}
                  variant="secondary"
                  aria-label={`Move down: ${text(s.name)}`}
                  disabled={busy || i === stops.length - 1}
                  onClick={() => void move(s, 1)}
                >
                  Move down
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`Edit stop ${text(s.name)}`}
                  onClick={() => {
                    setNotice(null);
                    setEditing(s);
                  }}
                >
                  Edit
                </Button>
                <Button variant="secondary" aria-label={`Remove stop ${text(s.name)}`} disabled={busy} onClick={() => setRemoving(s)}>
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {editing && (
        <StopDialog
          sync={sync}
          data={data}
          route={route}
          stops={stops}
          stop={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(t) => {
            setEditing(null);
            setNotice({ tone: 'success', text: t });
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${text(removing?.name)}?`}
        message="The stop leaves the route and the stops after it move up one. Riders who board here keep riding the route with no stop until you choose one."
        confirmLabel="Remove stop"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const s = removing;
          setRemoving(null);
          if (s) void remove(s);
        }}
      />
    </section>
  );
}

function StopDialog({
  sync,
  data,
  route,
  stops,
  stop,
  onClose,
  onSaved,
}: {
  sync: TenantSync;
  data: RoutesData;
  route: CacheRow;
  stops: CacheRow[];
  stop: CacheRow | null;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const initial = stopFormValues(stop ?? undefined);
  const form = useFormState<StopForm>(initial);
  const { values, errors } = form;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = stopSchema.safeParse(values);
    if (!parsed.success) {
      form.setErrors(fieldErrors(parsed.error));
      return;
    }
    // A new or later stop time can stretch the route into another of its driver's runs.
    const id = stop?.id ?? 'new-stop';
    const candidateStops = [
      ...stops.filter((s) => s.id !== id),
      { id, stop_order: stop ? stop.stop_order : nextStopOrder(stops), scheduled_time: parsed.data.scheduled_time },
    ];
    const driverId = text(route.driver_id);
    const conflict = driverId
      ? findDriverConflict({
          candidate: route,
          candidateStops,
          routes: data.routes,
          stopsOf: data.stopsOf,
          driverName: personName(data.byId.drivers.get(driverId)),
        })
      : null;
    if (conflict) {
      form.setErrors({ scheduled_time: 'This time makes the route overlap another of its driver’s routes' });
      form.setProblem(conflict.message);
      return;
    }
    form.setBusy(true);
    try {
      if (stop) {
        const patch = changedPatch(stopSchema.parse(initial), parsed.data);
        if (Object.keys(patch).length > 0) await updateRow(sync.db, 'route_stops', stop.id, patch);
        onSaved(`${parsed.data.name} saved.`);
      } else {
        await insertRow(sync.db, 'route_stops', { ...parsed.data, route_id: route.id, stop_order: nextStopOrder(stops) });
        onSaved(`${parsed.data.name} added as stop ${nextStopOrder(stops)}.`);
      }
    } catch (err) {
      form.setBusy(false);
      form.setProblem(`The stop was not saved: ${describeError(err)}`);
    }
  };

  return (
    <FormModal
      open
      title={stop ? `Edit stop ${text(stop.name)}` : 'Add stop'}
      submitLabel={stop ? 'Save stop' : 'Add stop'}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      busy={form.busy}
      problem={form.problem}
    >
      <Field
        label="Stop name"
        required
        name="name"
        autoComplete="off"
        value={values.name}
        error={errors.name}
        onChange={(e) => form.set('name', e.target.value)}
      />
      <Field
        label="Scheduled time"
        name="scheduled_time"
        type="time"
        value={values.scheduled_time}
        error={errors.scheduled_time}
        onChange={(e) => form.set('scheduled_time', e.target.value)}
      />
      <div className="sm:col-span-2">
        <Field
          label="Address"
          name="address"
          autoComplete="off"
          value={values.address}
          error={errors.address}
          onChange={(e) => form.set('address', e.target.value)}
        />
      </div>
      <Field
        label="Latitude"
        name="latitude"
        inputMode="decimal"
        hint="-90 to 90"
        value={values.latitude}
        error={errors.latitude}
        onChange={(e) => form.set('latitude', e.target.value)}
      />
      <Field
        label="Longitude"
        name="longitude"
        inputMode="decimal"
        hint="-180 to 180"
        value={values.longitude}
        error={errors.longitude}
        onChange={(e) => form.set('longitude', e.target.value)}
      />
    </FormModal>
  );
}

function RidersSection({ sync, route, stops }: { sync: TenantSync; route: CacheRow; stops: CacheRow[] }) {
  const riders = useLiveQuery(
    async () => (await listRowsWhere(sync.db, 'student_routes', 'route_id', route.id)).filter((r) => !r.deleted_at),
    [sync.db, route.id],
  );
  const [editing, setEditing] = useState<CacheRow | 'new' | null>(null);
  const [removing, setRemoving] = useState<CacheRow | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const stopById = new Map(stops.map((s) => [s.id, s]));
  const sorted = (riders ?? []).sort((a, b) => text(a.student_name).localeCompare(text(b.student_name)));

  const remove = async (rider: CacheRow) => {
    try {
      await softDeleteRow(sync.db, 'student_routes', rider.id);
      setNotice({ tone: 'success', text: `${text(rider.student_name)} no longer rides this route.` });
    } catch (e) {
      setNotice({ tone: 'error', text: `The rider was not removed: ${describeError(e)}` });
    }
  };

  return (
    <section aria-labelledby="riders-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="riders-heading" className="text-lg font-semibold text-slate-900">
          Riders
        </h3>
        <Button
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          Add rider
        </Button>
      </div>
      <Outcome notice={notice} />
      {riders === undefined ? (
        <Loading label="Loading riders..." />
      ) : sorted.length === 0 ? (
        <EmptyState title="No riders yet">Add the students who ride this route and where they board.</EmptyState>
      ) : (
        <Table
          caption="Riders"
          hideCaption
          rows={sorted}
          rowKey={(r) => r.id}
          columns={[
            { key: 'name', header: 'Student', cell: (r) => <span className="font-semibold">{text(r.student_name)}</span> },
            { key: 'id', header: 'Student ID', cell: (r) => text(r.student_id) },
            { key: 'grade', header: 'Grade', cell: (r) => text(r.grade) || '—' },
            {
              key: 'stop',
              header: 'Stop',
              cell: (r) => {
                const s = stopById.get(text(r.route_stop_id));
                return s ? stopLabel(s, stops) : 'No stop';
              },
            },
            { key: 'direction', header: 'Direction', cell: (r) => DIRECTION_LABELS[directionOf(r)] },
            {
              key: 'actions',
              header: <span className="sr-only">Actions</span>,
              cell: (r) => (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    aria-label={`Edit rider ${text(r.student_name)}`}
                    onClick={() => {
                      setNotice(null);
                      setEditing(r);
                    }}
                  >
                    Edit
                  </Button>
                  <Button variant="secondary" aria-label={`Remove rider ${text(r.student_name)}`} onClick={() => setRemoving(r)}>
                    Remove
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      {editing && riders && (
        <RiderDialog
          sync={sync}
          route={route}
          stops={stops}
          riders={riders}
          rider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(t) => {
            setEditing(null);
            setNotice({ tone: 'success', text: t });
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${text(removing?.student_name)} from this route?`}
        message="The student leaves this route's roster, and drivers' emergency rosters no longer list them on it."
        confirmLabel="Remove rider"
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

function RiderDialog({
  sync,
  route,
  stops,
  riders,
  rider,
  onClose,
  onSaved,
}: {
  sync: TenantSync;
  route: CacheRow;
  stops: CacheRow[];
  riders: CacheRow[];
  rider: CacheRow | null;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const initial = riderFormValues(rider ?? undefined);
  const form = useFormState<RiderForm>(initial);
  const { values, errors } = form;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = riderSchema.safeParse(values);
    if (!parsed.success) {
      form.setErrors(fieldErrors(parsed.error));
      return;
    }
    if (parsed.data.route_stop_id && !stops.some((s) => s.id === parsed.data.route_stop_id)) {
      form.setErrors({ route_stop_id: "Choose one of this route's stops" });
      return;
    }
    const taken = riderTaken(parsed.data.student_id, riders, rider?.id);
    if (taken) {
      form.setErrors({ student_id: `${text(taken.student_name)} (${text(taken.student_id)}) already rides this route` });
      return;
    }
    form.setBusy(true);
    try {
      if (rider) {
        const patch = changedPatch(riderSchema.parse(initial), parsed.data);
        if (Object.keys(patch).length > 0) await updateRow(sync.db, 'student_routes', rider.id, patch);
        onSaved(`${parsed.data.student_name} saved.`);
      } else {
        await insertRow(sync.db, 'student_routes', { ...parsed.data, route_id: route.id, active: true });
        onSaved(`${parsed.data.student_name} added to route ${text(route.route_number)}.`);
      }
    } catch (err) {
      form.setBusy(false);
      form.setProblem(`The rider was not saved: ${describeError(err)}`);
    }
  };

  return (
    <FormModal
      open
      title={rider ? `Edit rider ${text(rider.student_name)}` : 'Add rider'}
      submitLabel={rider ? 'Save rider' : 'Add rider'}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      busy={form.busy}
      problem={form.problem}
    >
      <Field
        label="Student ID"
        required
        name="student_id"
        autoComplete="off"
        value={values.student_id}
        error={errors.student_id}
        onChange={(e) => form.set('student_id', e.target.value)}
      />
      <Field
        label="Student name"
        required
        name="student_name"
        autoComplete="off"
        value={values.student_name}
        error={errors.student_name}
        onChange={(e) => form.set('student_name', e.target.value)}
      />
      <Field
        label="Grade"
        name="grade"
        autoComplete="off"
        value={values.grade}
        error={errors.grade}
        onChange={(e) => form.set('grade', e.target.value)}
      />
      <SelectField
        label="Stop"
        name="route_stop_id"
        value={values.route_stop_id}
        error={errors.route_stop_id}
        onChange={(e) => form.set('route_stop_id', e.target.value)}
      >
        <option value="">No stop yet</option>
        {stops.map((s) => (
          <option key={s.id} value={s.id}>
            {stopLabel(s, stops)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Direction"
        name="direction"
        value={values.direction}
        error={errors.direction}
        onChange={(e) => form.set('direction', e.target.value)}
      >
        {DIRECTIONS.map((d) => (
          <option key={d} value={d}>
            {DIRECTION_LABELS[d]}
          </option>
        ))}
      </SelectField>
    </FormModal>
  );
}
