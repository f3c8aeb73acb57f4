import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import { seedDemo } from '../../supabase/local/seed';
import { startTestStack, TEST_ORIGIN, type TestStack } from '../support/stack';

describe('POST /api/tenant-proxy/health', () => {
  let t: TestStack;
  let adminToken: string;
  let staffToken: string;

  async function signIn(email: string): Promise<string> {
    const { data, error } = await t.platformClient().auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    if (error || !data.session) throw new Error(`sign-in failed for ${email}: ${error?.message}`);
    return data.session.access_token;
  }

  function health(body: unknown, token?: string): Promise<Response> {
    return t.fetch(`${TEST_ORIGIN}/api/tenant-proxy/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  beforeAll(async () => {
    t = await startTestStack();
    await seedDemo(t.stack);
    adminToken = await signIn('admin@lockstep.test');
    staffToken = await signIn('staff@lockstep.test');
  });
  afterAll(() => t.close());

  it('reads the tenant database for a staff admin', async () => {
    const res = await health({ tenantSlug: 'lincoln-isd' }, adminToken);
    expect(res.status).toBe(200);
    const json = (await res.json()) as Record<string, unknown>;
    expect(json).toMatchObject({ ok: true, dbHealthy: true, readOk: true, error: null });
    expect(typeof json.elapsedMs).toBe('number');
  });

  it('refuses a call without a session token', async () => {
    const res = await health({ tenantSlug: 'lincoln-isd' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'Missing session token' });
  });

  it('refuses staff who are not admins', async () => {
    const res = await health({ tenantSlug: 'lincoln-isd' }, staffToken);
    expect(res.status).toBe(403);
  });

  it('refuses a tenant session token', async () => {
    const lincoln = await t.stack.tenant('lincoln-isd');
    if (!lincoln) throw new Error('no lincoln');
    const { data } = await t.tenantClient(lincoln).auth.signInWithPassword({ email: 'super@lincoln-isd.test', password: DEMO_PASSWORD });
    const res = await health({ tenantSlug: 'lincoln-isd' }, data.session?.access_token);
    expect(res.status).toBe(401);
  });

  it('answers bad bodies and unknown tenants with clear 4xx', async () => {
    expect((await health('{not json', adminToken)).status).toBe(400);
    expect((await health({ tenant: 'x' }, adminToken)).status).toBe(400);
    const res = await health({ tenantSlug: 'no-such-org' }, adminToken);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'Organization not found' });
  });
});
