/**
 * The projects answer other origins as hosted Supabase does (issue 20,
 * supabase/local/http/cors.ts): a preflight from any origin is allowed with
 * the headers it names, before any API key check, and answers carry the
 * origin and the headers a page must read (counts in Content-Range).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../supabase/local/server';
import { startTestStack, TEST_ORIGIN, type TestStack } from '../support/stack';

const OTHER = 'http://127.0.0.1:4173';

describe('CORS on the projects', () => {
  let t: TestStack;
  let app: ReturnType<typeof createServer>;
  const slug = `cors-${process.pid}`;
  let serviceKey: string;

  beforeAll(async () => {
    t = await startTestStack();
    const project = await t.createTenant(slug);
    serviceKey = project.keys.serviceKey;
    app = createServer(t.stack);
  });
  afterAll(() => t.close());

  const preflight = (path: string, headers: string) =>
    app.fetch(
      new Request(`${TEST_ORIGIN}${path}`, {
        method: 'OPTIONS',
        headers: { origin: OTHER, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
      }),
    );

  it('allows a preflight from any origin with the headers supabase-js sends, kept for an hour, on auth and rest of both kinds of project', async () => {
    const sent = 'apikey, authorization, content-type, prefer, x-client-info, x-supabase-api-version, accept-profile';
    for (const path of [
      `/t/${slug}/rest/v1/doors`,
      `/t/${slug}/auth/v1/token`,
      '/platform/auth/v1/token',
      '/platform/rest/v1/organizations',
    ]) {
      const res = await preflight(path, sent);
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
      expect(res.headers.get('access-control-allow-headers')?.split(',')).toEqual(sent.split(', '));
      expect(res.headers.get('access-control-max-age')).toBe('3600');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('answers a preflight without an API key, and never for a tenant that does not exist as if it did', async () => {
    const res = await preflight('/t/no-such-tenant/rest/v1/doors', 'apikey');
    expect(res.status).toBe(204);
    // The request itself still needs the key: the preflight granted nothing.
    const bare = await app.fetch(new Request(`${TEST_ORIGIN}/t/${slug}/rest/v1/doors`, { headers: { origin: OTHER } }));
    expect(bare.status).toBe(401);
    expect(bare.headers.get('access-control-allow-origin')).toBe('*');
    // An OPTIONS that is no preflight (no method named) is the API's to answer.
    const plain = await app.fetch(new Request(`${TEST_ORIGIN}/t/${slug}/rest/v1/doors`, { method: 'OPTIONS', headers: { origin: OTHER } }));
    expect(plain.status).not.toBe(204);
  });

  it('lets the page read the count and the origin on a real answer', async () => {
    const res = await app.fetch(
      new Request(`${TEST_ORIGIN}/t/${slug}/rest/v1/campus?select=id`, {
        method: 'HEAD',
        headers: { origin: OTHER, apikey: serviceKey, authorization: `Bearer ${serviceKey}`, prefer: 'count=exact' },
      }),
    );
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(res.headers.get('content-range')).toMatch(/\/\d+$/);
  });
});
