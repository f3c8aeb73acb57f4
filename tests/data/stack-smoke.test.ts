import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack';

describe('local stack', () => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack();
  });
  afterAll(() => t.close());

  it('refuses a request without the project apikey', async () => {
    const res = await t.fetch('http://stack.test/platform/rest/v1/Tenants');
    expect(res.status).toBe(401);
  });

  it('provisions a tenant with its own keys', async () => {
    const a = await t.createTenant();
    const b = await t.createTenant();
    expect(a.keys.jwtSecret).not.toBe(b.keys.jwtSecret);
    const res = await t.fetch(`http://stack.test/t/${a.ref}/rest/v1/users`, { headers: { apikey: b.keys.anonKey } });
    expect(res.status).toBe(401);
  });
});
