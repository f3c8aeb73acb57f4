/**
 * The tenant RLS matrix of docs/rls-matrix.md, cell by cell: every caller x
 * every table x select, insert, update, soft delete and hard delete. The
 * matrix below is the documented one; expected outcomes are derived from it:
 *   select       allowed -> the row is returned; otherwise 0 rows
 *   insert       allowed -> inserted; otherwise 42501 "violates row-level security policy"
 *   update       allowed -> 1 row; otherwise 0 rows (the row is not updatable for the caller)
 *   soft delete  allowed -> 1 row; a caller who may change but not remove gets
 *                42501 from the guard trigger; anyone else 0 rows
 *   hard delete  allowed -> 1 row; otherwise 0 rows
 * Every case runs in a transaction that rolls back, so all cases share one
 * seeded tenant database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../supabase/local/project';
import { attempt, insertSql, newId, type Outcome, type TestProjects } from './helpers/db';
import { CALLERS, FACTORIES, openFixtureTenant, type Caller, type TenantFixtures } from './helpers/tenant-fixtures';

type Op = 'select' | 'insert' | 'update' | 'softDelete' | 'hardDelete';

interface TableRule {
  tables: string[];
  select: Caller[];
  insert: Caller[];
  update: Caller[];
  /** null: the table has no deleted_at (nobody removes rows). */
  softDelete: Caller[] | null;
  hardDelete: Caller[];
}

const SIGNED_IN: Caller[] = ['regular_user', 'office_staff', 'security_admin', 'transportation_admin', 'super_admin', 'support'];
const SECURITY: Caller[] = ['security_admin', 'super_admin', 'support'];
const SUPER: Caller[] = ['super_admin', 'support'];
const TRANSPORT: Caller[] = ['transportation_admin', 'super_admin', 'support'];
const PARKING: Caller[] = ['office_staff', 'security_admin', 'super_admin', 'support'];
const NOBODY: Caller[] = [];

export const TENANT_MATRIX: TableRule[] = [
  {
    tables: ['door_log'],
    select: SIGNED_IN,
    // Support sessions read checks but do not record them (no users row).
    insert: SIGNED_IN.filter((c) => c !== 'support'),
    update: NOBODY,
    softDelete: null,
    hardDelete: NOBODY,
  },
  {
    tables: ['campus', 'doors', 'conditions', 'tenant_settings'],
    select: SIGNED_IN,
    insert: SECURITY,
    update: SECURITY,
    softDelete: SECURITY,
    hardDelete: SECURITY,
  },
  {
    // The target row is assigned to the regular_user.
    tables: ['maintenance_records'],
    select: SIGNED_IN,
    insert: SIGNED_IN,
    update: [...SECURITY, 'regular_user'],
    softDelete: null,
    hardDelete: NOBODY,
  },
  {
    // The target row was reported by the regular_user and is still 'reported'.
    tables: ['incidents'],
    select: SIGNED_IN,
    insert: SIGNED_IN,
    update: [...SECURITY, 'regular_user'],
    softDelete: SUPER,
    hardDelete: SUPER,
  },
  {
    // The target row is another regular user (self-updates are tested below).
    tables: ['users'],
    select: SIGNED_IN,
    insert: NOBODY,
    update: SECURITY,
    softDelete: SUPER,
    hardDelete: SUPER,
  },
  {
    tables: [
      'vehicles',
      'bus_drivers',
      'vehicle_maintenance',
      'fuel_log',
      'buses',
      'bus_log',
      'bus_pings',
      'routes',
      'route_stops',
      'route_stop_events',
      'user_bus_assignments',
      'user_route_assignments',
      'student_routes',
      'student_ride_events',
      'student_drivers',
    ],
    select: TRANSPORT,
    insert: TRANSPORT,
    update: TRANSPORT,
    softDelete: TRANSPORT,
    hardDelete: TRANSPORT,
  },
  {
    // Written by the server alone (the product API, docs/decisions/019).
    tables: ['support_sessions'],
    select: SUPER,
    insert: NOBODY,
    update: NOBODY,
    softDelete: null,
    hardDelete: NOBODY,
  },
  {
    // Missed-check acknowledgements (issue 12): append-only, admins acknowledge.
    tables: ['door_alert_acks'],
    select: SIGNED_IN,
    insert: SECURITY,
    update: NOBODY,
    softDelete: NOBODY,
    hardDelete: NOBODY,
  },
  {
    // Work order comments (issue 13): append-only, every signed-in user adds their own.
    tables: ['maintenance_comments'],
    select: SIGNED_IN,
    insert: SIGNED_IN,
    update: NOBODY,
    softDelete: null,
    hardDelete: NOBODY,
  },
  {
    // Campus sweeps (decision 030): written by start_sweep, end_sweep and
    // triggers only (tests/db/sweeps.test.ts); every signed-in user reads them.
    tables: ['sweeps', 'sweep_doors', 'check_interval_changes'],
    select: SIGNED_IN,
    insert: NOBODY,
    update: NOBODY,
    softDelete: null,
    hardDelete: NOBODY,
  },
  {
    // Officers look plates up in the lot (decision 025).
    tables: ['parking_permits'],
    select: [...PARKING, 'regular_user'],
    insert: PARKING,
    update: PARKING,
    softDelete: PARKING,
    hardDelete: PARKING,
  },
  {
    // Officers write violations; they correct only their own open ones
    // (tests/db/parking-rls.test.ts), and the target row is not theirs.
    tables: ['parking_violations'],
    select: [...PARKING, 'regular_user'],
    insert: [...PARKING, 'regular_user'],
    update: PARKING,
    softDelete: PARKING,
    hardDelete: PARKING,
  },
];

