/**
 * `npm start` / `npm run dev`: the whole product on one machine.
 *   start   build the PWA, then serve it with the local stack on PORT
 *   dev     the local stack on PORT+1 behind Vite's dev server on PORT (hot reload)
 * Flags: --reset (start from scratch: deletes DATA_DIR, or this stack's
 * databases on DATABASE_URL), --seed (seed demo data into a DATABASE_URL
 * database; the embedded database is seeded on its first start anyway),
 * --no-build (start: serve the existing dist/ as it is), --build (start:
 * rebuild even when dist/ is up to date). Without either, start rebuilds only
 * when the sources changed since the last build (build-stamp.ts).
 * --lan (start: serve over HTTPS on this machine's network address for a
 * phone on the same network, with a certificate kept in the data dir; see
 * lan/index.ts).
 * DIST_DIR: where start builds and serves the PWA (default dist/).
 * SERVE_MIGRATIONS: ref=folder[,ref=folder]: other schemas' migrations,
 * each served as a project at /p/{ref} (serve-migrations-env.ts).
 */
import type { Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { buildInChild } from './build-app';
import { decideBuild, type BuildMode } from './build-stamp';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo';
import { lanBanner, prepareLan, serveCaDownload, type LanSetup } from './lan';
import { engineConfigFromEnv, type EngineConfig } from './project';
import { resetData } from './reset';
import { parseServeMigrations } from './serve-migrations-env';
import { Stack } from './stack';

const ROOT = resolve(import.meta.dirname, '..', '..');

interface Options {
  command: 'start' | 'dev';
  reset: boolean;
  seed: boolean;
  build: BuildMode;
  lan: boolean;
  port: number;
  host: string;
  bodyLimit: number;
}

const KNOWN_FLAGS = ['--reset', '--seed', '--build', '--no-build', '--lan'];

function parseArgs(argv: string[]): Options {
  const command = argv[0] === 'dev' ? 'dev' : 'start';
  const flags = new Set(argv.slice(1));
  const unknown = [...flags].filter((f) => !KNOWN_FLAGS.includes(f));
  if (unknown.length) throw new Error(`Unknown option ${unknown.join(', ')}: use ${KNOWN_FLAGS.join(', ')}`);
  if (flags.has('--build') && flags.has('--no-build')) throw new Error('--build and --no-build cannot both be given');
  if (flags.has('--lan') && command === 'dev') throw new Error('--lan works with npm start (npm start -- --lan), not with npm run dev');
  const port = Number(process.env.PORT ?? 4173);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
  const limitMb = Number(process.env.BODY_LIMIT_MB ?? 5);
  if (!(limitMb > 0)) throw new Error(`BODY_LIMIT_MB must be a positive number of megabytes, got ${process.env.BODY_LIMIT_MB}`);
  return {
    command,
    reset: flags.has('--reset'),
    seed: flags.has('--seed'),
    build: flags.has('--no-build') ? 'skip' : flags.has('--build') ? 'force' : 'auto',
    lan: flags.has('--lan'),
    port,
    host: process.env.HOST ?? (flags.has('--lan') ? '0.0.0.0' : '127.0.0.1'),
    bodyLimit: Math.round(limitMb * 1024 * 1024),
  };
}

async function shouldSeed(stack: Stack, opts: Options): Promise<boolean> {
  // Demo data never lands in a DATABASE_URL database unless asked for.
  if (stack.config.kind === 'postgres' && !opts.seed) return false;
  const r = await stack.platform.engine.query<{ n: number }>(`select count(*)::int as n from public."Tenants"`);
  return (r.rows[0]?.n ?? 0) === 0;
}

function printBanner(url: string, seeded: boolean, config: EngineConfig): void {
  const where = config.kind === 'pglite' ? `embedded PGlite in ${config.dataDir ?? 'memory'}` : `PostgreSQL (${new URL(config.url).host})`;
  const lines = [
    '',
    `  Lockstep is running at ${url}`,
    `  Database: ${where}${seeded ? ' (demo data seeded just now)' : ''}`,
    '',
    `  Demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(32)} ${a.where === 'platform' ? 'platform' : `tenant ${a.where}`}: ${a.role}`),
    '',
    '  Start from scratch: npm start -- --reset',
    '',
  ];
  console.log(lines.join('\n'));
}

