/**
 * The cache reads of the driver's screens and the inspection and drill
 * tabs, live (a pull or a write in another tab re-renders). bus_log and
 * student_ride_events grow every school day, so they are read through their
 * indexes by bus, kind and time, never whole.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { listRowsWhere, useRows, type CacheRow, type SyncedTable, type TenantDb, type TenantSync } from '../../../data';

export interface Fleet {
  buses: CacheRow[];
  routes: CacheRow[];
  stops: CacheRow[];
  studentRoutes: CacheRow[];
  drivers: CacheRow[];
  busAssignments: CacheRow[];
  routeAssignments: CacheRow[];
}

/** The small tables of the fleet (hundreds of rows at most), or undefined while loading. */
export function useFleet(db: TenantDb): Fleet | undefined {
  const buses = useRows(db, 'buses');
  const routes = useRows(db, 'routes');
  const stops = useRows(db, 'route_stops');
  const studentRoutes = useRows(db, 'student_routes');
  const drivers = useRows(db, 'bus_drivers');
  const busAssignments = useRows(db, 'user_bus_assignments');
  const routeAssignments = useRows(db, 'user_route_assignments');
  if (!buses || !routes || !stops || !studentRoutes || !drivers || !busAssignments || !routeAssignments) return undefined;
  return { buses, routes, stops, studentRoutes, drivers, busAssignments, routeAssignments };
}

/** One bus's log from `sinceIso` on, newest first. */
export function useBusLogs(db: TenantDb, busId: string, sinceIso: string): CacheRow[] | undefined {
  return useLiveQuery(
    () => db.cache('bus_log').where('[bus_id+started_at]').between([busId, sinceIso], [busId, '\uffff'], true, true).reverse().toArray(),
    [db, busId, sinceIso],
  );
}

/** Log rows of these kinds started in [fromIso, toIso), newest first. */
export function useLogsOfKinds(
  db: TenantDb,
  kinds: readonly string[],
  fromIso: string,
  toIso: string,
  limit?: number,
): CacheRow[] | undefined {
  const key = kinds.join(',');
  return useLiveQuery(async () => {
    const parts = await Promise.all(
      key.split(',').map((kind) => {
        const range = db.cache('bus_log').where('[kind+started_at]').between([kind, fromIso], [kind, toIso], true, false).reverse();
        return limit ? range.limit(limit).toArray() : range.toArray();
      }),
    );
    const all = parts.flat().sort((a, b) => String(b.started_at ?? '').localeCompare(String(a.started_at ?? '')));
    return limit ? all.slice(0, limit) : all;
  }, [db, key, fromIso, toIso, limit]);
}

/** The marks of these drills (by bus_log id). */
export function useDrillEvents(db: TenantDb, logIds: readonly string[]): CacheRow[] | undefined {
  const key = logIds.join(',');
  return useLiveQuery(async () => {
    if (key === '') return [];
    const parts = await Promise.all(key.split(',').map((id) => listRowsWhere(db, 'student_ride_events', 'bus_log_id', id)));
    return parts.flat();
  }, [db, key]);
}

/**
 * What a driver's phone reads: rows can become visible to a driver without
 * changing (a route handed to them, a new assignment), so an incremental
 * pull would never bring them. Read again from the start, once per opening.
 */
export const DRIVER_TABLES: readonly SyncedTable[] = [
  'bus_drivers',
  'user_bus_assignments',
  'user_route_assignments',
  'buses',
  'routes',
  'route_stops',
  'student_routes',
  'bus_log',
];

export function useDriverRepull(sync: TenantSync): void {
  useEffect(() => {
    let live = true;
    void sync.engine.waitForLeadership().then(() => {
      if (live && navigator.onLine) void sync.engine.pullTables(DRIVER_TABLES, { fromStart: true });
    });
    return () => {
      live = false;
    };
  }, [sync]);
}
