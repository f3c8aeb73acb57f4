/**
 * Tenant rules beyond the matrix cells: the users column rules, role flags,
 * server-set times on door_log and updated_at, the reporter and assignee
 * limits, the auth.users mirror triggers and the conditions schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../supabase/local/project';
import { attempt, insertSql, newId, run, SERVICE, userClaims, type Outcome, type TestProjects } from './helpers/db';
import { createTenantUser, openFixtureTenant, type TenantFixtures } from './helpers/tenant-fixtures';

let projects: TestProjects;
let tenant: Project;
let fx: TenantFixtures;

beforeAll(async () => {
  ({ projects, tenant, fx } = await openFixtureTenant());
});

afterAll(async () => {
  await projects?.close();
});

const as = (caller: keyof TenantFixtures['claims'], sql: string, params: unknown[] = []) =>
  attempt(tenant.engine, fx.claims[caller], sql, params);

function rows(o: Outcome): number {
  if (o.kind === 'error') throw new Error(`expected rows, got error ${o.code}: ${o.message}`);
  return o.count;
}

function refused(o: Outcome, message?: RegExp): void {
  expect(o.kind, JSON.stringify(o)).toBe('error');
  if (o.kind !== 'error') return;
  expect(o.code).toBe('42501');
  if (message) expect(o.message).toMatch(message);
}

describe('users: self-service', () => {
  it('a user changes their own first name, last name and phone', async () => {
    const o = await as(
      'regular_user',
      `update public.users set first_name = 'Olivia', last_name = 'Officer', phone = '(512)-555-0100' where id = $1`,
      [fx.uids.regular_user],
    );
    expect(rows(o)).toBe(1);
  });

  it.each([
    [`department = 'Police'`],
    [`role = 'super_admin'`],
    [`active = false`],
    [`email = 'other@test.example'`],
    [`require_password_change = false, password_changed_at = now()`],
    [`deleted_at = now()`],
  ])('a user cannot change %s on their own row', async (set) => {
    refused(
      await as('regular_user', `update public.users set ${set} where id = $1`, [fx.uids.regular_user]),
      /only your first name, last name and phone|only super_admin may remove/,
    );
  });

  it('admins edit their own row like anyone else: no self-promotion', async () => {
    refused(await as('security_admin', `update public.users set role = 'super_admin' where id = $1`, [fx.uids.security_admin]));
    refused(
      await as('transportation_admin', `update public.users set role = 'security_admin' where id = $1`, [fx.uids.transportation_admin]),
    );
  });

  it('a user cannot change another user', async () => {
    expect(rows(await as('regular_user', `update public.users set first_name = 'X' where id = $1`, [fx.uids.office_staff]))).toBe(0);
  });

  it('is_staff_admin is server-only, even for super admins', async () => {
    refused(await as('super_admin', `update public.users set is_staff_admin = true where id = $1`, [fx.main.users]), /server only/);
  });
});

describe('users: security admins', () => {
  it('change a regular user, flags following the role', async () => {
    const o = await as(
      'security_admin',
      `update public.users set role = 'transportation_admin' where id = $1
      returning is_admin, is_transportation_admin, is_security_admin, is_super_admin`,
      [fx.main.users],
    );
    expect(o.kind === 'rows' && o.rows[0]).toEqual({
      is_admin: true,
      is_transportation_admin: true,
      is_security_admin: false,
      is_super_admin: false,
    });
  });

  it('deactivate a regular user', async () => {
    expect(rows(await as('security_admin', `update public.users set active = false where id = $1`, [fx.main.users]))).toBe(1);
  });

  it('cannot grant super_admin', async () => {
    refused(
      await as('security_admin', `update public.users set role = 'super_admin' where id = $1`, [fx.main.users]),
      /cannot change super admins or grant super_admin/,
    );
  });

  it('cannot touch a super admin', async () => {
    expect(rows(await as('security_admin', `update public.users set first_name = 'X' where id = $1`, [fx.uids.super_admin]))).toBe(0);
    expect(rows(await as('security_admin', `update public.users set active = false where id = $1`, [fx.uids.super_admin]))).toBe(0);
  });

  it('cannot remove users', async () => {
    refused(
      await as('security_admin', `update public.users set deleted_at = now() where id = $1`, [fx.main.users]),
      /only super_admin may remove/,
    );
    expect(rows(await as('security_admin', `delete from public.users where id = $1`, [fx.leaf.users]))).toBe(0);
  });
});

describe('users: super admins and the server', () => {
  it('a super admin grants super_admin and the flags follow', async () => {
    const o = await as(
      'super_admin',
      `update public.users set role = 'super_admin', is_super_admin = false where id = $1 returning is_admin, is_super_admin`,
      [fx.main.users],
    );
    expect(o.kind === 'rows' && o.rows[0]).toEqual({ is_admin: true, is_super_admin: true });
  });

  it('flags a client sends are ignored: role decides', async () => {
    const o = await as(
      'super_admin',
      `update public.users set is_super_admin = true, is_admin = true where id = $1 returning role, is_admin, is_super_admin`,
      [fx.main.users],
    );
    expect(o.kind === 'rows' && o.rows[0]).toEqual({ role: 'regular_user', is_admin: false, is_super_admin: false });
  });

  it('the server creates users; the legacy role "user" means regular_user', async () => {
    const id = newId();
    await tenant.engine.query(`insert into auth.users (id, email) values ($1, $2)`, [id, `svc-${id}@test.example`]);
    const { sql, params } = insertSql('users', { id, email: `svc-${id}@test.example`, role: 'user' }, 'role, is_admin');
    const o = await attempt(tenant.engine, SERVICE, sql, params);
    expect(o.kind === 'rows' && o.rows[0]).toEqual({ role: 'regular_user', is_admin: false });
  });

  it('an inactive or removed user is not signed in', async () => {
    const removed = await createTenantUser(tenant.engine, { role: 'super_admin', deleted_at: new Date().toISOString() });
    for (const claims of [fx.claims.inactive, userClaims(removed)]) {
      expect(rows(await attempt(tenant.engine, claims, `select id from public.users`))).toBe(0);
      expect(rows(await attempt(tenant.engine, claims, `select id from public.doors`))).toBe(0);
    }
  });

  it('a JWT without a users row is not signed in, unless it is a support session', async () => {
    expect(rows(await attempt(tenant.engine, userClaims(newId()), `select id from public.doors`))).toBe(0);
    expect(rows(await as('support', `select id from public.doors`))).toBeGreaterThan(0);
  });

  it('a support_session claim on an anon JWT means nothing', async () => {
    expect(rows(await attempt(tenant.engine, { role: 'anon', support_session: newId() }, `select id from public.doors`))).toBe(0);
  });
});

describe('auth mirror triggers', () => {
  it('copies last_sign_in_at from auth.users', async () => {
    const id = await createTenantUser(tenant.engine);
    await tenant.engine.query(`update auth.users set last_sign_in_at = '2026-11-01T08:00:00Z' where id = $1`, [id]);
    const r = await tenant.engine.query<{ t: string }>(`select last_sign_in_at::text t from public.users where id = $1`, [id]);
    expect(r.rows[0]!.t).toBe('2026-11-01 08:00:00+00');
  });

  it('a password change clears require_password_change', async () => {
    const id = await createTenantUser(tenant.engine);
    await tenant.engine.query(`update public.users set require_password_change = true where id = $1`, [id]);
    await tenant.engine.query(`update auth.users set encrypted_password = 'new-hash' where id = $1`, [id]);
    const r = await tenant.engine.query<{ r: boolean; changed: boolean }>(
      `select require_password_change r, password_changed_at is not null changed from public.users where id = $1`,
      [id],
    );
    expect(r.rows[0]).toEqual({ r: false, changed: true });
  });
});

describe('door_log', () => {
  it('keeps the device time and stamps received_at on the server', async () => {
    const { sql, params } = insertSql(
      'door_log',
      {
        door_id: fx.parents.doorId,
        user_id: fx.uids.regular_user,
        created_at: '2026-01-02T03:04:05Z',
        received_at: '2000-01-01T00:00:00Z',
      },
      `created_at::text c, received_at > now() - interval '1 minute' fresh`,
    );
    const o = await as('regular_user', sql, params);
    expect(o.kind === 'rows' && o.rows[0]).toEqual({ c: '2026-01-02 03:04:05+00', fresh: true });
  });

  it("records a check sent in someone else's name as the caller's own (authorship.test.ts)", async () => {
    const { sql, params } = insertSql('door_log', { door_id: fx.parents.doorId, user_id: fx.uids.office_staff }, 'user_id');
    const o = await as('regular_user', sql, params);
    expect(o.kind === 'rows' && o.rows[0]).toEqual({ user_id: fx.uids.regular_user });
  });

  it('even the server cannot rewrite received_at or created_at', async () => {
    const o = await attempt(
      tenant.engine,
      SERVICE,
      `update public.door_log set received_at = '2000-01-01', created_at = '2000-01-01' where id = $1 returning received_at > '2001-01-01' r, created_at > '2001-01-01' c`,
      [fx.main.door_log],
    );
    expect(o.kind === 'rows' && o.rows[0]).toEqual({ r: true, c: true });
  });
});

describe('updated_at', () => {
  it('is set by the server on insert and update, and created_at does not move on update', async () => {
    const id = newId();
    await run(
      tenant.engine,
      fx.claims.security_admin,
      `insert into public.campus (id, campus_name, created_at, updated_at) values ($1, 'Clock', '2026-01-01', '2000-01-01')`,
      [id],
    );
    const before = await tenant.engine.query<{ fresh: boolean }>(
      `select updated_at > now() - interval '1 minute' fresh from public.campus where id = $1`,
      [id],
    );
    expect(before.rows[0]!.fresh).toBe(true);
    const o = await as(
      'security_admin',
      `update public.campus set updated_at = '2000-01-01', created_at = '1999-01-01' where id = $1
       returning updated_at > now() - interval '1 minute' fresh, created_at::date::text c`,
      [id],
    );
    expect(o.kind === 'rows' && o.rows[0]).toEqual({ fresh: true, c: '2026-01-01' });
  });

  it('tombstones stay readable so sync can pull them', async () => {
    const o = await attempt(
      tenant.engine,
      fx.claims.security_admin,
      `with d as (update public.doors set deleted_at = now() where id = $1 returning id) select count(*)::int n from d`,
      [fx.leaf.doors],
    );
    expect(o.kind === 'rows' && o.rows[0]).toEqual({ n: 1 });
  });
});

describe('incidents and maintenance records', () => {
  it('the reporter cannot move an incident forward', async () => {
    refused(
      await as('regular_user', `update public.incidents set status = 'investigating' where id = $1`, [fx.main.incidents]),
      /row-level security/,
    );
  });

  it('the reporter cannot edit once it is no longer reported', async () => {
    await tenant.engine.query(`update public.incidents set status = 'investigating' where id = $1`, [fx.leaf.incidents]);
    expect(rows(await as('regular_user', `update public.incidents set description = 'x' where id = $1`, [fx.leaf.incidents]))).toBe(0);
    expect(rows(await as('security_admin', `update public.incidents set status = 'resolved' where id = $1`, [fx.leaf.incidents]))).toBe(1);
  });

  it('reports are made as oneself, admins included (authorship.test.ts)', async () => {
    const row = { title: 'Broken window', description: 'Room 101', reported_by: fx.uids.office_staff };
    const a = insertSql('incidents', row, 'reported_by');
    for (const caller of ['regular_user', 'security_admin'] as const) {
      const o = await as(caller, a.sql, a.params);
      expect(o.kind === 'rows' && o.rows[0]).toEqual({ reported_by: fx.uids[caller] });
    }
  });

  it('defaults severity medium and status reported', async () => {
    const { sql, params } = insertSql('incidents', { title: 'T', description: 'D', reported_by: fx.uids.regular_user }, 'severity, status');
    const o = await as('regular_user', sql, params);
    expect(o.kind === 'rows' && o.rows[0]).toEqual({ severity: 'medium', status: 'reported' });
  });

  it('the assignee works a record but cannot hand it to someone else', async () => {
    const o = await as(
      'regular_user',
      `update public.maintenance_records set status = 'resolved', resolution_notes = 'Latch tightened' where id = $1 returning resolved_at is not null r`,
      [fx.main.maintenance_records],
    );
    expect(o.kind === 'rows' && o.rows[0]).toEqual({ r: true });
    refused(
      await as('regular_user', `update public.maintenance_records set assigned_to = $2 where id = $1`, [
        fx.main.maintenance_records,
        fx.uids.office_staff,
      ]),
      /row-level security/,
    );
  });
});

describe('conditions', () => {
  it('has one global default with the all-zero id, and a default_condition alias', async () => {
    const zero = '00000000-0000-0000-0000-000000000000';
    const o = await as(
      'security_admin',
      `insert into public.conditions (id, kind, condition) values ($1, 'global', 'Closed and latched') returning default_condition`,
      [zero],
    );
    expect(o.kind === 'rows' && o.rows[0]).toEqual({ default_condition: 'Closed and latched' });
    const bad = await as('security_admin', `insert into public.conditions (kind, condition) values ('global', 'x')`);
    expect(bad.kind === 'error' && bad.code).toBe('23514');
  });

  it('allows one default per campus and one override per door', async () => {
    const campus = await as('security_admin', `insert into public.conditions (kind, campus_id, condition) values ('campus', $1, 'x')`, [
      fx.parents.campusId,
    ]);
    expect(campus.kind === 'error' && campus.code).toBe('23505');
    const door = await as('security_admin', `insert into public.conditions (kind, door_id, condition) values ('door', $1, 'x')`, [
      fx.parents.doorId,
    ]);
    expect(door.kind === 'error' && door.code).toBe('23505');
  });
});

describe('sync writes (upsert on id)', () => {
  it('a new row upserted by a caller who may create but not change it is inserted', async () => {
    const id = newId();
    const o = await as(
      'office_staff',
      `insert into public.maintenance_records (id, door_id, description) values ($1, $2, 'Hinge squeaks')
       on conflict (id) do update set description = excluded.description`,
      [id, fx.parents.doorId],
    );
    expect(rows(o)).toBe(1);
  });

  it('replaying a door check with ignore-duplicates is a no-op, not an error', async () => {
    const o = await as(
      'regular_user',
      `insert into public.door_log (id, door_id, user_id) values ($1, $2, $3) on conflict (id) do nothing`,
      [fx.main.door_log, fx.parents.doorId, fx.uids.regular_user],
    );
    expect(rows(o)).toBe(0);
  });

  it('an upsert that hits a row the caller may not change is refused with 42501', async () => {
    const o = await as(
      'office_staff',
      `insert into public.maintenance_records (id, door_id, description) values ($1, $2, 'x')
       on conflict (id) do update set description = excluded.description`,
      [fx.main.maintenance_records, fx.parents.doorId],
    );
    refused(o, /row-level security/);
  });
});

describe('users: whole-row writes from a stale cache', () => {
  it('keep the server-owned last_sign_in_at and created_at instead of failing', async () => {
    await tenant.engine.query(`update public.users set last_sign_in_at = now() where id = $1`, [fx.uids.office_staff]);
    const o = await as(
      'office_staff',
      `update public.users set first_name = 'Pat', last_sign_in_at = '2001-01-01', created_at = '2001-01-01' where id = $1
       returning last_sign_in_at > '2002-01-01' s, created_at > '2002-01-01' c`,
      [fx.uids.office_staff],
    );
    expect(o.kind === 'rows' && o.rows[0]).toEqual({ s: true, c: true });
  });
});
