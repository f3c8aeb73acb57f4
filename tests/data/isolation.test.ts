/**
 * Tenant isolation across projects, through the unmodified supabase-js
 * client: each tenant project has its own keys and its own users, and the
 * platform's anon key reads only what sign-in screens need.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import { signJwt } from '../../supabase/local/keys';
import type { Project } from '../../supabase/local/project';
import { seedDemo } from '../../supabase/local/seed';
import { startTestStack, TEST_ORIGIN, type TestStack } from '../support/stack';

describe('tenant isolation', () => {
  let t: TestStack;
  let lincoln: Project;
  let riverside: Project;

  beforeAll(async () => {
    t = await startTestStack();
    await seedDemo(t.stack);
    const a = await t.stack.tenant('lincoln-isd');
    const b = await t.stack.tenant('riverside-college');
    if (!a || !b) throw new Error('demo tenants missing');
    lincoln = a;
    riverside = b;
  });
  afterAll(() => t.close());

  it('a Lincoln session is refused by Riverside, at auth and at rest', async () => {
    const { data, error } = await t
      .tenantClient(lincoln)
      .auth.signInWithPassword({ email: 'super@lincoln-isd.test', password: DEMO_PASSWORD });
    expect(error).toBeNull();
    const token = data.session?.access_token ?? '';

    const { error: userError } = await t.tenantClient(riverside).auth.getUser(token);
    expect(userError).not.toBeNull();

    const asLincolnOnRiverside = createClient(t.stack.tenantUrl(riverside.ref), riverside.keys.anonKey, {
      global: { fetch: t.fetch, headers: { Authorization: `Bearer ${token}` } },
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { data: rows, error: restError } = await asLincolnOnRiverside.from('users').select('id');
    expect(rows).toBeNull();
    expect(restError).not.toBeNull();
  });

  it('a Lincoln user cannot sign in to Riverside', async () => {
    const { error } = await t.tenantClient(riverside).auth.signInWithPassword({ email: 'super@lincoln-isd.test', password: DEMO_PASSWORD });
    expect(error?.message).toBe('Invalid login credentials');
  });

  it("a tenant's anon key opens no other project", async () => {
    const res = await t.fetch(`${TEST_ORIGIN}/t/${riverside.ref}/rest/v1/doors?select=id`, { headers: { apikey: lincoln.keys.anonKey } });
    expect(res.status).toBe(401);
    const platformRes = await t.fetch(`${TEST_ORIGIN}/platform/rest/v1/Tenants?select=slug`, { headers: { apikey: lincoln.keys.anonKey } });
    expect(platformRes.status).toBe(401);
  });

  it('a token forged with another project secret is refused', async () => {
    const forged = await signJwt(lincoln.keys.jwtSecret, { role: 'service_role' }, 600);
    const res = await t.fetch(`${TEST_ORIGIN}/t/${riverside.ref}/rest/v1/users?select=id`, {
      headers: { apikey: riverside.keys.anonKey, authorization: `Bearer ${forged}` },
    });
    expect(res.status).toBe(401);
  });

  it('platform anon reads public tenant columns, never secrets or licence hashes', async () => {
    const anon = t.platformClient();
    const { data, error } = await anon.from('Tenants').select('slug, company_name, supabase_url, supabase_anon_key').order('company_name');
    expect(error).toBeNull();
    expect(data?.map((r) => r.slug)).toEqual(expect.arrayContaining(['lincoln-isd', 'riverside-college']));

    const secrets = await anon.from('tenant_secrets').select('*');
    expect(secrets.data ?? []).toEqual([]);
    const keys = await anon.from('LicenseKeys').select('key_hash');
    expect(keys.data ?? []).toEqual([]);
    const hidden = await anon.from('Tenants').select('plan_amount_cents');
    expect(hidden.data).toBeNull();
    expect(hidden.error).not.toBeNull();
  });

  it('the same email is two different users in two tenants', async () => {
    const l = await lincoln.engine.query<{ id: string }>(`select id from auth.users where email = 'super@lincoln-isd.test'`);
    const r = await riverside.engine.query<{ id: string }>(`select id from auth.users where email = 'super@lincoln-isd.test'`);
    expect(l.rows).toHaveLength(1);
    expect(r.rows).toHaveLength(0);
  });
});
