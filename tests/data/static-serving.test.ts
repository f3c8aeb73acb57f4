/** The stack serves the built PWA: assets, the app shell for client routes, nothing outside dist. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../supabase/local/server';
import { startTestStack, TEST_ORIGIN, type TestStack } from '../support/stack';

describe('static PWA serving', () => {
  let t: TestStack;
  let app: ReturnType<typeof createServer>;

  beforeAll(async () => {
    t = await startTestStack();
    const dir = mkdtempSync(join(tmpdir(), 'lockstep-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(dir, 'sw.js'), '// worker');
    app = createServer(t.stack, { staticDir: dir });
  });
  afterAll(() => t.close());

  const get = (path: string) => app.fetch(new Request(`${TEST_ORIGIN}${path}`));

  it('serves hashed assets as immutable and the worker as no-cache', async () => {
    const asset = await get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const sw = await get('/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers client routes with the app shell and missing assets with 404', async () => {
    const route = await get('/tenant/lincoln-isd/rounds');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>shell</title>');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('never serves files outside the build, and refuses malformed paths', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/%2e%2e/%2e%2e/package.json']) {
      const res = await get(path);
      expect(await res.text()).not.toContain('"name": "lockstep"');
    }
    expect((await get('/%E0%A4%A')).status).toBe(400);
  });

  it('keeps the API and projects ahead of the SPA fallback', async () => {
    const cfg = await get('/app-config.json');
    expect(cfg.headers.get('content-type')).toContain('application/json');
    expect((await get('/api/health')).status).toBe(200);
  });

  it('serves HTML with a CSP, nosniff, a referrer policy and a camera-only-for-the-app permissions policy (decision 016)', async () => {
    const shell = await get('/tenant/lincoln-isd/rounds');
    const csp = shell.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((d) => {
        const [k = '', ...v] = d.trim().split(/\s+/);
        return [k, v] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    const connect = directives.get('connect-src') ?? [];
    expect(connect).toContain("'self'");
    expect(connect).toContain('https://nominatim.openstreetmap.org');
    expect(connect.every((o) => o === "'self'" || /^https?:\/\/[^/]+$/.test(o))).toBe(true);
    expect(shell.headers.get('x-content-type-options')).toBe('nosniff');
    expect(shell.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(shell.headers.get('permissions-policy')).toMatch(/(^|, )camera=\(self\)/);
    expect(shell.headers.get('strict-transport-security')).toBeNull();
    const asset = await get('/assets/app-1234.js');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('content-security-policy')).toBeNull();
  });

  it("lets the app connect to a served tenant's own project origin, and to no tenant that is not served", async () => {
    const tenant = await t.createTenant();
    await t.stack.platform.engine.query(`update public."Tenants" set supabase_url = 'https://hosted-one.example.co' where slug = $1`, [
      tenant.ref,
    ]);
    const other = await t.createTenant();
    await t.stack.platform.engine.query(
      `update public."Tenants" set supabase_url = 'https://canceled-one.example.co', status = 'canceled' where slug = $1`,
      [other.ref],
    );
    // The stack re-reads the served origins every 30 s; the server's own change applies at once.
    t.stack.forgetTenantState(tenant.ref);
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    const connect = /connect-src ([^;]+)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(connect).toContain('https://hosted-one.example.co');
    expect(connect).not.toContain('https://canceled-one.example.co');
  });

  it('adds HSTS only when the app is served over https', async () => {
    const viaProxy = await app.fetch(new Request(`${TEST_ORIGIN}/`, { headers: { 'x-forwarded-proto': 'https' } }));
    expect(viaProxy.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('holds every route, the product API included, to the configured body limit', async () => {
    const small = createServer(t.stack, { bodyLimit: 1024 });
    const big = JSON.stringify({ slug: 'x'.repeat(4096) });
    for (const path of ['/api/tenant-proxy/health', '/platform/rest/v1/Tenants']) {
      const res = await small.fetch(
        new Request(`${TEST_ORIGIN}${path}`, {
          method: 'POST',
          body: big,
          headers: { 'content-type': 'application/json', apikey: t.stack.platform.keys.anonKey },
        }),
      );
      expect({ path, status: res.status }).toEqual({ path, status: 413 });
    }
  });
});
