/**
 * The Edge Function entry (supabase/functions/api/index.ts) run under Deno,
 * as Supabase runs it: Deno.serve, the platform's URL and keys as env, paths
 * under /api. The local stack is served over real HTTP on an ephemeral port
 * so the Deno process reaches the platform and the tenants through the
 * network, like a hosted function. The same table of requests goes to the
 * Node-mounted API (the stack's /api) and to the Deno-served one, and both
 * must give the same answers (decision 017).
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import { seedDemo } from '../../supabase/local/seed';
import { startTestStack, type TestStack } from '../support/stack';
import { startDenoEntry, type DenoEntry } from './deno-entry';

type Caller = 'none' | 'tenant-user' | 'staff' | 'staff-admin';

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
];

describe('the Edge Function entry under Deno', () => {
  let t: TestStack;
  let http: ServerType;
  let nodeBase: string;
  let deno: DenoEntry | undefined;
  let freshSlug: string;
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

    deno = await startDenoEntry({
      SUPABASE_URL: `${nodeBase}/platform`,
      SUPABASE_ANON_KEY: t.stack.platform.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: t.stack.platform.keys.serviceKey,
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
});
