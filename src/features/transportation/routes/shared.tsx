/**
 * What the Buses & Routes sections share: the cached rows they read (live,
 * so a pull or another tab's write shows at once), a form's state that keeps
 * what the user typed when a save is refused, and the form dialog.
 */
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useRows, type CacheRow, type TenantDb } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { personName, sortStops, text } from './routes-model';

export interface RoutesData {
  buses: CacheRow[];
  routes: CacheRow[];
  stops: CacheRow[];
  vehicles: CacheRow[];
  campuses: CacheRow[];
  drivers: CacheRow[];
  users: CacheRow[];
  busAssignments: CacheRow[];
  routeAssignments: CacheRow[];
  /** A route's stops in riding order. */
  stopsOf: (routeId: string) => CacheRow[];
  byId: {
    buses: ReadonlyMap<string, CacheRow>;
    routes: ReadonlyMap<string, CacheRow>;
    vehicles: ReadonlyMap<string, CacheRow>;
    campuses: ReadonlyMap<string, CacheRow>;
    drivers: ReadonlyMap<string, CacheRow>;
    users: ReadonlyMap<string, CacheRow>;
  };
}

const index = (rows: readonly CacheRow[]): Map<string, CacheRow> => new Map(rows.map((r) => [r.id, r]));

/** Every table the sections read; undefined until all have loaded (never "empty" while loading). */
export function useRoutesData(db: TenantDb): RoutesData | undefined {
  const buses = useRows(db, 'buses');
  const routes = useRows(db, 'routes');
  const stops = useRows(db, 'route_stops');
  const vehicles = useRows(db, 'vehicles');
  const campuses = useRows(db, 'campus');
  const drivers = useRows(db, 'bus_drivers');
  const users = useRows(db, 'users');
  const busAssignments = useRows(db, 'user_bus_assignments');
  const routeAssignments = useRows(db, 'user_route_assignments');
  return useMemo(() => {
    if (!buses || !routes || !stops || !vehicles || !campuses || !drivers || !users || !busAssignments || !routeAssignments)
      return undefined;
    // A pull drops tombstones from the cache; a row read mid-pull may still carry one.
    const live = (rows: CacheRow[]) => rows.filter((r) => !r.deleted_at);
    const grouped = new Map<string, CacheRow[]>();
    for (const s of live(stops)) {
      const key = text(s.route_id);
      const list = grouped.get(key);
      if (list) list.push(s);
      else grouped.set(key, [s]);
    }
    for (const [k, v] of grouped) grouped.set(k, sortStops(v));
    const data = {
      buses: live(buses),
      routes: live(routes),
      stops: live(stops),
      vehicles: live(vehicles),
      campuses: live(campuses),
      drivers: live(drivers),
      users: live(users),
      busAssignments: live(busAssignments),
      routeAssignments: live(routeAssignments),
    };
    return {
      ...data,
      stopsOf: (routeId: string) => grouped.get(routeId) ?? [],
      byId: {
        buses: index(data.buses),
        routes: index(data.routes),
        vehicles: index(data.vehicles),
        campuses: index(data.campuses),
        drivers: index(data.drivers),
        users: index(data.users),
      },
    };
  }, [buses, routes, stops, vehicles, campuses, drivers, users, busAssignments, routeAssignments]);
}

export function describeError(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function driverName(driver: CacheRow | undefined): string {
  return personName(driver);
}

/** A form's values and errors: a field's error goes when it is edited; a refused save keeps every value typed. */
export function useFormState<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = useCallback((key: keyof T & string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
    setProblem(null);
  }, []);
  const reset = useCallback((next: T) => {
    setValues(next);
    setErrors({});
    setProblem(null);
    setBusy(false);
  }, []);
  return { values, errors, setErrors, problem, setProblem, busy, setBusy, set, reset };
}

/** A dialog holding one form: Save submits it, Cancel and Escape close it, the form-level problem sits above the buttons. */
export function FormModal({
  open,
  title,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  problem,
  children,
  size = 'md',
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  busy: boolean;
  problem: string | null;
  children: ReactNode;
  size?: 'md' | 'lg';
}) {
  const formId = `form-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit}>
        {children}
        {problem && (
          <div className="sm:col-span-2">
            <Alert tone="error">{problem}</Alert>
          </div>
        )}
      </form>
    </Modal>
  );
}

/** A section's outcome line ("Bus 7 added."), announced politely. */
export function Outcome({ notice }: { notice: { tone: 'success' | 'error'; text: string } | null }) {
  return (
    <div role="status" aria-live="polite">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
    </div>
  );
}

export type Notice = { tone: 'success' | 'error'; text: string } | null;
