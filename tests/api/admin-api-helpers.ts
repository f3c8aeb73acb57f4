/**
 * The product API suite's shared parts, used by tests/api/admin-api.test.ts
 * (the Node-mounted API of an in-process stack) and by
 * tests/api/deno-entry.test.ts (the Edge Function entry under Deno):
 *
 * - ApiClient: one request as one of the callers of the access matrix;
 * - ROUTES: every route of docs/product-api.md with one valid request each,
 *   who may call it, and what a staff admin's call answers and audits. A
 *   route added here is covered in every cell of the matrix;
 * - platformSnapshot: the platform rows an API call may change, read as the
 *   database owner, to show that a refused or invalid call changed nothing.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { LICENCE_KEY_PATTERN } from '../../supabase/functions/_shared/licence-key';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import type { SqlClient } from '../../supabase/local/engine/types';

// ---------------------------------------------------------------------------
// Callers and requests

/**
 * Who calls: no token; a well-formed token signed with the wrong secret; a
 * tenant user (super@lincoln-isd.test on the lincoln-isd project); a platform
 * account without a Staff row (former@); staff without the admin flag
 * (staff@); a staff admin (admin@). The staff admin comes last, so the
 * refused cells of a route run before the one that changes things.
 */
export const CALLERS = ['none', 'forged', 'tenant-user', 'platform-user', 'staff', 'staff-admin'] as const;
export type Caller = (typeof CALLERS)[number];

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

export interface ApiRequest {
  method: Method;
  /** From /api on, with its query string. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (malformed or oversize bodies). */
  raw?: string;
}

export interface ApiAnswer {
  status: number;
  contentType: string;
  text: string;
  /** The parsed body when it is a JSON object, else null. */
  json: Record<string, unknown> | null;
}

export class ApiClient {
  constructor(
    /** The origin the API's /api paths are under. */
    readonly base: string,
    private readonly fetchFn: typeof fetch,
    private readonly tokens: ReadonlyMap<Caller, string>,
  ) {}

  async send(caller: Caller, req: ApiRequest): Promise<ApiAnswer> {
    const token = caller === 'none' ? undefined : this.tokens.get(caller);
    if (caller !== 'none' && !token) throw new Error(`no token for ${caller}`);
    const body = req.raw ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
    const res = await this.fetchFn(`${this.base}${req.path}`, {
      method: req.method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    });
    const text = await res.text();
    let json: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
    } catch {
      json = null;
    }
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, json };
  }

  /** A staff admin's call that must answer `status`; its JSON body. */
  async admin<T = Record<string, unknown>>(req: ApiRequest, status = 200): Promise<T> {
    const answer = await this.send('staff-admin', req);
    if (answer.status !== status) {
      throw new Error(`${req.method} ${req.path}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 500)}`);
    }
    return answer.json as T;
  }
}

