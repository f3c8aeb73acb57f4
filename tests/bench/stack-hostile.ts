/**
 * Hostile query section: the stack served over real HTTP with the demo data
 * and a heavy door log (50,000 checks on 10 doors). A signed-in officer sends
 * the issue's nested embed (refused at once) and then the heaviest embed the
 * limits allow, which runs until its statement timeout. Meanwhile a static
 * file, another tenant's sign-in and the platform are probed every 100 ms:
 * stack.hostile-query-stall-ms is the slowest of those answers.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { dropDatabasesWithPrefix } from '../../supabase/local/engine/postgres-engine';
import { engineConfigFromEnv } from '../../supabase/local/project';
import { seedDemo } from '../../supabase/local/seed';
import { createServer } from '../../supabase/local/server';
import { Stack } from '../../supabase/local/stack';
import { round, type BenchResult } from './result';

const PASSWORD = 'Lockstep-demo1!';

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

export async function runHostileBench(): Promise<BenchResult[]> {
  const config = process.env.DATABASE_URL
    ? { ...engineConfigFromEnv(), prefix: `bench_h_${process.pid}_` }
    : ({ kind: 'pglite', dataDir: null } as const);
  const dist = await mkdtemp(join(tmpdir(), 'lockstep-bench-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Lockstep</title>');
  await writeFile(join(dist, 'assets', 'app-1.js'), 'console.log(1)'.repeat(1000));

  // The probes sign in every ~100 ms from one address, as no person does: the
  // sign-in limiter (decision 015) would rightly answer 429.
  const savedLimit = process.env.AUTH_RATE_LIMIT_TOKEN_REFRESH;
  process.env.AUTH_RATE_LIMIT_TOKEN_REFRESH = '0';
  const stack = await Stack.open(config, 'http://127.0.0.1:0');
  const server = serve({ fetch: createServer(stack, { staticDir: dist }).fetch, port: 0, hostname: '127.0.0.1' });
  try {
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;
    stack.publicUrl = base;
    await seedDemo(stack);
    const lincoln = await stack.tenant('lincoln-isd');
    const riverside = await stack.tenant('riverside-college');
    if (!lincoln || !riverside) throw new Error('demo tenants missing');
    // The database owner's bulk import: 5,000 checks on each of 10 doors.
    await lincoln.engine.exec(`
      insert into public.door_log (door_id, user_id, campus, door_status, notes, created_at)
      select d.id, (select id from public.users where email = 'officer@lincoln-isd.test'), 'Bench', 'operational', 'bench', now() - g * interval '1 minute'
        from (select id from public.doors order by id limit 10) d, generate_series(1, 5000) g`);

    const signIn = (slug: string, anonKey: string, email: string) =>
      fetch(`${base}/t/${slug}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
    const session = (await (await signIn('lincoln-isd', lincoln.keys.anonKey, 'officer@lincoln-isd.test')).json()) as {
      access_token: string;
    };
    const asOfficer = (select: string) =>
      fetch(`${base}/t/lincoln-isd/rest/v1/door_log?select=${encodeURIComponent(select)}`, {
        headers: { apikey: lincoln.keys.anonKey, authorization: `Bearer ${session.access_token}` },
      });

    const issueEmbed = await timed(async () => (await asOfficer('id,doors(id,door_log(id,doors(id,door_log(id,doors(id))))))')).status);

    const probes: number[] = [];
    let running = true;
    const probe = async () => {
      while (running) {
        const r = await Promise.all([
          timed(async () => (await fetch(`${base}/assets/app-1.js`)).status),
          timed(async () => (await signIn('riverside-college', riverside.keys.anonKey, 'officer@riverside.test')).status),
          timed(
            async () =>
              (await fetch(`${base}/platform/rest/v1/Tenants?select=slug`, { headers: { apikey: stack.platform.keys.anonKey } })).status,
          ),
        ]);
        for (const p of r) {
          if (p.value !== 200) throw new Error(`a probe answered ${p.value}`);
          probes.push(p.ms);
        }
        await new Promise((res) => setTimeout(res, 100));
      }
    };
    const probing = probe();
    const heavy = await timed(async () => {
      const res = await asOfficer('id,doors(id,door_log(id,doors(id)))');
      return { status: res.status, code: ((await res.json()) as { code?: string }).code ?? '' };
    });
    running = false;
    await probing;
    const stall = Math.max(...probes);
    const refused = heavy.value.status >= 400 && heavy.value.status < 500;
    return [
      { id: 'stack.hostile-query-stall-ms', figure: round(stall, 0), unit: 'ms', bar: '< 1000', ok: stall < 1000 },
      {
        id: 'stack.hostile-embed-refused-ms',
        figure: round(issueEmbed.ms, 0),
        unit: 'ms',
        bar: `reported (status ${issueEmbed.value}, must be 4xx)`,
        ok: issueEmbed.value >= 400 && issueEmbed.value < 500,
      },
      {
        id: 'stack.hostile-query-ended-ms',
        figure: round(heavy.ms, 0),
        unit: 'ms',
        bar: `reported (${heavy.value.status} ${heavy.value.code}; 4xx within the 8 s timeout)`,
        ok: refused && heavy.ms < 8000 + 1000,
      },
      { id: 'stack.hostile-probes', figure: probes.length, unit: '', bar: 'reported', ok: probes.length > 0 },
    ];
  } finally {
    if (savedLimit === undefined) delete process.env.AUTH_RATE_LIMIT_TOKEN_REFRESH;
    else process.env.AUTH_RATE_LIMIT_TOKEN_REFRESH = savedLimit;
    server.close();
    await stack.close();
    await rm(dist, { recursive: true, force: true });
    if (config.kind === 'postgres') await dropDatabasesWithPrefix(config.url, config.prefix);
  }
}