/** The CA download beside the HTTPS server; a busy port only costs that convenience. */
async function serveLanCa(lan: LanSetup, appUrl: string, host: string): Promise<HttpServer | null> {
  try {
    return await serveCaDownload(lan.tls.caCert, appUrl, lan.caPort, host);
  } catch (e) {
    console.warn(`  (could not serve the certificate on port ${lan.caPort}: ${e instanceof Error ? e.message : String(e)})`);
    return null;
  }
}

async function buildIfNeeded(distDir: string, mode: BuildMode): Promise<void> {
  const decision = await decideBuild(ROOT, distDir, mode);
  if (!decision.build) return;
  console.log(`Building the PWA (${decision.reason})...`);
  await buildInChild(ROOT, distDir, decision.stamp);
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const config = engineConfigFromEnv(process.env, join(ROOT, '.data'));
  const dataRoot = resolve(ROOT, process.env.DATA_DIR ?? '.data');
  // PostgreSQL keeps the projects' stored files under DATA_DIR (PGlite: in its data dir).
  const filesDir = config.kind === 'postgres' ? join(dataRoot, 'storage') : undefined;
  if (opts.reset) await resetData(config, ROOT, filesDir);

  const stackPort = opts.command === 'dev' ? opts.port + 1 : opts.port;
  const lan = opts.lan ? await prepareLan(opts.port, dataRoot, process.env) : null;
  const publicUrl = (process.env.PUBLIC_URL ?? lan?.url ?? `http://localhost:${opts.port}`).replace(/\/$/, '');

  const distDir = resolve(ROOT, process.env.DIST_DIR ?? 'dist');
  if (opts.command === 'start') await buildIfNeeded(distDir, opts.build);

  // The HTTP layer's modules load (and tsx transpiles them) while PGlite starts on its own thread.
  const [stack, { createServer }] = await Promise.all([Stack.open(config, publicUrl, { filesDir }), import('./server')]);
  const seeded = (await shouldSeed(stack, opts)) ? (await (await import('./seed')).seedDemo(stack), true) : false;
  await stack.refreshTenantUrls();
  const folders = parseServeMigrations(process.env.SERVE_MIGRATIONS, process.cwd());
  const servedFolders = await Promise.all(folders.map(async (f) => ({ ...f, project: await stack.serveMigrations(f.ref, f.dir) })));

  const app = createServer(stack, {
    staticDir: opts.command === 'start' ? distDir : undefined,
    bodyLimit: opts.bodyLimit,
    development: opts.command === 'dev',
  });
  const server = lan
    ? serve({
        fetch: app.fetch,
        port: stackPort,
        hostname: opts.host,
        createServer: createHttpsServer,
        serverOptions: { key: lan.tls.key, cert: lan.tls.cert },
      })
    : serve({ fetch: app.fetch, port: stackPort, hostname: opts.host });
  const caServer = lan ? await serveLanCa(lan, publicUrl, opts.host) : null;

  let vite: { close(): Promise<void> } | null = null;
  if (opts.command === 'dev') {
    const { createServer: createViteServer } = await import('vite');
    const target = `http://127.0.0.1:${stackPort}`;
    const proxy = Object.fromEntries(
      ['/platform', '/t/', '/p/', '/api', '/app-config.json'].map((p) => [p, { target, changeOrigin: false }]),
    );
    const dev = await createViteServer({ root: ROOT, server: { port: opts.port, host: opts.host, strictPort: true, proxy } });
    await dev.listen();
    vite = dev;
  }
  printBanner(publicUrl, seeded, config);
  for (const f of servedFolders) {
    const k = f.project.keys;
    console.log(`  ${f.dir} is served as ${publicUrl}/p/${f.ref}\n    anon key    ${k.anonKey}\n    service key ${k.serviceKey}\n`);
  }
  if (lan) console.log(await lanBanner(lan, caServer !== null));

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    server.close();
    caServer?.close();
    await vite?.close();
    // PGlite must be closed to flush its data directory.
    await stack.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