/** Signs in with a password on a project (its base URL, e.g. http://host/platform); both tokens. */
export async function signIn(
  fetchFn: typeof fetch,
  projectUrl: string,
  anonKey: string,
  email: string,
  password: string,
): Promise<{ access_token: string; refresh_token: string }> {
  const res = await fetchFn(`${projectUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const json = (await res.json()) as { access_token?: string; refresh_token?: string };
  if (!res.ok || !json.access_token || !json.refresh_token) throw new Error(`sign-in failed for ${email}: ${res.status}`);
  return { access_token: json.access_token, refresh_token: json.refresh_token };
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** A well-formed session token for `sub`, signed with a secret no project has. */
export function forgedToken(sub: string, email: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const now = Math.floor(Date.now() / 1000);
  const payload = base64url(JSON.stringify({ sub, email, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 }));
  const signature = base64url(createHmac('sha256', 'not-the-platform-secret-at-all-0123456789').update(`${header}.${payload}`).digest());
  return `${header}.${payload}.${signature}`;
}

/** Waits for `read` to give a value `done` accepts (state changes the stack caches for a moment). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

// ---------------------------------------------------------------------------
// Tenants made for the tests

/** A registered project's anon key: long enough for the schema, never used (the project is never contacted). */
export const REGISTERED_ANON_KEY = 'anon-key-of-a-registered-project-0123456789';
export const REGISTERED_URL = 'https://registered-project.example';

export function uniqueSlug(prefix = 'api'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** A valid create body registering an existing project (no provisioning involved). */
export function registerBody(slug: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    slug,
    company_name: `Registered ${slug}`,
    email_domain: `${slug}.test`,
    status: 'active',
    plan_name: 'Basic',
    plan_interval: 'monthly',
    plan_amount_cents: 2900,
    seats: 10,
    subscription_status: 'active',
    paid_until: '2030-06-30',
    require_license: true,
    project: { mode: 'register', supabase_url: `${REGISTERED_URL}/${slug}`, supabase_anon_key: REGISTERED_ANON_KEY },
    ...overrides,
  };
}

export interface TenantView {
  id: string;
  slug: string;
  company_name: string;
  status: string;
  [column: string]: unknown;
}

export interface LicenceAnswer {
  id: string;
  key: string;
  key_last4: string;
  status: string;
  [column: string]: unknown;
}

export interface CreatedTenant {
  tenant: TenantView;
  licence: LicenceAnswer;
}

/** Registers a tenant through the API as the staff admin. */
export async function registerTenant(api: ApiClient, overrides: Record<string, unknown> = {}): Promise<CreatedTenant> {
  const slug = typeof overrides.slug === 'string' ? overrides.slug : uniqueSlug();
  return api.admin<CreatedTenant>({ method: 'POST', path: '/api/admin/tenants', body: registerBody(slug, overrides) }, 201);
}

// ---------------------------------------------------------------------------
// The platform's rows

/** Every platform table an API call may write, with Staff (read by the guard, written by no route). */
export const PLATFORM_TABLES = [
  'Tenants',
  'LicenseKeys',
  'tenant_features',
  'addon_subscriptions',
  'platform_audit_log',
  'tenant_secrets',
  'tenant_provisioning',
  'support_access_log',
  'support_reauth_attempts',
  'Staff',
] as const;

export type PlatformSnapshot = Record<(typeof PLATFORM_TABLES)[number], { rows: number; digest: string }>;

/** Each table's row count and a digest of all its rows (as the owner, so RLS hides nothing). */
export async function platformSnapshot(db: SqlClient): Promise<PlatformSnapshot> {
  const out: Partial<PlatformSnapshot> = {};
  for (const table of PLATFORM_TABLES) {
    const r = await db.query<{ rows: number; digest: string | null }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from public."${table}" x`,
    );
    const row = r.rows[0];
    out[table] = { rows: Number(row?.rows ?? 0), digest: row?.digest ?? '' };
  }
  return out as PlatformSnapshot;
}