type Expected = 'allowed' | 'hidden' | 'refused';

function expected(rule: TableRule, op: Exclude<Op, 'softDelete'> | 'softDelete', caller: Caller): Expected {
  switch (op) {
    case 'select':
      return rule.select.includes(caller) ? 'allowed' : 'hidden';
    case 'insert':
      return rule.insert.includes(caller) ? 'allowed' : 'refused';
    case 'update':
      return rule.update.includes(caller) ? 'allowed' : 'hidden';
    case 'softDelete':
      if (rule.softDelete!.includes(caller)) return 'allowed';
      return rule.update.includes(caller) ? 'refused' : 'hidden';
    case 'hardDelete':
      return rule.hardDelete.includes(caller) ? 'allowed' : 'hidden';
  }
}

interface Case {
  table: string;
  op: Op;
  caller: Caller;
  expect: Expected;
}

const CASES: Case[] = TENANT_MATRIX.flatMap((rule) =>
  rule.tables.flatMap((table) =>
    (['select', 'insert', 'update', 'softDelete', 'hardDelete'] as Op[])
      .filter((op) => op !== 'softDelete' || rule.softDelete !== null)
      .flatMap((op) => CALLERS.map((caller) => ({ table, op, caller, expect: expected(rule, op, caller) }))),
  ),
);

// An update that changes a real column the caller is allowed to change.
const UPDATE_SET: Record<string, string> = {
  campus: `campus_name = 'Renamed campus'`,
  doors: `location = 'North hall'`,
  conditions: `condition = 'Updated text'`,
  tenant_settings: `setting_value = '12'`,
  door_log: `notes = 'edited'`,
  maintenance_records: `description = 'Latch replaced'`,
  incidents: `description = 'More detail'`,
  users: `department = 'Security'`,
  parking_permits: `parking_spot_number = 'A12'`,
  parking_violations: `description = 'Fire lane'`,
  support_sessions: `reason = 'security_audit'`,
  door_alert_acks: `note = 'Changed note'`,
  maintenance_comments: `body = 'Edited comment'`,
  sweeps: `note = 'Edited note'`,
  sweep_doors: `outcome = 'problem'`,
  check_interval_changes: `hours = 6`,
};

let projects: TestProjects;
let tenant: Project;
let fx: TenantFixtures;

beforeAll(async () => {
  ({ projects, tenant, fx } = await openFixtureTenant());
});

afterAll(async () => {
  await projects?.close();
});

function statementFor(c: Case): { sql: string; params: unknown[] } {
  const t = `public.${c.table}`;
  switch (c.op) {
    case 'select':
      return { sql: `select id from ${t} where id = $1`, params: [fx.main[c.table]] };
    case 'insert': {
      const uid = c.caller === 'anon' ? null : fx.uids[c.caller];
      const caller = { uid, profileId: c.caller === 'support' ? null : uid };
      const row = { id: newId(), ...FACTORIES[c.table]!(fx.parents, caller) };
      return insertSql(c.table, row);
    }
    case 'update':
      return { sql: `update ${t} set ${UPDATE_SET[c.table] ?? 'id = id'} where id = $1`, params: [fx.main[c.table]] };
    case 'softDelete':
      return { sql: `update ${t} set deleted_at = now() where id = $1`, params: [fx.main[c.table]] };
    case 'hardDelete':
      return { sql: `delete from ${t} where id = $1`, params: [fx.leaf[c.table]] };
  }
}

function describeOutcome(o: Outcome): string {
  return o.kind === 'rows' ? `${o.count} row(s)` : `error ${o.code}: ${o.message}`;
}

describe('tenant RLS matrix', () => {
  it('covers every tenant table', async () => {
    const r = await tenant.engine.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public'`);
    const covered = new Set(TENANT_MATRIX.flatMap((m) => m.tables));
    expect(r.rows.map((x) => x.tablename).sort()).toEqual([...covered].sort());
  });

  it("the matrix's regular_user is no driver: no bus, route or driver row is theirs (decision 024)", async () => {
    const o = await attempt(
      tenant.engine,
      fx.claims.regular_user,
      `select id from public.my_bus_ids() id union all select id from public.my_route_ids() id union all select id from public.my_bus_driver_ids() id`,
    );
    expect(o).toEqual({ kind: 'rows', count: 0, rows: [] });
  });

  it.each(CASES)('$caller $op $table -> $expect', async (c) => {
    const { sql, params } = statementFor(c);
    const o = await attempt(tenant.engine, fx.claims[c.caller], sql, params);
    const seen = describeOutcome(o);
    switch (c.expect) {
      case 'allowed':
        expect(o.kind === 'rows' && o.count === 1, seen).toBe(true);
        break;
      case 'hidden':
        expect(o.kind === 'rows' && o.count === 0, seen).toBe(true);
        break;
      case 'refused':
        expect(o.kind === 'error' && o.code === '42501', seen).toBe(true);
        if (c.op === 'insert') expect(seen).toMatch(/violates row-level security policy/);
        break;
    }
  });
});
