/**
 * The Edge Function entry (supabase/functions/api/index.ts) run under Deno,
 * as Supabase runs it: Deno.serve, the platform's URL and keys as env, paths
 * under /api. The local stack is served over real HTTP on an ephemeral port
 * so the Deno process reaches the platform and the tenants through the
 * network, like a hosted function. The same table of requests goes to the
 * Node-mounted API (the stack's /api) and to the Deno-served one, and both
 * must give the same answers (decision 017). Then the core of the admin
 * suite (tests/api/admin-api.test.ts) runs against the Deno-served entry
 * alone: the access matrix, a tenant's life with its audit rows, licences,
 * an add-on, an invalid body and an unknown path.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENCE_KEY_PATTERN } from '../../supabase/functions/_shared/licence-key';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import { seedDemo } from '../../supabase/local/seed';
import { startTestStack, type TestStack } from '../support/stack';
import {
  ApiClient,
  auditRows,
  auditSince,
  CALLERS,
  checkAccessCell,
  forgedToken,
  platformSnapshot,
  registerBody,
  registerTenant,
  ROUTES,
  uniqueSlug,
  type AuditRow,
  type Caller,
  type CreatedTenant,
  type LicenceAnswer,
  type RouteFixtures,
} from './admin-api-helpers';
import { startDenoEntry, type DenoEntry } from './deno-entry';

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  caller: Caller;
  /** A string is sent as is (malformed JSON); anything else as JSON. */
  body?: unknown;
  status: number;
  json: Record<string, unknown>;
}

const FRESH = '{fresh}';

const CASES: Case[] = [
  { name: 'health', method: 'GET', path: '/api/health', caller: 'none', status: 200, json: { ok: true } },
  {
    name: 'tenant health without a token',
    method: 'POST',
    path: '/api/tenant-proxy/health',
    caller: 'none',
    body: { tenantSlug: FRESH },
    status: 401,
    json: { ok: false, error: 'Missing session token' },
  },
  {
    name: "tenant health with a tenant user's token",
    method: 'POST',
    path: '/api/tenant-proxy/health',
    caller: 'tenant-user',
    body: { tenantSlug: FRESH },
    status: 401,
    json: { ok: false, error: 'Not authenticated' },
  },
  {
    name: 'tenant health as staff who is not an admin',
    method: 'POST',
    path: '/api/tenant-proxy/health',
    caller: 'staff',
    body: { tenantSlug: FRESH },
    status: 403,
    json: { ok: false },
  },
  {
    name: 'tenant health of the provisioned tenant as a staff admin',
    method: 'POST',
    path: '/api/tenant-proxy/health',
    caller: 'staff-admin',
    body: { tenantSlug: FRESH },
    status: 200,
    json: { ok: true, dbHealthy: true, readOk: true, error: null, note: null },
  },
  {
    name: 'tenant health of a demo tenant as a staff admin',
    method: 'POST',
    path: '/api/tenant-proxy/health',
    caller: 'staff-admin',
    body: { tenantSlug: 'lincoln-isd' },
    status: 200,
    json: { ok: true, dbHealthy: true },
  },
  {
    name: 'tenant health with malformed JSON',
    method: 'POST',
    path: '/api/tenant-proxy/health',
    caller: 'staff-admin',
    body: '{not json',
    status: 400,
    json: { ok: false, error: 'Body must be {"tenantSlug": "<slug>"}' },
  },
  {
    name: 'tenant health with the wrong body',
    method: 'POST',
    path: '/api/tenant-proxy/health',
    caller: 'staff-admin',
    body: { tenant: 'x' },
    status: 400,
    json: { ok: false },
  },
  {
    name: 'tenant health of an unknown tenant',
    method: 'POST',
    path: '/api/tenant-proxy/health',
    caller: 'staff-admin',
    body: { tenantSlug: 'no-such-org' },
    status: 404,
    json: { ok: false, error: 'Organization not found' },
  },
  {
    // Never the app shell: the API's own JSON 404 on both hosts.
    name: 'an unknown /api path',
    method: 'GET',
    path: '/api/no-such-route',
    caller: 'staff-admin',
    status: 404,
    json: { error: 'Not found' },
  },
  {
    // Whoever asks: no route's guard answers a path no route has.
    name: 'an unknown /api path without a token',
    method: 'GET',
    path: '/api/admin/no-such-route',
    caller: 'none',
    status: 404,
    json: { error: 'Not found' },
  },
];

