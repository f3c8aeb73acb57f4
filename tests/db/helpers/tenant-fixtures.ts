/**
 * Factories for a tenant database: one user per role (plus an inactive one
 * and a support session), and a row factory per table that fills the
 * required columns and points at the parent rows made by `seedTenantFixtures`.
 */
import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../../../supabase/local/engine/types';
import type { JwtClaims } from '../../../supabase/local/keys';
import type { Project } from '../../../supabase/local/project';
import { ANON, createAuthUser, insertSql, testProjects, userClaims, type TestProjects } from './db';

export const APP_ROLES = ['regular_user', 'office_staff', 'security_admin', 'transportation_admin', 'super_admin'] as const;
export type AppRole = (typeof APP_ROLES)[number];
/** Every caller the matrix knows. */
export const CALLERS = ['anon', ...APP_ROLES, 'inactive', 'support'] as const;
export type Caller = (typeof CALLERS)[number];

export interface UserOverrides {
  role?: AppRole;
  active?: boolean;
  first_name?: string;
  last_name?: string;
  deleted_at?: string | null;
}

let seq = 0;

/** A tenant user: an auth account and its users row, as the server creates them. */
export async function createTenantUser(db: SqlClient, overrides: UserOverrides = {}): Promise<string> {
  const n = ++seq;
  const role = overrides.role ?? 'regular_user';
  const email = `${role.replace('_', '-')}-${n}-${randomUUID().slice(0, 6)}@test.example`;
  const id = await createAuthUser(db, email, { first_name: overrides.first_name ?? 'Test', last_name: overrides.last_name ?? `User${n}` });
  const { sql, params } = insertSql('users', {
    id,
    email,
    first_name: overrides.first_name ?? 'Test',
    last_name: overrides.last_name ?? `User${n}`,
    role,
    active: overrides.active ?? true,
    deleted_at: overrides.deleted_at ?? null,
  });
  await db.query(sql, params);
  return id;
}

export interface Parents {
  campusId: string;
  doorId: string;
  /** A door with no condition override (for inserting one). */
  spareDoorId: string;
  officerId: string;
  /**
   * A regular user who is none of the matrix's callers: the bus and route
   * assignments name them. Assigning the matrix's regular_user would make it
   * a driver (decision 024), who reads that bus and its routes.
   */
  assigneeId: string;
  vehicleId: string;
  driverId: string;
  busId: string;
  routeId: string;
  stopId: string;
  permitId: string;
  /** A maintenance record (for comments on it). */
  recordId: string;
  /** An ended sweep on campusId (for its doors). */
  sweepId: string;
}

/** uid: the JWT subject; profileId: the caller's users row, if it has one. */
export interface FactoryCaller {
  uid: string | null;
  profileId: string | null;
}
type Factory = (p: Parents, caller: FactoryCaller) => Record<string, unknown>;
const tag = () => randomUUID().slice(0, 8);

