/**
 * The product API when part of an action fails (issue 10, decision 018), on
 * the engine the run uses: a server without a provisioning driver refuses to
 * provision and changes nothing; a licence that cannot be generated leaves
 * the tenant created and says so; a create whose provisioning record cannot
 * be stored removes the tenant again; a delete waits for setup that is
 * running; an add-on is enabled with its subscription or not at all.
 * Failures are made in the real database (a trigger that refuses one write),
 * never by replacing the API's parts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../supabase/functions/api/app';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import { seedDemo } from '../../supabase/local/seed';
import { startTestStack, TEST_ORIGIN, type TestStack } from '../support/stack';
import { ApiClient, platformSnapshot, registerBody, signIn, uniqueSlug, type CreatedTenant } from './admin-api-helpers';

let t: TestStack;
let api: ApiClient;
let token: string;
const db = () => t.stack.platform.engine;

function provisionBody(slug: string): Record<string, unknown> {
  return {
    ...registerBody(slug),
    project: { mode: 'provision', first_admin: { first_name: 'Ada', last_name: 'First', email: `ada@${slug}.test` } },
  };
}

/** Makes inserts into `table` fail for rows whose tenant has the given slug prefix, until the returned function is called. */
async function refuseInserts(table: string, slugPrefix: string): Promise<() => Promise<void>> {
  const fn = `test_refuse_${table.toLowerCase()}`;
  await db().exec(`
    create or replace function public.${fn}() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from public."Tenants" t where t.id = new.tenant_id and t.slug like '${slugPrefix}%') then
        raise exception 'refused by the test' using errcode = 'P0001';
      end if;
      return new;
    end $$;
    create trigger ${fn} before insert on public."${table}" for each row execute function public.${fn}();`);
  return async () => {
    await db().exec(`drop trigger ${fn} on public."${table}"; drop function public.${fn}();`);
  };
}

beforeAll(async () => {
  t = await startTestStack();
  await seedDemo(t.stack);
  const session = await signIn(t.fetch, `${TEST_ORIGIN}/platform`, t.stack.platform.keys.anonKey, 'admin@lockstep.test', DEMO_PASSWORD);
  token = session.access_token;
  api = new ApiClient(`${TEST_ORIGIN}`, t.fetch, new Map([['staff-admin', token]]));
});
afterAll(() => t?.close());

describe('provisioning not configured', () => {
  it('answers 503 with a clear message and changes nothing; registering still works', async () => {
    const bare = createApiApp({
      platformUrl: `${TEST_ORIGIN}/platform`,
      platformAnonKey: t.stack.platform.keys.anonKey,
      platformServiceKey: t.stack.platform.keys.serviceKey,
      provisioning: { driver: 'none' },
      fetch: async (input, init) => t.app.fetch(new Request(input, init)),
    });
    // The API app itself answers under /, as the stack mounts it at /api.
    const viaBare: typeof fetch = async (input, init) =>
      bare.fetch(new Request(String(input).replace(`${TEST_ORIGIN}/api/`, `${TEST_ORIGIN}/`), init));
    const none = new ApiClient(TEST_ORIGIN, viaBare, new Map([['staff-admin', token]]));
    const before = await platformSnapshot(db());
    const answer = await none.send('staff-admin', { method: 'POST', path: '/api/admin/tenants', body: provisionBody(uniqueSlug('none')) });
    expect(answer.status).toBe(503);
    expect(answer.json?.error).toMatch(/Provisioning is not configured/);
    expect(await platformSnapshot(db())).toEqual(before);
    await none.admin({ method: 'POST', path: '/api/admin/tenants', body: registerBody(uniqueSlug('none-reg')) }, 201);
  });
});

