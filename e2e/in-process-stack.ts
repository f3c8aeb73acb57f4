/**
 * A copy of the local stack in the test process (the same code `npm start`
 * runs, in-memory PGlite, fresh demo data) for journeys that must read the
 * server with a tenant's service key, which never reaches a browser. It
 * serves the PWA that the configured web server built (e2e/serve-stack.ts
 * builds into .data/e2e-dist-<port>; dist/ when running against an external
 * stack).
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { seedDemo } from '../supabase/local/seed';
import { createServer } from '../supabase/local/server';
import { Stack } from '../supabase/local/stack';
import { stopServing } from './network-cut';

const ROOT = resolve(import.meta.dirname, '..');

export interface InProcessStack {
  base: string;
  /** The tenant's service key, for journeys that act as the server (admin API); never handed to a page. */
  serviceKey: string;
  /** The tenant's REST API with its service key (the server's view, RLS bypassed). */
  rest<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T>;
  close(): Promise<void>;
}

/** The PWA build this run serves: the suite's own, or dist/ against an external stack. */
export function builtApp(): string {
  const own = join(ROOT, '.data', `e2e-dist-${process.env.E2E_PORT ?? 4179}`);
  return !process.env.E2E_BASE_URL && existsSync(join(own, 'index.html')) ? own : join(ROOT, 'dist');
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = serve({ fetch: () => new Response(''), port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      probe.close();
      done(info.port);
    });
  });
}

export async function startInProcessStack(slug: string): Promise<InProcessStack> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const stack = await Stack.open({ kind: 'pglite', dataDir: null }, base);
  await seedDemo(stack);
  await stack.refreshTenantUrls();
  const server = serve({ fetch: createServer(stack, { staticDir: builtApp() }).fetch, port, hostname: '127.0.0.1' });
  const tenant = await stack.tenant(slug);
  if (!tenant) throw new Error(`${slug} was not seeded`);
  const serviceKey = tenant.keys.serviceKey;
  return {
    base,
    serviceKey,
    async rest<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
      const r = await fetch(`${base}/t/${slug}/rest/v1/${path}`, {
        method: init.method ?? 'GET',
        headers: {
          apikey: serviceKey,
          authorization: `Bearer ${serviceKey}`,
          'content-type': 'application/json',
          prefer: 'return=representation',
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      if (!r.ok) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
      return (await r.json()) as T;
    },
    async close() {
      stopServing(server);
      await stack.close();
    },
  };
}
