/**
 * A tenant's own user management through the product API (issue 12,
 * docs/product-api.md "Tenant's own user management"), on PGlite or on
 * PostgreSQL when DATABASE_URL is set. The API runs with a clock the test
 * moves (ApiDeps.now), for support sessions that expired.
 *
 * 1. every route refuses everyone but lincoln-isd's super admin and a live
 *    support session into lincoln-isd, and a refused call changes nothing;
 * 2. the super admin lists, creates (the user signs in with the temporary
 *    password and must change it), edits, resets, deactivates (no sign-in)
 *    and reactivates (signs in again), with no platform audit row;
 * 3. a live support session does the same, audited as its staff member and
 *    listed in the tenant's support history;
 * 4. never yourself: no self-deactivation, no own role change; bad input is
 *    a 4xx that changes nothing; invitations; a tenant without its key.
 */
import { createClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../supabase/functions/api/app';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import type { SqlClient } from '../../supabase/local/engine/types';
import type { Project } from '../../supabase/local/project';
import { seedDemo } from '../../supabase/local/seed';
import { startTestStack, TEST_ORIGIN, type TestStack } from '../support/stack';
import {
  ApiClient,
  auditRows,
  auditSince,
  NEW_USER_PASSWORD,
  newUserBody,
  platformSnapshot,
  signIn,
  supportBody,
  TENANT_OWN_USERS_REFUSAL,
  uniqueSlug,
  type ApiAnswer,
  type ApiRequest,
  type Caller,
} from './admin-api-helpers';

// The staff admin re-enters their password for every support session the test opens.
process.env.AUTH_LOCKOUT_FAILURES = '1000';
process.env.AUTH_RATE_LIMIT_SIGN_IN_FAILURES = '1000';
process.env.AUTH_RATE_LIMIT_TOKEN_BURST = '1000';

const LIVE = 'lincoln-isd';
const DOMAIN = 'lincoln-isd.test';
const ADMIN_EMAIL = 'admin@lockstep.test';
const MINUTE = 60_000;

interface UserView {
  id: string;
  email: string;
  role: string;
  department: string | null;
  active: boolean;
  require_password_change: boolean;
}

/** Holders of a token the routes must refuse, and how. */
const REFUSED: [string, number, string][] = [
  ['none', 401, 'Missing session token'],
  ['garbage', 401, 'Not authenticated'],
  ['forged', 401, 'Not authenticated'],
  ['security', 403, TENANT_OWN_USERS_REFUSAL],
  ['transport', 403, TENANT_OWN_USERS_REFUSAL],
  ['office', 403, TENANT_OWN_USERS_REFUSAL],
  ['officer', 403, TENANT_OWN_USERS_REFUSAL],
  ['riverside-super', 403, TENANT_OWN_USERS_REFUSAL],
  ['staff-admin', 403, TENANT_OWN_USERS_REFUSAL],
  ['ended-support', 401, 'Not authenticated'],
  ['expired-support', 401, 'Not authenticated'],
  ['expired-support-row', 401, 'Not authenticated'],
];

describe("the product API: a tenant's own user management", () => {
  let t: TestStack;
  let db: SqlClient;
  let lincoln: Project;
  let apiFetch: typeof fetch;
  let offsetMs = 0;
  /** When set, the API's calls to the tenant's generate_link fail as an unreachable auth server would. */
  let failGenerateLink = false;
  const tokens = new Map<string, string>();
  let superId: string;

  const q = `?tenantSlug=${LIVE}`;
  const users = (rest = '') => `/api/tenant-proxy/users${rest}${q}`;

  beforeAll(async () => {
    t = await startTestStack();
    await seedDemo(t.stack);
    db = t.stack.platform.engine;
    lincoln = (await t.stack.tenant(LIVE))!;
    const riverside = (await t.stack.tenant('riverside-college'))!;
    const platformUrl = `${TEST_ORIGIN}/platform`;
    const anon = t.stack.platform.keys.anonKey;

    const app = createApiApp({
      platformUrl,
      platformAnonKey: anon,
      platformServiceKey: t.stack.platform.keys.serviceKey,
      fetch: (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (failGenerateLink && url.includes('/admin/generate_link')) return Promise.reject(new TypeError('fetch failed'));
        return t.fetch(input, init);
      },
      provisioning: { driver: 'none' },
      now: () => new Date(Date.now() + offsetMs),
    });
    const host = new Hono();
    host.mount('/api', app.fetch);
    apiFetch = async (input, init) => host.fetch(new Request(input, init));

    const tenantToken = async (project: Project, slug: string, email: string) =>
      (await signIn(t.fetch, t.stack.tenantUrl(slug), project.keys.anonKey, email, DEMO_PASSWORD)).access_token;
    for (const role of ['super', 'security', 'transport', 'office', 'officer']) {
      tokens.set(role, await tenantToken(lincoln, LIVE, `${role}@${DOMAIN}`));
    }
    tokens.set('riverside-super', await tenantToken(riverside, 'riverside-college', 'super@riverside.test'));
    tokens.set('staff-admin', (await signIn(t.fetch, platformUrl, anon, ADMIN_EMAIL, DEMO_PASSWORD)).access_token);
    tokens.set('garbage', 'not-a-token');
    superId = decodeJwt(tokens.get('super')!).sub!;
    // The super admin's own claims signed with a secret no project has.
    tokens.set(
      'forged',
      await new SignJWT({ ...decodeJwt(tokens.get('super')!) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode('not-the-tenant-secret-at-all-0123456789')),
    );

    tokens.set('support', (await startSupport()).session.access_token);
    const ended = await startSupport();
    await send('staff-admin', { method: 'POST', path: `/api/admin/support-sessions/${ended.support.id}/end` });
    tokens.set('ended-support', ended.session.access_token);
    // Started 31 minutes ago by the API's clock: its token and its row have expired.
    offsetMs = -31 * MINUTE;
    const expired = await startSupport();
    offsetMs = 0;
    tokens.set('expired-support', expired.session.access_token);
    // The same claims with a fresh exp (only the test holds the secret): the row still says expired.
    tokens.set(
      'expired-support-row',
      await new SignJWT({ ...decodeJwt(expired.session.access_token) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(lincoln.keys.jwtSecret)),
    );
  });

  afterAll(() => t?.close());
  afterEach(() => {
    offsetMs = 0;
    failGenerateLink = false;
  });

  function send(holder: string, req: ApiRequest, headers: Record<string, string> = {}): Promise<ApiAnswer> {
    const token = holder === 'none' ? undefined : tokens.get(holder);
    if (holder !== 'none' && !token) throw new Error(`no token for ${holder}`);
    const wrapped: typeof fetch = (input, init) => apiFetch(input, { ...init, headers: { ...(init?.headers as object), ...headers } });
    return new ApiClient('http://api.test', wrapped, new Map(token ? ([['staff-admin', token]] as [Caller, string][]) : [])).send(
      token ? 'staff-admin' : 'none',
      req,
    );
  }

  async function ok<T>(holder: string, req: ApiRequest, status = 200, headers: Record<string, string> = {}): Promise<T> {
    const answer = await send(holder, req, headers);
    if (answer.status !== status) throw new Error(`${req.method} ${req.path}: expected ${status}, got ${answer.status} ${answer.text}`);
    return answer.json as T;
  }

  async function startSupport() {
    return ok<{ session: { access_token: string }; support: { id: string } }>(
      'staff-admin',
      { method: 'POST', path: '/api/admin/support-sessions', body: supportBody(LIVE) },
      201,
    );
  }

  /** Both databases as the owner sees them: what a refused or invalid call must leave alone. */
  async function everything() {
    const tenant = await lincoln.engine.query<{ digest: string }>(
      `select md5(coalesce((select string_agg(x::text, '|' order by x.id) from public.users x), '')
               || coalesce((select string_agg(a.id::text || a.email || coalesce(a.banned_until::text, '') || a.encrypted_password, '|' order by a.id)
                             from auth.users a), '')) as digest`,
    );
    return { platform: await platformSnapshot(db), tenant: tenant.rows[0]!.digest };
  }

  const create = (holder: string, overrides: Record<string, unknown> = {}) =>
    ok<{ user: UserView; email: string; inviteLink: string | null }>(
      holder,
      { method: 'POST', path: users(), body: newUserBody(uniqueSlug('own'), overrides) },
      201,
    );

  async function canSignIn(email: string, password: string): Promise<boolean> {
    const client = createClient(t.stack.tenantUrl(LIVE), lincoln.keys.anonKey, {
      global: { fetch: t.fetch },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    return !error && !!data.session;
  }

  async function requireChange(id: string): Promise<boolean> {
    const r = await lincoln.engine.query<{ r: boolean }>(`select require_password_change as r from public.users where id = $1`, [id]);
    return r.rows[0]!.r;
  }

  describe('who may call', () => {
    let victim: UserView;
    beforeAll(async () => {
      victim = (await create('super')).user;
    });

    const requests = (): [string, ApiRequest][] => [
      ['list', { method: 'GET', path: users() }],
      ['create', { method: 'POST', path: users(), body: newUserBody(uniqueSlug('refused')) }],
      ['update', { method: 'PATCH', path: users(`/${victim.id}`), body: { role: 'super_admin' } }],
      ['reset', { method: 'POST', path: users(`/${victim.id}/reset-password`), body: { password: 'Refused-reset9!' } }],
      ['deactivate', { method: 'POST', path: users(`/${victim.id}/deactivate`) }],
      ['reactivate', { method: 'POST', path: users(`/${victim.id}/reactivate`) }],
    ];

    it.each(REFUSED)('refuses %s on every route (%i), changing nothing', async (holder, status, error) => {
      const before = await everything();
      for (const [name, req] of requests()) {
        const answer = await send(holder, req);
        expect({ name, status: answer.status, error: answer.json?.error }).toEqual({ name, status, error });
      }
      expect(await everything()).toEqual(before);
    });

    it('tells only a staff admin whether a tenant exists', async () => {
      const req: ApiRequest = { method: 'GET', path: '/api/tenant-proxy/users?tenantSlug=no-such-org' };
      expect((await send('staff-admin', req)).status).toBe(404);
      for (const holder of ['super', 'officer', 'support', 'garbage']) {
        expect((await send(holder, req)).json?.error, holder).toBe('Not authenticated');
      }
      expect((await send('none', req)).status).toBe(401);
    });

    it("refuses a super admin's and a support session's token on another tenant", async () => {
      for (const holder of ['super', 'support']) {
        const answer = await send(holder, { method: 'GET', path: '/api/tenant-proxy/users?tenantSlug=riverside-college' });
        expect({ status: answer.status, error: answer.json?.error }, holder).toEqual({
          status: 403,
          error: "Only Riverside Community College's super admins may manage its users",
        });
      }
    });
  });

  describe("the tenant's super admin", () => {
    it('lists the users as the staff list does', async () => {
      const own = await ok<{ users: UserView[] }>('super', { method: 'GET', path: users() });
      const staff = await ok<{ users: UserView[] }>('staff-admin', {
        method: 'GET',
        path: `/api/admin/tenants/${(await db.query<{ id: string }>(`select id::text from public."Tenants" where slug = $1`, [LIVE])).rows[0]!.id}/users`,
      });
      expect(own.users.map((u) => u.email)).toContain(`super@${DOMAIN}`);
      expect(own.users).toEqual(staff.users);
    });

    it('creates, edits, resets, deactivates and reactivates, with no platform audit row', async () => {
      const before = await auditRows(db);
      const made = await create('super', { role: 'office_staff', department: 'Operations' });
      expect(made.inviteLink).toBeNull();
      expect(made.email).toMatch(new RegExp(`^own-[0-9a-f]{8}@${DOMAIN.replace('.', '\\.')}$`));
      expect(made.user).toMatchObject({ role: 'office_staff', department: 'Operations', active: true, require_password_change: true });
      expect(await canSignIn(made.email, NEW_USER_PASSWORD)).toBe(true);
      expect(await requireChange(made.user.id)).toBe(true);

      const edited = await ok<{ user: UserView }>('super', {
        method: 'PATCH',
        path: users(`/${made.user.id}`),
        body: { role: 'security_admin', department: 'Security' },
      });
      expect(edited.user).toMatchObject({ role: 'security_admin', department: 'Security' });

      const reset = await ok<{ user: UserView }>('super', {
        method: 'POST',
        path: users(`/${made.user.id}/reset-password`),
        body: { password: 'Changed-by-admin7!' },
      });
      expect(reset.user.require_password_change).toBe(true);
      expect(await canSignIn(made.email, NEW_USER_PASSWORD)).toBe(false);
      expect(await canSignIn(made.email, 'Changed-by-admin7!')).toBe(true);

      const off = await ok<{ user: UserView }>('super', { method: 'POST', path: users(`/${made.user.id}/deactivate`) });
      expect(off.user.active).toBe(false);
      expect(await canSignIn(made.email, 'Changed-by-admin7!')).toBe(false);

      const on = await ok<{ user: UserView }>('super', { method: 'POST', path: users(`/${made.user.id}/reactivate`) });
      expect(on.user.active).toBe(true);
      expect(await canSignIn(made.email, 'Changed-by-admin7!')).toBe(true);

      expect(await auditSince(db, before)).toEqual([]);
    });

    it('cannot deactivate themselves nor change their own role; other edits of themselves go through', async () => {
      const before = await everything();
      const self = await send('super', { method: 'POST', path: users(`/${superId}/deactivate`) });
      expect({ status: self.status, error: self.json?.error }).toEqual({ status: 409, error: 'You cannot deactivate your own account' });
      const role = await send('super', { method: 'PATCH', path: users(`/${superId}`), body: { role: 'regular_user' } });
      expect({ status: role.status, error: role.json?.error }).toEqual({ status: 409, error: 'You cannot change your own role' });
      expect(await everything()).toEqual(before);
      const same = await ok<{ user: UserView }>('super', { method: 'PATCH', path: users(`/${superId}`), body: { role: 'super_admin' } });
      expect(same.user.role).toBe('super_admin');
    });
  });

  describe('a live support session', () => {
    it('does the same, audited as its staff member and listed in the support history', async () => {
      const before = await auditRows(db);
      await ok('support', { method: 'GET', path: users() });
      const made = await create('support');
      expect(await canSignIn(made.email, NEW_USER_PASSWORD)).toBe(true);
      await ok('support', { method: 'PATCH', path: users(`/${made.user.id}`), body: { phone: '5550100' } });
      await ok('support', { method: 'POST', path: users(`/${made.user.id}/reset-password`), body: { password: 'Support-reset8!' } });
      expect(await requireChange(made.user.id)).toBe(true);
      await ok('support', { method: 'POST', path: users(`/${made.user.id}/deactivate`) });
      expect(await canSignIn(made.email, 'Support-reset8!')).toBe(false);
      await ok('support', { method: 'POST', path: users(`/${made.user.id}/reactivate`) });
      expect(await canSignIn(made.email, 'Support-reset8!')).toBe(true);

      const written = await auditSince(db, before);
      expect(written.map((r) => [r.action, r.staff_email, r.tenant_slug])).toEqual(
        [
          'support.read',
          'tenant_user.create',
          'tenant_user.update',
          'tenant_user.reset_password',
          'tenant_user.deactivate',
          'tenant_user.reactivate',
        ].map((a) => [a, ADMIN_EMAIL, LIVE]),
      );
      const history = await ok<{ actions: { action: string; target: string | null }[] }>('super', {
        method: 'GET',
        path: `/api/tenant-proxy/support-history${q}`,
      });
      for (const action of ['tenant_user.create', 'tenant_user.deactivate', 'tenant_user.reactivate']) {
        expect(history.actions).toContainEqual(expect.objectContaining({ action, target: made.email }));
      }
    });
  });

  describe('bad input', () => {
    let target: UserView;
    beforeAll(async () => {
      target = (await create('super')).user;
    });

    const cases = (): [string, ApiRequest, number, string | RegExp][] => [
      ['no tenantSlug', { method: 'GET', path: '/api/tenant-proxy/users' }, 400, /tenantSlug/],
      [
        'a malformed tenantSlug',
        { method: 'GET', path: `/api/tenant-proxy/users?tenantSlug=${encodeURIComponent("x'; --")}` },
        400,
        /Slug/i,
      ],
      ['an extra query field', { method: 'GET', path: `${users()}&all=1` }, 400, /all|Unrecognized/i],
      ['create: not JSON', { method: 'POST', path: users(), raw: '{' }, 400, /JSON/],
      [
        'create: no password, no invite',
        { method: 'POST', path: users(), body: newUserBody('nopass', { password: undefined }) },
        422,
        /^password: Please fill in all required fields/,
      ],
      [
        'create: invite with a password',
        { method: 'POST', path: users(), body: newUserBody('both', { invite: true }) },
        422,
        /^password: An invitation has no password/,
      ],
      ['create: a weak password', { method: 'POST', path: users(), body: newUserBody('weak', { password: 'weak' }) }, 422, /^password: /],
      ['create: an unknown role', { method: 'POST', path: users(), body: newUserBody('role', { role: 'owner' }) }, 422, /^role: /],
      [
        'create: an unknown field',
        { method: 'POST', path: users(), body: newUserBody('extra', { is_admin: true }) },
        422,
        /is_admin|Unrecognized/i,
      ],
      ['create: a bad username', { method: 'POST', path: users(), body: newUserBody('a b') }, 422, /^username: /],
      ['create: a taken email', { method: 'POST', path: users(), body: newUserBody('officer') }, 409, /^Failed to create user: /],
      ['update: nothing', { method: 'PATCH', path: users(`/${target.id}`), body: {} }, 422, /Nothing to change/],
      ['update: a bad phone', { method: 'PATCH', path: users(`/${target.id}`), body: { phone: '555-0100-9999-1' } }, 422, /^phone: /],
      [
        'update: an unknown user',
        { method: 'PATCH', path: users('/00000000-0000-4000-8000-000000000000'), body: { department: 'IT' } },
        404,
        'User not found',
      ],
      ['update: a malformed id', { method: 'PATCH', path: users('/not-an-id'), body: { department: 'IT' } }, 404, 'User not found'],
      [
        'reset: a weak password',
        { method: 'POST', path: users(`/${target.id}/reset-password`), body: { password: 'short' } },
        422,
        /^password: /,
      ],
      ['reset: no body', { method: 'POST', path: users(`/${target.id}/reset-password`) }, 400, /JSON/],
      [
        'deactivate: an unknown user',
        { method: 'POST', path: users('/00000000-0000-4000-8000-000000000000/deactivate') },
        404,
        'User not found',
      ],
      [
        'reactivate: an unknown user',
        { method: 'POST', path: users('/00000000-0000-4000-8000-000000000000/reactivate') },
        404,
        'User not found',
      ],
    ];

    it('answers each with a 4xx and changes nothing', async () => {
      const before = await everything();
      for (const [name, req, status, error] of cases()) {
        const answer = await send('super', req);
        expect(answer.status, `${name}: ${answer.text}`).toBe(status);
        if (typeof error === 'string') expect(answer.json?.error, name).toBe(error);
        else expect(answer.json?.error, name).toMatch(error);
      }
      expect(await everything()).toEqual(before);
    });
  });

  describe('invitations', () => {
    const invite = () =>
      ({ method: 'POST', path: users(), body: newUserBody(uniqueSlug('invited'), { password: undefined, invite: true }) }) as ApiRequest;

    it('need an http(s) Origin for the link, else 422 and nothing changes', async () => {
      const before = await everything();
      for (const origin of [undefined, 'null', 'file://x', 'javascript:alert(1)', 'http://app.example/path']) {
        const answer = await send('super', invite(), origin === undefined ? {} : { origin });
        expect(answer.status, String(origin)).toBe(422);
        expect(answer.json?.error).toMatch(/Origin header/);
      }
      expect(await everything()).toEqual(before);
    });

    it('answer 502 when the auth server cannot make the invitation, and leave nothing made', async () => {
      failGenerateLink = true;
      const before = await everything();
      const answer = await send('super', invite(), { origin: TEST_ORIGIN });
      expect(answer.status).toBe(502);
      expect(answer.json?.error).toMatch(/^Failed to create invitation: /);
      expect(await everything()).toEqual(before);
    });

    it('make the account and its users row and answer the link, which opens a session to choose a password', async () => {
      const before = await auditRows(db);
      const made = await ok<{ user: UserView; email: string; inviteLink: string }>('super', invite(), 201, { origin: TEST_ORIGIN });
      expect(made.user).toMatchObject({ active: true, require_password_change: true, role: 'regular_user' });
      const link = new URL(made.inviteLink);
      expect(link.searchParams.get('type')).toBe('invite');
      expect(link.searchParams.get('redirect_to')).toBe(`${TEST_ORIGIN}/tenant/${LIVE}/accept-invite`);
      const account = await lincoln.engine.query<{ invited_at: string | null; meta: { first_name?: string } }>(
        `select invited_at::text, raw_user_meta_data as meta from auth.users where id = $1`,
        [made.user.id],
      );
      expect(account.rows[0]).toMatchObject({ invited_at: expect.any(String), meta: { first_name: 'Matrix' } });
      // Following the link (GoTrue's verify) redirects with the invitee's first session.
      const res = await t.fetch(made.inviteLink, { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(new RegExp(`^${TEST_ORIGIN}/tenant/${LIVE}/accept-invite#access_token=`));
      expect(await auditSince(db, before)).toEqual([]);
    });

    it('refuse an email already registered or already invited (409), changing nothing', async () => {
      const first = await ok<{ email: string }>(
        'super',
        { method: 'POST', path: users(), body: newUserBody('twice-invited', { password: undefined, invite: true }) },
        201,
        { origin: TEST_ORIGIN },
      );
      const before = await everything();
      for (const username of ['officer', first.email]) {
        const answer = await send(
          'super',
          { method: 'POST', path: users(), body: newUserBody(username, { password: undefined, invite: true }) },
          { origin: TEST_ORIGIN },
        );
        expect({ status: answer.status, error: answer.json?.error }, username).toEqual({
          status: 409,
          error: expect.stringMatching(/^Failed to create invitation: /),
        });
      }
      expect(await everything()).toEqual(before);
    });
  });

  describe('a tenant without its service key', () => {
    it('answers its own users 409 with the staff texts, and others as before', async () => {
      const tenantId = (await db.query<{ id: string }>(`select id::text from public."Tenants" where slug = $1`, [LIVE])).rows[0]!.id;
      const saved = await db.query<Record<string, unknown>>(`select * from public.tenant_secrets where tenant_id = $1`, [tenantId]);
      await db.query(`delete from public.tenant_secrets where tenant_id = $1`, [tenantId]);
      try {
        const list = await send('super', { method: 'GET', path: users() });
        expect({ status: list.status, error: list.json?.error }).toEqual({
          status: 409,
          error: 'Service role key is required to list users. Please configure it first.',
        });
        const reset = await send('super', { method: 'POST', path: users(`/${superId}/reset-password`), body: { password: 'Whatever-9!' } });
        expect(reset.json?.error).toBe('Service role key is required for password reset. Please configure it first.');
        expect((await send('staff-admin', { method: 'GET', path: users() })).status).toBe(403);
        expect((await send('garbage', { method: 'GET', path: users() })).status).toBe(401);
      } finally {
        const row = saved.rows[0]!;
        const cols = Object.keys(row);
        await db.query(
          `insert into public.tenant_secrets (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
          cols.map((c) => row[c]),
        );
      }
      expect((await send('super', { method: 'GET', path: users() })).status).toBe(200);
    });
  });
});
