/**
 * The product API's admin routes (issue 10, docs/product-api.md) on the
 * Node-mounted API of an in-process stack, on PGlite or on PostgreSQL when
 * DATABASE_URL is set:
 *
 * 1. the access matrix: every route × every caller, allowed or refused as
 *    the doc says, and a refused call changes nothing;
 * 2. bad input: malformed, wrongly typed, unknown, oversize, too deep and
 *    SQL-shaped bodies, queries and ids get a 4xx with a message and change
 *    nothing; an unknown /api path is a JSON 404, never the app shell;
 * 3. one audit row per privileged action, none for refused or invalid calls;
 * 4. licences: the clear key in the answer that made it and nowhere else;
 * 5. the licence rule at sign-in;
 * 6. features and add-ons;
 * 7. the cross-tenant figures.
 * Provisioning itself is tests/api/provisioning.test.ts's; the same core
 * runs against the Deno-served entry in tests/api/deno-entry.test.ts.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENCE_KEY_PATTERN } from '../../supabase/functions/_shared/licence-key';
import { createApiApp } from '../../supabase/functions/api/app';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import type { SqlClient } from '../../supabase/local/engine/types';
import { seedDemo } from '../../supabase/local/seed';
import { createServer } from '../../supabase/local/server';
import { startTestStack, TEST_ORIGIN, type TestStack } from '../support/stack';
import {
  ApiClient,
  auditRows,
  auditSince,
  CALLERS,
  checkAccessCell,
  dbNow,
  documentedRoutes,
  forgedToken,
  platformSnapshot,
  refusal,
  REGISTERED_ANON_KEY,
  registerBody,
  registerTenant,
  ROUTES,
  signIn,
  uniqueSlug,
  until,
  type ApiRequest,
  type AuditRow,
  type Caller,
  type CreatedTenant,
  type LicenceAnswer,
  type RouteFixtures,
  type TenantView,
} from './admin-api-helpers';

// The stack re-reads a tenant's state (served, licence rule) on every request
// instead of every 2 s, so a licence change applies to the next sign-in.
process.env.TENANT_STATUS_TTL_MS = '0';

const ADMIN_EMAIL = 'admin@lockstep.test';
const SQL_SHAPED = `x'; drop table "Tenants"; --`;
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';

describe('the product API: admin routes', () => {
  let t: TestStack;
  let db: SqlClient;
  let api: ApiClient;
  let fx: RouteFixtures;
  let adminId: string;

  beforeAll(async () => {
    t = await startTestStack();
    await seedDemo(t.stack);
    db = t.stack.platform.engine;
    const platformUrl = `${TEST_ORIGIN}/platform`;
    const anon = t.stack.platform.keys.anonKey;
    const lincoln = await t.stack.tenant('lincoln-isd');
    if (!lincoln) throw new Error('demo tenant lincoln-isd missing');
    adminId = (await db.query<{ id: string }>(`select id::text from auth.users where email = $1`, [ADMIN_EMAIL])).rows[0]!.id;

    // Each account signs in once for the whole file.
    const tokens = new Map<Caller, string>([
      ['staff-admin', (await signIn(t.fetch, platformUrl, anon, ADMIN_EMAIL, DEMO_PASSWORD)).access_token],
      ['staff', (await signIn(t.fetch, platformUrl, anon, 'staff@lockstep.test', DEMO_PASSWORD)).access_token],
      ['platform-user', (await signIn(t.fetch, platformUrl, anon, 'former@lockstep.test', DEMO_PASSWORD)).access_token],
      [
        'tenant-user',
        (await signIn(t.fetch, t.stack.tenantUrl('lincoln-isd'), lincoln.keys.anonKey, 'super@lincoln-isd.test', DEMO_PASSWORD))
          .access_token,
      ],
      // The staff admin's identity, signed with a secret the platform does not have.
      ['forged', forgedToken(adminId, ADMIN_EMAIL)],
    ]);
    api = new ApiClient(TEST_ORIGIN, t.fetch, tokens);
    const shared = (await registerTenant(api, { company_name: 'Shared Fixture Organization' })).tenant;
    fx = { api, db, liveSlug: 'lincoln-isd', shared };
  });

  afterAll(() => t?.close());

  const strip2 = (r: AuditRow) => ({ action: r.action, tenant_slug: r.tenant_slug, target: r.target });

  /** Sends a staff admin's request that must be refused with `status`, and checks it changed nothing. */
  async function refusedUnchanged(req: ApiRequest, status: number, caller: Caller = 'staff-admin'): Promise<Record<string, unknown>> {
    const before = await platformSnapshot(db);
    const answer = await api.send(caller, req);
    expect(answer.status, answer.text.slice(0, 300)).toBe(status);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.json).not.toBeNull();
    expect(await platformSnapshot(db)).toEqual(before);
    return answer.json ?? {};
  }

  describe('the route table', () => {
    it('names every route of docs/product-api.md and every route the API app serves, none twice', () => {
      const table = ROUTES.map((r) => r.route);
      expect(new Set(table).size).toBe(table.length);
      expect(documentedRoutes().sort()).toEqual([...table].sort());
      const app = createApiApp({
        platformUrl: `${TEST_ORIGIN}/platform`,
        platformAnonKey: 'unused',
        platformServiceKey: 'unused',
        fetch: () => Promise.reject(new Error('not called')),
        provisioning: { driver: 'none' },
      });
      const served = new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} /api${r.path}`));
      expect([...served].sort()).toEqual([...table].sort());
    });
  });

  describe('the access matrix', () => {
    describe.each(ROUTES)('$route', (route) => {
      it.each(CALLERS)('as %s', (caller) => checkAccessCell(route, caller, fx));
    });

    it("refuses a tenant's features to a user of another tenant (401)", async () => {
      const json = await refusedUnchanged(
        { method: 'GET', path: '/api/tenant-proxy/features?tenantSlug=riverside-college' },
        401,
        'tenant-user',
      );
      expect(json).toEqual({ error: 'Not authenticated' });
    });

    it('tells only a staff admin whether a tenant exists (features of an unknown tenant)', async () => {
      const req: ApiRequest = { method: 'GET', path: '/api/tenant-proxy/features?tenantSlug=no-such-org' };
      for (const caller of CALLERS) {
        const json = await refusedUnchanged(req, caller === 'staff-admin' ? 404 : (refusal('staff admin', caller)?.status ?? 0), caller);
        expect(json.error, caller).toBe(caller === 'staff-admin' ? 'Organization not found' : refusal('staff admin', caller)?.error);
      }
    });

    it('asks for a token before it reads the query', async () => {
      for (const path of ['/api/tenant-proxy/features', '/api/admin/verify-tenant']) {
        expect(await refusedUnchanged({ method: 'GET', path }, 401, 'none'), path).toEqual({ error: 'Missing session token' });
      }
    });
  });

  describe('bad input', () => {
    interface BadCase {
      name: string;
      request: () => ApiRequest | Promise<ApiRequest>;
      status: number;
      /** The message, exactly or by pattern. */
      error: string | RegExp;
    }

    const DEEP = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`;
    // ~6 MB, over the stack's 5 MB BODY_LIMIT default.
    const OVERSIZE = JSON.stringify({ company_name: 'x'.repeat(6 * 1024 * 1024) });
    const TOO_DEEP = /nests more than \d+ levels deep/;

    const tenantPath = () => `/api/admin/tenants/${fx.shared.id}`;

    /** The JSON-body routes: a valid body, a wrongly typed one, one with an unknown field. */
    const bodyRoutes: {
      route: string;
      method: 'POST' | 'PATCH';
      path: () => string;
      wrongTypes: () => Record<string, unknown>;
      unknownField: () => Record<string, unknown>;
    }[] = [
      {
        route: 'POST /api/admin/tenants',
        method: 'POST',
        path: () => '/api/admin/tenants',
        wrongTypes: () => registerBody(uniqueSlug(), { seats: 'ten', require_license: 'yes', plan_amount_cents: 12.5 }),
        // Columns the server sets itself are not the caller's to send.
        unknownField: () => registerBody(uniqueSlug(), { database_status: 'active', created_by: adminId }),
      },
      {
        route: 'PATCH /api/admin/tenants/:id',
        method: 'PATCH',
        path: tenantPath,
        wrongTypes: () => ({ seats: 'ten', status: 42 }),
        unknownField: () => ({ slug: 'renamed', description: 'x' }),
      },
      {
        route: 'POST /api/admin/tenants/:id/licenses',
        method: 'POST',
        path: () => `${tenantPath()}/licenses`,
        wrongTypes: () => ({ replace: 'yes' }),
        // The key is the server's to draw.
        unknownField: () => ({ replace: true, key: 'AAAA-BBBB-CCCC-DDDD' }),
      },
      {
        route: 'POST /api/pricing/subscribe',
        method: 'POST',
        path: () => '/api/pricing/subscribe',
        wrongTypes: () => ({ tenantSlug: 42, addonName: 'transportation' }),
        unknownField: () => ({ tenantSlug: fx.shared.slug, addonName: 'transportation', status: 'trial' }),
      },
    ];

    const cases: BadCase[] = [];
    for (const r of bodyRoutes) {
      const req = (extra: Partial<ApiRequest>) => (): ApiRequest => ({ method: r.method, path: r.path(), ...extra });
      cases.push(
        {
          name: `${r.route}: a body that is not JSON`,
          request: req({ raw: '{not json' }),
          status: 400,
          error: 'The request body must be JSON',
        },
        { name: `${r.route}: an empty body`, request: req({ raw: '' }), status: 400, error: 'The request body must be JSON' },
        {
          name: `${r.route}: a JSON array`,
          request: req({ raw: '[{"a":1}]' }),
          status: 400,
          error: 'The request body must be a JSON object',
        },
        { name: `${r.route}: JSON null`, request: req({ raw: 'null' }), status: 400, error: 'The request body must be a JSON object' },
        { name: `${r.route}: wrong types`, request: () => req({ body: r.wrongTypes() })(), status: 422, error: /\S/ },
        {
          name: `${r.route}: an unknown field`,
          request: () => req({ body: r.unknownField() })(),
          status: 422,
          error: /[Uu]nrecognized key/,
        },
        { name: `${r.route}: an oversize body`, request: req({ raw: OVERSIZE }), status: 413, error: /\S/ },
        { name: `${r.route}: deeply nested JSON`, request: req({ raw: DEEP }), status: 400, error: TOO_DEEP },
      );
    }
    cases.push(
      // POST /api/tenant-proxy/health predates the 422 rule: every bad body is a 400 there.
      {
        name: 'POST /api/tenant-proxy/health: a body that is not JSON',
        request: () => ({ method: 'POST', path: '/api/tenant-proxy/health', raw: '{not json' }),
        status: 400,
        error: 'Body must be {"tenantSlug": "<slug>"}',
      },
      {
        name: 'POST /api/tenant-proxy/health: a JSON array',
        request: () => ({ method: 'POST', path: '/api/tenant-proxy/health', raw: '["lincoln-isd"]' }),
        status: 400,
        error: 'Body must be {"tenantSlug": "<slug>"}',
      },
      {
        name: 'POST /api/tenant-proxy/health: wrong types',
        request: () => ({ method: 'POST', path: '/api/tenant-proxy/health', body: { tenantSlug: 42 } }),
        status: 400,
        error: 'Body must be {"tenantSlug": "<slug>"}',
      },
      {
        name: 'POST /api/tenant-proxy/health: an oversize body',
        request: () => ({ method: 'POST', path: '/api/tenant-proxy/health', raw: OVERSIZE }),
        status: 413,
        error: /\S/,
      },
      {
        name: 'POST /api/tenant-proxy/health: deeply nested JSON',
        request: () => ({ method: 'POST', path: '/api/tenant-proxy/health', raw: DEEP }),
        status: 400,
        error: TOO_DEEP,
      },
      {
        name: 'POST /api/tenant-proxy/health: an unknown tenant',
        request: () => ({ method: 'POST', path: '/api/tenant-proxy/health', body: { tenantSlug: 'no-such-org' } }),
        status: 404,
        error: 'Organization not found',
      },

      // Tenant bodies.
      {
        name: 'POST /api/admin/tenants: a SQL-shaped slug',
        request: () => ({ method: 'POST', path: '/api/admin/tenants', body: registerBody(SQL_SHAPED) }),
        status: 422,
        error: /^slug: Slug: lowercase letters/,
      },
      {
        name: 'POST /api/admin/tenants: a slug that is taken',
        request: () => ({ method: 'POST', path: '/api/admin/tenants', body: registerBody('lincoln-isd') }),
        status: 409,
        error: 'An organization with the slug "lincoln-isd" already exists',
      },
      {
        name: 'POST /api/admin/tenants: no project',
        request: () => {
          const { project: _project, ...body } = registerBody(uniqueSlug());
          return { method: 'POST', path: '/api/admin/tenants', body };
        },
        status: 422,
        error: /^project: /,
      },
      {
        name: 'POST /api/admin/tenants: a project URL with credentials',
        request: () => ({
          method: 'POST',
          path: '/api/admin/tenants',
          body: registerBody(uniqueSlug(), {
            project: { mode: 'register', supabase_url: 'https://user:pw@example.org', supabase_anon_key: REGISTERED_ANON_KEY },
          }),
        }),
        status: 422,
        error: /^project\.supabase_url: /,
      },
      {
        name: 'PATCH /api/admin/tenants/:id: nothing to change',
        request: () => ({ method: 'PATCH', path: tenantPath(), body: {} }),
        status: 422,
        error: 'Nothing to change',
      },
      {
        name: "PATCH /api/admin/tenants/:id: a registered tenant's URL with credentials",
        request: () => ({ method: 'PATCH', path: tenantPath(), body: { supabase_url: 'https://u:p@example.org' } }),
        status: 422,
        error: /^supabase_url: /,
      },
      {
        name: 'POST /api/pricing/subscribe: an add-on that is not one',
        request: () => ({
          method: 'POST',
          path: '/api/pricing/subscribe',
          body: { tenantSlug: fx.shared.slug, addonName: 'security_core' },
        }),
        status: 422,
        error: /^addonName: /,
      },
      {
        name: 'POST /api/pricing/subscribe: a SQL-shaped slug',
        request: () => ({ method: 'POST', path: '/api/pricing/subscribe', body: { tenantSlug: SQL_SHAPED, addonName: 'transportation' } }),
        status: 422,
        error: /^tenantSlug: Slug: /,
      },
      {
        name: 'POST /api/pricing/subscribe: an unknown tenant',
        request: () => ({
          method: 'POST',
          path: '/api/pricing/subscribe',
          body: { tenantSlug: 'no-such-org', addonName: 'transportation' },
        }),
        status: 404,
        error: 'Organization not found',
      },
      {
        name: 'POST /api/admin/tenants/:id/licenses: an active licence exists and replace is not set',
        request: () => ({ method: 'POST', path: `${tenantPath()}/licenses`, body: {} }),
        status: 409,
        error: /already has an active licence/,
      },

      // Queries.
      ...(['/api/tenant-proxy/features', '/api/admin/verify-tenant'] as const).flatMap((path): BadCase[] => [
        { name: `GET ${path}: no tenantSlug`, request: () => ({ method: 'GET', path }), status: 400, error: /^tenantSlug: / },
        {
          name: `GET ${path}: a SQL-shaped tenantSlug`,
          request: () => ({ method: 'GET', path: `${path}?tenantSlug=${encodeURIComponent(SQL_SHAPED)}` }),
          status: 400,
          error: /^tenantSlug: Slug: /,
        },
        {
          name: `GET ${path}: an unknown tenant`,
          request: () => ({ method: 'GET', path: `${path}?tenantSlug=no-such-org` }),
          status: 404,
          error: 'Organization not found',
        },
      ]),
      {
        name: 'DELETE /api/admin/tenants/:id: no confirmation',
        request: () => ({ method: 'DELETE', path: tenantPath() }),
        status: 422,
        error: /^Type the organization's slug \(.+\) to confirm the deletion$/,
      },
      {
        name: 'DELETE /api/admin/tenants/:id: the wrong confirmation (SQL-shaped)',
        request: () => ({ method: 'DELETE', path: `${tenantPath()}?confirm=${encodeURIComponent(SQL_SHAPED)}` }),
        status: 422,
        error: /to confirm the deletion/,
      },
      {
        name: 'DELETE /api/admin/tenants/:id: a malformed confirmation',
        request: () => ({ method: 'DELETE', path: `${tenantPath()}?confirm=${'x'.repeat(101)}` }),
        status: 400,
        error: /^confirm: /,
      },

      // Ids: unknown, not a uuid, SQL-shaped.
      ...(
        [
          ['GET', ''],
          ['PATCH', ''],
          ['DELETE', ''],
          ['POST', '/provision'],
          ['GET', '/licenses'],
          ['POST', '/licenses'],
        ] as const
      ).flatMap(([method, suffix]): BadCase[] =>
        [MISSING_UUID, 'not-a-uuid', encodeURIComponent(`1' or '1'='1`)].map((id) => ({
          name: `${method} /api/admin/tenants/${decodeURIComponent(id)}${suffix}`,
          request: () => ({
            method,
            path: `/api/admin/tenants/${id}${suffix}${method === 'DELETE' ? '?confirm=x' : ''}`,
            ...(method === 'PATCH' ? { body: { description: 'x' } } : method === 'POST' && suffix === '/licenses' ? { body: {} } : {}),
          }),
          status: 404,
          error: 'Organization not found',
        })),
      ),
      ...[MISSING_UUID, 'not-a-uuid'].map((id): BadCase => ({
        name: `POST /api/admin/licenses/${id}/revoke`,
        request: () => ({ method: 'POST', path: `/api/admin/licenses/${id}/revoke` }),
        status: 404,
        error: 'Licence not found',
      })),

      // The stack's guards apply to the routes without a body too.
      ...(
        [
          ['DELETE /api/admin/tenants/:id', 'DELETE', () => `${tenantPath()}?confirm=${fx.shared.slug}`],
          ['POST /api/admin/tenants/:id/provision', 'POST', () => `${tenantPath()}/provision`],
          ['POST /api/admin/licenses/:id/revoke', 'POST', () => `/api/admin/licenses/${MISSING_UUID}/revoke`],
        ] as const
      ).flatMap(([route, method, path]): BadCase[] => [
        { name: `${route}: an oversize body`, request: () => ({ method, path: path(), raw: OVERSIZE }), status: 413, error: /\S/ },
        { name: `${route}: deeply nested JSON`, request: () => ({ method, path: path(), raw: DEEP }), status: 400, error: TOO_DEEP },
      ]),
    );

    it.each(cases)('$name: $status with a message, nothing changed', async (c) => {
      const json = await refusedUnchanged(await c.request(), c.status);
      expect(json.error).toEqual(typeof c.error === 'string' ? c.error : expect.stringMatching(c.error));
      if (c.status === 422) {
        expect(json.issues).toEqual(expect.arrayContaining([{ path: expect.any(String), message: expect.any(String) }]));
      }
    });

    it('stores a SQL-shaped company name verbatim, harmlessly', async () => {
      const created = await registerTenant(api, { company_name: SQL_SHAPED, display_name: SQL_SHAPED });
      expect(created.tenant.company_name).toBe(SQL_SHAPED);
      const patched = await api.admin<{ tenant: TenantView }>({
        method: 'PATCH',
        path: `/api/admin/tenants/${created.tenant.id}`,
        body: { description: `${SQL_SHAPED} /* */ ; select pg_sleep(10);` },
      });
      expect(patched.tenant.description).toBe(`${SQL_SHAPED} /* */ ; select pg_sleep(10);`);
      const row = await db.query<{ company_name: string; display_name: string }>(
        `select company_name, display_name from public."Tenants" where id = $1`,
        [created.tenant.id],
      );
      expect(row.rows[0]).toEqual({ company_name: SQL_SHAPED, display_name: SQL_SHAPED });
      // The table is still there, with every tenant.
      const listed = await api.admin<{ tenants: { slug: string }[] }>({ method: 'GET', path: '/api/admin/tenants' });
      expect(listed.tenants.map((x) => x.slug)).toEqual(expect.arrayContaining(['lincoln-isd', 'riverside-college', created.tenant.slug]));
    });

    describe('an unknown /api path', () => {
      const paths: ApiRequest[] = [
        { method: 'GET', path: '/api' },
        { method: 'GET', path: '/api/' },
        { method: 'GET', path: '/api/no-such-route' },
        { method: 'POST', path: '/api/no-such-route', body: {} },
        { method: 'GET', path: '/api/admin/no-such-route' },
        { method: 'DELETE', path: '/api/admin/licenses/x' },
        { method: 'GET', path: '/api/tenant-proxy/no-such-route' },
        { method: 'GET', path: '/api/pricing' },
      ];

      it.each(paths.flatMap((p) => (['none', 'staff', 'staff-admin'] as const).map((caller) => ({ ...p, caller }))))(
        '$method $path as $caller: a JSON 404',
        async ({ caller, ...req }) => {
          const json = await refusedUnchanged(req, 404, caller);
          expect(json).toEqual({ error: 'Not found' });
        },
      );

      it('is a JSON 404 for a staff admin under a route family too (a method or sub-path it does not have)', async () => {
        for (const req of [
          { method: 'PUT', path: '/api/admin/tenants' },
          { method: 'GET', path: `/api/admin/tenants/${MISSING_UUID}/no-such-route` },
          { method: 'DELETE', path: '/api/admin/stats' },
        ] satisfies ApiRequest[]) {
          expect(await refusedUnchanged(req, 404)).toEqual({ error: 'Not found' });
        }
      });

      it('is never the app shell when the stack serves the built app', async () => {
        const dir = mkdtempSync(join(tmpdir(), 'lockstep-shell-'));
        try {
          writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Lockstep</title>');
          const withShell = createServer(t.stack, { staticDir: dir });
          const shell = await withShell.fetch(new Request(`${TEST_ORIGIN}/manage-tenants`));
          expect(shell.headers.get('content-type')).toMatch(/^text\/html/);
          for (const path of ['/api', '/api/', '/api/no-such-route', '/api/admin/no-such-route', '/api/admin/tenants/x/y']) {
            const res = await withShell.fetch(new Request(`${TEST_ORIGIN}${path}`));
            expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
            expect(res.status, path).toBeGreaterThanOrEqual(400);
            expect(await res.json()).toHaveProperty('error');
          }
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    });
  });

  describe('the audit log', () => {
    // tenant.update's target lists the changed fields (in the schema's order): compared as a set.
    const strip = (r: AuditRow) => ({
      action: r.action,
      tenant_id: r.tenant_id,
      tenant_slug: r.tenant_slug,
      target: r.action === 'tenant.update' ? (r.target ?? '').split(', ').sort().join(', ') : r.target,
    });
    const byKey = (a: { action: string; target: string | null }, b: { action: string; target: string | null }) =>
      `${a.action}|${a.target}`.localeCompare(`${b.action}|${b.target}`);

    async function expectWrittenBetween(rows: readonly AuditRow[], from: string, to: string): Promise<void> {
      for (const r of rows) {
        expect(r).toMatchObject({ staff_id: adminId, staff_email: ADMIN_EMAIL });
        const placed = await db.query<{ ok: boolean }>(
          `select created_at between $2::timestamptz and $3::timestamptz as ok from public.platform_audit_log where id = $1`,
          [r.id, from, to],
        );
        expect(placed.rows[0]?.ok, `${r.action} created_at ${r.created_at} within [${from}, ${to}]`).toBe(true);
      }
    }

    it('writes exactly one row per privileged action: the staff admin, the action, the tenant, the target, the time', async () => {
      const from = await dbNow(db);
      const before = await auditRows(db);
      const created = await registerTenant(api, { company_name: 'Audit Trail Academy' });
      const { id, slug } = created.tenant;
      const path = `/api/admin/tenants/${id}`;
      await api.admin({ method: 'PATCH', path, body: { status: 'trial', seats: 20 } });
      const replaced = await api.admin<{ licence: LicenceAnswer }>(
        { method: 'POST', path: `${path}/licenses`, body: { replace: true, notes: 'Audit' } },
        201,
      );
      await api.admin({ method: 'POST', path: `/api/admin/licenses/${replaced.licence.id}/revoke` });
      await api.admin({ method: 'POST', path: '/api/pricing/subscribe', body: { tenantSlug: slug, addonName: 'student_parking' } });
      await api.admin({ method: 'DELETE', path: `${path}?confirm=${slug}` });
      const to = await dbNow(db);

      const written = await auditSince(db, before);
      const on = { tenant_id: id, tenant_slug: slug };
      expect(written.map(strip).sort(byKey)).toEqual(
        [
          { action: 'tenant.create', ...on, target: 'register' },
          { action: 'licence.generate', ...on, target: created.licence.id },
          { action: 'tenant.update', ...on, target: 'seats, status' },
          { action: 'licence.revoke', ...on, target: created.licence.id },
          { action: 'licence.generate', ...on, target: replaced.licence.id },
          { action: 'licence.revoke', ...on, target: replaced.licence.id },
          { action: 'addon.subscribe', ...on, target: 'student_parking' },
          { action: 'tenant.delete', ...on, target: 'Audit Trail Academy' },
        ].sort(byKey),
      );
      await expectWrittenBetween(written, from, to);
      expect(written.find((r) => r.action === 'tenant.update')?.details).toEqual({
        fields: expect.arrayContaining(['status', 'seats']),
        status: { from: 'active', to: 'trial' },
      });
      expect(written.find((r) => r.action === 'tenant.delete')?.details).toMatchObject({ database: 'kept', provider: 'registered' });
    });

    it('audits a tenant provisioned with the local driver, and its deletion with its database', async () => {
      const slug = uniqueSlug('prov');
      const from = await dbNow(db);
      const before = await auditRows(db);
      const body = registerBody(slug, {
        company_name: 'Provisioned Prep',
        project: { mode: 'provision', first_admin: { first_name: 'Pat', last_name: 'First', email: `pat@${slug}.test` } },
      });
      const created = await api.admin<
        CreatedTenant & { firstAdmin: { email: string; temporary_password: string }; provisioning: { database_status: string } }
      >({ method: 'POST', path: '/api/admin/tenants', body }, 201);
      expect(created.provisioning).toMatchObject({ database_status: 'active', step: 'done' });
      expect(created.tenant).toMatchObject({ slug, database_status: 'active' });
      expect(await t.stack.projectExists(slug)).toBe(true);

      // Neither the licence nor the temporary password stays anywhere in the platform in clear.
      for (const secret of [created.licence.key, created.firstAdmin.temporary_password]) {
        expect(await platformRowsContaining(secret)).toEqual([]);
      }

      const deleted = await api.admin({ method: 'DELETE', path: `/api/admin/tenants/${created.tenant.id}?confirm=${slug}` });
      expect(deleted).toEqual({ deleted: true, database: 'deleted' });
      expect(await t.stack.projectExists(slug)).toBe(false);
      const to = await dbNow(db);

      const written = await auditSince(db, before);
      const on = { tenant_id: created.tenant.id, tenant_slug: slug };
      expect(written.map(strip).sort(byKey)).toEqual(
        [
          { action: 'tenant.create', ...on, target: 'provision' },
          { action: 'licence.generate', ...on, target: created.licence.id },
          { action: 'tenant.delete', ...on, target: 'Provisioned Prep' },
        ].sort(byKey),
      );
      await expectWrittenBetween(written, from, to);
      expect(written.find((r) => r.action === 'tenant.create')?.details).toMatchObject({
        driver: 'local',
        database_status: 'active',
        first_admin_email: `pat@${slug}.test`,
        licence_last4: created.licence.key_last4,
        licence_error: null,
      });
      expect(written.find((r) => r.action === 'tenant.delete')?.details).toMatchObject({ database: 'deleted', provider: 'local' });
    });

    it('offers no route that changes or removes audit rows', async () => {
      expect(ROUTES.some((r) => /audit/i.test(r.route))).toBe(false);
      const someRow = (await auditRows(db))[0];
      expect(someRow).toBeDefined();
      for (const req of [
        { method: 'GET', path: '/api/admin/audit-log' },
        { method: 'DELETE', path: '/api/admin/audit-log' },
        { method: 'PATCH', path: `/api/admin/audit-log/${someRow!.id}`, body: { action: 'tenant.nothing' } },
        { method: 'DELETE', path: `/api/admin/audit-log/${someRow!.id}` },
        { method: 'PUT', path: `/api/admin/audit/${someRow!.id}`, body: {} },
        { method: 'POST', path: '/api/admin/audit-log', body: { action: 'tenant.create' } },
      ] satisfies ApiRequest[]) {
        expect(await refusedUnchanged(req, 404)).toEqual({ error: 'Not found' });
      }
    });
  });

  /** Every row of every platform table (public and auth) whose text contains `needle`. */
  async function platformRowsContaining(needle: string): Promise<string[]> {
    const tables = await db.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'auth') and table_type = 'BASE TABLE' order by 1, 2`,
    );
    expect(tables.rows.length).toBeGreaterThan(5);
    const hits: string[] = [];
    for (const { schema, name } of tables.rows) {
      const r = await db.query<{ n: number }>(`select count(*)::int as n from "${schema}"."${name}" x where strpos(x::text, $1) > 0`, [
        needle,
      ]);
      if (Number(r.rows[0]?.n) > 0) hits.push(`${schema}.${name}`);
    }
    return hits;
  }

  describe('licences', () => {
    it('shows the clear key in the answer that made it and nowhere else; stores its SHA-256 and last four', async () => {
      const created = await registerTenant(api, { company_name: 'Keyholder College' });
      const { key } = created.licence;
      expect(key).toMatch(LICENCE_KEY_PATTERN);
      expect(key).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);

      const stored = await db.query<{ key_hash: string; key_last4: string }>(
        `select key_hash, key_last4 from public."LicenseKeys" where id = $1`,
        [created.licence.id],
      );
      expect(stored.rows[0]).toEqual({ key_hash: createHash('sha256').update(key).digest('hex'), key_last4: key.slice(-4) });
      expect(created.licence.key_last4).toBe(key.slice(-4));

      const { id, slug } = created.tenant;
      const answers = await Promise.all(
        [
          `/api/admin/tenants/${id}`,
          `/api/admin/tenants/${id}/licenses`,
          '/api/admin/tenants',
          `/api/admin/verify-tenant?tenantSlug=${slug}`,
          `/api/tenant-proxy/features?tenantSlug=${slug}`,
          '/api/admin/stats',
        ].map((path) => api.send('staff-admin', { method: 'GET', path })),
      );
      const hash = stored.rows[0]!.key_hash;
      for (const a of answers) {
        expect(a.status).toBe(200);
        for (const secret of [key, key.replace(/-/g, ''), hash]) expect(a.text).not.toContain(secret);
      }
      expect(answers[0]?.json).toMatchObject({ licence: { id: created.licence.id, key_last4: key.slice(-4) } });
      expect(answers[0]?.json?.licence).not.toHaveProperty('key');

      for (const secret of [key, key.replace(/-/g, '')]) expect(await platformRowsContaining(secret)).toEqual([]);
    });

    it('refuses a second active licence unless replacing; revokes only an active one, for good; lists the history', async () => {
      const created = await registerTenant(api, { company_name: 'Rotation High' });
      const path = `/api/admin/tenants/${created.tenant.id}/licenses`;
      const first = created.licence;

      const conflict = await refusedUnchanged({ method: 'POST', path, body: { notes: 'again' } }, 409);
      expect(conflict.error).toBe(`This organization already has an active licence (…${first.key_last4}). Revoke it first, or replace it.`);

      const second = await api.admin<{ licence: LicenceAnswer; replaced: LicenceAnswer }>(
        { method: 'POST', path, body: { replace: true, notes: 'Rotated' } },
        201,
      );
      expect(second.licence.key).toMatch(LICENCE_KEY_PATTERN);
      expect(second.licence.key).not.toBe(first.key);
      expect(second.licence).toMatchObject({ status: 'active', notes: 'Rotated' });
      expect(second.replaced).toMatchObject({ id: first.id, status: 'revoked' });
      expect(second.replaced).not.toHaveProperty('key');

      const revoke = (id: string) => ({ method: 'POST', path: `/api/admin/licenses/${id}/revoke` }) satisfies ApiRequest;
      // The replaced one is revoked already.
      expect(await refusedUnchanged(revoke(first.id), 409)).toEqual({ error: 'Only an active licence can be revoked' });
      const revoked = await api.admin<{ licence: Record<string, unknown> }>(revoke(second.licence.id));
      expect(revoked.licence).toMatchObject({ id: second.licence.id, status: 'revoked' });
      expect(revoked.licence).not.toHaveProperty('key');
      expect(await refusedUnchanged(revoke(second.licence.id), 409)).toEqual({ error: 'Only an active licence can be revoked' });

      // With none active, a new one needs no replace; the revoked ones stay revoked.
      const third = await api.admin<{ licence: LicenceAnswer; replaced: null }>({ method: 'POST', path, body: {} }, 201);
      expect(third.replaced).toBeNull();
      expect(third.licence.notes).toBe('Manually generated');

      const history = await api.admin<{ licenses: Record<string, unknown>[] }>({ method: 'GET', path });
      expect(history.licenses.map((l) => [l.id, l.status])).toEqual([
        [third.licence.id, 'active'],
        [second.licence.id, 'revoked'],
        [first.id, 'revoked'],
      ]);
      for (const l of history.licenses) {
        expect(Object.keys(l).sort()).toEqual(
          ['expires_at', 'id', 'issued_at', 'issued_by', 'key_last4', 'max_seats', 'notes', 'status', 'updated_at'].sort(),
        );
        expect(l.issued_by).toBe(adminId);
      }
      // No route brings a revoked licence back.
      expect(await refusedUnchanged({ method: 'PATCH', path: `/api/admin/licenses/${first.id}`, body: { status: 'active' } }, 404)).toEqual(
        {
          error: 'Not found',
        },
      );
    });
  });

  describe('concurrent calls', () => {
    it('answers racing licence generations with a 201 or a 409, never a 500, and audits every revocation', async () => {
      const created = await registerTenant(api);
      const path = `/api/admin/tenants/${created.tenant.id}/licenses`;
      const before = await auditRows(db);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) => n).map((n) =>
          api.send('staff-admin', { method: 'POST', path, body: { replace: true, notes: `Race ${n}` } }),
        ),
      );
      for (const a of answers) expect([201, 409], a.text.slice(0, 300)).toContain(a.status);
      const issued = answers.filter((a) => a.status === 201).map((a) => (a.json?.licence as LicenceAnswer).id);
      expect(issued.length).toBeGreaterThan(0);

      const rows = await db.query<{ id: string; status: string }>(
        `select id::text, status from public."LicenseKeys" where tenant_id = $1`,
        [created.tenant.id],
      );
      expect(rows.rows.filter((r) => r.status === 'active')).toHaveLength(1);
      const written = await auditSince(db, before);
      expect(
        written
          .filter((r) => r.action === 'licence.generate')
          .map((r) => r.target)
          .sort(),
      ).toEqual([...issued].sort());
      // Every licence that ended revoked was revoked by a call that recorded it.
      const revoked = rows.rows.filter((r) => r.status === 'revoked').map((r) => r.id);
      expect(
        written
          .filter((r) => r.action === 'licence.revoke')
          .map((r) => r.target)
          .sort(),
      ).toEqual(revoked.sort());
    });

    it('creates one tenant for racing creates of the same slug; the other is a 409', async () => {
      const slug = uniqueSlug('race');
      const answers = await Promise.all(
        [1, 2].map(() => api.send('staff-admin', { method: 'POST', path: '/api/admin/tenants', body: registerBody(slug) })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const rows = await db.query<{ n: number }>(`select count(*)::int as n from public."Tenants" where slug = $1`, [slug]);
      expect(Number(rows.rows[0]?.n)).toBe(1);
    });
  });

  describe('the licence rule at sign-in', () => {
    it('refuses a password sign-in while a tenant that requires a licence holds none; refreshes go on', async () => {
      const slug = 'riverside-college';
      const riverside = await t.stack.tenant(slug);
      if (!riverside) throw new Error('demo tenant riverside-college missing');
      const url = t.stack.tenantUrl(slug);
      const email = 'super@riverside.test';
      const tenantId = (await db.query<{ id: string }>(`select id::text from public."Tenants" where slug = $1`, [slug])).rows[0]!.id;
      const passwordSignIn = async () => {
        const res = await t.fetch(`${url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: riverside.keys.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: DEMO_PASSWORD }),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };

      const session = await signIn(t.fetch, url, riverside.keys.anonKey, email, DEMO_PASSWORD);
      const active = await db.query<{ id: string }>(
        `select id::text from public."LicenseKeys" where tenant_id = $1 and status = 'active'`,
        [tenantId],
      );
      await api.admin({ method: 'POST', path: `/api/admin/licenses/${active.rows[0]!.id}/revoke` });

      const refused = await until(passwordSignIn, (r) => r.status !== 200);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 403,
        error_code: 'license_inactive',
        msg: expect.stringMatching(/licen[cs]e is not active/),
      });
      // supabase-js (the app's client) reads the same code.
      const viaClient = await t.tenantClient(riverside).auth.signInWithPassword({ email, password: DEMO_PASSWORD });
      expect({ status: viaClient.error?.status, code: viaClient.error?.code }).toEqual({ status: 403, code: 'license_inactive' });
      expect(viaClient.data.session).toBeNull();

      // A signed-in user's session goes on (queued checks still reach the server).
      const refresh = await t.fetch(`${url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: riverside.keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: session.refresh_token }),
      });
      expect(refresh.status).toBe(200);
      expect(await refresh.json()).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });

      // A new licence lets users sign in again.
      await api.admin({ method: 'POST', path: `/api/admin/tenants/${tenantId}/licenses`, body: {} }, 201);
      expect((await until(passwordSignIn, (r) => r.status === 200)).status).toBe(200);

      // Without the licence requirement, no licence is needed.
      const again = await db.query<{ id: string }>(`select id::text from public."LicenseKeys" where tenant_id = $1 and status = 'active'`, [
        tenantId,
      ]);
      await api.admin({ method: 'POST', path: `/api/admin/licenses/${again.rows[0]!.id}/revoke` });
      expect((await until(passwordSignIn, (r) => r.status !== 200)).status).toBe(403);
      await api.admin({ method: 'PATCH', path: `/api/admin/tenants/${tenantId}`, body: { require_license: false } });
      expect((await until(passwordSignIn, (r) => r.status === 200)).status).toBe(200);
      const licences = await db.query<{ n: number }>(
        `select count(*)::int as n from public."LicenseKeys" where tenant_id = $1 and status = 'active'`,
        [tenantId],
      );
      expect(Number(licences.rows[0]?.n)).toBe(0);
    });
  });

  describe('features and add-ons', () => {
    it("verifies a tenant's features; subscribing enables the add-on and records the subscription once", async () => {
      const slug = 'riverside-college';
      const tenantId = (await db.query<{ id: string }>(`select id::text from public."Tenants" where slug = $1`, [slug])).rows[0]!.id;
      const verify = () => api.admin<Record<string, unknown>>({ method: 'GET', path: `/api/admin/verify-tenant?tenantSlug=${slug}` });
      const features = () =>
        api.admin<{ effective: Record<string, boolean> }>({ method: 'GET', path: `/api/tenant-proxy/features?tenantSlug=${slug}` });

      const before = await verify();
      const feature = { feature_name: expect.any(String), enabled: expect.any(Boolean), status: expect.any(String), expires_at: null };
      const subscription = { addon_plan_id: expect.any(String), status: expect.any(String), subscribed_at: expect.any(String) };
      expect(before).toEqual({
        tenant: { slug, company_name: 'Riverside Community College' },
        features: [feature, feature],
        subscriptions: [subscription],
      });
      expect((before.features as { feature_name: string }[]).map((f) => f.feature_name)).toEqual(['security_core', 'student_parking']);
      expect((await features()).effective).toEqual({ security_core: true, transportation: false, student_parking: true });

      const auditBefore = await auditRows(db);
      const subscribe = () =>
        api.admin<{ success: boolean; feature: Record<string, unknown>; subscription: { subscribed_at: string } }>({
          method: 'POST',
          path: '/api/pricing/subscribe',
          body: { tenantSlug: slug, addonName: 'transportation' },
        });
      const first = await subscribe();
      expect(first).toEqual({
        success: true,
        feature: { feature_name: 'transportation', enabled: true, status: 'active', expires_at: null },
        subscription: { addon_plan_id: 'transportation', status: 'active', subscribed_at: expect.any(String) },
      });
      const second = await subscribe();
      expect(second.subscription.subscribed_at).toBe(first.subscription.subscribed_at);

      const rows = await db.query<{ features: number; subscriptions: number }>(
        `select (select count(*)::int from public.tenant_features where tenant_id = $1 and feature_name = 'transportation') as features,
                (select count(*)::int from public.addon_subscriptions where tenant_id = $1 and addon_plan_id = 'transportation') as subscriptions`,
        [tenantId],
      );
      expect(rows.rows[0]).toEqual({ features: 1, subscriptions: 1 });
      expect((await auditSince(db, auditBefore)).map(strip2)).toEqual([
        { action: 'addon.subscribe', tenant_slug: slug, target: 'transportation' },
        { action: 'addon.subscribe', tenant_slug: slug, target: 'transportation' },
      ]);

      const after = await verify();
      expect(after.features).toContainEqual({ feature_name: 'transportation', enabled: true, status: 'active', expires_at: null });
      expect(after.subscriptions).toContainEqual({
        addon_plan_id: 'transportation',
        status: 'active',
        subscribed_at: first.subscription.subscribed_at,
      });
      expect((await features()).effective).toEqual({ security_core: true, transportation: true, student_parking: true });
    });

    it("gives a tenant user their own tenant's effective features", async () => {
      const answer = await api.send('tenant-user', { method: 'GET', path: '/api/tenant-proxy/features?tenantSlug=lincoln-isd' });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ effective: { security_core: true, transportation: true, student_parking: true } });
      expect((answer.json?.features as { feature_name: string }[]).map((f) => f.feature_name)).toEqual([
        'security_core',
        'student_parking',
        'transportation',
      ]);
    });
  });

  describe('the cross-tenant figures', () => {
    interface Figures {
      users: number;
      active_users: number;
      doors: number;
      doors_operational: number;
      checks_24h: number;
      open_maintenance: number;
    }
    const FIGURES = ['users', 'active_users', 'doors', 'doors_operational', 'checks_24h', 'open_maintenance'] as const;

    /** Counted in the tenant's own database, as the owner. */
    async function countDirectly(slug: string): Promise<Figures> {
      const project = await t.stack.tenant(slug);
      if (!project) throw new Error(`${slug} is not served`);
      const r = await project.engine.query<Figures>(
        `select
           (select count(*)::int from public.users u where u.deleted_at is null and (u.is_organization_user or u.is_admin)) as users,
           (select count(*)::int from public.users u where u.deleted_at is null and u.active and (u.is_organization_user or u.is_admin)
               and u.last_sign_in_at > now() - interval '30 days') as active_users,
           (select count(*)::int from public.doors d where d.deleted_at is null) as doors,
           (select count(*)::int from public.doors d where d.deleted_at is null and d.status = 'operational') as doors_operational,
           (select count(*)::int from public.door_log l where l.created_at > now() - interval '24 hours') as checks_24h,
           (select count(*)::int from public.maintenance_records m where m.status <> 'resolved') as open_maintenance`,
      );
      const row = r.rows[0]!;
      return Object.fromEntries(FIGURES.map((f) => [f, Number(row[f])])) as unknown as Figures;
    }

    it("sums what each tenant's database holds, counts tenants by status, and lists an unreachable tenant without failing", async () => {
      await registerTenant(api, { status: 'trial', subscription_status: 'trialing' });
      for (const status of ['suspended', 'canceled']) {
        const { tenant } = await registerTenant(api);
        await api.admin({ method: 'PATCH', path: `/api/admin/tenants/${tenant.id}`, body: { status } });
      }
      // A registered project with a service key, whose project is gone.
      const gone = await registerTenant(api, {
        project: {
          mode: 'register',
          supabase_url: `${TEST_ORIGIN}/t/${uniqueSlug('gone')}`,
          supabase_anon_key: REGISTERED_ANON_KEY,
          service_key: 'service-key-of-a-project-that-is-gone-0123456789',
        },
      });

      const stats = await api.admin<{
        tenants: Record<string, number>;
        subscriptions: { active: number };
        staff: number;
        totals: Figures;
        unreachable: string[];
        perTenant: (Partial<Figures> & { slug: string; reachable: boolean | null; error: string | null })[];
      }>({ method: 'GET', path: '/api/admin/stats?fresh=1' });

      // Its service key is write-only: no answer shows it.
      const detail = await api.send('staff-admin', { method: 'GET', path: `/api/admin/tenants/${gone.tenant.id}` });
      expect(detail.json).toMatchObject({ project: { provider: 'registered', has_service_key: true } });
      expect(detail.text).not.toContain('service-key-of-a-project-that-is-gone');

      expect(stats.unreachable).toEqual([gone.tenant.slug]);
      expect(stats.perTenant.find((p) => p.slug === gone.tenant.slug)).toMatchObject({ reachable: false, error: expect.any(String) });

      const byStatus = await db.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from public."Tenants" group by status`,
      );
      const count = (s: string) => Number(byStatus.rows.find((r) => r.status === s)?.n ?? 0);
      const total = byStatus.rows.reduce((n, r) => n + Number(r.n), 0);
      expect(stats.tenants).toEqual({
        total,
        active: count('active'),
        trial: count('trial'),
        suspended: count('suspended'),
        canceled: count('canceled'),
      });
      expect(Math.min(count('trial'), count('suspended'), count('canceled'))).toBeGreaterThan(0);
      const platformCounts = await db.query<{ subscriptions: number; staff: number }>(
        `select (select count(*)::int from public."Tenants" where subscription_status = 'active') as subscriptions,
                (select count(*)::int from public."Staff" where active) as staff`,
      );
      expect({ subscriptions: stats.subscriptions, staff: stats.staff }).toEqual({
        subscriptions: { active: Number(platformCounts.rows[0]!.subscriptions) },
        staff: Number(platformCounts.rows[0]!.staff),
      });

      // Every tenant whose project the stack made is asked; each one's figures are its database's.
      const local = await db.query<{ slug: string }>(
        `select t.slug from public."Tenants" t join public.tenant_secrets s on s.tenant_id = t.id
          where s.provider = 'local' and t.database_status = 'active' order by t.slug`,
      );
      const reachable = stats.perTenant.filter((p) => p.reachable === true);
      expect(reachable.map((p) => p.slug).sort()).toEqual(local.rows.map((r) => r.slug));
      const sums = Object.fromEntries(FIGURES.map((f) => [f, 0])) as unknown as Figures;
      for (const p of reachable) {
        const direct = await countDirectly(p.slug);
        expect(Object.fromEntries(FIGURES.map((f) => [f, p[f]])), p.slug).toEqual(direct);
        for (const f of FIGURES) sums[f] += direct[f];
      }
      expect(stats.totals).toEqual(sums);
      expect(sums.users).toBeGreaterThan(0);
      expect(sums.doors).toBeGreaterThan(0);
    });
  });
});
