/**
 * A tenant the platform stops serving (canceled, suspended, or its database
 * not active) is refused within seconds, without a restart, and is served
 * again when reactivated (decision 016). The check interval is shortened for
 * the test and the outcome is polled for, so a busy machine only waits longer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../supabase/local/project';
import { TEST_ORIGIN } from '../support/stack';
import { startTestStack, type TestStack } from '../support/stack';

describe('tenant status', () => {
  let t: TestStack;
  let tenant: Project;
  const saved = process.env.TENANT_STATUS_TTL_MS;

  beforeAll(async () => {
    process.env.TENANT_STATUS_TTL_MS = '200';
    t = await startTestStack();
    tenant = await t.createTenant();
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.TENANT_STATUS_TTL_MS;
    else process.env.TENANT_STATUS_TTL_MS = saved;
    await t.close();
  });

  const probe = async () =>
    (
      await t.fetch(`${TEST_ORIGIN}/t/${tenant.ref}/auth/v1/settings`, {
        headers: { apikey: tenant.keys.anonKey },
      })
    ).status;

  async function until(status: number): Promise<number> {
    const deadline = Date.now() + 30_000;
    let last = await probe();
    while (last !== status && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      last = await probe();
    }
    return last;
  }

  const set = (sql: string) => t.stack.platform.engine.query(`update public."Tenants" set ${sql} where slug = $1`, [tenant.ref]);

  it('stops serving a canceled tenant and serves it again once reactivated', async () => {
    expect(await probe()).toBe(200);
    await set(`status = 'canceled'`);
    expect(await until(404)).toBe(404);
    const rest = await t.tenantClient(tenant).from('users').select('id');
    expect(rest.status).toBe(404);
    await set(`status = 'active'`);
    expect(await until(200)).toBe(200);
  });

  it('refuses a suspended tenant and one whose database is not active; serves a trial', async () => {
    await set(`status = 'suspended'`);
    expect(await until(404)).toBe(404);
    await set(`status = 'trial'`);
    expect(await until(200)).toBe(200);
    await set(`database_status = 'error'`);
    expect(await until(404)).toBe(404);
    await set(`status = 'active', database_status = 'active'`);
    expect(await until(200)).toBe(200);
  });
});
