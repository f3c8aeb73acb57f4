/**
 * Audited support sessions through the product API (issue 11,
 * docs/product-api.md "Support sessions", docs/decisions/019), on PGlite or
 * on PostgreSQL when DATABASE_URL is set. The API runs with a clock the test
 * moves (ApiDeps.now); the stack and the tenant's database keep real time.
 *
 * 1. every caller but a staff admin is refused, and nothing changes;
 * 2. bad bodies and ids get a 4xx and change nothing;
 * 3. a session: the answer, both records, the audit rows, the token at the
 *    tenant with the unmodified supabase-js client, then refused after its end;
 * 4. a session expired on the API's clock is refused by the tenant's server,
 *    by the token's exp and by the tenant's own row even with a fresh token;
 * 5. wrong passwords: 403 and audited; five in a row lock for 15 minutes;
 * 6. the support history for a staff admin, the tenant's super admin, and
 *    nobody else.
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
  CALLERS,
  forgedToken,
  newStaffBody,
  NEW_USER_PASSWORD,
  platformSnapshot,
  refusal,
  signIn,
  supportBody,
  uniqueSlug,
  type ApiRequest,
  type Caller,
} from './admin-api-helpers';

// The platform's own GoTrue stand-in locks an account after a few wrong
// passwords for a minute of real time; the API's lock is what is tested here.
process.env.AUTH_LOCKOUT_FAILURES = '1000';
process.env.AUTH_RATE_LIMIT_SIGN_IN_FAILURES = '1000';
process.env.AUTH_RATE_LIMIT_TOKEN_BURST = '1000';

const ADMIN_EMAIL = 'admin@lockstep.test';
const LIVE = 'lincoln-isd';
const MINUTE = 60_000;

interface StartAnswer {
  session: { access_token: string; token_type: string; expires_in: number; expires_at: number; user: { id: string; email: string } };
  support: {
    id: string;
    tenant: { slug: string; company_name: string; display_name: string | null; supabase_url: string; supabase_anon_key: string };
    reason: string;
    details: string | null;
    staff: { id: string; email: string; name: string | null };
    started_at: string;
    expires_at: string;
  };
  [key: string]: unknown;
}

interface HistoryAnswer {
  actions: { action: string; staff_email: string | null; target: string | null; created_at: string }[];
  sessions: {
    id: string;
    staff_email: string;
    staff_name: string | null;
    reason: string;
    details: string | null;
    ended_at: string | null;
    minutes: number;
  }[];
}

describe('the product API: support sessions', () => {
  let t: TestStack;
  let db: SqlClient;
  let lincoln: Project;
  let api: ApiClient;
  let adminId: string;
  /** How far the API's clock is from real time. */
  let offsetMs = 0;
  let apiFetch: typeof fetch;
  /** Password checks the API asked the platform's auth server for. */
  let passwordChecks = 0;
  const extraTokens = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestStack();
    await seedDemo(t.stack);
    db = t.stack.platform.engine;
    const platformUrl = `${TEST_ORIGIN}/platform`;
    const anon = t.stack.platform.keys.anonKey;
    lincoln = (await t.stack.tenant(LIVE))!;
    const riverside = (await t.stack.tenant('riverside-college'))!;
    adminId = (await db.query<{ id: string }>(`select id::text from auth.users where email = $1`, [ADMIN_EMAIL])).rows[0]!.id;

    const app = createApiApp({
      platformUrl,
      platformAnonKey: anon,
      platformServiceKey: t.stack.platform.keys.serviceKey,
      fetch: (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.includes('grant_type=password')) passwordChecks++;
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
    // A third staff admin for parallel attempts.
    const racer = `${uniqueSlug('racer')}@lockstep.test`;
    const tokens = new Map<Caller, string>([
      ['staff-admin', (await signIn(t.fetch, platformUrl, anon, ADMIN_EMAIL, DEMO_PASSWORD)).access_token],
      ['staff', (await signIn(t.fetch, platformUrl, anon, 'staff@lockstep.test', DEMO_PASSWORD)).access_token],
      ['platform-user', (await signIn(t.fetch, platformUrl, anon, 'former@lockstep.test', DEMO_PASSWORD)).access_token],
      ['tenant-user', await tenantToken(lincoln, LIVE, 'super@lincoln-isd.test')],
      ['forged', forgedToken(adminId, ADMIN_EMAIL)],
    ]);
    api = new ApiClient('http://api.test', apiFetch, tokens);
    extraTokens.set('officer', await tenantToken(lincoln, LIVE, 'officer@lincoln-isd.test'));
    extraTokens.set('other-super', await tenantToken(riverside, 'riverside-college', 'super@riverside.test'));

    // A second staff admin for the lock, so the first one's attempts stay clean.
    const email = `${uniqueSlug('locked')}@lockstep.test`;
    await api.admin({ method: 'POST', path: '/api/admin/staff', body: newStaffBody(email.split('@')[0]!, { is_staff_admin: true }) }, 201);
    extraTokens.set('lock-admin', (await signIn(t.fetch, platformUrl, anon, email, NEW_USER_PASSWORD)).access_token);
    await api.admin({ method: 'POST', path: '/api/admin/staff', body: newStaffBody(racer.split('@')[0]!, { is_staff_admin: true }) }, 201);
    extraTokens.set('race-admin', (await signIn(t.fetch, platformUrl, anon, racer, NEW_USER_PASSWORD)).access_token);
  });

  afterAll(() => t?.close());
  afterEach(() => {
    offsetMs = 0;
  });

  /** Every row a support call may write, on both sides. */
  async function everything() {
    const tenantRows = await lincoln.engine.query(`select * from public.support_sessions order by id`);
    return { platform: await platformSnapshot(db), tenant: tenantRows.rows };
  }

  async function start(overrides: Record<string, unknown> = {}): Promise<StartAnswer> {
    return api.admin<StartAnswer>({ method: 'POST', path: '/api/admin/support-sessions', body: supportBody(LIVE, overrides) }, 201);
  }

  /** Sends as the holder of `token` (callers beyond the shared matrix). */
  function fetchWithToken(token: string, req: ApiRequest) {
    return new ApiClient('http://api.test', apiFetch, new Map([['staff-admin', token]])).send('staff-admin', req);
  }

  /** The tenant's data through the unmodified supabase-js client, with the support token. */
  function asSupport(token: string) {
    return createClient(t.stack.tenantUrl(LIVE), lincoln.keys.anonKey, {
      global: { fetch: t.fetch, headers: { Authorization: `Bearer ${token}` } },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }

  describe('who may call', () => {
    const START: ApiRequest = { method: 'POST', path: '/api/admin/support-sessions', body: supportBody(LIVE) };
    it.each(CALLERS.filter((c) => c !== 'staff-admin'))('refuses %s on both staff routes, changing nothing', async (caller) => {
      const made = await start();
      const before = await everything();
      const auditBefore = await auditRows(db);
      for (const req of [START, { method: 'POST', path: `/api/admin/support-sessions/${made.support.id}/end` } as ApiRequest]) {
        const answer = await api.send(caller, req);
        expect({ status: answer.status, error: answer.json?.error }).toEqual(refusal('staff admin', caller));
      }
      expect(await everything()).toEqual(before);
      expect(await auditSince(db, auditBefore)).toEqual([]);
    });

    it('refuses a tenant super admin and a support session itself on the staff routes', async () => {
      const made = await start();
      for (const token of [extraTokens.get('other-super')!, made.session.access_token]) {
        const answer = await fetchWithToken(token, START);
        expect(answer.status).toBe(401);
      }
    });
  });

  describe('bad requests', () => {
    const cases: [string, ApiRequest, number, string | RegExp][] = [
      ['not JSON', { method: 'POST', path: '/api/admin/support-sessions', raw: '{' }, 400, /JSON/],
      ['an array', { method: 'POST', path: '/api/admin/support-sessions', body: [] }, 400, /object/],
      [
        'no password',
        { method: 'POST', path: '/api/admin/support-sessions', body: { tenantSlug: LIVE, reason: 'other' } },
        422,
        /Please fill in all required fields/,
      ],
      [
        'an empty password',
        { method: 'POST', path: '/api/admin/support-sessions', body: supportBody(LIVE, { password: '' }) },
        422,
        /Please fill in all required fields/,
      ],
      [
        'no reason',
        { method: 'POST', path: '/api/admin/support-sessions', body: { tenantSlug: LIVE, password: DEMO_PASSWORD } },
        422,
        /Please fill in all required fields/,
      ],
      [
        'an unknown reason',
        { method: 'POST', path: '/api/admin/support-sessions', body: supportBody(LIVE, { reason: 'curiosity' }) },
        422,
        /Please fill in all required fields/,
      ],
      [
        'other without details',
        { method: 'POST', path: '/api/admin/support-sessions', body: supportBody(LIVE, { reason: 'other' }) },
        422,
        'Please provide details for the "Other" reason',
      ],
      [
        'other with blank details',
        { method: 'POST', path: '/api/admin/support-sessions', body: supportBody(LIVE, { reason: 'other', details: '   ' }) },
        422,
        'Please provide details for the "Other" reason',
      ],
      [
        'an unknown field',
        { method: 'POST', path: '/api/admin/support-sessions', body: supportBody(LIVE, { minutes: 600 }) },
        422,
        /minutes|Unrecognized/i,
      ],
      [
        'a malformed slug',
        { method: 'POST', path: '/api/admin/support-sessions', body: supportBody(`x'; drop table users; --`) },
        422,
        /Slug/,
      ],
      [
        'an unknown tenant',
        { method: 'POST', path: '/api/admin/support-sessions', body: supportBody('no-such-tenant') },
        404,
        'Organization not found',
      ],
      ['an end of a malformed id', { method: 'POST', path: '/api/admin/support-sessions/not-an-id/end' }, 404, 'Support session not found'],
      [
        'an end of an unknown id',
        { method: 'POST', path: '/api/admin/support-sessions/00000000-0000-4000-8000-000000000000/end' },
        404,
        'Support session not found',
      ],
      ['a history without a tenant', { method: 'GET', path: '/api/tenant-proxy/support-history' }, 400, /tenantSlug/],
      [
        'a history with an unknown parameter',
        { method: 'GET', path: `/api/tenant-proxy/support-history?tenantSlug=${LIVE}&all=1` },
        400,
        /all|Unrecognized/i,
      ],
      [
        'a history of an unknown tenant',
        { method: 'GET', path: '/api/tenant-proxy/support-history?tenantSlug=no-such-tenant' },
        404,
        'Organization not found',
      ],
    ];
    it.each(cases)('%s: a 4xx with a message, and nothing changes', async (_name, req, status, message) => {
      const before = await everything();
      const auditBefore = await auditRows(db);
      const answer = await api.send('staff-admin', req);
      expect(answer.status, answer.text).toBe(status);
      expect(answer.json?.error).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
      expect(await everything()).toEqual(before);
      expect(await auditSince(db, auditBefore)).toEqual([]);
    });
  });

  describe('a session', () => {
    it('is recorded on both sides and audited, and its token reads the tenant as a super admin until it ends', async () => {
      const auditBefore = await auditRows(db);
      const made = await start({ reason: 'other', details: 'Door sync stuck on one tablet' });
      const id = made.support.id;
      expect(made).toEqual({
        session: {
          access_token: expect.any(String),
          token_type: 'bearer',
          expires_in: 1800,
          expires_at: expect.any(Number),
          user: { id: adminId, email: ADMIN_EMAIL },
        },
        support: {
          id,
          tenant: {
            slug: LIVE,
            company_name: expect.any(String),
            display_name: expect.any(String),
            supabase_url: t.stack.tenantUrl(LIVE),
            supabase_anon_key: lincoln.keys.anonKey,
          },
          reason: 'other',
          details: 'Door sync stuck on one tablet',
          staff: { id: adminId, email: ADMIN_EMAIL, name: 'Avery Admin' },
          started_at: expect.any(String),
          expires_at: expect.any(String),
        },
      });
      expect('refresh_token' in made.session).toBe(false);
      expect(Date.parse(made.support.expires_at) - Date.parse(made.support.started_at)).toBe(30 * MINUTE);
      const claims = decodeJwt(made.session.access_token);
      expect(claims).toMatchObject({ role: 'authenticated', aud: 'authenticated', sub: adminId, support_session: id });
      expect(claims.exp! - claims.iat!).toBe(1800);
      expect(claims.exp).toBe(made.session.expires_at);

      const written = await auditSince(db, auditBefore);
      expect(written.map((r) => [r.action, r.tenant_slug, r.target, r.staff_id])).toEqual([['support.start', LIVE, id, adminId]]);
      expect(written[0]!.details).toMatchObject({ reason: 'other', details: 'Door sync stuck on one tablet' });
      const log = await db.query(
        `select staff_id::text, staff_email, staff_name, tenant_slug, reason, reason_details, ended_at from public.support_access_log where id = $1`,
        [id],
      );
      expect(log.rows).toEqual([
        {
          staff_id: adminId,
          staff_email: ADMIN_EMAIL,
          staff_name: 'Avery Admin',
          tenant_slug: LIVE,
          reason: 'other',
          reason_details: 'Door sync stuck on one tablet',
          ended_at: null,
        },
      ]);
      const row = await lincoln.engine.query(
        `select staff_id::text, staff_email, reason, details, ended_at from public.support_sessions where id = $1`,
        [id],
      );
      expect(row.rows).toEqual([
        { staff_id: adminId, staff_email: ADMIN_EMAIL, reason: 'other', details: 'Door sync stuck on one tablet', ended_at: null },
      ]);

      // The tenant dashboard's and the security screens' reads, as supabase-js makes them.
      const tenant = asSupport(made.session.access_token);
      for (const table of ['doors', 'campus', 'door_log', 'maintenance_records', 'incidents', 'users']) {
        const { data, error } = await tenant.from(table).select('id').limit(5);
        expect(error, table).toBeNull();
        expect(data!.length, table).toBeGreaterThan(0);
      }
      const { data: users } = await tenant.from('users').select('email');
      expect(users!.map((u) => u.email)).toContain('super@lincoln-isd.test');
      const { data: history } = await tenant.from('support_sessions').select('id');
      expect(history!.map((h) => h.id)).toContain(id);

      // The end: recorded on both sides, audited once; the same token is refused at once.
      const before = await auditRows(db);
      const ended = await api.admin<{ support: { id: string; ended_at: string } }>({
        method: 'POST',
        path: `/api/admin/support-sessions/${id}/end`,
      });
      expect(ended).toEqual({ support: { id, ended_at: expect.any(String) } });
      expect((await auditSince(db, before)).map((r) => [r.action, r.target])).toEqual([['support.end', id]]);
      const ends = async () => [
        (await db.query<{ e: string }>(`select ended_at::text e from public.support_access_log where id = $1`, [id])).rows[0]!.e,
        (await lincoln.engine.query<{ e: string }>(`select ended_at::text e from public.support_sessions where id = $1`, [id])).rows[0]!.e,
      ];
      const [platformEnd, tenantEnd] = await ends();
      expect(Date.parse(platformEnd!)).toBe(Date.parse(ended.support.ended_at));
      expect(Date.parse(tenantEnd!)).toBe(Date.parse(ended.support.ended_at));
      const refused = await tenant.from('doors').select('id');
      expect(refused.data).toBeNull();
      expect(refused.status).toBe(401);
      expect(refused.error).toMatchObject({ code: 'PT401', message: 'This support session has ended or expired' });

      // Ending again answers the first end and writes nothing.
      const again = await api.admin({ method: 'POST', path: `/api/admin/support-sessions/${id}/end` });
      expect(again).toEqual(ended);
      expect(await ends()).toEqual([platformEnd, tenantEnd]);
      expect((await auditSince(db, before)).length).toBe(1);
    });

    it('expired on the API clock is refused by the tenant: by its exp, and by its row even with a token that has not expired', async () => {
      // A session the API started 31 minutes ago (its clock runs behind real time).
      offsetMs = -31 * MINUTE;
      const made = await start();
      offsetMs = 0;
      const byExp = await asSupport(made.session.access_token).from('doors').select('id');
      expect(byExp.status).toBe(401);
      expect(byExp.data).toBeNull();

      // The same claims with a fresh exp, signed with the tenant's own secret
      // (only the test can do this): the tenant's row has expired by its clock.
      const claims = decodeJwt(made.session.access_token);
      const fresh = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(lincoln.keys.jwtSecret));
      const byRow = await asSupport(fresh).from('doors').select('id');
      expect(byRow.status).toBe(401);
      expect(byRow.error).toMatchObject({ code: 'PT401' });

      // While a live session's fresh copy works: the refusal is the row's expiry, nothing else.
      const live = await start();
      const liveClaims = decodeJwt(live.session.access_token);
      const liveCopy = await new SignJWT({ ...liveClaims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(lincoln.keys.jwtSecret));
      expect((await asSupport(liveCopy).from('doors').select('id')).error).toBeNull();
    });
  });

  it('refuses a tenant whose database is not active with a 409, before any password check', async () => {
    await db.query(`update public."Tenants" set database_status = 'error' where slug = 'riverside-college'`);
    try {
      const checksBefore = passwordChecks;
      const before = await everything();
      const answer = await api.send('staff-admin', {
        method: 'POST',
        path: '/api/admin/support-sessions',
        body: supportBody('riverside-college'),
      });
      expect(answer.status, answer.text).toBe(409);
      expect(answer.json?.error).toMatch(/database is not ready \(its status is error\)/);
      expect(passwordChecks).toBe(checksBefore);
      expect(await everything()).toEqual(before);
    } finally {
      await db.query(`update public."Tenants" set database_status = 'active' where slug = 'riverside-college'`);
    }
  });

  describe('re-authentication', () => {
    const lockStart = (password: string) =>
      fetchWithToken(extraTokens.get('lock-admin')!, {
        method: 'POST',
        path: '/api/admin/support-sessions',
        body: supportBody(LIVE, { password }),
      });

    it('a wrong password is a 403, audited, and starts nothing', async () => {
      const before = await everything();
      const auditBefore = await auditRows(db);
      const answer = await api.send('staff-admin', {
        method: 'POST',
        path: '/api/admin/support-sessions',
        body: supportBody(LIVE, { password: 'Not-the-password1!' }),
      });
      expect({ status: answer.status, error: answer.json?.error }).toEqual({ status: 403, error: 'Authentication failed' });
      expect((await auditSince(db, auditBefore)).map((r) => [r.action, r.tenant_slug])).toEqual([['support.denied', LIVE]]);
      const after = await everything();
      expect(after.tenant).toEqual(before.tenant);
      expect(after.platform.support_access_log).toEqual(before.platform.support_access_log);
    });

    it('five wrong in a row lock for 15 minutes from the fifth; a right one in between resets the count', async () => {
      // Four wrong, one right, four wrong: never locked.
      for (let i = 0; i < 4; i++) expect((await lockStart('Wrong-password1!')).status).toBe(403);
      expect((await lockStart(NEW_USER_PASSWORD)).status).toBe(201);
      for (let i = 0; i < 4; i++) expect((await lockStart('Wrong-password1!')).status).toBe(403);

      // The fifth in a row locks at once.
      offsetMs = 0;
      const fifth = await lockStart('Wrong-password1!');
      expect(fifth.status).toBe(429);
      expect(fifth.json).toEqual({ error: expect.stringMatching(/locked for 15 minutes/), retry_after_seconds: 900 });

      // Locked even for the right password, and counted down on the API's clock.
      const auditBefore = await auditRows(db);
      offsetMs = 10 * MINUTE;
      const locked = await lockStart(NEW_USER_PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.json?.retry_after_seconds).toBeGreaterThan(290);
      expect(locked.json?.retry_after_seconds).toBeLessThanOrEqual(300);
      expect(await auditSince(db, auditBefore)).toEqual([]);

      // After the window the right password works.
      offsetMs = 15 * MINUTE + 5_000;
      const after = await lockStart(NEW_USER_PASSWORD);
      expect(after.status, after.text).toBe(201);
    });

    it('parallel wrong passwords check at most five: the attempt is taken before the check', async () => {
      const token = extraTokens.get('race-admin')!;
      const checksBefore = passwordChecks;
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          fetchWithToken(token, {
            method: 'POST',
            path: '/api/admin/support-sessions',
            body: supportBody(LIVE, { password: 'Wrong-password1!' }),
          }),
        ),
      );
      expect(answers.filter((a) => a.status !== 429).length).toBeLessThanOrEqual(5);
      expect(answers.every((a) => a.status === 403 || a.status === 429)).toBe(true);
      expect(passwordChecks - checksBefore).toBeLessThanOrEqual(5);
      const rows = await db.query<{ succeeded: boolean | null }>(
        `select a.succeeded from public.support_reauth_attempts a join auth.users u on u.id = a.staff_id where u.email like 'racer-%'`,
      );
      expect(rows.rows.length).toBeLessThanOrEqual(5);
      // No attempt is left pending once every answer is in.
      expect(rows.rows.every((r) => r.succeeded === false)).toBe(true);
    });
  });

  describe('the support history', () => {
    const path = `/api/tenant-proxy/support-history?tenantSlug=${LIVE}`;

    it('lists the tenant sessions newest first with their length, for a staff admin and the tenant super admin alike', async () => {
      offsetMs = -12 * MINUTE;
      const made = await start({ reason: 'security_audit' });
      offsetMs = -2 * MINUTE;
      await api.admin({ method: 'POST', path: `/api/admin/support-sessions/${made.support.id}/end` });
      offsetMs = 0;
      const asStaff = await api.admin<HistoryAnswer>({ method: 'GET', path });
      const entry = asStaff.sessions.find((s) => s.id === made.support.id);
      expect(entry).toEqual({
        id: made.support.id,
        staff_email: ADMIN_EMAIL,
        staff_name: 'Avery Admin',
        reason: 'security_audit',
        details: null,
        started_at: expect.any(String),
        expires_at: expect.any(String),
        ended_at: expect.any(String),
        minutes: 10,
      });
      const starts = asStaff.sessions.map((s) => Date.parse((s as unknown as { started_at: string }).started_at));
      expect(starts).toEqual([...starts].sort((a, b) => b - a));

      const asTenant = await api.send('tenant-user', { method: 'GET', path });
      expect(asTenant.status).toBe(200);
      expect(asTenant.json).toEqual(asStaff);
    });

    it("lists the tenant's other staff access from the audit log, newest first, and not other tenants'", async () => {
      const ids = await db.query<{ id: string; slug: string }>(
        `select id::text, slug from public."Tenants" where slug in ($1, 'riverside-college')`,
        [LIVE],
      );
      const idOf = (slug: string) => ids.rows.find((r) => r.slug === slug)!.id;
      await api.admin({ method: 'GET', path: `/api/admin/tenants/${idOf('riverside-college')}/users` });
      await api.admin({ method: 'GET', path: `/api/admin/tenants/${idOf(LIVE)}/doors` });
      await api.admin({ method: 'GET', path: `/api/admin/tenants/${idOf(LIVE)}/users` });
      const asStaff = await api.admin<HistoryAnswer>({ method: 'GET', path });
      expect(asStaff.actions.slice(0, 2)).toEqual([
        { action: 'support.read', staff_email: ADMIN_EMAIL, target: 'users', created_at: expect.any(String) },
        { action: 'support.read', staff_email: ADMIN_EMAIL, target: 'doors', created_at: expect.any(String) },
      ]);
      const times = asStaff.actions.map((a) => Date.parse(a.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      // Only access to its data: no session starts (those are in sessions), nothing of another tenant.
      expect(asStaff.actions.every((a) => a.action === 'support.read' || a.action.startsWith('tenant_user.'))).toBe(true);
      const theirs = await db.query<{ n: number }>(
        `select count(*)::int as n from public.platform_audit_log where tenant_slug = $1 and (action = 'support.read' or action like 'tenant\\_user.%')`,
        [LIVE],
      );
      expect(asStaff.actions).toHaveLength(Number(theirs.rows[0]!.n));
      const asTenant = await api.send('tenant-user', { method: 'GET', path });
      expect(asTenant.json).toEqual(asStaff);
    });

    it("refuses the tenant's other users, another tenant's super admin, a support session and a forged token", async () => {
      const made = await start();
      const cases: [string, number][] = [
        [extraTokens.get('officer')!, 403],
        [extraTokens.get('other-super')!, 403],
        [made.session.access_token, 403],
        [forgedToken(adminId, ADMIN_EMAIL), 401],
      ];
      for (const [token, status] of cases) {
        const answer = await fetchWithToken(token, { method: 'GET', path });
        expect(answer.status, answer.text).toBe(status);
        expect(answer.json?.error).toEqual(expect.any(String));
      }
      // Whether a tenant exists is not told to a tenant token.
      const unknown = await api.send('tenant-user', { method: 'GET', path: '/api/tenant-proxy/support-history?tenantSlug=no-such-tenant' });
      expect(unknown.status).toBe(401);
    });
  });
});
