/**
 * Routes: the list (active first), add, edit, deactivate and reactivate, and
 * the way into a route's details (?route={id}). A route with a driver is
 * refused when that driver already drives another active route at an
 * overlapping time and direction (routes-model findDriverConflict): the
 * refusal is judged on this device's cache, before anything is written.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { insertRow, updateRow, type CacheRow, type TenantSync } from '../../../data';
import { Button } from '../../../ui/button';
import { SelectField, TextAreaField } from '../../../ui/controls';
import { EmptyState } from '../../../ui/empty-state';
import { Field } from '../../../ui/field';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Table } from '../../../ui/table';
import {
  changedPatch,
  compareBuses,
  compareRoutes,
  DIRECTION_LABELS,
  DIRECTIONS,
  directionOf,
  fieldErrors,
  findDriverConflict,
  formatWindow,
  paramsFor,
  personName,
  routeFormValues,
  routeSchema,
  routeWindow,
  text,
  type RouteForm,
} from './routes-model';
import { describeError, FormModal, Outcome, useFormState, type Notice, type RoutesData } from './shared';

export function routeLabel(r: CacheRow): string {
  const name = text(r.name);
  return name ? `${text(r.route_number)} · ${name}` : text(r.route_number);
}

/** The message refusing `candidate`'s driver, or null when the driver is free then. */
export function driverConflictMessage(data: RoutesData, candidate: Record<string, unknown> & { id?: string }): string | null {
  const driverId = text(candidate.driver_id);
  if (!driverId) return null;
  const conflict = findDriverConflict({
    candidate,
    candidateStops: candidate.id ? data.stopsOf(candidate.id) : [],
    routes: data.routes,
    stopsOf: data.stopsOf,
    driverName: personName(data.byId.drivers.get(driverId)),
  });
  return conflict?.message ?? null;
}

export function RoutesSection({ sync, data }: { sync: TenantSync; data: RoutesData }) {
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<'new' | null>(null);
  const [deactivating, setDeactivating] = useState<CacheRow | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const routes = [...data.routes].sort((a, b) => Number(a.active === false) - Number(b.active === false) || compareRoutes(a, b));

  const setActive = async (route: CacheRow, active: boolean) => {
    if (active) {
      const refused = driverConflictMessage(data, { ...route, active: true });
      if (refused) {
        setNotice({ tone: 'error', text: `Route ${text(route.route_number)} was not reactivated: ${refused}` });
        return;
      }
    }
    try {
      await updateRow(sync.db, 'routes', route.id, { active });
      setNotice({ tone: 'success', text: `Route ${text(route.route_number)} ${active ? 'reactivated' : 'deactivated'}.` });
    } catch (e) {
      setNotice({ tone: 'error', text: `The change was not saved: ${describeError(e)}` });
    }
  };

  return (
    <section aria-labelledby="routes-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="routes-heading" className="text-lg font-semibold text-slate-900">
          Routes
        </h2>
        <Button
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          Add route
        </Button>
      </div>
      <Outcome notice={notice} />
      {routes.length === 0 ? (
        <EmptyState title="No routes yet">Add a route, then its stops and riders.</EmptyState>
      ) : (
        <Table
          caption="Routes"
          hideCaption
          rows={routes}
          rowKey={(r) => r.id}
          columns={[
            {
              key: 'route',
              header: 'Route',
              cell: (r) => (
                <Link
                  to={`?${paramsFor(params, { route: r.id }).toString()}`}
                  className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline-offset-4 hover:underline"
                >
                  {routeLabel(r)}
                </Link>
              ),
            },
            { key: 'campus', header: 'Campus', cell: (r) => text(data.byId.campuses.get(text(r.campus_id))?.campus_name) || '—' },
            { key: 'bus', header: 'Bus', cell: (r) => text(data.byId.buses.get(text(r.bus_id))?.bus_number) || '—' },
            {
              key: 'driver',
              header: 'Driver',
              cell: (r) => (r.driver_id ? personName(data.byId.drivers.get(text(r.driver_id))) : '—'),
            },
            {
              key: 'when',
              header: 'When',
              cell: (r) => {
                const w = routeWindow(r, data.stopsOf(r.id));
                return `${DIRECTION_LABELS[directionOf(r)]}${w ? ` · ${formatWindow(w)}` : ''}`;
              },
            },
            { key: 'stops', header: 'Stops', cell: (r) => data.stopsOf(r.id).length },
            { key: 'status', header: 'Status', cell: (r) => (r.active === false ? 'Inactive' : 'Active') },
            {
              key: 'actions',
              header: <span className="sr-only">Actions</span>,
              cell: (r) =>
                r.active === false ? (
                  <Button
                    variant="secondary"
                    aria-label={`Reactivate route ${text(r.route_number)}`}
                    onClick={() => void setActive(r, true)}
                  >
                    Reactivate
                  </Button>
                ) : (
                  <Button variant="secondary" aria-label={`Deactivate route ${text(r.route_number)}`} onClick={() => setDeactivating(r)}>
                    Deactivate
                  </Button>
                ),
            },
          ]}
        />
      )}
      {editing && (
        <RouteDialog
          sync={sync}
          data={data}
          route={null}
          onClose={() => setEditing(null)}
          onSaved={(t) => {
            setEditing(null);
            setNotice({ tone: 'success', text: t });
          }}
        />
      )}
      <ConfirmDialog
        open={deactivating !== null}
        title={`Deactivate route ${text(deactivating?.route_number)}?`}
        message="The route stops running: its driver is free for other routes and drivers' phones no longer list it. Its stops and riders stay for when it runs again."
        confirmLabel="Deactivate route"
        onCancel={() => setDeactivating(null)}
        onConfirm={() => {
          const r = deactivating;
          setDeactivating(null);
          if (r) void setActive(r, false);
        }}
      />
    </section>
  );
}