export interface AuditRow {
  id: string;
  staff_id: string;
  staff_email: string | null;
  action: string;
  tenant_id: string | null;
  tenant_slug: string | null;
  target: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

export async function auditRows(db: SqlClient): Promise<AuditRow[]> {
  const r = await db.query<AuditRow>(
    `select id::text, staff_id::text, staff_email, action, tenant_id::text, tenant_slug, target, details, created_at::text
       from public.platform_audit_log order by created_at, id`,
  );
  return r.rows;
}

/** The audit rows written since `before` was read. */
export async function auditSince(db: SqlClient, before: readonly AuditRow[]): Promise<AuditRow[]> {
  const seen = new Set(before.map((r) => r.id));
  return (await auditRows(db)).filter((r) => !seen.has(r.id));
}

/** The database's clock, so created_at can be placed between two readings of it. */
export async function dbNow(db: SqlClient): Promise<string> {
  return (await db.query<{ now: string }>(`select clock_timestamp()::text as now`)).rows[0]!.now;
}

// ---------------------------------------------------------------------------
// The routes

/** Who may call a route besides nobody: docs/product-api.md's "caller" column. */
export type Access = 'anyone' | 'staff admin' | 'staff admin, tenant user' | 'tenant super admin';

export interface RouteFixtures {
  api: ApiClient;
  db: SqlClient;
  /** The tenant whose user is the matrix's tenant user (lincoln-isd), with a live project. */
  liveSlug: string;
  /** A registered tenant the non-destructive routes act on. */
  shared: TenantView;
}

export interface RouteCase {
  /** `METHOD /api/path` as docs/product-api.md names it (without the query). */
  route: string;
  access: Access;
  /** One valid request; may first make what it acts on (a tenant to delete, a licence to revoke) as the staff admin. */
  prepare(fx: RouteFixtures): Promise<ApiRequest>;
  /** What an allowed caller's call answers. */
  status: number;
  check(json: Record<string, unknown>, fx: RouteFixtures): Promise<void> | void;
  /** The audit actions an allowed call writes (none for a read). */
  audits: readonly string[];
}

const tenantPath = (t: { id: string }) => `/api/admin/tenants/${t.id}`;

async function activeLicenceId(fx: RouteFixtures, tenantId: string): Promise<string> {
  const r = await fx.db.query<{ id: string }>(`select id::text from public."LicenseKeys" where tenant_id = $1 and status = 'active'`, [
    tenantId,
  ]);
  const id = r.rows[0]?.id;
  if (!id) throw new Error(`tenant ${tenantId} has no active licence`);
  return id;
}

function expectLicenceView(l: unknown): void {
  expect(l).toEqual({
    id: expect.any(String),
    key_last4: expect.stringMatching(/^[A-Z0-9]{4}$/),
    status: expect.stringMatching(/^(active|revoked)$/),
    issued_at: expect.any(String),
    issued_by: expect.any(String),
    expires_at: null,
    max_seats: expect.toBeOneOf([expect.any(Number), null]),
    notes: expect.toBeOneOf([expect.any(String), null]),
    updated_at: expect.any(String),
  });
}

let patchCounter = 0;

// ---------------------------------------------------------------------------
// Staff tools (issue 11)

/** A password the one rule accepts, for users and staff the tests make. */
export const NEW_USER_PASSWORD = 'Welcome-2026!';

/** A valid body for POST /api/admin/tenants/:id/users. */
export function newUserBody(username: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { first_name: 'Matrix', last_name: 'User', username, password: NEW_USER_PASSWORD, role: 'regular_user', ...overrides };
}

/** A valid body for POST /api/admin/support-sessions: the demo staff admin's own password. */
export function supportBody(tenantSlug: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { tenantSlug, password: DEMO_PASSWORD, reason: 'technical_support', ...overrides };
}

/** A valid body for POST /api/admin/staff. */
export function newStaffBody(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: `${name}@lockstep.test`,
    first_name: 'Matrix',
    last_name: 'Staff',
    is_staff_admin: false,
    password: NEW_USER_PASSWORD,
    ...overrides,
  };
}

/** The live tenant (liveSlug) as the platform has it. */
export async function liveTenant(fx: RouteFixtures): Promise<{ id: string; slug: string }> {
  const r = await fx.db.query<{ id: string }>(`select id::text from public."Tenants" where slug = $1`, [fx.liveSlug]);
  const id = r.rows[0]?.id;
  if (!id) throw new Error(`${fx.liveSlug} is not a tenant`);
  return { id, slug: fx.liveSlug };
}

// One user (or staff member) per route and fixture set: the refused callers
// act on it before the staff admin (the matrix's last caller) changes it.
const madeFor = new WeakMap<RouteFixtures, Map<string, Promise<string>>>();

function once(fx: RouteFixtures, key: string, make: () => Promise<string>): Promise<string> {
  let made = madeFor.get(fx);
  if (!made) madeFor.set(fx, (made = new Map()));
  let id = made.get(key);
  if (!id) made.set(key, (id = make()));
  return id;
}

/** A user of the live tenant made through the API for the route `key`; its id. */
export function matrixUser(fx: RouteFixtures, key: string): Promise<string> {
  return once(fx, `user:${key}`, async () => {
    const tenant = await liveTenant(fx);
    const made = await fx.api.admin<{ user: { id: string } }>(
      { method: 'POST', path: `${tenantPath(tenant)}/users`, body: newUserBody(uniqueSlug(`matrix-${key}`)) },
      201,
    );
    return made.user.id;
  });
}

/** A staff member made through the API for the deactivation route; their id. */
export function matrixStaff(fx: RouteFixtures): Promise<string> {
  return once(fx, 'staff', async () => {
    const made = await fx.api.admin<{ staff: { id: string } }>(
      { method: 'POST', path: '/api/admin/staff', body: newStaffBody(uniqueSlug('matrix-staff')) },
      201,
    );
    return made.staff.id;
  });
}