describe('the Edge Function entry under Deno', () => {
  let t: TestStack;
  let http: ServerType;
  let nodeBase: string;
  let deno: DenoEntry | undefined;
  let freshSlug: string;
  let adminId: string;
  const tokens = new Map<Caller, string>();

  async function signIn(projectPath: string, anonKey: string, email: string): Promise<string> {
    const res = await fetch(`${nodeBase}${projectPath}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    const json = (await res.json()) as { access_token?: string };
    if (!res.ok || !json.access_token) throw new Error(`sign-in failed for ${email}: ${res.status}`);
    return json.access_token;
  }

  async function send(base: string, c: Case): Promise<{ status: number; type: string; json: Record<string, unknown> }> {
    const token = tokens.get(c.caller);
    let body: string | undefined;
    if (typeof c.body === 'string') body = c.body;
    else if (c.body !== undefined) body = JSON.stringify(c.body).replace(FRESH, freshSlug);
    const res = await fetch(`${base}${c.path}`, {
      method: c.method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    });
    return { status: res.status, type: res.headers.get('content-type') ?? '', json: (await res.json()) as Record<string, unknown> };
  }

  beforeAll(async () => {
    t = await startTestStack();
    // The stack over real HTTP: tenants provisioned from here on get URLs on
    // this address, which the Deno process can reach.
    http = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => http.once('listening', () => resolve()));
    nodeBase = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    t.stack.publicUrl = nodeBase;

    await seedDemo(t.stack);
    freshSlug = (await t.createTenant()).ref;
    const platform = t.stack.platform.keys.anonKey;
    tokens.set('staff-admin', await signIn('/platform', platform, 'admin@lockstep.test'));
    tokens.set('staff', await signIn('/platform', platform, 'staff@lockstep.test'));
    const lincoln = await t.stack.tenant('lincoln-isd');
    if (!lincoln) throw new Error('demo tenant lincoln-isd missing');
    tokens.set('tenant-user', await signIn('/t/lincoln-isd', lincoln.keys.anonKey, 'super@lincoln-isd.test'));
    tokens.set('platform-user', await signIn('/platform', platform, 'former@lockstep.test'));
    adminId = (await t.stack.platform.engine.query<{ id: string }>(`select id::text from auth.users where email = 'admin@lockstep.test'`))
      .rows[0]!.id;
    tokens.set('forged', forgedToken(adminId, 'admin@lockstep.test'));

    deno = await startDenoEntry({
      SUPABASE_URL: `${nodeBase}/platform`,
      SUPABASE_ANON_KEY: t.stack.platform.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: t.stack.platform.keys.serviceKey,
      // Provisioning reaches the served stack's /local/v1 (SUPABASE_URL's origin).
      LOCKSTEP_PROVISIONER: 'local',
    });
  });

  afterAll(async () => {
    await deno?.stop();
    await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()));
    await t?.close();
  });

  it('starts the entry with Deno.serve and answers under /api', async () => {
    expect(deno?.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${deno?.base}/api/health`);
    expect(res.status).toBe(200);
  });

  it('answers a browser preflight from another origin, as a hosted function must (the app calls it cross-origin)', async () => {
    for (const base of [nodeBase, deno?.base ?? '']) {
      const res = await fetch(`${base}/api/admin/tenants`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example.org',
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
      const answer = await fetch(`${base}/api/health`, { headers: { origin: 'https://app.example.org' } });
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it.each(CASES)('$name: same answer from Node and Deno', async (c) => {
    if (!deno) throw new Error('Deno entry not started');
    const node = await send(nodeBase, c);
    const edge = await send(deno.base, c);
    for (const answer of [node, edge]) {
      expect(answer.status).toBe(c.status);
      expect(answer.type).toMatch(/^application\/json/);
      expect(answer.json).toMatchObject(c.json);
    }
    // elapsedMs is a measurement, not an answer.
    const { elapsedMs: a, ...nodeRest } = node.json;
    const { elapsedMs: b, ...edgeRest } = edge.json;
    expect(edgeRest).toEqual(nodeRest);
    expect(typeof a).toBe(typeof b);
  });
  describe('the admin routes, served by Deno', () => {
    let api: ApiClient;
    let fx: RouteFixtures;
    const db = () => t.stack.platform.engine;
    const strip = (r: AuditRow) => ({
      staff_id: r.staff_id,
      staff_email: r.staff_email,
      action: r.action,
      tenant_id: r.tenant_id,
      tenant_slug: r.tenant_slug,
      target: r.target,
    });

    beforeAll(async () => {
      if (!deno) throw new Error('Deno entry not started');
      api = new ApiClient(deno.base, fetch, tokens);
      const shared = (await registerTenant(api, { company_name: 'Deno Shared Fixture' })).tenant;
      fx = { api, db: db(), liveSlug: 'lincoln-isd', shared };
    });

    describe.each(ROUTES)('access: $route', (route) => {
      it.each(CALLERS)('as %s', (caller) => checkAccessCell(route, caller, fx));
    });

    it('creates (registering a project), updates and deletes a tenant, each with its audit row', async () => {
      const before = await auditRows(db());
      const created = await registerTenant(api, { company_name: 'Deno Academy' });
      expect(created.licence.key).toMatch(LICENCE_KEY_PATTERN);
      const { id, slug } = created.tenant;
      const updated = await api.admin<{ tenant: Record<string, unknown> }>({
        method: 'PATCH',
        path: `/api/admin/tenants/${id}`,
        body: { company_name: 'Deno Academy East' },
      });
      expect(updated.tenant).toMatchObject({ id, company_name: 'Deno Academy East' });
      expect(await api.admin({ method: 'DELETE', path: `/api/admin/tenants/${id}?confirm=${slug}` })).toEqual({
        deleted: true,
        database: 'kept',
      });
      const gone = await api.send('staff-admin', { method: 'GET', path: `/api/admin/tenants/${id}` });
      expect({ status: gone.status, json: gone.json }).toEqual({ status: 404, json: { error: 'Organization not found' } });

      const who = { staff_id: adminId, staff_email: 'admin@lockstep.test', tenant_id: id, tenant_slug: slug };
      expect((await auditSince(db(), before)).map(strip)).toEqual(
        expect.arrayContaining([
          { ...who, action: 'tenant.create', target: 'register' },
          { ...who, action: 'licence.generate', target: created.licence.id },
          { ...who, action: 'tenant.update', target: 'company_name' },
          { ...who, action: 'tenant.delete', target: 'Deno Academy East' },
        ]),
      );
      expect(await auditSince(db(), before)).toHaveLength(4);
    });

    it('provisions a tenant with the local driver through the served stack', async () => {
      const slug = uniqueSlug('deno');
      const created = await api.admin<CreatedTenant & { provisioning: Record<string, unknown>; firstAdmin: Record<string, unknown> }>(
        {
          method: 'POST',
          path: '/api/admin/tenants',
          body: registerBody(slug, {
            project: { mode: 'provision', first_admin: { first_name: 'Dee', last_name: 'No', email: `dee@${slug}.test` } },
          }),
        },
        201,
      );
      expect(created.provisioning).toMatchObject({ database_status: 'active', step: 'done' });
      expect(created.tenant).toMatchObject({ slug, supabase_url: `${nodeBase}/t/${slug}` });
      expect(created.firstAdmin).toMatchObject({ email: `dee@${slug}.test`, temporary_password: expect.any(String) });
      expect(await api.admin({ method: 'DELETE', path: `/api/admin/tenants/${created.tenant.id}?confirm=${slug}` })).toEqual({
        deleted: true,
        database: 'deleted',
      });
    });

    it('generates, replaces and revokes licences with their audit rows; the key is shown once', async () => {
      const created = await registerTenant(api);
      const path = `/api/admin/tenants/${created.tenant.id}/licenses`;
      const before = await auditRows(db());
      const conflict = await api.send('staff-admin', { method: 'POST', path, body: {} });
      expect(conflict.status).toBe(409);
      const second = await api.admin<{ licence: LicenceAnswer; replaced: LicenceAnswer }>(
        { method: 'POST', path, body: { replace: true } },
        201,
      );
      expect(second.replaced).toMatchObject({ id: created.licence.id, status: 'revoked' });
      const revoked = await api.admin<{ licence: Record<string, unknown> }>({
        method: 'POST',
        path: `/api/admin/licenses/${second.licence.id}/revoke`,
      });
      expect(revoked.licence).toMatchObject({ id: second.licence.id, status: 'revoked' });
      const again = await api.send('staff-admin', { method: 'POST', path: `/api/admin/licenses/${second.licence.id}/revoke` });
      expect({ status: again.status, json: again.json }).toEqual({ status: 409, json: { error: 'Only an active licence can be revoked' } });

      const history = await api.send('staff-admin', { method: 'GET', path });
      expect((history.json?.licenses as { id: string; status: string }[]).map((l) => [l.id, l.status])).toEqual([
        [second.licence.id, 'revoked'],
        [created.licence.id, 'revoked'],
      ]);
      for (const key of [created.licence.key, second.licence.key]) expect(history.text).not.toContain(key);
      expect((await auditSince(db(), before)).map((r) => [r.action, r.target])).toEqual(
        expect.arrayContaining([
          ['licence.revoke', created.licence.id],
          ['licence.generate', second.licence.id],
          ['licence.revoke', second.licence.id],
        ]),
      );
      expect(await auditSince(db(), before)).toHaveLength(3);
    });

    it('subscribes an add-on once, with its audit row', async () => {
      const { tenant } = await registerTenant(api);
      const before = await auditRows(db());
      const body = { tenantSlug: tenant.slug, addonName: 'transportation' };
      const first = await api.admin<{ subscription: { subscribed_at: string } }>({ method: 'POST', path: '/api/pricing/subscribe', body });
      const second = await api.admin<{ subscription: { subscribed_at: string } }>({ method: 'POST', path: '/api/pricing/subscribe', body });
      expect(second.subscription.subscribed_at).toBe(first.subscription.subscribed_at);
      const verify = await api.admin<{ subscriptions: unknown[] }>({
        method: 'GET',
        path: `/api/admin/verify-tenant?tenantSlug=${tenant.slug}`,
      });
      expect(verify.subscriptions).toEqual([
        { addon_plan_id: 'transportation', status: 'active', subscribed_at: first.subscription.subscribed_at },
      ]);
      const features = await api.admin<{ effective: Record<string, boolean> }>({
        method: 'GET',
        path: `/api/tenant-proxy/features?tenantSlug=${tenant.slug}`,
      });
      expect(features.effective.transportation).toBe(true);
      expect((await auditSince(db(), before)).map((r) => [r.action, r.tenant_slug, r.target])).toEqual([
        ['addon.subscribe', tenant.slug, 'transportation'],
        ['addon.subscribe', tenant.slug, 'transportation'],
      ]);
    });

    it('refuses an invalid body with a 422 and its issues, and changes nothing', async () => {
      for (const req of [
        { method: 'POST', path: '/api/admin/tenants', body: registerBody(uniqueSlug(), { seats: 'ten', database_status: 'active' }) },
        { method: 'PATCH', path: `/api/admin/tenants/${fx.shared.id}`, body: { slug: 'renamed' } },
        { method: 'POST', path: '/api/pricing/subscribe', body: { tenantSlug: fx.shared.slug, addonName: 'security_core' } },
      ] as const) {
        const before = await platformSnapshot(db());
        const answer = await api.send('staff-admin', req);
        expect(answer.status, answer.text).toBe(422);
        expect(answer.json).toMatchObject({ error: expect.any(String), issues: expect.arrayContaining([expect.anything()]) });
        expect(await platformSnapshot(db())).toEqual(before);
      }
      const notJson = await api.send('staff-admin', { method: 'POST', path: '/api/admin/tenants', raw: '{not json' });
      expect({ status: notJson.status, json: notJson.json }).toEqual({ status: 400, json: { error: 'The request body must be JSON' } });
    });

    it('answers an unknown /api path with a JSON 404, whoever asks', async () => {
      for (const caller of ['none', 'staff', 'staff-admin'] as const) {
        for (const path of ['/api', '/api/no-such-route', '/api/admin/no-such-route', '/no-api-at-all']) {
          const answer = await api.send(caller, { method: 'GET', path });
          expect({ status: answer.status, type: answer.contentType, json: answer.json }, `${caller} ${path}`).toEqual({
            status: 404,
            type: expect.stringMatching(/^application\/json/),
            json: { error: 'Not found' },
          });
        }
      }
    });
  });
});
