import { describe, expect, it } from 'vitest';
import { PRODUCT_API_MESSAGES, ProductApiError, productApiBase, productApiUrl, requestProductApi } from '../../src/data/product-api';

type Call = { url: string; init: RequestInit };

function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const impl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return answer();
  }) as typeof fetch;
  return { calls, impl };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('product API client', () => {
  it('builds URLs from the base, path and query (null and undefined left out)', () => {
    expect(productApiUrl('http://x/api/', '/admin/tenants')).toBe('http://x/api/admin/tenants');
    expect(productApiUrl('http://x/api', 'admin/verify-tenant', { tenantSlug: 'a-b', none: null, skip: undefined })).toBe(
      'http://x/api/admin/verify-tenant?tenantSlug=a-b',
    );
    expect(productApiUrl('http://x/api', '/t/1', { confirm: 'slug with space&' })).toBe('http://x/api/t/1?confirm=slug+with+space%26');
  });
  it('uses the configured API URL, else this origin /api', () => {
    expect(productApiBase('https://api.example.org/functions/v1/api/', 'http://app')).toBe('https://api.example.org/functions/v1/api');
    expect(productApiBase(undefined, 'http://localhost:4173')).toBe('http://localhost:4173/api');
  });
  it('sends the bearer token and a JSON body, and returns the parsed answer', async () => {
    const f = fakeFetch(() => json({ tenant: { id: 't1' } }, 201));
    const out = await requestProductApi<{ tenant: { id: string } }>('http://x/api', 'tok', '/admin/tenants', { body: { a: 1 } }, f.impl);
    expect(out.tenant.id).toBe('t1');
    const call = f.calls[0]!;
    expect(call.init.method).toBe('POST');
    expect((call.init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect((call.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(call.init.body).toBe('{"a":1}');
  });
  it('GET has no body and no content type', async () => {
    const f = fakeFetch(() => json({ tenants: [] }));
    await requestProductApi('http://x/api', 'tok', '/admin/tenants', {}, f.impl);
    expect(f.calls[0]!.init.method).toBe('GET');
    expect(f.calls[0]!.init.body).toBeUndefined();
    expect((f.calls[0]!.init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });
  it('without a session it refuses before sending: Not authenticated', async () => {
    const f = fakeFetch(() => json({}));
    await expect(requestProductApi('http://x/api', null, '/admin/stats', {}, f.impl)).rejects.toMatchObject({
      status: 401,
      message: 'Not authenticated',
    });
    expect(f.calls).toHaveLength(0);
  });
  it("a refusal carries the API's error text, status and 422 issues", async () => {
    const f = fakeFetch(() =>
      json({ error: 'slug: bad', issues: [{ path: 'slug', message: 'bad' }, { path: 3, message: 'no path' }, { nope: true }] }, 422),
    );
    const err = await requestProductApi('http://x/api', 'tok', '/admin/tenants', { body: {} }, f.impl).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProductApiError);
    expect(err).toMatchObject({ status: 422, message: 'slug: bad' });
    expect((err as ProductApiError).issues).toEqual([
      { path: 'slug', message: 'bad' },
      { path: '', message: 'no path' },
    ]);
  });
  it('a refusal without a JSON error says the HTTP status', async () => {
    const f = fakeFetch(() => new Response('<html>', { status: 502 }));
    await expect(requestProductApi('http://x/api', 'tok', '/x', {}, f.impl)).rejects.toMatchObject({ status: 502, message: 'HTTP 502' });
  });
  it('an unreachable server is a clear error with status 0', async () => {
    const f = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    await expect(requestProductApi('http://x/api', 'tok', '/x', {}, f.impl)).rejects.toMatchObject({
      status: 0,
      message: PRODUCT_API_MESSAGES.unreachable,
    });
  });
  it('a 2xx answer that is not JSON is an error, not a silent null', async () => {
    const f = fakeFetch(() => new Response('<html>app shell</html>', { status: 200 }));
    await expect(requestProductApi('http://x/api', 'tok', '/x', {}, f.impl)).rejects.toMatchObject({
      message: PRODUCT_API_MESSAGES.notJson,
    });
  });
});
