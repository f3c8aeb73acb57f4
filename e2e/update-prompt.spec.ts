/**
 * A new deploy is offered with an "update available" prompt; accepting it
 * reloads into the new worker. Static files only, so this journey serves its
 * own copy of dist/ (a "deploy" rewrites that copy's sw.js).
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, appendFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

let dir = '';
let server: Server;
let origin = '';

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lockstep-update-'));
  // The build the web server made for this run (e2e/serve-stack.ts), else dist/.
  const root = join(import.meta.dirname, '..');
  const own = join(root, '.data', `e2e-dist-${process.env.E2E_PORT ?? 4179}`);
  await cp(!process.env.E2E_BASE_URL && existsSync(own) ? own : join(root, 'dist'), dir, { recursive: true });
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = extname(path) ? join(dir, path) : join(dir, 'index.html');
    readFile(file)
      .then((body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
        res.end(body);
      })
      .catch(() => {
        res.writeHead(404);
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

test('a new service worker version shows the update prompt', async ({ page }) => {
  await page.goto(`${origin}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const prompt = page.getByText('A new version of Lockstep is available.');
  await expect(prompt).toBeHidden();
  // The next deploy.
  await appendFile(join(dir, 'sw.js'), '\n// next deploy\n');
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    await reg?.update();
  });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Update now' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stronger security');
  await expect(prompt).toBeHidden();
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(false);
});

test('a page the worker does not control (a hard reload, or a load that raced the first install) is taken over', async ({ page }) => {
  await page.addInitScript(() => {
    (globalThis as { controlledAtLoad?: boolean }).controlledAtLoad = navigator.serviceWorker.controller !== null;
  });
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // A reload that bypasses the cache bypasses the worker too: the page starts uncontrolled, as one that raced the install.
  const cdp = await page.context().newCDPSession(page);
  const loaded = page.waitForEvent('load');
  await cdp.send('Page.reload', { ignoreCache: true });
  await loaded;
  expect(await page.evaluate(() => (globalThis as { controlledAtLoad?: boolean }).controlledAtLoad)).toBe(false);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
});