/** Required columns of a fresh row per table. */
export const FACTORIES: Record<string, Factory> = {
  campus: () => ({ campus_name: `Campus ${tag()}`, city: 'Lincoln', state: 'TX' }),
  doors: (p) => ({ door_number: `D${tag()}`, campus_id: p.campusId }),
  conditions: (p) => ({ kind: 'door', door_id: p.spareDoorId, condition: 'Sticks in wet weather' }),
  tenant_settings: () => ({ setting_key: `key_${tag()}`, setting_value: '1' }),
  door_log: (p, c) => ({ door_id: p.doorId, user_id: c.uid, door_status: 'operational', campus: 'Main' }),
  maintenance_records: (p) => ({
    door_id: p.doorId,
    door_name: 'EA1',
    issue_type: 'latch',
    description: 'Latch loose',
    assigned_to: p.officerId,
  }),
  incidents: (_p, c) => ({ title: 'Propped door', description: 'Found propped open', reported_by: c.profileId }),
  users: () => ({ email: `x-${tag()}@test.example`, role: 'regular_user' }),
  vehicles: () => ({ vehicle_number: `V${tag()}`, make: 'Ford', model: 'Transit' }),
  bus_drivers: () => ({ first_name: 'Dana', last_name: `Driver${tag()}`, license_number: `TX${tag()}` }),
  vehicle_maintenance: (p) => ({ vehicle_id: p.vehicleId, service_type: 'oil_change' }),
  fuel_log: (p) => ({ vehicle_id: p.vehicleId, gallons: 21.5 }),
  buses: (p) => ({ bus_number: `B${tag()}`, vehicle_id: p.vehicleId, capacity: 48 }),
  routes: (p) => ({ route_number: `R${tag()}`, bus_id: p.busId, driver_id: p.driverId }),
  route_stops: (p) => ({ route_id: p.routeId, stop_order: 1, name: 'Main & 5th' }),
  bus_log: (p) => ({ bus_id: p.busId, driver_id: p.driverId, route_id: p.routeId }),
  bus_pings: (p) => ({ bus_id: p.busId, latitude: 30.5, longitude: -97.6 }),
  route_stop_events: (p) => ({ route_id: p.routeId, route_stop_id: p.stopId, event_type: 'arrived' }),
  user_bus_assignments: (p) => ({ user_id: p.assigneeId, bus_id: p.busId }),
  user_route_assignments: (p) => ({ user_id: p.assigneeId, route_id: p.routeId }),
  student_routes: (p) => ({ student_id: `S${tag()}`, student_name: 'Sam Student', route_id: p.routeId }),
  student_ride_events: (p) => ({ student_id: `S${tag()}`, route_id: p.routeId, event_type: 'boarded' }),
  student_drivers: () => ({ student_id: `S${tag()}`, student_name: 'Sam Student' }),
  parking_permits: () => ({ student_id: `S${tag()}`, student_name: 'Sam Student', license_plate: `P${tag()}` }),
  parking_violations: (p) => ({ permit_id: p.permitId, violation_type: 'no_permit' }),
  support_sessions: () => supportSessionRow(randomUUID()),
  maintenance_comments: (p, c) => ({ record_id: p.recordId, body: 'Parts ordered', user_id: c.uid }),
  door_alert_acks: (p, c) => ({
    door_id: p.doorId,
    last_check_at: null,
    level: 'overdue',
    note: 'Custodian checking it',
    acknowledged_by: c.uid,
  }),
  // Ended, so the main and leaf rows do not clash as two running sweeps of one campus.
  sweeps: (p, c) => ({
    campus_id: p.campusId,
    kind: 'lockup',
    door_group: 'exterior',
    started_by: c.uid,
    started_at: new Date(Date.now() - 3_600_000).toISOString(),
    ended_at: new Date().toISOString(),
  }),
  sweep_doors: (p) => ({ sweep_id: p.sweepId, door_id: p.doorId, door_number: 'EA1', outcome: 'secured' }),
  check_interval_changes: () => ({ hours: 12, effective_at: new Date().toISOString() }),
};

/** A live support session's row, as the product API writes it (30 minutes from now). */
export function supportSessionRow(staffId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Date.now();
  return {
    staff_id: staffId,
    staff_email: `staff-${tag()}@lockstep.test`,
    staff_name: 'Sam Staff',
    reason: 'technical_support',
    started_at: new Date(now).toISOString(),
    expires_at: new Date(now + 30 * 60_000).toISOString(),
    ...overrides,
  };
}

async function insertRow(db: SqlClient, table: string, row: Record<string, unknown>): Promise<string> {
  const { sql, params } = insertSql(table, row);
  const r = await db.query<{ id: string }>(sql, params);
  return r.rows[0]!.id;
}

export interface TenantFixtures {
  uids: Record<Exclude<Caller, 'anon'>, string | null>;
  claims: Record<Caller, JwtClaims>;
  parents: Parents;
  /** Per table: the row update/select/soft-delete cases target (it has dependents). */
  main: Record<string, string>;
  /** Per table: a row nothing references, for hard-delete cases. */
  leaf: Record<string, string>;
}

