/**
 * Stack section, many tenants (issue 16):
 *   stack.rss-50-tenants-mb         PGlite with a data directory: 50 tenants provisioned, each
 *                                   sent a rest read with its anon key, then left idle past
 *                                   TENANT_IDLE_CLOSE_MS (2 s here, 5 min by default) until the
 *                                   server says none is open; the server process's RSS (its own
 *                                   process, collecting garbage every second).
 *   stack.pg-200-tenants-ok         PostgreSQL (DATABASE_URL): 200 tenants provisioned, each
 *                                   answers a rest read, 50 at a time (more than the connection
 *                                   budget); 1 when all 200 answered 200. Not run without
 *                                   DATABASE_URL: reported as a miss with unit "not run".
 *   stack.pg-200-peak-connections   the most connections to the bench's databases seen in
 *                                   pg_stat_activity meanwhile (PG_MAX_CONNECTIONS, default 40).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connectionBudgetFromEnv } from '../../supabase/local/engine/connection-budget';
import { dropDatabasesWithPrefix } from '../../supabase/local/engine/postgres-engine';
import { createServer } from '../../supabase/local/server';
import { Stack } from '../../supabase/local/stack';
import { lineStarting } from './child-server';
import { round, type BenchResult } from './result';

const RSS_TENANTS = 50;
const PG_TENANTS = 200;
const PORT = 4411;
const IDLE_CLOSE_MS = 2000;

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m?.[1]) throw new Error('no VmRSS');
  return Number(m[1]) / 1024;
}

/** Resolves with the first stdout line starting with `prefix` (its rest). */
async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

async function rss50Tenants(): Promise<BenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lockstep-bench-tenants-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    BENCH_TENANTS: String(RSS_TENANTS),
    TENANT_IDLE_CLOSE_MS: String(IDLE_CLOSE_MS),
    // As `npm start` runs the server (package.json): malloc then gives closed tenants' memory back (decision 026).
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(import.meta.dirname, 'stack-tenants-server.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const tenants = JSON.parse(await lineStarting(child, 'READY ', 30 * 60_000)) as { slug: string; anonKey: string }[];
    let failed = 0;
    await inBatches(tenants, 5, async (t) => {
      const res = await fetch(`http://127.0.0.1:${PORT}/t/${t.slug}/rest/v1/campus?select=id`, { headers: { apikey: t.anonKey } });
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
    });
    if (failed) throw new Error(`${failed} tenants did not answer their read`);
    await lineStarting(child, 'OPEN 0', 120_000);
    // A few more collections once the last tenant closed.
    let last = '';
    for (let i = 0; i < 3; i++) last = await lineStarting(child, 'OPEN ', 10_000);
    console.log(`  server after closing: ${last}`);
    const mb = child.pid ? rssMb(child.pid) : NaN;
    console.log(`  server RSS after ${RSS_TENANTS} tenants idle past TENANT_IDLE_CLOSE_MS=${IDLE_CLOSE_MS}: ${round(mb, 0)} MB`);
    return { id: 'stack.rss-50-tenants-mb', figure: round(mb, 0), unit: 'MB', bar: '< 1000', ok: mb < 1000 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function pg200Tenants(url: string): Promise<BenchResult[]> {
  const prefix = `bench_${randomBytes(3).toString('hex')}_`;
  const stack = await Stack.open({ kind: 'postgres', url, prefix }, 'http://bench.local');
  const app = createServer(stack);
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  let peak = 0;
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const r = await monitor.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname like $1', [`${prefix}%`]);
      peak = Math.max(peak, r.rows[0]?.n ?? 0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    const slugs = Array.from({ length: PG_TENANTS }, (_, i) => `pg-bench-${i}`);
    const keys = new Map<string, string>();
    await inBatches(slugs, 10, async (slug) => {
      const p = await stack.provisionTenant({ slug, companyName: `PG bench ${slug}`, requireLicense: false });
      keys.set(slug, p.keys.anonKey);
    });
    let ok = 0;
    const failures = new Map<number, number>();
    await inBatches(slugs, 50, async (slug) => {
      const res = await app.fetch(
        new Request(`${stack.tenantUrl(slug)}/rest/v1/campus?select=id`, { headers: { apikey: keys.get(slug) ?? '' } }),
      );
      await res.arrayBuffer();
      if (res.status === 200) ok++;
      else failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
    });
    if (failures.size) console.log('  failed answers by status:', Object.fromEntries(failures));
    const budget = connectionBudgetFromEnv();
    console.log(`  ${ok}/${PG_TENANTS} tenants answered; peak ${peak} connections (budget PG_MAX_CONNECTIONS=${budget})`);
    return [
      { id: 'stack.pg-200-tenants-ok', figure: ok === PG_TENANTS ? 1 : 0, unit: 'bool', bar: 'true', ok: ok === PG_TENANTS },
      { id: 'stack.pg-200-peak-connections', figure: peak, unit: 'conn', bar: `reported (budget ${budget})`, ok: true },
    ];
  } finally {
    watching = false;
    await watch;
    await monitor.end();
    await stack.close();
    await dropDatabasesWithPrefix(url, prefix);
  }
}

export async function runTenantsBench(): Promise<BenchResult[]> {
  const results = [await rss50Tenants()];
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('  stack.pg-200-tenants-ok not run: set DATABASE_URL to a PostgreSQL server to measure it');
    results.push({ id: 'stack.pg-200-tenants-ok', figure: 0, unit: 'not run (no DATABASE_URL)', bar: 'true', ok: false });
    return results;
  }
  results.push(...(await pg200Tenants(url)));
  return results;
}
