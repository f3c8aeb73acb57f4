/**
 * The local stack with the demo tenants, serving a built app on a free port:
 * what the benches that drive the real app in Chromium start from.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import { seedDemo } from '../../supabase/local/seed';
import { createServer } from '../../supabase/local/server';
import { Stack } from '../../supabase/local/stack';

export interface DemoStack {
  stack: Stack;
  /** The app's origin (localhost, as the tenants' public URLs say). */
  base: string;
  close(): Promise<void>;
}

export async function serveDemoStack(staticDir: string): Promise<DemoStack> {
  const stack = await Stack.open({ kind: 'pglite', dataDir: null }, 'http://localhost:0');
  let server: ReturnType<typeof serve> | null = null;
  const close = async () => {
    (server as ReturnType<typeof serve> | null)?.close();
    await stack.close();
  };
  try {
    const port = await new Promise<number>((ok) => {
      server = serve({ fetch: createServer(stack, { staticDir }).fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        ok(info.port),
      );
    });
    const base = `http://localhost:${port}`;
    stack.publicUrl = base;
    await seedDemo(stack);
    await stack.refreshTenantUrls();
    return { stack, base, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * Signs lincoln-isd's security admin in through the login form and waits for
 * the first sync to have brought the doors (the dashboard counts them): the
 * start of every bench that measures the security screens.
 */
export async function signInSecurityAdmin(page: Page): Promise<void> {
  await page.goto('/tenant/lincoln-isd/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('security@lincoln-isd.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/tenant\/lincoln-isd\/security$/, { timeout: 60_000 });
  // The board shows from the device's (still empty) store at once: the doors count once the first pull brought them.
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="total-total-doors"]')?.textContent) > 0, null, {
    timeout: 60_000,
  });
  await page.waitForLoadState('networkidle');
  console.log('  signed in; first sync done');
}

/** A production build of the app into `outDir` (each bench keeps its own, so sections never share a half-written one). */
export async function buildAppInto(outDir: string, opts: { reactProfiling?: boolean } = {}): Promise<void> {
  const { build } = await import('vite');
  await build({
    root: resolve(import.meta.dirname, '..', '..'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    // The profiling aid's REACT_COMMITS: react-dom's profiling build, the same React with its component timers on. The
    // file under react-dom/client is swapped, so the start's preload plugin still finds react-dom/client.
    ...(opts.reactProfiling
      ? {
          resolve: {
            alias: [{ find: /^\.\/cjs\/react-dom-client\.production\.js$/, replacement: './cjs/react-dom-profiling.profiling.js' }],
          },
        }
      : {}),
  });
  if (!existsSync(join(outDir, 'index.html'))) throw new Error(`no build in ${outDir}`);
}
