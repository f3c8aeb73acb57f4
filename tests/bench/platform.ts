/**
 * Platform section (issue 10): what onboarding costs on the embedded engine,
 * measured through the product API as the staff screens call it.
 *   platform.provision-ms       POST /api/admin/tenants (provision, local driver) until the
 *                               answer says the database is active: template clone, keys,
 *                               licence, first admin, audit rows (median of 3)
 *   platform.rss-per-tenant-mb  the server's memory growth per extra open tenant, over 50
 *   platform.dashboard-api-ms   GET /api/admin/stats over 50 provisioned tenants, warm (median of 5): as a
 *                               staff member gets it on the next view within a minute, each tenant's own
 *                               figures kept from the first (supabase/functions/api/summary-cache.ts)
 *   platform.dashboard-api-cold-ms  the first of those calls, every tenant's database asked (42 of the 50
 *                               closed at the embedded engine's default cap of 8 open), reported
 * On-disk PGlite in a temporary directory, as `npm start` runs it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import { seedDemo } from '../../supabase/local/seed';
import { createServer } from '../../supabase/local/server';
import { Stack } from '../../supabase/local/stack';
import { median, round, type BenchResult } from './result';

const ORIGIN = 'http://bench.local';
const TENANTS = 50;

export async function runPlatformBench(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lockstep-bench-platform-'));
  const stack = await Stack.open({ kind: 'pglite', dataDir }, ORIGIN);
  try {
    await seedDemo(stack);
    const app = createServer(stack);
    const call = async (path: string, method = 'GET', body?: unknown, token?: string) => {
      const res = await app.fetch(
        new Request(`${ORIGIN}${path}`, {
          method,
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            apikey: stack.platform.keys.anonKey,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const session = await call('/platform/auth/v1/token?grant_type=password', 'POST', {
      email: 'admin@lockstep.test',
      password: DEMO_PASSWORD,
    });
    const token = String(session.access_token);

    let n = 0;
    const provision = async (): Promise<number> => {
      const slug = `bench-${++n}`;
      const started = performance.now();
      const answer = await call(
        '/api/admin/tenants',
        'POST',
        {
          slug,
          company_name: `Bench School ${n}`,
          email_domain: `${slug}.test`,
          status: 'active',
          plan_name: 'Basic',
          plan_interval: 'monthly',
          plan_amount_cents: 2900,
          seats: 25,
          subscription_status: 'active',
          paid_until: null,
          require_license: true,
          project: { mode: 'provision', first_admin: { first_name: 'Bench', last_name: 'Admin', email: `admin@${slug}.test` } },
        },
        token,
      );
      const ms = performance.now() - started;
      const status = (answer.provisioning as { database_status?: string } | null)?.database_status;
      if (status !== 'active') throw new Error(`${slug} was not provisioned: ${JSON.stringify(answer.provisioning)}`);
      return ms;
    };

    // Warm the template and the code paths once, then time three.
    await provision();
    const provisionMs = median([await provision(), await provision(), await provision()]);

    // Memory per extra tenant: grow to 50 provisioned tenants (each opened by its provisioning).
    global.gc?.();
    const before = process.memoryUsage().rss;
    const startCount = n;
    while (n < TENANTS) await provision();
    global.gc?.();
    const perTenantMb = (process.memoryUsage().rss - before) / (n - startCount) / 1024 / 1024;

    const coldStarted = performance.now();
    await call('/api/admin/stats', 'GET', undefined, token);
    const coldMs = performance.now() - coldStarted;
    const statsRuns: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const stats = await call('/api/admin/stats', 'GET', undefined, token);
      statsRuns.push(performance.now() - started);
      const total = (stats.tenants as { total: number }).total;
      if (total < TENANTS) throw new Error(`stats counted ${total} tenants`);
      if ((stats.unreachable as unknown[]).length) throw new Error(`unreachable tenants: ${JSON.stringify(stats.unreachable)}`);
    }
    const statsMs = median(statsRuns);

    return [
      { id: 'platform.provision-ms', figure: round(provisionMs, 0), unit: 'ms', bar: '< 2000', ok: provisionMs < 2000 },
      { id: 'platform.rss-per-tenant-mb', figure: round(perTenantMb, 1), unit: 'MB', bar: 'reported', ok: true },
      { id: 'platform.dashboard-api-ms', figure: round(statsMs, 0), unit: 'ms', bar: '< 1000', ok: statsMs < 1000 },
      { id: 'platform.dashboard-api-cold-ms', figure: round(coldMs, 0), unit: 'ms', bar: 'reported', ok: true },
    ];
  } finally {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
