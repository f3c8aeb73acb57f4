/**
 * A bare page that runs src/lib/photos/compress.ts in real Chromium, for the
 * photo spec (e2e/photo-compress.spec.ts) and the photos bench: built by
 * Vite like the app (so the HEIC worker is bundled as the app bundles it) and
 * served from 127.0.0.1 with the app's own Content-Security-Policy, so a
 * decoder that needed eval, WebAssembly or a blob: worker would fail here as
 * it would in the app. The page's code is tests/support/photo-page-main.ts.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { contentSecurityPolicy } from '../../supabase/local/http/security-headers';
import type { PhotoPageApi } from './photo-page-types';

const ROOT = resolve(import.meta.dirname, '..', '..');

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export interface PhotoPage {
  url: string;
  close(): Promise<void>;
}

/** Builds the page into `dir` (its source beside the build) and serves it. */
export async function servePhotoPage(dir: string): Promise<PhotoPage> {
  const src = join(dir, 'src');
  const dist = join(dir, 'dist');
  await rm(dir, { recursive: true, force: true });
  await mkdir(src, { recursive: true });
  await writeFile(
    join(src, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>photo compression</title><link rel="icon" href="data:,"></head>
<body><script type="module" src="./main.ts"></script></body></html>`,
  );
  await writeFile(join(src, 'main.ts'), `import '${join(ROOT, 'tests', 'support', 'photo-page-main.ts')}';\n`);
  const { build } = await import('vite');
  await build({ configFile: false, root: src, logLevel: 'error', build: { outDir: dist, emptyOutDir: true, target: 'es2022' } });
  const csp = contentSecurityPolicy([]);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = join(dist, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dist) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    void readFile(file).then((body) =>
      res.writeHead(200, { 'content-type': type, ...(type === 'text/html' ? { 'content-security-policy': csp } : {}) }).end(body),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Opens the page and fails on any CSP violation or page error from then on. */
export async function openPhotoPage(page: Page, url: string): Promise<{ problems: string[] }> {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  // Violations are reported as events, not always as console errors.
  await page.evaluate(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)),
  );
  return { problems };
}

type Api = PhotoPageApi;

/** Calls the page's photo API (window.photos). */
export function photos<K extends keyof Api>(page: Page, method: K, ...args: Parameters<Api[K]>): Promise<Awaited<ReturnType<Api[K]>>> {
  return page.evaluate(
    ([m, a]) => {
      const api = (window as unknown as { photos: Record<string, (...x: unknown[]) => unknown> }).photos;
      return api[m as string]!(...(a as unknown[]));
    },
    [method, args] as const,
  ) as Promise<Awaited<ReturnType<Api[K]>>>;
}
