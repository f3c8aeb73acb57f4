/**
 * A tenant's service key is only ever sent to the project URL stored with it
 * in tenant_secrets (decision 016): a staff admin cannot repoint a provisioned
 * tenant from the browser, and even a Tenants row changed by the database
 * owner never decides where the health probe sends the key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../supabase/functions/api/app';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import { seedDemo } from '../../supabase/local/seed';
import { startTestStack, TEST_ORIGIN, type TestStack } from '../support/stack';

describe('tenant secrets and project URLs', () => {
  let t: TestStack;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestStack();
    await seedDemo(t.stack);
    const { data, error } = await t.platformClient().auth.signInWithPassword({ email: 'admin@lockstep.test', password: DEMO_PASSWORD });
    if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`);
    adminToken = data.session.access_token;
  });
  afterAll(() => t.close());

  const tenantRow = async () =>
    (
      await t.stack.platform.engine.query<{ supabase_url: string; supabase_anon_key: string; description: string | null }>(
        `select supabase_url, supabase_anon_key, description from public."Tenants" where slug = 'lincoln-isd'`,
      )
    ).rows[0];

  it("refuses a staff admin's direct change of a tenant, and the API refuses to repoint a provisioned one", async () => {
    const headers = { Authorization: `Bearer ${adminToken}` };
    const before = await tenantRow();
    // Tenants are written by the server alone: a direct PATCH is refused whatever it changes.
    for (const body of [
      { supabase_url: 'https://attacker.example/t/lincoln-isd' },
      { supabase_anon_key: 'not-the-key' },
      { description: 'x' },
    ]) {
      const res = await fetchPatch(body, headers);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('42501');
    }
    expect(await tenantRow()).toEqual(before);

    // Through the product API, a provisioned tenant's project cannot be repointed either.
    const id = (await t.stack.platform.engine.query<{ id: string }>(`select id from public."Tenants" where slug = 'lincoln-isd'`)).rows[0]!
      .id;
    const api = await t.fetch(`${TEST_ORIGIN}/api/admin/tenants/${id}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ supabase_url: 'https://attacker.example/t/lincoln-isd' }),
    });
    expect(api.status).toBe(409);
    expect(await tenantRow()).toEqual(before);

    const ok = await t.fetch(`${TEST_ORIGIN}/api/admin/tenants/${id}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'Edited by staff' }),
    });
    expect(ok.status).toBe(200);
    expect((await tenantRow())?.description).toBe('Edited by staff');
  });

  async function fetchPatch(body: Record<string, unknown>, headers: Record<string, string>): Promise<Response> {
    return t.fetch(`${TEST_ORIGIN}/platform/rest/v1/Tenants?slug=eq.lincoln-isd`, {
      method: 'PATCH',
      headers: { apikey: t.stack.platform.keys.anonKey, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  it('sends the service key only to the URL stored with it, whatever Tenants.supabase_url says', async () => {
    const lincoln = await t.stack.tenant('lincoln-isd');
    if (!lincoln) throw new Error('no lincoln');
    // The owner (a migration gone wrong, a restored backup) repoints the public row.
    await t.stack.platform.engine.query(
      `update public."Tenants" set supabase_url = 'https://attacker.example/t/lincoln-isd' where slug = 'lincoln-isd'`,
    );
    const sent: { url: string; key: string | null }[] = [];
    const api = createApiApp({
      platformUrl: `${TEST_ORIGIN}/platform`,
      platformAnonKey: t.stack.platform.keys.anonKey,
      platformServiceKey: t.stack.platform.keys.serviceKey,
      provisioning: { driver: 'none' },
      fetch: async (input, init) => {
        const req = new Request(input, init);
        sent.push({ url: req.url, key: req.headers.get('apikey') });
        // Nothing leaves this machine: a request elsewhere would have been a leak.
        if (!req.url.startsWith(TEST_ORIGIN)) return new Response('{}', { status: 599 });
        return t.app.fetch(req);
      },
    });
    const res = await api.fetch(
      new Request(`${TEST_ORIGIN}/tenant-proxy/health`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ tenantSlug: 'lincoln-isd' }),
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, dbHealthy: true });
    const withKey = sent.filter((s) => s.key === lincoln.keys.serviceKey);
    expect(withKey.length).toBeGreaterThan(0);
    for (const s of withKey) expect(s.url.startsWith(`${TEST_ORIGIN}/t/lincoln-isd/`)).toBe(true);
    expect(sent.some((s) => s.url.includes('attacker.example'))).toBe(false);
  });
});