/** The 403 of the tenant's own user routes for anyone but lincoln-isd's super admin (or a support session). */
export const TENANT_OWN_USERS_REFUSAL = "Only Lincoln Independent School District's super admins may manage its users";

/** A user of the live tenant for the tenant's own routes (made by the staff admin, acted on by its super admin). */
const ownUserPath = async (fx: RouteFixtures, key: string, action = '') =>
  `/api/tenant-proxy/users/${await matrixUser(fx, `own-${key}`)}${action}?tenantSlug=${fx.liveSlug}`;

function tenantOwnUserRoutes(): RouteCase[] {
  const access = 'tenant super admin' as const;
  return [
    {
      route: 'GET /api/tenant-proxy/users',
      access,
      prepare: async (fx) => ({ method: 'GET', path: `/api/tenant-proxy/users?tenantSlug=${fx.liveSlug}` }),
      status: 200,
      check: (json) => expect((json.users as { email: string }[]).map((u) => u.email)).toContain('super@lincoln-isd.test'),
      audits: [],
    },
    {
      route: 'POST /api/tenant-proxy/users',
      access,
      prepare: async (fx) => ({
        method: 'POST',
        path: `/api/tenant-proxy/users?tenantSlug=${fx.liveSlug}`,
        body: newUserBody(uniqueSlug('own')),
      }),
      status: 201,
      check: (json) =>
        expect(json).toMatchObject({
          email: expect.stringMatching(/^own-[0-9a-f]{8}@lincoln-isd\.test$/),
          inviteLink: null,
          user: { role: 'regular_user', active: true, require_password_change: true },
        }),
      audits: [],
    },
    {
      route: 'PATCH /api/tenant-proxy/users/:userId',
      access,
      prepare: async (fx) => ({ method: 'PATCH', path: await ownUserPath(fx, 'patch'), body: { department: 'Operations' } }),
      status: 200,
      check: (json) => expect(json).toMatchObject({ user: { department: 'Operations' } }),
      audits: [],
    },
    {
      route: 'POST /api/tenant-proxy/users/:userId/reset-password',
      access,
      prepare: async (fx) => ({
        method: 'POST',
        path: await ownUserPath(fx, 'reset', '/reset-password'),
        body: { password: 'Matrix-reset9!' },
      }),
      status: 200,
      check: (json) => expect(json).toMatchObject({ user: { require_password_change: true } }),
      audits: [],
    },
    {
      route: 'POST /api/tenant-proxy/users/:userId/deactivate',
      access,
      prepare: async (fx) => ({ method: 'POST', path: await ownUserPath(fx, 'deactivate', '/deactivate') }),
      status: 200,
      check: (json) => expect(json).toMatchObject({ user: { active: false } }),
      audits: [],
    },
    {
      route: 'POST /api/tenant-proxy/users/:userId/reactivate',
      access,
      prepare: async (fx) => ({ method: 'POST', path: await ownUserPath(fx, 'reactivate', '/reactivate') }),
      status: 200,
      check: (json) => expect(json).toMatchObject({ user: { active: true } }),
      audits: [],
    },
  ];
}

