/**
 * Cutting the network for real in a journey (the developers' rule: Playwright's
 * setOffline does not stop a service worker's own requests): the spec runs
 * its own copy of the local stack (fresh demo data, counting every request it
 * serves) and launches Chromium with a small forwarding proxy in front of
 * everything; refuse() stops the proxy listening, so connections are refused
 * while the browser still believes it is online, as behind a dead server.
 */
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { chromium, type Browser, type Page } from '@playwright/test';
import { seedDemo } from '../supabase/local/seed';
import { createServer } from '../supabase/local/server';
import { Stack } from '../supabase/local/stack';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const ROOT = resolve(import.meta.dirname, '..');

export interface Local {
  base: string;
  stack: Stack;
  hits: () => number;
  close: () => Promise<void>;
}

export interface Proxy {
  port: number;
  forwarded: () => number;
  refuse: () => Promise<void>;
  /** Listens again on the same port: the network is back. */
  restore: () => Promise<void>;
}

function builtApp(): string {
  const own = join(ROOT, '.data', `e2e-dist-${process.env.E2E_PORT ?? 4179}`);
  return existsSync(join(own, 'index.html')) ? own : join(ROOT, 'dist');
}

function listen(server: { listen: (port: number, host: string, cb: () => void) => unknown; address: () => unknown }): Promise<number> {
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)));
}

/**
 * Stops a test server and drops its kept-alive connections, so a browser
 * still open cannot send requests into a stack that is closing.
 */
export function stopServing(server: ReturnType<typeof serve>): void {
  server.close();
  if ('closeAllConnections' in server) server.closeAllConnections();
}

/** The stack as `npm start` runs it, with fresh demo data, counting every request it serves. */
export async function startLocal(): Promise<Local> {
  const probe = createHttpServer();
  const port = await listen(probe);
  await new Promise((r) => probe.close(r));
  const base = `http://localhost:${port}`;
  const stack = await Stack.open({ kind: 'pglite', dataDir: null }, base);
  await seedDemo(stack);
  await stack.refreshTenantUrls();
  const app = createServer(stack, { staticDir: builtApp() });
  let hits = 0;
  const server = serve({
    fetch: (req: Request, env: unknown) => {
      hits += 1;
      return app.fetch(req, env);
    },
    port,
    hostname: '127.0.0.1',
  });
  return {
    base,
    stack,
    hits: () => hits,
    close: async () => {
      stopServing(server);
      await stack.close();
    },
  };
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade']);

/** A forwarding HTTP proxy that can stop listening (connections refused from then on). */
export async function startProxy(): Promise<Proxy> {
  let forwarded = 0;
  const sockets = new Set<Socket>();
  // Requests already forwarded when the network is cut still reach the server;
  // refuse() waits for each to be answered (or to fail) so a caller's "nothing
  // reached the server from now on" baseline is taken after them.
  const inFlight = new Set<Promise<void>>();
  const server = createHttpServer((req, res) => {
    const target = new URL(req.url ?? '/');
    forwarded += 1;
    let settle: () => void = () => undefined;
    const settled = new Promise<void>((done) => (settle = done));
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k)));
    const upstream = httpRequest(
      {
        host: target.hostname === 'localhost' ? '127.0.0.1' : target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers,
      },
      (answer) => {
        settle();
        const out = Object.fromEntries(Object.entries(answer.headers).filter(([k]) => !HOP_BY_HOP.has(k)));
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      settle();
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // A request whose body never fully arrives is dropped upstream too, so it cannot hang refuse().
    req.on('close', () => {
      if (!req.complete) upstream.destroy();
    });
    req.pipe(upstream);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const port = await listen(server);
  return {
    port,
    forwarded: () => forwarded,
    refuse: async () => {
      const closed = new Promise((r) => server.close(r));
      for (const s of sockets) s.destroy();
      await Promise.all([closed, ...inFlight]);
    },
    restore: () => new Promise<void>((done) => server.listen(port, '127.0.0.1', () => done())),
  };
}

/** Chromium whose only way to the network is `proxy`. */
export function launchThroughProxy(proxy: Proxy): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, proxy: { server: `http://127.0.0.1:${proxy.port}` } });
}

/**
 * Resolves once a service worker controls the page (so a reload can come
 * from it). One that has not within `timeoutMs` fails the test with what the
 * page's registrations were doing, instead of waiting out the test's time.
 */
export async function waitForServiceWorker(page: Page, timeoutMs = 90_000): Promise<void> {
  const stalled = await page.evaluate(async (ms) => {
    const ready = (async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
      }
      return null;
    })();
    const late = new Promise<string>((resolve) =>
      setTimeout(() => {
        void navigator.serviceWorker.getRegistrations().then((regs) => {
          const states = regs.map((g) => ({
            scope: g.scope,
            installing: g.installing?.state,
            waiting: g.waiting?.state,
            active: g.active?.state,
          }));
          resolve(`registrations ${JSON.stringify(states)}, controlled: ${navigator.serviceWorker.controller !== null}`);
        });
      }, ms),
    );
    return Promise.race([ready, late]);
  }, timeoutMs);
  if (stalled !== null) throw new Error(`no service worker controls ${page.url()} after ${timeoutMs} ms: ${stalled}`);
}
