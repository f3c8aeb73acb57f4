/**
 * The figures the dashboard's tiles and System Health need, read from the
 * local cache mostly as index counts: doors by status and work orders by
 * priority and status are counted by IndexedDB without reading a row, so a
 * district's 5,000 doors and 20,000 work orders cost a few counts. Only the
 * open incidents and the users are read (their rules look at columns no
 * index can hold: booleans, the sign-in time against a moving cutoff).
 *
 * The cache never holds soft-deleted rows (a pull removes them), so counts
 * need not exclude them; status and priority are NOT NULL on the server, so
 * every row is in the indexes that count them. Rows of the doors table that are not doors (spec
 * §9) are few; they are found through their keys and taken off, and so are the
 * doors of inactive campuses (src/lib/inactive-campuses.ts), through the
 * campus_id index.
 */
import {
  countRows,
  countRowsStartingWith,
  countRowsWhere,
  getRow,
  listRows,
  listRowsWhere,
  listRowsWhereNoneOf,
  listRowsWithPrefix,
  type CacheRow,
  type TenantDb,
} from '../../../data';
import {
  INCIDENT_CLOSED_STATUSES,
  MAINTENANCE_CLOSED_STATUSES,
  MAINTENANCE_HIGH_PRIORITIES,
  healthCountsFromRows,
  type HealthCounts,
} from '../../../../supabase/functions/_shared/health-summary';
import { DOOR_STATUSES, isRealDoor, PSEUDO_DOOR_KEYS, type DoorStatus } from '../../door-checks/index';
import { inactiveCampusIds } from '../../../lib/inactive-campuses';

const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);

async function pseudoDoors(db: TenantDb): Promise<CacheRow[]> {
  const [zero, campusRows, globals] = await Promise.all([
    getRow(db, 'doors', PSEUDO_DOOR_KEYS.id),
    listRowsWithPrefix(db, 'doors', 'id', PSEUDO_DOOR_KEYS.idPrefix),
    listRowsWhere(db, 'doors', 'door_number', PSEUDO_DOOR_KEYS.doorNumber),
  ]);
  const byId = new Map<string, CacheRow>();
  for (const r of [zero, ...campusRows, ...globals]) if (r && !isRealDoor({ id: r.id, door_number: doorNumber(r) })) byId.set(r.id, r);
  return [...byId.values()];
}

const doorNumber = (r: CacheRow) => (typeof r.door_number === 'string' ? r.door_number : null);

async function inactiveCampusDoors(db: TenantDb): Promise<CacheRow[]> {
  const inactive = inactiveCampusIds(await listRows(db, 'campus'));
  return (await Promise.all([...inactive].map((id) => listRowsWhere(db, 'doors', 'campus_id', id)))).flat();
}

/** Rows the counts leave out: non-doors and inactive campuses' doors, each once. */
async function uncountedDoors(db: TenantDb): Promise<CacheRow[]> {
  const byId = new Map<string, CacheRow>();
  const [pseudo, inactive] = await Promise.all([pseudoDoors(db), inactiveCampusDoors(db)]);
  for (const r of [...pseudo, ...inactive]) byId.set(r.id, r);
  return [...byId.values()];
}

async function doorCounts(db: TenantDb): Promise<HealthCounts['doors']> {
  const [all, byStatus, uncounted] = await Promise.all([
    countRows(db, 'doors'),
    Promise.all(DOOR_STATUSES.map(async (s) => [s, await countRowsWhere(db, 'doors', 'status', s)] as const)),
    uncountedDoors(db),
  ]);
  const real = (status: DoorStatus) => (new Map(byStatus).get(status) ?? 0) - uncounted.filter((d) => d.status === status).length;
  return {
    total: all - uncounted.length,
    operational: real('operational'),
    maintenance: real('maintenance'),
    outOfService: real('out_of_service'),
  };
}

async function maintenanceCounts(db: TenantDb): Promise<HealthCounts['maintenance']> {
  const closed = MAINTENANCE_CLOSED_STATUSES;
  const high = MAINTENANCE_HIGH_PRIORITIES;
  const [total, closedCounts, highCounts, highClosedCounts] = await Promise.all([
    countRows(db, 'maintenance_records'),
    Promise.all(closed.map((s) => countRowsWhere(db, 'maintenance_records', 'status', s))),
    Promise.all(high.map((p) => countRowsStartingWith(db, 'maintenance_records', '[priority+status]', p))),
    Promise.all(high.flatMap((p) => closed.map((s) => countRowsWhere(db, 'maintenance_records', '[priority+status]', [p, s])))),
  ]);
  return { total, active: total - sum(closedCounts), highPriority: sum(highCounts) - sum(highClosedCounts) };
}

/** The health counts of this cache at `now` (the users' activity window ends there). */
export async function readCacheCounts(db: TenantDb, now: number): Promise<HealthCounts> {
  const [doors, maintenance, incidentTotal, openIncidents, users] = await Promise.all([
    doorCounts(db),
    maintenanceCounts(db),
    countRows(db, 'incidents'),
    listRowsWhereNoneOf(db, 'incidents', 'status', INCIDENT_CLOSED_STATUSES),
    listRows(db, 'users'),
  ]);
  const fromRows = healthCountsFromRows({ doors: [], maintenance: [], incidents: openIncidents, users }, now);
  return { doors, maintenance, incidents: { ...fromRows.incidents, total: incidentTotal }, users: fromRows.users };
}
