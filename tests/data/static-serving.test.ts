/** The stack serves the built PWA: assets, the app shell for client routes, nothing outside dist. */
import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress-plugin';
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

describe('compressed and cached PWA serving', () => {
  let t: TestStack;
  let app: ReturnType<typeof createServer>;
  // Sizeable, repetitive text, as a bundle is: well over the 512-byte floor.
  const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');
  const shell = `<!doctype html><title>shell</title>${'<meta name="x" content="y">'.repeat(60)}`;

  beforeAll(async () => {
    t = await startTestStack();
    const dir = mkdtempSync(join(tmpdir(), 'lockstep-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), shell);
    writeFileSync(join(dir, 'assets', 'app-1234.js'), script);
    writeFileSync(join(dir, 'assets', 'tiny-1234.js'), 'console.log(1)');
    writeFileSync(join(dir, 'sw.js'), script);
    await precompressDir(dir);
    // Built another way: no siblings, so the server compresses it itself.
    writeFileSync(join(dir, 'assets', 'late-1234.js'), script);
    app = createServer(t.stack, { staticDir: dir });
    expect(existsSync(join(dir, 'assets', 'app-1234.js.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'tiny-1234.js.br'))).toBe(false);
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}) => app.fetch(new Request(`${TEST_ORIGIN}${path}`, { headers }));
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('sends Brotli when accepted, gzip when only gzip is, the raw file otherwise; each decodes to the file', async () => {
    for (const path of ['/assets/app-1234.js', '/assets/late-1234.js', '/sw.js']) {
      const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers.get('content-encoding')).toBe('br');
      const brBody = await bytes(br);
      expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
      expect(brBody.length).toBeLessThan(script.length);
      expect(brotliDecompressSync(brBody).toString()).toBe(script);

      const gz = await get(path, { 'accept-encoding': 'gzip' });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(await bytes(gz)).toString()).toBe(script);

      for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
        const raw = await get(path, accept ? { 'accept-encoding': accept } : {});
        expect(raw.headers.get('content-encoding')).toBeNull();
        expect((await bytes(raw)).toString()).toBe(script);
      }
      for (const res of [br, gz]) {
        expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      }
    }
  });

  it('compresses the app shell on client routes too, and sends tiny files as they are', async () => {
    const route = await get('/tenant/lincoln-isd/rounds', { 'accept-encoding': 'br' });
    expect(route.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(route)).toString()).toBe(shell);
    const tiny = await get('/assets/tiny-1234.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('console.log(1)');
  });

  it('caches hashed assets for a year and revalidates the shell and the worker by ETag', async () => {
    const asset = await get('/assets/app-1234.js', { 'accept-encoding': 'br' });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/sw.js']) {
      const first = await get(path, { 'accept-encoding': 'br' });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^W\/"[^"]+"$/);
      // One tag for every coding of the same file.
      expect((await get(path, { 'accept-encoding': 'gzip' })).headers.get('etag')).toBe(etag);
      const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect((await get(path, { 'if-none-match': 'W/"something-else"' })).status).toBe(200);
    }
  });

  it('still refuses paths outside the build, compressed or not', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/%2e%2e/%2e%2e/package.json', '/..%2fpackage.json']) {
      const res = await get(path, { 'accept-encoding': 'br, gzip' });
      const body = await bytes(res);
      const text = res.headers.get('content-encoding') === 'br' ? brotliDecompressSync(body).toString() : body.toString();
      expect(text).not.toContain('"name": "lockstep"');
    }
    expect((await get('/%00.js')).status).toBe(400);
  });

  it('compresses JSON answers of the projects and the API over 1 KB, and leaves small ones alone', async () => {
    const tenant = await t.createTenant();
    await t.createTenant();
    await t.createTenant();
    const headers = { apikey: t.stack.platform.keys.serviceKey, authorization: `Bearer ${t.stack.platform.keys.serviceKey}` };
    const plain = await get('/platform/rest/v1/Tenants?select=*', headers);
    const plainText = await plain.text();
    expect(plainText).toContain(tenant.ref);
    expect(plainText.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);

    const br = await get('/platform/rest/v1/Tenants?select=*', { ...headers, 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('application/json');
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(plainText);
    const gz = await get('/platform/rest/v1/Tenants?select=*', { ...headers, 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(plainText);

    const health = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.status).toBe(200);
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(await health.json()).toBeTruthy();
  });
});
