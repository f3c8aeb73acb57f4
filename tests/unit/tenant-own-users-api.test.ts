import { describe, expect, it } from 'vitest';
import { requestProductApi, type ProductApiOptions } from '../../src/data/product-api';
import { tenantOwnUsersApiWith } from '../../src/data/tenant-own-users-api';

type Call = { url: string; init: RequestInit };

/** The calls over requestProductApi with a fake fetch: what goes on the wire. */
function wire(token: string | null, answer: unknown) {
  const calls: Call[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const api = tenantOwnUsersApiWith('lincoln-isd', <T>(path: string, options: ProductApiOptions) =>
    requestProductApi<T>('http://x/api', token, path, options, fetchImpl),
  );
  return { api, calls };
}

const user = { id: 'u1', email: 'a@lincoln-isd.test' };
const header = (c: Call, name: string) => (c.init.headers as Record<string, string>)[name];

describe("the tenant's own user management client", () => {
  it("sends the tenant's token to /tenant-proxy/users with the slug in the query", async () => {
    const { api, calls } = wire('tenant-token', { users: [user] });
    expect(await api.list()).toEqual([user]);
    expect(calls[0]!.url).toBe('http://x/api/tenant-proxy/users?tenantSlug=lincoln-isd');
    expect(calls[0]!.init.method).toBe('GET');
    expect(header(calls[0]!, 'authorization')).toBe('Bearer tenant-token');
  });

  it('names each action on its own path and method, the user id encoded', async () => {
    const { api, calls } = wire('t', { user, email: user.email, inviteLink: null });
    await api.create({ first_name: 'A', last_name: 'B', username: 'ab', role: 'regular_user', invite: true });
    await api.update('u 1', { department: 'IT' });
    await api.resetPassword('u1', 'Welcome-2026!');
    await api.deactivate('u1');
    await api.reactivate('u1');
    expect(calls.map((c) => `${c.init.method} ${c.url.replace('http://x/api', '')} ${String(c.init.body ?? '')}`)).toEqual([
      'POST /tenant-proxy/users?tenantSlug=lincoln-isd {"first_name":"A","last_name":"B","username":"ab","role":"regular_user","invite":true}',
      'PATCH /tenant-proxy/users/u%201?tenantSlug=lincoln-isd {"department":"IT"}',
      'POST /tenant-proxy/users/u1/reset-password?tenantSlug=lincoln-isd {"password":"Welcome-2026!"}',
      'POST /tenant-proxy/users/u1/deactivate?tenantSlug=lincoln-isd ',
      'POST /tenant-proxy/users/u1/reactivate?tenantSlug=lincoln-isd ',
    ]);
  });

  it('without a tenant session it refuses before sending', async () => {
    const { api, calls } = wire(null, {});
    await expect(api.list()).rejects.toMatchObject({ status: 401, message: 'Not authenticated' });
    expect(calls).toHaveLength(0);
  });
});