describe('a licence that cannot be generated', () => {
  it('leaves the tenant created and says "Tenant created but license generation failed: ..."', async () => {
    const slug = uniqueSlug('nolic');
    const undo = await refuseInserts('LicenseKeys', 'nolic-');
    let created: CreatedTenant & { licenceError?: string | null };
    try {
      created = await api.admin({ method: 'POST', path: '/api/admin/tenants', body: registerBody(slug) }, 201);
    } finally {
      await undo();
    }
    expect(created.licence).toBeNull();
    expect(created.licenceError).toMatch(/^Tenant created but license generation failed: .*refused by the test/);
    const rows = await db().query<{ action: string; details: { licence_error: string | null } }>(
      `select action, details from public.platform_audit_log where tenant_slug = $1`,
      [slug],
    );
    expect(rows.rows.map((r) => r.action)).toEqual(['tenant.create']);
    expect(rows.rows[0]?.details.licence_error).toMatch(/refused by the test/);
    // The licence can be generated afterwards from the licence dialog.
    await api.admin({ method: 'POST', path: `/api/admin/tenants/${created.tenant.id}/licenses`, body: {} }, 201);
  });
});

describe('a create that fails part-way', () => {
  it('removes the tenant again when its provisioning record cannot be stored: nothing changed', async () => {
    const slug = uniqueSlug('noprov');
    const before = await platformSnapshot(db());
    const undo = await refuseInserts('tenant_provisioning', 'noprov-');
    try {
      const answer = await api.send('staff-admin', { method: 'POST', path: '/api/admin/tenants', body: provisionBody(slug) });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.json?.error).toMatch(/^Failed to create tenant: .*refused by the test/);
    } finally {
      await undo();
    }
    expect(await platformSnapshot(db())).toEqual(before);
    expect(await t.stack.projectExists(slug)).toBe(false);
  });
});

describe('deleting a tenant whose setup is running', () => {
  it('answers 409 while another request holds the setup, and deletes once it is free', async () => {
    const slug = uniqueSlug('busy');
    // A provisioned tenant whose setup is not done yet (its project is never made here).
    const created = await api.admin<CreatedTenant>({ method: 'POST', path: '/api/admin/tenants', body: registerBody(slug) }, 201);
    await db().query(
      `insert into public.tenant_provisioning (tenant_id, driver, admin_email, admin_first_name, admin_last_name, lease_until)
       values ($1, 'local', 'a@b.test', 'A', 'B', now() + interval '10 minutes')`,
      [created.tenant.id],
    );
    const held = await api.send('staff-admin', { method: 'DELETE', path: `/api/admin/tenants/${created.tenant.id}?confirm=${slug}` });
    expect(held.status).toBe(409);
    expect(held.json?.error).toMatch(/setup is running/);
    expect((await db().query(`select 1 from public."Tenants" where id = $1`, [created.tenant.id])).rows).toHaveLength(1);

    await db().query(`update public.tenant_provisioning set lease_until = null where tenant_id = $1`, [created.tenant.id]);
    const gone = await api.admin<{ deleted: boolean; database: string }>({
      method: 'DELETE',
      path: `/api/admin/tenants/${created.tenant.id}?confirm=${slug}`,
    });
    expect(gone).toEqual({ deleted: true, database: 'none' });
  });
});

describe('enabling an add-on', () => {
  it('records the feature and its subscription together, or neither', async () => {
    const slug = uniqueSlug('addon');
    await api.admin({ method: 'POST', path: '/api/admin/tenants', body: registerBody(slug) }, 201);
    const undo = await refuseInserts('addon_subscriptions', 'addon-');
    try {
      const answer = await api.send('staff-admin', {
        method: 'POST',
        path: '/api/pricing/subscribe',
        body: { tenantSlug: slug, addonName: 'transportation' },
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.json?.error).toMatch(/^Failed to enable add-on/);
    } finally {
      await undo();
    }
    const features = await db().query(
      `select f.feature_name from public.tenant_features f join public."Tenants" t on t.id = f.tenant_id where t.slug = $1`,
      [slug],
    );
    expect(features.rows).toEqual([]);
    const ok = await api.admin<{ feature: { enabled: boolean }; subscription: { status: string } }>({
      method: 'POST',
      path: '/api/pricing/subscribe',
      body: { tenantSlug: slug, addonName: 'transportation' },
    });
    expect(ok.feature.enabled).toBe(true);
    expect(ok.subscription.status).toBe('active');
  });
});
