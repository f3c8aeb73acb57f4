/**
 * The staff tools of the product API (issue 11, docs/product-api.md "Staff
 * tools") on an in-process stack, on PGlite or on PostgreSQL when
 * DATABASE_URL is set. Who may call each route is the access matrix's
 * (tests/api/admin-api.test.ts); this file checks what the routes do:
 *
 * 1. tenant users: a created user is a confirmed account on the tenant's
 *    domain with its users row, signs in at once with the unmodified
 *    supabase-js client and must change the password; edit, reset and
 *    deactivate do what they say and write one audit row each; bad bodies
 *    get a 4xx and change neither database;
 * 2. staff: created with a platform account that signs in, deactivated with
 *    it (never yourself);
 * 3. the dashboard's activity, the weekly door-check report and the door
 *    view, each against what the databases hold.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import type { SqlClient } from '../../supabase/local/engine/types';
import { seedDemo } from '../../supabase/local/seed';
import { tenantHealth, type Health } from '../../supabase/functions/_shared/health';
import { startTestStack, TEST_ORIGIN, type TestStack } from '../support/stack';
import {
  ApiClient,
  auditSince,
  auditRows,
  NEW_USER_PASSWORD,
  newStaffBody,
  newUserBody,
  registerTenant,
  signIn,
  uniqueSlug,
  type Caller,
} from './admin-api-helpers';

const ADMIN_EMAIL = 'admin@lockstep.test';
const LIVE = 'lincoln-isd';
const LIVE_DOMAIN = 'lincoln-isd.test';

interface UserView {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  department: string | null;
  role: string;
  is_admin: boolean;
  is_organization_user: boolean;
  active: boolean;
  require_password_change: boolean;
}

describe('the product API: staff tools', () => {
  let t: TestStack;
  let platform: SqlClient;
  let tenantDb: SqlClient;
  let api: ApiClient;
  let tenantId: string;
  let anonKey: string;
  let adminId: string;

  const tenantUrl = () => t.stack.tenantUrl(LIVE);
  const usersPath = () => `/api/admin/tenants/${tenantId}/users`;

  function client(url: string, key: string): SupabaseClient {
    return createClient(url, key, {
      global: { fetch: t.fetch },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }

  /** The tenant's users table and auth accounts as the owner sees them, for "changed nothing". */
  async function tenantSnapshot(): Promise<string> {
    const r = await tenantDb.query<{ digest: string }>(
      `select md5(coalesce((select string_agg(x::text, '|' order by x.id) from public.users x), '')
               || coalesce((select string_agg(a.id::text || a.email || coalesce(a.banned_until::text, '') || a.encrypted_password, '|' order by a.id)
                             from auth.users a), '')) as digest`,
    );
    return r.rows[0]!.digest;
  }

  async function createUser(overrides: Record<string, unknown> = {}): Promise<{ user: UserView; email: string }> {
    return api.admin<{ user: UserView; email: string }>(
      { method: 'POST', path: usersPath(), body: newUserBody(uniqueSlug('tools'), overrides) },
      201,
    );
  }

  beforeAll(async () => {
    t = await startTestStack();
    await seedDemo(t.stack);
    platform = t.stack.platform.engine;
    const project = await t.stack.tenant(LIVE);
    if (!project) throw new Error(`demo tenant ${LIVE} missing`);
    tenantDb = project.engine;
    anonKey = project.keys.anonKey;
    tenantId = (await platform.query<{ id: string }>(`select id::text from public."Tenants" where slug = $1`, [LIVE])).rows[0]!.id;
    adminId = (await platform.query<{ id: string }>(`select id::text from auth.users where email = $1`, [ADMIN_EMAIL])).rows[0]!.id;
    const platformUrl = `${TEST_ORIGIN}/platform`;
    const tokens = new Map<Caller, string>([
      ['staff-admin', (await signIn(t.fetch, platformUrl, t.stack.platform.keys.anonKey, ADMIN_EMAIL, DEMO_PASSWORD)).access_token],
    ]);
    api = new ApiClient(TEST_ORIGIN, t.fetch, tokens);
  });

  afterAll(() => t?.close());

  describe('tenant users', () => {
    it("creates a confirmed account on the tenant's domain that signs in at once and must change its password", async () => {
      const before = await auditRows(platform);
      const username = `${uniqueSlug('new')}@gmail.com`;
      const made = await api.admin<{ user: UserView; email: string }>(
        {
          method: 'POST',
          path: usersPath(),
          body: newUserBody(username, { role: 'security_admin', department: 'Security', phone: '555.123.4567' }),
        },
        201,
      );
      // The organization's domain replaces whatever followed the @.
      expect(made.email).toBe(`${username.split('@')[0]}@${LIVE_DOMAIN}`);
      expect(made.user).toMatchObject({
        email: made.email,
        role: 'security_admin',
        department: 'Security',
        phone: '(555)-123-4567',
        is_organization_user: true,
        active: true,
        require_password_change: true,
      });

      const row = await tenantDb.query<{ email_confirmed_at: string | null }>(
        `select email_confirmed_at::text from auth.users where id = $1`,
        [made.user.id],
      );
      expect(row.rows[0]?.email_confirmed_at).toBeTruthy();

      const signedIn = await client(tenantUrl(), anonKey).auth.signInWithPassword({ email: made.email, password: NEW_USER_PASSWORD });
      expect(signedIn.error).toBeNull();
      const me = await client(tenantUrl(), anonKey);
      await me.auth.setSession({ access_token: signedIn.data.session!.access_token, refresh_token: signedIn.data.session!.refresh_token });
      const own = await me.from('users').select('role, require_password_change').eq('id', made.user.id).single();
      expect(own.data).toEqual({ role: 'security_admin', require_password_change: true });

      const rows = await auditSince(platform, before);
      expect(rows.map((r) => ({ action: r.action, tenant_slug: r.tenant_slug, target: r.target, staff_id: r.staff_id }))).toEqual([
        { action: 'tenant_user.create', tenant_slug: LIVE, target: made.email, staff_id: adminId },
      ]);

      const beforeList = await auditRows(platform);
      const listed = await api.admin<{ users: UserView[] }>({ method: 'GET', path: usersPath() });
      expect(listed.users[0]?.id).toBe(made.user.id);
      const count = await tenantDb.query<{ n: number }>(`select count(*)::int as n from public.users where deleted_at is null`);
      expect(listed.users).toHaveLength(Number(count.rows[0]!.n));
      // Reading the tenant's people is provider access the tenant sees (DESIGN §8).
      expect((await auditSince(platform, beforeList)).map((r) => [r.action, r.tenant_slug, r.target, r.details])).toEqual([
        ['support.read', LIVE, 'users', { users: listed.users.length }],
      ]);
    });

    it.each([
      ['a weak password', { password: 'password' }, 'Password must contain at least one capital letter'],
      ['a short password', { password: 'Ab1!' }, 'Password must be at least 8 characters long'],
      ['an unknown role', { role: 'root' }, 'role'],
      ['an unknown department', { department: 'Kitchen' }, 'department'],
      ['a phone with letters', { phone: '555-CALL-NOW' }, 'Phone: digits only'],
      ['a phone of 11 digits', { phone: '1-555-123-45678' }, 'Phone: at most 10 digits'],
      ['a username with spaces', { username: 'two words' }, 'Username'],
      ['an unknown field', { is_admin: true }, 'is_admin'],
      ['a missing name', { first_name: undefined }, 'Please fill in all required fields before proceeding.'],
    ])('refuses %s with a 422 and creates nothing', async (_label, overrides, message) => {
      const before = await tenantSnapshot();
      const audits = await auditRows(platform);
      const answer = await api.send('staff-admin', { method: 'POST', path: usersPath(), body: newUserBody(uniqueSlug('bad'), overrides) });
      expect(answer.status, answer.text).toBe(422);
      expect(answer.text).toContain(message);
      expect(await tenantSnapshot()).toBe(before);
      expect(await auditSince(platform, audits)).toEqual([]);
    });

    it('refuses a taken email with a 409 and leaves the existing account alone', async () => {
      const before = await tenantSnapshot();
      const answer = await api.send('staff-admin', { method: 'POST', path: usersPath(), body: newUserBody('officer') });
      expect(answer.status, answer.text).toBe(409);
      expect(answer.json?.error).toMatch(/^Failed to create user: /);
      expect(await tenantSnapshot()).toBe(before);
    });

    it('edits names, department, phone (formatted) and role, and audits what changed', async () => {
      const { user } = await createUser();
      const before = await auditRows(platform);
      const edited = await api.admin<{ user: UserView }>({
        method: 'PATCH',
        path: `${usersPath()}/${user.id}`,
        body: { first_name: 'Renamed', department: 'IT', phone: '5551234567', role: 'office_staff' },
      });
      expect(edited.user).toMatchObject({
        first_name: 'Renamed',
        last_name: 'User',
        department: 'IT',
        phone: '(555)-123-4567',
        role: 'office_staff',
      });
      const stored = await tenantDb.query(`select first_name, department, phone, role from public.users where id = $1`, [user.id]);
      expect(stored.rows[0]).toEqual({ first_name: 'Renamed', department: 'IT', phone: '(555)-123-4567', role: 'office_staff' });
      const rows = await auditSince(platform, before);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'tenant_user.update', target: user.email });
      expect(rows[0]!.details).toMatchObject({
        changes: { first_name: { from: 'Matrix', to: 'Renamed' }, role: { from: 'regular_user', to: 'office_staff' } },
      });

      const snapshot = await tenantSnapshot();
      for (const body of [{}, { email: 'x@evil.test' }, { role: 'owner' }, { phone: '12345678901' }]) {
        const answer = await api.send('staff-admin', { method: 'PATCH', path: `${usersPath()}/${user.id}`, body });
        expect(answer.status, JSON.stringify(body)).toBe(422);
      }
      const missing = await api.send('staff-admin', {
        method: 'PATCH',
        path: `${usersPath()}/00000000-0000-4000-8000-000000000000`,
        body: { first_name: 'Nobody' },
      });
      expect(missing.status).toBe(404);
      expect(missing.json?.error).toBe('User not found');
      expect(await tenantSnapshot()).toBe(snapshot);
    });

    it('resets a password: the old one stops working, the new one signs in, and the user must change it', async () => {
      const { user, email } = await createUser();
      // The user chose their own password, so the flag is down before the reset.
      await tenantDb.query(`update public.users set require_password_change = false where id = $1`, [user.id]);
      const weak = await api.send('staff-admin', {
        method: 'POST',
        path: `${usersPath()}/${user.id}/reset-password`,
        body: { password: 'nocapital1!' },
      });
      expect(weak.status).toBe(422);

      const before = await auditRows(platform);
      const reset = await api.admin<{ user: UserView }>({
        method: 'POST',
        path: `${usersPath()}/${user.id}/reset-password`,
        body: { password: 'Reset-Pass-9' },
      });
      expect(reset.user.require_password_change).toBe(true);
      const old = await client(tenantUrl(), anonKey).auth.signInWithPassword({ email, password: NEW_USER_PASSWORD });
      expect(old.error?.message).toBeTruthy();
      const fresh = await client(tenantUrl(), anonKey).auth.signInWithPassword({ email, password: 'Reset-Pass-9' });
      expect(fresh.error).toBeNull();
      expect((await auditSince(platform, before)).map((r) => [r.action, r.target])).toEqual([['tenant_user.reset_password', email]]);
    });

    it('deactivates a user, who then cannot sign in, and audits it', async () => {
      const { user, email } = await createUser();
      const before = await auditRows(platform);
      const done = await api.admin<{ user: UserView }>({ method: 'POST', path: `${usersPath()}/${user.id}/deactivate` });
      expect(done.user.active).toBe(false);
      const refused = await client(tenantUrl(), anonKey).auth.signInWithPassword({ email, password: NEW_USER_PASSWORD });
      expect(refused.error).not.toBeNull();
      expect(refused.data.session).toBeNull();
      expect((await auditSince(platform, before)).map((r) => [r.action, r.target])).toEqual([['tenant_user.deactivate', email]]);
    });

    it("answers 409 with the spec's words for a tenant without a service key, and the connection test says so", async () => {
      const { tenant } = await registerTenant(api);
      const answer = await api.send('staff-admin', {
        method: 'POST',
        path: `/api/admin/tenants/${tenant.id}/users/00000000-0000-4000-8000-000000000000/reset-password`,
        body: { password: 'Reset-Pass-9' },
      });
      expect(answer.status).toBe(409);
      expect(answer.json?.error).toBe('Service role key is required for password reset. Please configure it first.');
      const test = await api.admin<{ ok: boolean; error: string }>({
        method: 'POST',
        path: `/api/admin/tenants/${tenant.id}/connection-test`,
      });
      expect(test.ok).toBe(false);
      expect(test.error).toMatch(/^Service role key is required/);
    });

    it("tests the connection: a live tenant answers with its users' count", async () => {
      const test = await api.admin<{ ok: boolean; users: number; error: string | null }>({
        method: 'POST',
        path: `/api/admin/tenants/${tenantId}/connection-test`,
      });
      const count = await tenantDb.query<{ n: number }>(`select count(*)::int as n from public.users`);
      expect(test).toMatchObject({ ok: true, users: Number(count.rows[0]!.n), error: null });
    });
  });

  describe('staff', () => {
    it('adds a staff member who signs in to the platform, and deactivates them, who then cannot', async () => {
      const body = newStaffBody(uniqueSlug('crew'));
      const before = await auditRows(platform);
      const made = await api.admin<{ staff: { id: string; email: string; active: boolean; is_staff_admin: boolean } }>(
        { method: 'POST', path: '/api/admin/staff', body },
        201,
      );
      expect(made.staff).toMatchObject({ email: body.email, active: true, is_staff_admin: false });
      const platformUrl = `${TEST_ORIGIN}/platform`;
      await expect(
        signIn(t.fetch, platformUrl, t.stack.platform.keys.anonKey, String(body.email), NEW_USER_PASSWORD),
      ).resolves.toBeTruthy();

      const again = await api.send('staff-admin', { method: 'POST', path: '/api/admin/staff', body });
      expect(again.status).toBe(409);

      const listed = await api.admin<{ staff: { id: string }[] }>({ method: 'GET', path: '/api/admin/staff' });
      expect(listed.staff[0]?.id).toBe(made.staff.id);

      const off = await api.admin<{ staff: { active: boolean } }>({ method: 'POST', path: `/api/admin/staff/${made.staff.id}/deactivate` });
      expect(off.staff.active).toBe(false);
      await expect(signIn(t.fetch, platformUrl, t.stack.platform.keys.anonKey, String(body.email), NEW_USER_PASSWORD)).rejects.toThrow();
      expect((await auditSince(platform, before)).map((r) => [r.action, r.target])).toEqual([
        ['staff.create', body.email],
        ['staff.deactivate', body.email],
      ]);
    });

    it('never deactivates the caller, and refuses bad staff bodies without a trace', async () => {
      const audits = await auditRows(platform);
      const self = await api.send('staff-admin', { method: 'POST', path: `/api/admin/staff/${adminId}/deactivate` });
      expect(self.status).toBe(409);
      expect(self.json?.error).toBe('You cannot deactivate yourself');
      for (const overrides of [{ email: 'not-an-email' }, { password: 'weak' }, { is_staff_admin: 'yes' }, { role: 'admin' }]) {
        const answer = await api.send('staff-admin', {
          method: 'POST',
          path: '/api/admin/staff',
          body: newStaffBody(uniqueSlug('bad'), overrides),
        });
        expect(answer.status, JSON.stringify(overrides)).toBe(422);
      }
      const active = await platform.query<{ active: boolean }>(`select active from public."Staff" where id = $1`, [adminId]);
      expect(active.rows[0]?.active).toBe(true);
      expect(await auditSince(platform, audits)).toEqual([]);
    });
  });

  describe('figures', () => {
    it('gives each answering tenant its health by the shared rule over its own counts', async () => {
      const stats = await api.admin<{ perTenant: { slug: string; health: Health | null; reachable: boolean | null }[] }>({
        method: 'GET',
        path: '/api/admin/stats?fresh=1',
      });
      const r = await tenantDb.query<Record<string, number>>(
        `select
           (select count(*)::int from public.doors where deleted_at is null) as doors,
           (select count(*)::int from public.doors where deleted_at is null and status = 'operational') as ops,
           (select count(*)::int from public.maintenance_records) as m,
           (select count(*)::int from public.maintenance_records where status <> 'resolved') as mo,
           (select count(*)::int from public.incidents where deleted_at is null) as i,
           (select count(*)::int from public.incidents where deleted_at is null and status not in ('resolved', 'closed')) as io,
           (select count(*)::int from public.users where deleted_at is null and (is_organization_user or is_admin)) as u,
           (select count(*)::int from public.users where deleted_at is null and active and (is_organization_user or is_admin)
               and last_sign_in_at > now() - interval '30 days') as ua`,
      );
      const n = (k: string) => Number(r.rows[0]![k]);
      const expected = tenantHealth({
        doors: n('doors'),
        doorsOperational: n('ops'),
        maintenance: n('m'),
        maintenanceOpen: n('mo'),
        incidents: n('i'),
        incidentsOpen: n('io'),
        users: n('u'),
        usersActive30d: n('ua'),
      });
      const lincoln = stats.perTenant.find((p) => p.slug === LIVE);
      expect(lincoln).toMatchObject({ reachable: true, health: expected });
      expect(n('doors')).toBeGreaterThan(0);
      // A tenant the server cannot ask has no health rather than a made-up one.
      for (const p of stats.perTenant.filter((x) => x.reachable !== true)) expect(p.health).toBeNull();
    });

    it("keeps each tenant's own figures up to a minute, says when they were read, and ?fresh=1 reads them now", async () => {
      type Stats = { perTenant: { slug: string; doors?: number; as_of: string | null; reachable: boolean | null }[] };
      const lincoln = async (query: string) =>
        (await api.admin<Stats>({ method: 'GET', path: `/api/admin/stats${query}` })).perTenant.find((p) => p.slug === LIVE)!;
      const before = await lincoln('?fresh=1');
      expect(before.reachable).toBe(true);
      expect(Date.parse(before.as_of ?? '')).toBeGreaterThan(Date.now() - 60_000);
      const hidden = await tenantDb.query<{ id: string }>(
        `update public.doors set deleted_at = now() where id = (select id from public.doors where deleted_at is null limit 1) returning id`,
      );
      try {
        // Within the minute the tenant's database is not asked again: the same figures, read at the same time.
        expect(await lincoln('')).toMatchObject({ doors: before.doors, as_of: before.as_of });
        const fresh = await lincoln('?fresh=true');
        expect(fresh.doors).toBe(before.doors! - 1);
        expect(Date.parse(fresh.as_of!)).toBeGreaterThanOrEqual(Date.parse(before.as_of!));
        // The fresh read replaced the kept one.
        expect((await lincoln('')).doors).toBe(before.doors! - 1);
      } finally {
        await tenantDb.query(`update public.doors set deleted_at = null where id = $1`, [hidden.rows[0]!.id]);
      }
      for (const q of ['?fresh=maybe', '?fresh=1&x=1']) {
        expect((await api.send('staff-admin', { method: 'GET', path: `/api/admin/stats${q}` })).status, q).toBe(400);
      }
    });

    it('lists the latest audit rows, newest first, within the limit', async () => {
      await createUser();
      const activity = await api.admin<{ activity: { id: string; action: string; created_at: string }[] }>({
        method: 'GET',
        path: '/api/admin/activity?limit=3',
      });
      const all = await auditRows(platform);
      expect(activity.activity.map((a) => a.id)).toEqual(
        all
          .slice()
          .reverse()
          .slice(0, 3)
          .map((r) => r.id),
      );
      expect(activity.activity[0]?.action).toBe('tenant_user.create');
      for (const q of ['0', '101', 'ten', '5&x=1']) {
        expect((await api.send('staff-admin', { method: 'GET', path: `/api/admin/activity?limit=${q}` })).status, q).toBe(400);
      }
    });

    it("counts each tenant's door checks by UTC week, oldest first", async () => {
      const report = await api.admin<{ weeks: string[]; tenants: { slug: string; counts: number[] }[]; unreachable: string[] }>({
        method: 'GET',
        path: '/api/admin/reports/door-checks?weeks=4',
      });
      expect(report.weeks).toHaveLength(4);
      for (const w of report.weeks) expect(new Date(`${w}T00:00:00Z`).getUTCDay()).toBe(1);
      const expected = await tenantDb.query<{ week: string; n: number }>(
        `select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as n
           from public.door_log group by 1`,
      );
      const byWeek = new Map(expected.rows.map((r) => [r.week, Number(r.n)]));
      const lincoln = report.tenants.find((x) => x.slug === LIVE);
      expect(lincoln?.counts).toEqual(report.weeks.map((w) => byWeek.get(w) ?? 0));
      expect((await api.send('staff-admin', { method: 'GET', path: '/api/admin/reports/door-checks?weeks=53' })).status).toBe(400);
    });

    it("reads a tenant's doors and open maintenance as an audited support read", async () => {
      const door = await tenantDb.query<{ id: string; door_number: string }>(
        `select id::text, door_number from public.doors where deleted_at is null order by door_number limit 1`,
      );
      const open = await tenantDb.query<{ id: string }>(
        `insert into public.maintenance_records (door_id, issue_type, description, priority, status)
         values ($1, 'Lock', 'Strike plate loose', 'high', 'open') returning id::text`,
        [door.rows[0]!.id],
      );
      await tenantDb.query(
        `insert into public.maintenance_records (door_id, issue_type, description, priority, status) values ($1, 'Hinge', 'done', 'low', 'resolved')`,
        [door.rows[0]!.id],
      );
      const before = await auditRows(platform);
      const view = await api.admin<{
        doors: { id: string; door_number: string }[];
        maintenance: { id: string; status: string; door_id: string }[];
        campuses: unknown[];
        check_interval_hours: number;
      }>({ method: 'GET', path: `/api/admin/tenants/${tenantId}/doors` });

      const doors = await tenantDb.query<{ n: number }>(`select count(*)::int as n from public.doors where deleted_at is null`);
      expect(view.doors).toHaveLength(Number(doors.rows[0]!.n));
      expect(view.doors[0]?.door_number).toBe(door.rows[0]!.door_number);
      const openRows = await tenantDb.query<{ n: number }>(
        `select count(*)::int as n from public.maintenance_records where status <> 'resolved'`,
      );
      expect(view.maintenance).toHaveLength(Number(openRows.rows[0]!.n));
      expect(view.maintenance.map((m) => m.id)).toContain(open.rows[0]!.id);
      expect(view.maintenance.every((m) => m.status !== 'resolved')).toBe(true);
      expect(view.check_interval_hours).toBeGreaterThanOrEqual(1);
      expect((await auditSince(platform, before)).map((r) => [r.action, r.tenant_slug, r.target])).toEqual([
        ['support.read', LIVE, 'doors'],
      ]);
    });
  });
});
