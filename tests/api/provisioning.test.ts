/**
 * Tenants whose projects are provisioned (issue 10 §2, docs/decisions/018),
 * through POST /api/admin/tenants and /provision, with both drivers:
 *
 * - `local`: the stack as mounted clones its migrated tenant template;
 * - `supabase`: the Supabase Management API, here its stand-in
 *   (tests/support/management-api-stand-in.ts): the hosted service cannot be
 *   reached from this machine, so real projects are made behind an app that
 *   follows the Management API's documented requests and responses.
 *
 * A provisioning failure is logged with console.error by the API; the tests
 * that provoke one expect that log (tests/support/fail-on-console-error.ts).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiApp } from '../../supabase/functions/api/app';
import { projectNameFor } from '../../supabase/functions/api/provisioning/supabase-driver';
import { TENANT_MIGRATIONS } from '../../supabase/functions/api/provisioning/tenant-migrations.gen';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import { seedDemo } from '../../supabase/local/seed';
import { startManagementApiStandIn, type ManagementApiStandIn } from '../support/management-api-stand-in';
import { startTestStack, TEST_ORIGIN, type TestStack } from '../support/stack';

const NEW_PASSWORD = 'Changed-at-first1!';

interface TenantJson {
  id: string;
  slug: string;
  database_status: string;
  database_error: string | null;
  supabase_url: string | null;
  supabase_anon_key: string | null;
}
interface ProvisioningJson {
  database_status: 'creating' | 'active' | 'error';
  step: string;
  detail: string | null;
}
interface CreateAnswer {
  tenant: TenantJson;
  licence: { key: string } | null;
  firstAdmin: { email: string; temporary_password: string } | null;
  provisioning: ProvisioningJson | null;
}
interface ProvisionAnswer {
  tenant: TenantJson;
  provisioning: ProvisioningJson;
}
interface Answer<T> {
  status: number;
  json: T;
}

/** An API to call: the stack's own (/api), or one built for the supabase driver. */
type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

let t: TestStack;
let adminToken: string;