export const ROUTES: readonly RouteCase[] = [
  {
    route: 'GET /api/health',
    access: 'anyone',
    prepare: async () => ({ method: 'GET', path: '/api/health' }),
    status: 200,
    check: (json) => expect(json).toEqual({ ok: true }),
    audits: [],
  },
  {
    route: 'POST /api/tenant-proxy/health',
    access: 'staff admin',
    prepare: async (fx) => ({ method: 'POST', path: '/api/tenant-proxy/health', body: { tenantSlug: fx.liveSlug } }),
    status: 200,
    check: (json) => expect(json).toMatchObject({ ok: true, dbHealthy: true, readOk: true, error: null, note: null }),
    audits: [],
  },
  {
    route: 'GET /api/tenant-proxy/features',
    access: 'staff admin, tenant user',
    prepare: async (fx) => ({ method: 'GET', path: `/api/tenant-proxy/features?tenantSlug=${fx.liveSlug}` }),
    status: 200,
    check: (json) => {
      expect(Array.isArray(json.features)).toBe(true);
      // The tenant's own add-on dates, for its System Settings.
      expect(Array.isArray(json.subscriptions)).toBe(true);
      expect(json.effective).toEqual({
        security_core: expect.any(Boolean),
        transportation: expect.any(Boolean),
        student_parking: expect.any(Boolean),
      });
    },
    audits: [],
  },
  {
    route: 'GET /api/admin/tenants',
    access: 'staff admin',
    prepare: async () => ({ method: 'GET', path: '/api/admin/tenants' }),
    status: 200,
    check: async (json, fx) => {
      // Exactly {id, company_name, slug}, in the database's order by company name.
      const expected = await fx.db.query<{ id: string; company_name: string; slug: string }>(
        `select id::text, company_name, slug from public."Tenants" order by company_name`,
      );
      expect(json).toEqual({ tenants: expected.rows });
    },
    audits: [],
  },
  {
    route: 'GET /api/admin/tenants/:id',
    access: 'staff admin',
    prepare: async (fx) => ({ method: 'GET', path: tenantPath(fx.shared) }),
    status: 200,
    check: (json, fx) => {
      expect(json).toMatchObject({
        tenant: { id: fx.shared.id, slug: fx.shared.slug },
        project: { provider: 'registered', ref: null, has_service_key: false },
        provisioning: null,
      });
      expect(json).toHaveProperty('licence');
    },
    audits: [],
  },
  {
    route: 'POST /api/admin/tenants',
    access: 'staff admin',
    prepare: async () => ({ method: 'POST', path: '/api/admin/tenants', body: registerBody(uniqueSlug('matrix')) }),
    status: 201,
    check: (json) => {
      expect(json).toMatchObject({ tenant: { database_status: 'active' }, licenceError: null, firstAdmin: null, provisioning: null });
      expect((json.licence as LicenceAnswer).key).toMatch(LICENCE_KEY_PATTERN);
    },
    audits: ['tenant.create', 'licence.generate'],
  },
  {
    route: 'PATCH /api/admin/tenants/:id',
    access: 'staff admin',
    prepare: async (fx) => ({ method: 'PATCH', path: tenantPath(fx.shared), body: { description: `Edited ${++patchCounter}` } }),
    status: 200,
    check: (json) => expect(json).toMatchObject({ tenant: { description: expect.stringMatching(/^Edited \d+$/) } }),
    audits: ['tenant.update'],
  },
  {
    route: 'DELETE /api/admin/tenants/:id',
    access: 'staff admin',
    prepare: async (fx) => {
      const { tenant } = await registerTenant(fx.api);
      return { method: 'DELETE', path: `${tenantPath(tenant)}?confirm=${tenant.slug}` };
    },
    status: 200,
    // A registered project is not the provider's: its database is kept.
    check: (json) => expect(json).toEqual({ deleted: true, database: 'kept' }),
    audits: ['tenant.delete'],
  },
  {
    // Provisioning itself is tests/api/provisioning.test.ts's; here, only who
    // may call it. A registered tenant has nothing to provision: the staff
    // admin passes the guard and gets the route's own 409.
    route: 'POST /api/admin/tenants/:id/provision',
    access: 'staff admin',
    prepare: async (fx) => ({ method: 'POST', path: `${tenantPath(fx.shared)}/provision` }),
    status: 409,
    check: (json) => expect(json).toEqual({ error: 'This tenant has no provisioning left to do' }),
    audits: [],
  },
  {
    route: 'GET /api/admin/tenants/:id/licenses',
    access: 'staff admin',
    prepare: async (fx) => ({ method: 'GET', path: `${tenantPath(fx.shared)}/licenses` }),
    status: 200,
    check: (json) => {
      const licenses = json.licenses as unknown[];
      expect(licenses.length).toBeGreaterThan(0);
      for (const l of licenses) expectLicenceView(l);
    },
    audits: [],
  },
  {
    route: 'POST /api/admin/tenants/:id/licenses',
    access: 'staff admin',
    prepare: async (fx) => ({ method: 'POST', path: `${tenantPath(fx.shared)}/licenses`, body: { replace: true, notes: 'Matrix' } }),
    status: 201,
    check: (json) => {
      expect((json.licence as LicenceAnswer).key).toMatch(LICENCE_KEY_PATTERN);
      expect(json.replaced).toMatchObject({ status: 'revoked' });
    },
    audits: ['licence.revoke', 'licence.generate'],
  },
  {
    route: 'POST /api/admin/licenses/:id/revoke',
    access: 'staff admin',
    prepare: async (fx) => {
      const { tenant } = await registerTenant(fx.api);
      return { method: 'POST', path: `/api/admin/licenses/${await activeLicenceId(fx, tenant.id)}/revoke` };
    },
    status: 200,
    check: (json) => {
      expectLicenceView(json.licence);
      expect(json.licence).toMatchObject({ status: 'revoked' });
    },
    audits: ['licence.revoke'],
  },
  {
    route: 'GET /api/admin/verify-tenant',
    access: 'staff admin',
    prepare: async (fx) => ({ method: 'GET', path: `/api/admin/verify-tenant?tenantSlug=${fx.liveSlug}` }),
    status: 200,
    check: (json, fx) => {
      expect(json).toMatchObject({ tenant: { slug: fx.liveSlug, company_name: expect.any(String) } });
      expect(Array.isArray(json.features) && Array.isArray(json.subscriptions)).toBe(true);
    },
    audits: [],
  },
  {
    route: 'POST /api/pricing/subscribe',
    access: 'staff admin',
    prepare: async (fx) => ({
      method: 'POST',
      path: '/api/pricing/subscribe',
      body: { tenantSlug: fx.shared.slug, addonName: 'transportation' },
    }),
    status: 200,
    check: (json) =>
      expect(json).toMatchObject({
        success: true,
        feature: { feature_name: 'transportation', enabled: true, status: 'active' },
        subscription: { addon_plan_id: 'transportation', status: 'active' },
      }),
    audits: ['addon.subscribe'],
  },
  {
    route: 'GET /api/admin/stats',
    access: 'staff admin',
    prepare: async () => ({ method: 'GET', path: '/api/admin/stats' }),
    status: 200,
    check: (json) =>
      expect(json).toMatchObject({
        tenants: { total: expect.any(Number) },
        subscriptions: { active: expect.any(Number) },
        staff: expect.any(Number),
        totals: { users: expect.any(Number) },
        unreachable: expect.any(Array),
        perTenant: expect.any(Array),
        generatedAt: expect.any(String),
      }),
    audits: [],
  },

  // Staff tools (issue 11): tenant users, staff, activity, reports, doors.
  {
    route: 'POST /api/admin/tenants/:id/connection-test',
    access: 'staff admin',
    prepare: async (fx) => ({ method: 'POST', path: `${tenantPath(await liveTenant(fx))}/connection-test` }),
    status: 200,
    check: (json) => expect(json).toMatchObject({ ok: true, elapsedMs: expect.any(Number), users: expect.any(Number), error: null }),
    audits: [],
  },
  {
    route: 'GET /api/admin/tenants/:id/users',
    access: 'staff admin',
    prepare: async (fx) => ({ method: 'GET', path: `${tenantPath(await liveTenant(fx))}/users` }),
    status: 200,
    check: (json) => {
      const users = json.users as { email: string }[];
      expect(users.map((u) => u.email)).toContain('super@lincoln-isd.test');
    },
    audits: ['support.read'],
  },
  {
    route: 'POST /api/admin/tenants/:id/users',
    access: 'staff admin',
    prepare: async (fx) => ({
      method: 'POST',
      path: `${tenantPath(await liveTenant(fx))}/users`,
      body: newUserBody(uniqueSlug('matrix')),
    }),
    status: 201,
    check: (json) =>
      expect(json).toMatchObject({
        email: expect.stringMatching(/^matrix-[0-9a-f]{8}@lincoln-isd\.test$/),
        user: { role: 'regular_user', active: true, require_password_change: true, is_organization_user: true },
      }),
    audits: ['tenant_user.create'],
  },
  {
    route: 'PATCH /api/admin/tenants/:id/users/:userId',
    access: 'staff admin',
    prepare: async (fx) => ({
      method: 'PATCH',
      path: `${tenantPath(await liveTenant(fx))}/users/${await matrixUser(fx, 'patch')}`,
      body: { phone: '555 010 0199', department: 'Facilities' },
    }),
    status: 200,
    check: (json) => expect(json).toMatchObject({ user: { phone: '(555)-010-0199', department: 'Facilities' } }),
    audits: ['tenant_user.update'],
  },
  {
    route: 'POST /api/admin/tenants/:id/users/:userId/reset-password',
    access: 'staff admin',
    prepare: async (fx) => ({
      method: 'POST',
      path: `${tenantPath(await liveTenant(fx))}/users/${await matrixUser(fx, 'reset')}/reset-password`,
      body: { password: 'Matrix-reset9!' },
    }),
    status: 200,
    check: (json) => expect(json).toMatchObject({ user: { require_password_change: true } }),
    audits: ['tenant_user.reset_password'],
  },
  {
    route: 'POST /api/admin/tenants/:id/users/:userId/deactivate',
    access: 'staff admin',
    prepare: async (fx) => ({
      method: 'POST',
      path: `${tenantPath(await liveTenant(fx))}/users/${await matrixUser(fx, 'deactivate')}/deactivate`,
    }),
    status: 200,
    check: (json) => expect(json).toMatchObject({ user: { active: false } }),
    audits: ['tenant_user.deactivate'],
  },
  {
    route: 'POST /api/admin/tenants/:id/users/:userId/reactivate',
    access: 'staff admin',
    prepare: async (fx) => ({
      method: 'POST',
      path: `${tenantPath(await liveTenant(fx))}/users/${await matrixUser(fx, 'reactivate')}/reactivate`,
    }),
    status: 200,
    check: (json) => expect(json).toMatchObject({ user: { active: true } }),
    audits: ['tenant_user.reactivate'],
  },
  {
    route: 'GET /api/admin/staff',
    access: 'staff admin',
    prepare: async () => ({ method: 'GET', path: '/api/admin/staff' }),
    status: 200,
    check: (json) => expect((json.staff as { email: string }[]).map((s) => s.email)).toContain('admin@lockstep.test'),
    audits: [],
  },
  {
    route: 'POST /api/admin/staff',
    access: 'staff admin',
    prepare: async () => ({ method: 'POST', path: '/api/admin/staff', body: newStaffBody(uniqueSlug('matrix')) }),
    status: 201,
    check: (json) => expect(json).toMatchObject({ staff: { is_staff_admin: false, active: true } }),
    audits: ['staff.create'],
  },
  {
    route: 'POST /api/admin/staff/:id/deactivate',
    access: 'staff admin',
    prepare: async (fx) => ({ method: 'POST', path: `/api/admin/staff/${await matrixStaff(fx)}/deactivate` }),
    status: 200,
    check: (json) => expect(json).toMatchObject({ staff: { active: false } }),
    audits: ['staff.deactivate'],
  },
  {
    route: 'GET /api/admin/activity',
    access: 'staff admin',
    prepare: async () => ({ method: 'GET', path: '/api/admin/activity?limit=5' }),
    status: 200,
    check: (json) => {
      const activity = json.activity as unknown[];
      expect(activity.length).toBeGreaterThan(0);
      expect(activity.length).toBeLessThanOrEqual(5);
    },
    audits: [],
  },
  {
    route: 'GET /api/admin/reports/door-checks',
    access: 'staff admin',
    prepare: async () => ({ method: 'GET', path: '/api/admin/reports/door-checks?weeks=4' }),
    status: 200,
    check: (json, fx) => {
      expect(json.weeks).toHaveLength(4);
      expect((json.tenants as { slug: string; counts: number[] }[]).find((t) => t.slug === fx.liveSlug)?.counts).toHaveLength(4);
      expect(json.unreachable).toEqual(expect.any(Array));
    },
    audits: [],
  },
  {
    route: 'GET /api/admin/tenants/:id/doors',
    access: 'staff admin',
    prepare: async (fx) => ({ method: 'GET', path: `${tenantPath(await liveTenant(fx))}/doors` }),
    status: 200,
    check: (json) => {
      expect((json.doors as unknown[]).length).toBeGreaterThan(0);
      expect(json).toMatchObject({ maintenance: expect.any(Array), campuses: expect.any(Array), check_interval_hours: expect.any(Number) });
    },
    audits: ['support.read'],
  },

  // Support sessions (issue 11, docs/decisions/019).
  {
    route: 'POST /api/admin/support-sessions',
    access: 'staff admin',
    prepare: async (fx) => ({ method: 'POST', path: '/api/admin/support-sessions', body: supportBody(fx.liveSlug) }),
    status: 201,
    check: (json, fx) =>
      expect(json).toMatchObject({
        session: { access_token: expect.any(String), token_type: 'bearer', expires_in: 1800 },
        support: { id: expect.any(String), tenant: { slug: fx.liveSlug }, reason: 'technical_support' },
      }),
    audits: ['support.start'],
  },
  {
    route: 'POST /api/admin/support-sessions/:id/end',
    access: 'staff admin',
    prepare: async (fx) => {
      const made = await fx.api.admin<{ support: { id: string } }>(
        { method: 'POST', path: '/api/admin/support-sessions', body: supportBody(fx.liveSlug) },
        201,
      );
      return { method: 'POST', path: `/api/admin/support-sessions/${made.support.id}/end` };
    },
    status: 200,
    check: (json) => expect(json).toMatchObject({ support: { id: expect.any(String), ended_at: expect.any(String) } }),
    audits: ['support.end'],
  },
  {
    route: 'GET /api/tenant-proxy/support-history',
    access: 'staff admin, tenant user',
    prepare: async (fx) => ({ method: 'GET', path: `/api/tenant-proxy/support-history?tenantSlug=${fx.liveSlug}` }),
    status: 200,
    check: (json) => expect(json).toMatchObject({ sessions: expect.any(Array) }),
    audits: [],
  },

  // The tenant's own user management (issue 12): its super admin (the matrix's
  // tenant user) acts in its own organization, with no platform audit row.
  ...tenantOwnUserRoutes(),
];

