/**
 * Shell section: estimates of the gzipped JavaScript a visitor downloads
 * for the landing page and for the tenant sign-in screen, measured
 * in Debian's Chromium against a fresh build served by the real local stack
 * (in memory, demo data), plus figures reported without a bar: the JS after
 * a whole tenant sign-in (supabase-js and the offline core load when the user
 * starts signing in) and the size of the service worker's precache.
 * Each script response is gzipped here (level 9), as a CDN would serve it:
 * an estimate, hence the ids' "gzip-estimate" and no bars. What the server
 * really sends, with the bars, is in real.ts (real.landing-js-sent-kb).
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { chromium, type Browser, type Page } from '@playwright/test';
import { seedDemo } from '../../supabase/local/seed';
import { createServer } from '../../supabase/local/server';
import { Stack } from '../../supabase/local/stack';
import { round, type BenchResult } from './result';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';

const ROOT = resolve(import.meta.dirname, '..', '..');
// Its own build of the current code, so the shared dist/ of a running stack is never touched.
const DIST = join(ROOT, '.bench', 'shell-dist');

async function buildApp(): Promise<void> {
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: DIST, emptyOutDir: true } });
  if (!existsSync(join(DIST, 'sw.js'))) throw new Error(`no service worker in ${DIST}`);
}

/** Records every script the page downloads; returns a reader of the gzipped total in KB. */
function trackScripts(page: Page): () => Promise<{ kb: number; files: number }> {
  const bodies = new Map<string, Promise<Buffer | null>>();
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || bodies.has(res.url())) return;
    bodies.set(
      res.url(),
      res.body().catch(() => null),
    );
  });
  return async () => {
    let bytes = 0;
    for (const body of await Promise.all(bodies.values())) if (body) bytes += gzipSync(body, { level: 9 }).length;
    return { kb: round(bytes / 1024, 1), files: bodies.size };
  };
}

async function measure(browser: Browser, baseUrl: string, run: (page: Page) => Promise<void>): Promise<{ kb: number; files: number }> {
  // No service worker: every script must come over the network to be counted.
  const context = await browser.newContext({ serviceWorkers: 'block', baseURL: baseUrl });
  const page = await context.newPage();
  const read = trackScripts(page);
  await run(page);
  await page.waitForLoadState('networkidle');
  const out = await read();
  await context.close();
  return out;
}

/** The service worker's precache: the entries listed in dist/sw.js, summed from dist/. */
async function precacheKb(): Promise<{ kb: number; entries: number }> {
  const sw = await readFile(join(DIST, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1] ?? '');
  let bytes = 0;
  for (const url of new Set(urls)) bytes += (await stat(join(DIST, url))).size;
  return { kb: round(bytes / 1024, 1), entries: new Set(urls).size };
}

export async function runShellBench(): Promise<BenchResult[]> {
  await buildApp();
  const stack = await Stack.open({ kind: 'pglite', dataDir: null }, 'http://localhost:0');
  let server: ReturnType<typeof serve> | null = null;
  let browser: Browser | null = null;
  try {
    // Listen first to learn the port, then give the stack its public URL.
    const port = await new Promise<number>((resolvePort) => {
      const app = createServer(stack, { staticDir: DIST });
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolvePort(info.port));
    });
    const baseUrl = `http://localhost:${port}`;
    stack.publicUrl = baseUrl;
    await seedDemo(stack);
    await stack.refreshTenantUrls();

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const landing = await measure(browser, baseUrl, async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
    });
    const tenantLogin = await measure(browser, baseUrl, async (page) => {
      await page.goto('/tenant/lincoln-isd/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
    });
    const tenantSignIn = await measure(browser, baseUrl, async (page) => {
      await page.goto('/tenant/lincoln-isd/login');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('officer@lincoln-isd.test');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Lockstep-demo1!');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/tenant\/lincoln-isd\/rounds$/);
      await page.getByRole('heading', { level: 1, name: 'My Rounds' }).waitFor();
    });
    const precache = await precacheKb();
    return [
      { id: 'shell.landing-js-gzip-estimate-kb', figure: landing.kb, unit: 'KB', bar: 'reported', ok: true },
      { id: 'shell.tenant-login-js-gzip-estimate-kb', figure: tenantLogin.kb, unit: 'KB', bar: 'reported', ok: true },
      { id: 'shell.tenant-signed-in-js-gzip-estimate-kb', figure: tenantSignIn.kb, unit: 'KB', bar: 'reported', ok: true },
      { id: 'shell.precache-kb', figure: precache.kb, unit: 'KB', bar: 'reported', ok: true },
      { id: 'shell.precache-entries', figure: precache.entries, unit: 'n', bar: 'reported', ok: true },
    ];
  } finally {
    await browser?.close();
    (server as { close(): void } | null)?.close();
    await stack.close();
  }
}