async function call<T>(api: ApiFetch, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const res = await api(path, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

const localApi: ApiFetch = (path, init) => t.fetch(`${TEST_ORIGIN}/api${path}`, init);

function tenantBody(slug: string, project: Record<string, unknown>): Record<string, unknown> {
  return {
    slug,
    company_name: `Org ${slug}`,
    status: 'active',
    email_domain: `${slug}.test`,
    plan_name: 'Basic',
    plan_interval: 'monthly',
    plan_amount_cents: 0,
    seats: 25,
    subscription_status: 'active',
    paid_until: null,
    require_license: false,
    project,
  };
}

const provision = (slug: string) => ({
  mode: 'provision',
  first_admin: { first_name: 'Ada', last_name: 'Admin', email: `ada@${slug}.test` },
});

async function createTenant(api: ApiFetch, body: Record<string, unknown>): Promise<CreateAnswer> {
  const r = await call<CreateAnswer>(api, 'POST', '/admin/tenants', body);
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json;
}

/** Calls /provision, as the screen polls, until the tenant is no longer creating. */
async function provisionUntilSettled(api: ApiFetch, id: string): Promise<ProvisionAnswer> {
  for (let i = 0; i < 100; i++) {
    const r = await call<ProvisionAnswer>(api, 'POST', `/admin/tenants/${id}/provision`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    if (r.json.provisioning.database_status !== 'creating') return r.json;
  }
  throw new Error('the tenant is still creating after 100 calls');
}

/** The create answer's outcome, or (a slow request spent its budget) the outcome the next calls reach. */
async function settled(api: ApiFetch, created: CreateAnswer): Promise<ProvisioningJson> {
  if (!created.provisioning) throw new Error('no provisioning in the create answer');
  if (created.provisioning.database_status !== 'creating') return created.provisioning;
  return (await provisionUntilSettled(api, created.tenant.id)).provisioning;
}

async function platformRow<T>(sql: string, params: unknown[]): Promise<T | undefined> {
  return (await t.stack.platform.engine.query<T>(sql, params)).rows[0];
}

const secretOf = (tenantId: string) =>
  platformRow<{ provider: string; provider_ref: string | null; project_url: string; service_role_key: string; jwt_secret: string | null }>(
    'select provider, provider_ref, project_url, service_role_key, jwt_secret from public.tenant_secrets where tenant_id = $1',
    [tenantId],
  );
const provisioningOf = (tenantId: string) =>
  platformRow<{ step: string; project_ref: string | null; admin_temp_password: string | null; last_error: string | null }>(
    'select step, project_ref, admin_temp_password, last_error from public.tenant_provisioning where tenant_id = $1',
    [tenantId],
  );
const tenantRow = (id: string) =>
  platformRow<TenantJson>(
    'select id, slug, database_status, database_error, supabase_url, supabase_anon_key from public."Tenants" where id = $1',
    [id],
  );

function client(url: string, key: string, fetchFn: typeof fetch): SupabaseClient {
  return createClient(url, key, {
    global: { fetch: fetchFn },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/**
 * The first super admin at the tenant's project: signs in with the temporary
 * password, must change it (require_password_change, super_admin), changes
 * it with supabase-js, and signs in with the new one only.
 */
async function firstAdminChangesPassword(projectUrl: string, anonKey: string, fetchFn: typeof fetch, email: string, temporary: string) {
  const first = client(projectUrl, anonKey, fetchFn);
  const signIn = await first.auth.signInWithPassword({ email, password: temporary });
  expect(signIn.error).toBeNull();
  const userId = signIn.data.user?.id;
  if (!userId) throw new Error('no user after sign-in');
  const profile = await first.from('users').select('role, require_password_change, tenant_slug').eq('id', userId).single();
  expect(profile.error).toBeNull();
  expect(profile.data).toMatchObject({ role: 'super_admin', require_password_change: true });

  const changed = await first.auth.updateUser({ password: NEW_PASSWORD, current_password: temporary });
  expect(changed.error).toBeNull();
  const after = await first.from('users').select('require_password_change').eq('id', userId).single();
  expect(after.data).toEqual({ require_password_change: false });

  const old = await client(projectUrl, anonKey, fetchFn).auth.signInWithPassword({ email, password: temporary });
  expect(old.error?.code).toBe('invalid_credentials');
  const again = await client(projectUrl, anonKey, fetchFn).auth.signInWithPassword({ email, password: NEW_PASSWORD });
  expect(again.error).toBeNull();
  expect(again.data.user?.id).toBe(userId);
}

/** Provisioning failures are logged with console.error: a test that provokes one expects it. */
function expectProvisioningErrors(): { logged: () => string } {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return { logged: () => spy.mock.calls.map((args) => args.map(String).join(' ')).join('\n') };
}

beforeAll(async () => {
  t = await startTestStack();
  await seedDemo(t.stack);
  const { data, error } = await t.platformClient().auth.signInWithPassword({ email: 'admin@lockstep.test', password: DEMO_PASSWORD });
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`);
  adminToken = data.session.access_token;
});
afterAll(() => t?.close());

describe('the local driver (the stack as mounted)', () => {
  const slug = 'prov-local';
  let created: CreateAnswer;
  // The stack caches whether it serves a tenant; the first admin must get in
  // at once anyway (the driver tells the stack the tenant is active), not
  // when a cached "creating" expires.
  const savedTtl = process.env.TENANT_STATUS_TTL_MS;
  beforeAll(() => {
    process.env.TENANT_STATUS_TTL_MS = '60000';
  });
  afterAll(() => {
    if (savedTtl === undefined) delete process.env.TENANT_STATUS_TTL_MS;
    else process.env.TENANT_STATUS_TTL_MS = savedTtl;
  });

  it('provisions a project whose first super admin signs in and must change the temporary password', async () => {
    created = await createTenant(localApi, tenantBody(slug, provision(slug)));
    expect(created.firstAdmin).toMatchObject({ email: `ada@${slug}.test` });
    const temporary = created.firstAdmin?.temporary_password ?? '';
    expect(temporary).toMatch(/^.{16}$/);
    expect(await settled(localApi, created)).toEqual({ database_status: 'active', step: 'done', detail: null });

    const id = created.tenant.id;
    const tenantUrl = t.stack.tenantUrl(slug);
    const tenant = await tenantRow(id);
    expect(tenant).toMatchObject({ database_status: 'active', database_error: null, supabase_url: tenantUrl });
    expect(await secretOf(id)).toMatchObject({ provider: 'local', provider_ref: slug, project_url: tenantUrl });
    expect(await t.stack.projectExists(slug)).toBe(true);
    // The temporary password was shown once and is no longer stored.
    expect(await provisioningOf(id)).toMatchObject({ step: 'done', admin_temp_password: null });

    const detail = await call<{ project: Record<string, unknown> }>(localApi, 'GET', `/admin/tenants/${id}`);
    expect(detail.json.project).toEqual({ provider: 'local', ref: slug, url: tenantUrl, has_service_key: true });

    await firstAdminChangesPassword(tenantUrl, tenant?.supabase_anon_key ?? '', t.fetch, `ada@${slug}.test`, temporary);
  });

  it('answers 409 when there is nothing left to provision', async () => {
    const again = await call<{ error: string }>(localApi, 'POST', `/admin/tenants/${created.tenant.id}/provision`);
    expect(again.status).toBe(409);
  });

  it('deletes the tenant and its database', async () => {
    const id = created.tenant.id;
    const wrong = await call<{ error: string }>(localApi, 'DELETE', `/admin/tenants/${id}?confirm=not-${slug}`);
    expect(wrong.status).toBe(422);
    expect(await t.stack.projectExists(slug)).toBe(true);

    const r = await call<{ deleted: boolean; database: string }>(localApi, 'DELETE', `/admin/tenants/${id}?confirm=${slug}`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ deleted: true, database: 'deleted' });
    expect(await t.stack.projectExists(slug)).toBe(false);
    expect(await tenantRow(id)).toBeUndefined();
    const gone = await t.fetch(`${t.stack.tenantUrl(slug)}/rest/v1/users?select=id`, {
      headers: { apikey: created.tenant.supabase_anon_key ?? 'x' },
    });
    expect(gone.status).toBe(404);
  });
});

/** The product API with the supabase driver pointed at a stand-in; the platform is the test stack's. */
function supabaseApi(standIn: ManagementApiStandIn): ApiFetch {
  const route: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return standIn.owns(url) ? standIn.fetch(input, init) : t.fetch(input, init);
  };
  const api = createApiApp({
    platformUrl: `${TEST_ORIGIN}/platform`,
    platformServiceKey: t.stack.platform.keys.serviceKey,
    platformAnonKey: t.stack.platform.keys.anonKey,
    fetch: route,
    provisioning: {
      driver: 'supabase',
      url: standIn.origin,
      accessToken: standIn.accessToken,
      organizationId: standIn.organizationId,
      region: 'us-east-1',
      projectUrlTemplate: standIn.projectUrlTemplate,
    },
  });
  const host = new Hono();
  host.mount('/api', api.fetch);
  return (path, init) => Promise.resolve(host.fetch(new Request(`http://api.test/api${path}`, init)));
}

/** Routes a supabase-js client of a hosted project to the stand-in. */
const hostedFetch =
  (standIn: ManagementApiStandIn): typeof fetch =>
  (input, init) =>
    standIn.fetch(input, init);

describe('the supabase driver over loopback HTTP, against the Management API stand-in', () => {
  const slug = 'prov-hosted';
  let standIn: ManagementApiStandIn;
  let api: ApiFetch;

  beforeAll(async () => {
    standIn = await startManagementApiStandIn({ loopback: true, comingUpPolls: 2 });
    api = supabaseApi(standIn);
  });
  afterAll(() => standIn?.close());

  it('creates the hosted project, applies the migrations through database/query, stores the keys and makes the first admin', async () => {
    const created = await createTenant(api, tenantBody(slug, provision(slug)));
    // The project is coming up: the first answer leaves the tenant creating.
    expect(created.provisioning).toMatchObject({ database_status: 'creating', step: 'wait_ready' });
    expect(created.tenant).toMatchObject({ database_status: 'creating', supabase_url: null });
    const hosted = standIn.projectNamed(projectNameFor(slug));
    if (!hosted) throw new Error('the hosted project was not created');
    expect(hosted).toMatchObject({ organization_id: standIn.organizationId, region: 'us-east-1', status: 'COMING_UP' });

    const done = await provisionUntilSettled(api, created.tenant.id);
    expect(done.provisioning).toEqual({ database_status: 'active', step: 'done', detail: null });
    expect(standIn.count('POST', /^\/v1\/projects$/)).toBe(1);

    // The tenant schema came through database/query, recorded as the Supabase CLI records it.
    const db = hosted.project.engine;
    const history = await db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    expect(history.rows).toEqual(TENANT_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    const tables = await db.query<{ users: string | null; doors: string | null }>(
      `select to_regclass('public.users')::text as users, to_regclass('public.doors')::text as doors`,
    );
    expect(tables.rows[0]).toEqual({ users: 'users', doors: 'doors' });
    expect(standIn.count('POST', new RegExp(`^/v1/projects/${hosted.ref}/database/query$`))).toBe(TENANT_MIGRATIONS.length + 2);

    const url = standIn.projectUrl(hosted.ref);
    expect(await secretOf(created.tenant.id)).toEqual({
      provider: 'supabase',
      provider_ref: hosted.ref,
      project_url: url,
      service_role_key: hosted.project.keys.serviceKey,
      jwt_secret: hosted.project.keys.jwtSecret,
    });
    expect(await tenantRow(created.tenant.id)).toMatchObject({
      database_status: 'active',
      supabase_url: url,
      supabase_anon_key: hosted.project.keys.anonKey,
    });
    expect(await provisioningOf(created.tenant.id)).toMatchObject({ step: 'done', project_ref: hosted.ref, admin_temp_password: null });

    await firstAdminChangesPassword(
      url,
      hosted.project.keys.anonKey,
      hostedFetch(standIn),
      `ada@${slug}.test`,
      created.firstAdmin?.temporary_password ?? '',
    );

    const again = await call<{ error: string }>(api, 'POST', `/admin/tenants/${created.tenant.id}/provision`);
    expect(again.status).toBe(409);

    const removed = await call<{ deleted: boolean; database: string }>(
      api,
      'DELETE',
      `/admin/tenants/${created.tenant.id}?confirm=${slug}`,
    );
    expect(removed.json).toEqual({ deleted: true, database: 'deleted' });
    expect(standIn.count('DELETE', new RegExp(`^/v1/projects/${hosted.ref}$`))).toBe(1);
    expect(hosted.status).toBe('REMOVED');
    const status = await standIn.fetch(`${standIn.origin}/v1/projects/${hosted.ref}`, {
      headers: { authorization: `Bearer ${standIn.accessToken}` },
    });
    expect(status.status).toBe(404);
  });
});

describe('the supabase driver when things go wrong (stand-in in process)', () => {
  let standIn: ManagementApiStandIn;
  let api: ApiFetch;

  beforeAll(async () => {
    standIn = await startManagementApiStandIn({ comingUpPolls: 0 });
    api = supabaseApi(standIn);
  });
  afterAll(() => standIn?.close());

  it('records INIT_FAILED as a database error, and deleting the tenant deletes the failed project', async () => {
    const slug = 'prov-init-failed';
    const errors = expectProvisioningErrors();
    standIn.outcome = 'INIT_FAILED';
    let created: CreateAnswer;
    try {
      created = await createTenant(api, tenantBody(slug, provision(slug)));
    } finally {
      standIn.outcome = 'ACTIVE_HEALTHY';
    }
    const outcome = await settled(api, created);
    expect(outcome).toMatchObject({ database_status: 'error', step: 'wait_ready' });
    expect(outcome.detail).toContain('INIT_FAILED');
    const tenant = await tenantRow(created.tenant.id);
    expect(tenant?.database_status).toBe('error');
    expect(tenant?.database_error).toContain('INIT_FAILED');
    expect(errors.logged()).toContain(`provisioning ${slug} failed at wait_ready`);
    expect(await secretOf(created.tenant.id)).toBeUndefined();

    const hosted = standIn.projectNamed(projectNameFor(slug));
    if (!hosted) throw new Error('no hosted project');
    const removed = await call<{ database: string }>(api, 'DELETE', `/admin/tenants/${created.tenant.id}?confirm=${slug}`);
    expect(removed.json).toMatchObject({ database: 'deleted' });
    expect(standIn.count('DELETE', new RegExp(`^/v1/projects/${hosted.ref}$`))).toBe(1);
  });

  it('a transient 500 on database/query sets an error; a retry resumes at the failed step and completes', async () => {
    const slug = 'prov-transient';
    const errors = expectProvisioningErrors();
    // The history is prepared and read; the first migration's query fails once.
    standIn.failNext('POST', /\/database\/query$/, { skip: 2, status: 500, message: 'upstream connect error' });
    const created = await createTenant(api, tenantBody(slug, provision(slug)));
    const outcome = await settled(api, created);
    expect(outcome).toMatchObject({ database_status: 'error', step: 'configure' });
    expect(outcome.detail).toContain('upstream connect error');
    expect((await tenantRow(created.tenant.id))?.database_error).toContain(`Applying migration ${TENANT_MIGRATIONS[0]?.version}`);
    expect(errors.logged()).toContain(`provisioning ${slug} failed at configure`);

    const hosted = standIn.projectNamed(projectNameFor(slug));
    if (!hosted) throw new Error('no hosted project');
    const statusPath = new RegExp(`^/v1/projects/${hosted.ref}$`);
    const polls = standIn.count('GET', statusPath);
    const keyReads = standIn.count('GET', new RegExp(`^/v1/projects/${hosted.ref}/api-keys$`));

    const retried = await provisionUntilSettled(api, created.tenant.id);
    expect(retried.provisioning).toEqual({ database_status: 'active', step: 'done', detail: null });
    expect(retried.tenant).toMatchObject({ database_status: 'active', database_error: null });
    // Resumed at configure: no new status poll, the keys read again, one project in all.
    expect(standIn.count('GET', statusPath)).toBe(polls);
    expect(standIn.count('GET', new RegExp(`^/v1/projects/${hosted.ref}/api-keys$`))).toBe(keyReads + 1);
    expect([...standIn.projects.values()].filter((p) => p.name === projectNameFor(slug))).toHaveLength(1);
    const history = await hosted.project.engine.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
    expect(history.rows.map((r) => r.version).sort()).toEqual(TENANT_MIGRATIONS.map((m) => m.version));

    const audit = await platformRow<{ action: string; target: string }>(
      `select action, target from public.platform_audit_log where tenant_id = $1 and action = 'tenant.provision'`,
      [created.tenant.id],
    );
    expect(audit).toEqual({ action: 'tenant.provision', target: 'configure' });
  });

  it('a lost create answer does not create a second project: the retry finds it by name', async () => {
    const slug = 'prov-lost-answer';
    const errors = expectProvisioningErrors();
    const creates = standIn.count('POST', /^\/v1\/projects$/);
    standIn.failNext('POST', /^\/v1\/projects$/, { after: true, status: 504, message: 'Gateway timeout' });
    const created = await createTenant(api, tenantBody(slug, provision(slug)));
    const outcome = await settled(api, created);
    expect(outcome).toMatchObject({ database_status: 'error', step: 'create_project' });
    expect(errors.logged()).toContain(`provisioning ${slug} failed at create_project`);
    const made = standIn.projectNamed(projectNameFor(slug));
    if (!made) throw new Error('the lost create made no project');

    const retried = await provisionUntilSettled(api, created.tenant.id);
    expect(retried.provisioning.database_status).toBe('active');
    expect(standIn.count('POST', /^\/v1\/projects$/)).toBe(creates + 1);
    expect([...standIn.projects.values()].filter((p) => p.name === projectNameFor(slug))).toHaveLength(1);
    expect(await secretOf(created.tenant.id)).toMatchObject({ provider: 'supabase', provider_ref: made.ref });
  });

  it('deleting a tenant whose create answer was lost, without a retry, still deletes the project it made', async () => {
    const slug = 'prov-lost-then-deleted';
    const errors = expectProvisioningErrors();
    standIn.failNext('POST', /^\/v1\/projects$/, { after: true, status: 504, message: 'Gateway timeout' });
    const created = await createTenant(api, tenantBody(slug, provision(slug)));
    expect(await settled(api, created)).toMatchObject({ database_status: 'error', step: 'create_project' });
    expect(errors.logged()).toContain(`provisioning ${slug} failed at create_project`);
    const made = standIn.projectNamed(projectNameFor(slug));
    if (!made) throw new Error('the lost create made no project');

    const removed = await call<{ database: string }>(api, 'DELETE', `/admin/tenants/${created.tenant.id}?confirm=${slug}`);
    expect(removed.json).toMatchObject({ database: 'deleted' });
    expect(standIn.count('DELETE', new RegExp(`^/v1/projects/${made.ref}$`))).toBe(1);
  });

  it('two concurrent /provision calls never run a step twice (the lease)', async () => {
    const slug = 'prov-lease';
    const creates = standIn.count('POST', /^\/v1\/projects$/);
    standIn.comingUpPolls = 1;
    let created: CreateAnswer;
    try {
      created = await createTenant(api, tenantBody(slug, provision(slug)));
      expect(created.provisioning).toMatchObject({ database_status: 'creating', step: 'wait_ready' });
    } finally {
      standIn.comingUpPolls = 0;
    }
    const hosted = standIn.projectNamed(projectNameFor(slug));
    if (!hosted) throw new Error('no hosted project');
    const statusPath = new RegExp(`^/v1/projects/${hosted.ref}$`);
    const polls = standIn.count('GET', statusPath);

    // The first call holds the lease while the stand-in keeps its status poll waiting.
    const held = standIn.hold('GET', statusPath);
    const first = call<ProvisionAnswer>(api, 'POST', `/admin/tenants/${created.tenant.id}/provision`);
    await held.reached;
    const second = await call<ProvisionAnswer>(api, 'POST', `/admin/tenants/${created.tenant.id}/provision`);
    expect(second.status).toBe(200);
    expect(second.json.provisioning).toMatchObject({ database_status: 'creating', step: 'wait_ready' });
    expect(standIn.count('GET', statusPath)).toBe(polls + 1);
    held.release();

    const done = await first;
    const settledFirst =
      done.json.provisioning.database_status === 'creating' ? await provisionUntilSettled(api, created.tenant.id) : done.json;
    expect(settledFirst.provisioning.database_status).toBe('active');
    const ref = hosted.ref;
    expect(standIn.count('POST', /^\/v1\/projects$/)).toBe(creates + 1);
    expect(standIn.count('GET', new RegExp(`^/v1/projects/${ref}/api-keys$`))).toBe(1);
    expect(standIn.count('GET', new RegExp(`^/v1/projects/${ref}/postgrest$`))).toBe(1);
    expect(standIn.count('POST', new RegExp(`^/v1/projects/${ref}/database/query$`))).toBe(TENANT_MIGRATIONS.length + 2);
    expect(standIn.count('POST', new RegExp(`^/hosted/${ref}/auth/v1/admin/users$`))).toBe(1);
  });
});

describe('the Management API stand-in itself', () => {
  it('checks the token and the organization, and answers database/query with rows or a 400', async () => {
    const standIn = await startManagementApiStandIn({ comingUpPolls: 0 });
    try {
      const v1 = (path: string, init: RequestInit = {}, token = standIn.accessToken) =>
        standIn.fetch(`${standIn.origin}/v1${path}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        });
      expect((await standIn.fetch(`${standIn.origin}/v1/projects`)).status).toBe(401);
      expect((await v1('/projects', {}, 'sbp_wrong')).status).toBe(401);
      const body = { name: 'p', organization_id: 'another-org', region: 'us-east-1', db_pass: 'Db1!secret-pass' };
      expect((await v1('/projects', { method: 'POST', body: JSON.stringify(body) })).status).toBe(403);
      const made = await v1('/projects', { method: 'POST', body: JSON.stringify({ ...body, organization_id: standIn.organizationId }) });
      expect(made.status).toBe(201);
      const project = (await made.json()) as { id: string; ref: string; status: string };
      expect(project).toMatchObject({ id: project.ref, status: 'COMING_UP' });
      expect(((await (await v1(`/projects/${project.ref}`)).json()) as { status: string }).status).toBe('ACTIVE_HEALTHY');

      const query = (sql: string) =>
        v1(`/projects/${project.ref}/database/query`, { method: 'POST', body: JSON.stringify({ query: sql }) });
      // A new project has the auth schema but no tenant schema and no migration history.
      const fresh = await query(
        `select to_regclass('auth.users')::text as auth_users, to_regclass('public.users')::text as users, to_regnamespace('supabase_migrations')::text as history`,
      );
      expect(fresh.status).toBe(201);
      expect(await fresh.json()).toEqual([{ auth_users: 'auth.users', users: null, history: null }]);
      const failed = await query('begin; create table public.t (x int); select 1 / 0; commit;');
      expect(failed.status).toBe(400);
      expect(((await failed.json()) as { message: string }).message).toContain('division by zero');
      // Nothing of the failed script stayed, and the next query runs.
      const after = await query(`select to_regclass('public.t')::text as t`);
      expect(await after.json()).toEqual([{ t: null }]);
    } finally {
      await standIn.close();
    }
  });
});

describe('registering an existing project', () => {
  it('registers a project by URL and anon key, and deleting the tenant leaves the project alone', async () => {
    const existing = await t.createTenant();
    const slug = 'reg-no-key';
    const created = await createTenant(
      localApi,
      tenantBody(slug, { mode: 'register', supabase_url: t.stack.tenantUrl(existing.ref), supabase_anon_key: existing.keys.anonKey }),
    );
    expect(created.provisioning).toBeNull();
    expect(created.firstAdmin).toBeNull();
    expect(created.tenant).toMatchObject({
      database_status: 'active',
      supabase_url: t.stack.tenantUrl(existing.ref),
      supabase_anon_key: existing.keys.anonKey,
    });
    expect(await secretOf(created.tenant.id)).toBeUndefined();
    const detail = await call<{ project: Record<string, unknown> }>(localApi, 'GET', `/admin/tenants/${created.tenant.id}`);
    expect(detail.json.project).toEqual({
      provider: 'registered',
      ref: null,
      url: t.stack.tenantUrl(existing.ref),
      has_service_key: false,
    });

    const removed = await call<{ deleted: boolean; database: string }>(
      localApi,
      'DELETE',
      `/admin/tenants/${created.tenant.id}?confirm=${slug}`,
    );
    expect(removed.json).toEqual({ deleted: true, database: 'kept' });
    expect(await t.stack.projectExists(existing.ref)).toBe(true);
  });

  it('registers a hosted project with its service key, and deleting the tenant does not delete the project', async () => {
    const standIn = await startManagementApiStandIn({ comingUpPolls: 0 });
    try {
      const api = supabaseApi(standIn);
      const headers = { authorization: `Bearer ${standIn.accessToken}`, 'content-type': 'application/json' };
      const made = await standIn.fetch(`${standIn.origin}/v1/projects`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'already-there',
          organization_id: standIn.organizationId,
          region: 'eu-west-1',
          db_pass: 'Db1!secret-pass',
        }),
      });
      expect(made.status).toBe(201);
      const { ref } = (await made.json()) as { ref: string };
      const up = await standIn.fetch(`${standIn.origin}/v1/projects/${ref}`, { headers });
      expect(((await up.json()) as { status: string }).status).toBe('ACTIVE_HEALTHY');
      const hosted = standIn.projects.get(ref);
      if (!hosted) throw new Error('no hosted project');

      const slug = 'reg-with-key';
      const url = standIn.projectUrl(ref);
      const created = await createTenant(
        api,
        tenantBody(slug, {
          mode: 'register',
          supabase_url: url,
          supabase_anon_key: hosted.project.keys.anonKey,
          service_key: hosted.project.keys.serviceKey,
        }),
      );
      expect(created.tenant).toMatchObject({ database_status: 'active', supabase_url: url });
      expect(await secretOf(created.tenant.id)).toMatchObject({
        provider: 'registered',
        provider_ref: null,
        project_url: url,
        service_role_key: hosted.project.keys.serviceKey,
      });
      // The stand-in saw nothing of the registration: no project made or changed.
      expect(standIn.count('POST', /^\/v1\/projects$/)).toBe(1);

      const removed = await call<{ deleted: boolean; database: string }>(
        api,
        'DELETE',
        `/admin/tenants/${created.tenant.id}?confirm=${slug}`,
      );
      expect(removed.json).toEqual({ deleted: true, database: 'kept' });
      expect(standIn.count('DELETE', /^\/v1\/projects\//)).toBe(0);
      expect(hosted.status).toBe('ACTIVE_HEALTHY');
      const health = await standIn.fetch(`${url}/auth/v1/health`, { headers: { apikey: hosted.project.keys.anonKey } });
      expect(health.status).toBe(200);
    } finally {
      await standIn.close();
    }
  });
});