/** One user per caller and two rows per table, committed as the superuser. */
export async function seedTenantFixtures(db: SqlClient): Promise<TenantFixtures> {
  const uids = {} as Record<Exclude<Caller, 'anon'>, string | null>;
  for (const role of APP_ROLES) uids[role] = await createTenantUser(db, { role });
  uids.inactive = await createTenantUser(db, { role: 'super_admin', active: false });
  // A support session's subject is the platform staff id: no users row here.
  const supportUid = randomUUID();
  uids.support = supportUid;
  // Its claim counts only while the tenant's support_sessions row is live.
  const supportSession = await insertRow(db, 'support_sessions', supportSessionRow(supportUid));
  const claims = { anon: ANON } as Record<Caller, JwtClaims>;
  for (const c of CALLERS) {
    if (c === 'anon') continue;
    claims[c] = c === 'support' ? userClaims(supportUid, { support_session: supportSession }) : userClaims(uids[c]!);
  }

  const officerId = uids.regular_user!;
  const assigneeId = await createTenantUser(db, { role: 'regular_user' });
  const campusId = await insertRow(db, 'campus', { campus_name: 'Main Campus' });
  const doorId = await insertRow(db, 'doors', { door_number: 'EA1', campus_id: campusId });
  const spareDoorId = await insertRow(db, 'doors', { door_number: 'EA2', campus_id: campusId });
  const vehicleId = await insertRow(db, 'vehicles', { vehicle_number: 'V-1' });
  const driverId = await insertRow(db, 'bus_drivers', { first_name: 'Pat', last_name: 'Lee', license_number: 'TX1' });
  const busId = await insertRow(db, 'buses', { bus_number: 'B-1', vehicle_id: vehicleId });
  const routeId = await insertRow(db, 'routes', { route_number: 'R-1', bus_id: busId, driver_id: driverId });
  const stopId = await insertRow(db, 'route_stops', { route_id: routeId, stop_order: 1, name: 'First stop' });
  const permitId = await insertRow(db, 'parking_permits', { student_id: 'S1', student_name: 'Alex', license_plate: 'ABC123' });
  const recordId = await insertRow(db, 'maintenance_records', { door_id: doorId, description: 'Closer leaking' });
  const sweepId = await insertRow(db, 'sweeps', {
    campus_id: campusId,
    kind: 'fire_drill',
    door_group: 'exterior',
    started_at: new Date(Date.now() - 7_200_000).toISOString(),
    ended_at: new Date(Date.now() - 3_600_000).toISOString(),
  });
  const parents: Parents = {
    campusId,
    doorId,
    spareDoorId,
    officerId,
    assigneeId,
    vehicleId,
    driverId,
    busId,
    routeId,
    stopId,
    permitId,
    recordId,
    sweepId,
  };

  const main: Record<string, string> = {
    campus: campusId,
    doors: doorId,
    vehicles: vehicleId,
    bus_drivers: driverId,
    buses: busId,
    routes: routeId,
    route_stops: stopId,
    parking_permits: permitId,
    users: await createTenantUser(db, { role: 'regular_user' }),
  };
  const leaf: Record<string, string> = { users: await createTenantUser(db, { role: 'regular_user' }) };
  const officer = { uid: officerId, profileId: officerId };
  for (const [table, make] of Object.entries(FACTORIES)) {
    if (table === 'users') continue;
    if (!main[table]) {
      const row = table === 'conditions' ? { ...make(parents, officer), door_id: doorId } : make(parents, officer);
      main[table] = await insertRow(db, table, row);
    }
    if (table === 'doors') {
      leaf[table] = await insertRow(db, table, make(parents, officer));
      continue;
    }
    const row =
      table === 'conditions'
        ? { kind: 'campus', campus_id: campusId, condition: 'Check weekly' }
        : table === 'sweep_doors'
          ? { ...make(parents, officer), door_id: spareDoorId, door_number: 'EA2' }
          : make(parents, officer);
    leaf[table] = await insertRow(db, table, row);
  }
  return { uids, claims, parents, main, leaf };
}

/** One fresh tenant project with the fixtures seeded: what each db test file starts from. */
export async function openFixtureTenant(): Promise<{ projects: TestProjects; tenant: Project; fx: TenantFixtures }> {
  const projects = testProjects();
  const tenant = await projects.open('tenant');
  return { projects, tenant, fx: await seedTenantFixtures(tenant.engine) };
}