/** What a caller gets from a route of the given access, when refused: docs/product-api.md's 401 and 403. */
export function refusal(access: Access, caller: Caller): { status: number; error: string } | null {
  if (access === 'tenant super admin') {
    if (caller === 'tenant-user') return null;
    if (caller === 'none') return { status: 401, error: 'Missing session token' };
    if (caller === 'forged') return { status: 401, error: 'Not authenticated' };
    // Any platform session, a staff admin's too: these are not staff routes.
    return { status: 403, error: TENANT_OWN_USERS_REFUSAL };
  }
  if (access === 'anyone' || caller === 'staff-admin') return null;
  if (caller === 'tenant-user' && access === 'staff admin, tenant user') return null;
  if (caller === 'none') return { status: 401, error: 'Missing session token' };
  if (caller === 'forged' || caller === 'tenant-user') return { status: 401, error: 'Not authenticated' };
  return { status: 403, error: 'Not authenticated as a master admin' };
}

/**
 * One cell of the access matrix: the route's valid request from the caller
 * is allowed (its answer, and exactly its audit rows) or refused as the doc
 * says, as a JSON {error}, and a refused call changes no platform row.
 */
export async function checkAccessCell(route: RouteCase, caller: Caller, fx: RouteFixtures): Promise<void> {
  const req = await route.prepare(fx);
  const before = await platformSnapshot(fx.db);
  const auditBefore = await auditRows(fx.db);
  const answer = await fx.api.send(caller, req);
  expect(answer.contentType).toMatch(/^application\/json/);
  expect(answer.json).not.toBeNull();
  const refused = refusal(route.access, caller);
  if (refused) {
    expect({ status: answer.status, error: answer.json?.error }).toEqual(refused);
    expect(await platformSnapshot(fx.db)).toEqual(before);
    return;
  }
  expect(answer.status, answer.text.slice(0, 300)).toBe(route.status);
  await route.check(answer.json ?? {}, fx);
  const written = await auditSince(fx.db, auditBefore);
  expect(written.map((r) => r.action).sort()).toEqual([...route.audits].sort());
  if (route.audits.length === 0) expect(await platformSnapshot(fx.db)).toEqual(before);
}

/** The `METHOD /api/path` rows of docs/product-api.md's route table, without their query strings. */
export function documentedRoutes(): string[] {
  const doc = readFileSync(new URL('../../docs/product-api.md', import.meta.url), 'utf8');
  return [...doc.matchAll(/^\|\s*`(GET|POST|PATCH|DELETE|PUT) (\/api\/[^`?\s]*)[^`]*`/gm)].map((m) => `${m[1]} ${m[2]}`);
}