export function RouteDialog({
  sync,
  data,
  route,
  onClose,
  onSaved,
}: {
  sync: TenantSync;
  data: RoutesData;
  route: CacheRow | null;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const initial = routeFormValues(route ?? undefined);
  const form = useFormState<RouteForm>(initial);
  const { values, errors } = form;
  const campuses = data.campuses
    .filter((c) => c.active !== false || c.id === route?.campus_id)
    .sort((a, b) => text(a.campus_name).localeCompare(text(b.campus_name)));
  const buses = data.buses.filter((b) => b.active !== false || b.id === route?.bus_id).sort(compareBuses);
  // The current driver stays choosable even once deactivated.
  const drivers = data.drivers
    .filter((d) => d.active !== false || d.id === route?.driver_id)
    .sort((a, b) => text(a.last_name).localeCompare(text(b.last_name)) || text(a.first_name).localeCompare(text(b.first_name)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = routeSchema.safeParse(values);
    if (!parsed.success) {
      form.setErrors(fieldErrors(parsed.error));
      return;
    }
    const refused = driverConflictMessage(data, { ...(route ?? {}), ...parsed.data, active: route ? route.active !== false : true });
    if (refused) {
      form.setErrors({ driver_id: 'Choose another driver, or change the time or direction' });
      form.setProblem(refused);
      return;
    }
    form.setBusy(true);
    try {
      if (route) {
        const patch = changedPatch(routeSchema.parse(initial), parsed.data);
        if (Object.keys(patch).length > 0) await updateRow(sync.db, 'routes', route.id, patch);
        onSaved(`Route ${parsed.data.route_number} saved.`);
      } else {
        await insertRow(sync.db, 'routes', { ...parsed.data, active: true });
        onSaved(`Route ${parsed.data.route_number} added.`);
      }
    } catch (err) {
      form.setBusy(false);
      form.setProblem(`The route was not saved: ${describeError(err)}`);
    }
  };

  return (
    <FormModal
      open
      size="lg"
      title={route ? `Edit route ${text(route.route_number)}` : 'Add route'}
      submitLabel={route ? 'Save route' : 'Add route'}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      busy={form.busy}
      problem={form.problem}
    >
      <Field
        label="Route number"
        required
        name="route_number"
        autoComplete="off"
        value={values.route_number}
        error={errors.route_number}
        onChange={(e) => form.set('route_number', e.target.value)}
      />
      <Field
        label="Name"
        name="name"
        autoComplete="off"
        value={values.name}
        error={errors.name}
        onChange={(e) => form.set('name', e.target.value)}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Description"
          name="description"
          value={values.description}
          error={errors.description}
          onChange={(e) => form.set('description', e.target.value)}
        />
      </div>
      <SelectField
        label="Campus"
        name="campus_id"
        value={values.campus_id}
        error={errors.campus_id}
        onChange={(e) => form.set('campus_id', e.target.value)}
      >
        <option value="">No campus</option>
        {campuses.map((c) => (
          <option key={c.id} value={c.id}>
            {text(c.campus_name)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Bus"
        name="bus_id"
        value={values.bus_id}
        error={errors.bus_id}
        onChange={(e) => form.set('bus_id', e.target.value)}
      >
        <option value="">No bus</option>
        {buses.map((b) => (
          <option key={b.id} value={b.id}>
            {text(b.bus_number)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Driver"
        name="driver_id"
        value={values.driver_id}
        error={errors.driver_id}
        onChange={(e) => form.set('driver_id', e.target.value)}
      >
        <option value="">No driver</option>
        {drivers.map((d) => (
          <option key={d.id} value={d.id}>
            {personName(d)}
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
      <Field
        label="Start time"
        name="starts_at"
        type="time"
        value={values.starts_at}
        error={errors.starts_at}
        hint="Blank: the first stop's time."
        onChange={(e) => form.set('starts_at', e.target.value)}
      />
    </FormModal>
  );
}
