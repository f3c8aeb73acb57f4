/**
 * The server process of the sync bench (sync.ts): the local stack (PGlite in
 * memory, or PostgreSQL with DATABASE_URL under DB_PREFIX) serving on a free
 * loopback port. Its own process, as a phone's IndexedDB work never runs on
 * the server's event loop. It reads commands on stdin, one per line:
 *   TENANT <slug>     provisions a tenant with a security admin and 50 doors;
 *                     prints TENANT {url, anonKey, token, userId, doorIds}
 *   BULK <slug> <n>   one bulk insert of n door logs by the superuser into
 *                     that tenant's database; prints BULK <ms>
 * and prints READY <origin> once the port is bound.
 */
import { serve } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { signJwt } from '../../supabase/local/keys';
import { engineConfigFromEnv, type Project } from '../../supabase/local/project';
import { createServer } from '../../supabase/local/server';
import { Stack } from '../../supabase/local/stack';
import { doorLogRow, type SyncTenant } from './sync-rows';

async function provision(stack: Stack, slug: string): Promise<{ project: Project; tenant: SyncTenant }> {
  const project = await stack.provisionTenant({ slug, companyName: slug, requireLicense: false });
  const userId = randomUUID();
  const email = `${slug}@bench.test`;
  await project.engine.query(`insert into auth.users (id, email) values ($1, $2)`, [userId, email]);
  await project.engine.query(`insert into public.users (id, email, role) values ($1, $2, 'security_admin')`, [userId, email]);
  const campus = await project.engine.query<{ id: string }>(`insert into public.campus (campus_name) values ('Bench') returning id`);
  // 10,000 checks spread over 50 doors, as a shift's checks would be.
  const doors = await project.engine.query<{ id: string }>(
    `insert into public.doors (door_number, campus_id) select 'B' || g, $1 from generate_series(1, 50) g returning id`,
    [campus.rows[0]?.id],
  );
  const token = await signJwt(project.keys.jwtSecret, { sub: userId, role: 'authenticated', email, aud: 'authenticated' }, 3600);
  return {
    project,
    tenant: { url: stack.tenantUrl(slug), anonKey: project.keys.anonKey, token, userId, doorIds: doors.rows.map((d) => d.id) },
  };
}

/**
 * One bulk insert by the superuser. The request claims are set as the API
 * sets them, so the same triggers do the same work (door_log's maintenance
 * trigger skips callers without an API role; without the claims the
 * comparison would set the engine's trigger work against an insert that
 * does none). RLS is bypassed: that cost belongs to the API path.
 */
async function bulkInsert(project: Project, tenant: SyncTenant, n: number): Promise<number> {
  const rows = Array.from({ length: n }, (_, i) => doorLogRow(tenant, i));
  const start = performance.now();
  await project.engine.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'authenticated', sub: tenant.userId })]);
    await tx.query(
      `insert into public.door_log (id, door_id, user_id, campus, door_status, door_problem, notes, created_at)
       select id, door_id, user_id, campus, door_status, door_problem, notes, created_at
         from json_populate_recordset(null::public.door_log, $1::json)`,
      [JSON.stringify(rows)],
    );
  });
  return performance.now() - start;
}

async function main(): Promise<void> {
  const prefix = process.env.DB_PREFIX ?? `bench_sync_${process.pid}_`;
  const config = process.env.DATABASE_URL ? { ...engineConfigFromEnv(), prefix } : ({ kind: 'pglite', dataDir: null } as const);
  // Bound first: tenant URLs are built from the origin, which the port decides.
  let app: ReturnType<typeof createServer> | null = null;
  const server = await new Promise<ReturnType<typeof serve>>((ok, fail) => {
    const s = serve(
      { fetch: (req) => (app ? app.fetch(req) : new Response('starting', { status: 503 })), port: 0, hostname: '127.0.0.1' },
      () => ok(s),
    );
    s.once('error', fail);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stack = await Stack.open(config, origin);
  app = createServer(stack);
  const tenants = new Map<string, { project: Project; tenant: SyncTenant }>();

  const handle = async (line: string): Promise<string> => {
    const [command, slug = '', n = ''] = line.trim().split(/\s+/);
    if (command === 'TENANT') {
      const t = await provision(stack, slug);
      tenants.set(slug, t);
      return `TENANT ${JSON.stringify(t.tenant)}`;
    }
    const t = tenants.get(slug);
    if (command === 'BULK' && t) return `BULK ${await bulkInsert(t.project, t.tenant, Number(n))}`;
    throw new Error(`unknown command: ${line}`);
  };
  // One command at a time, in order.
  let queue = Promise.resolve();
  createInterface({ input: process.stdin }).on('line', (line) => {
    queue = queue.then(
      async () => console.log(await handle(line)),
      () => undefined,
    );
    queue = queue.catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
  });
  const stop = () => {
    server.close();
    void stack.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.stdin.on('end', stop);
  console.log(`READY ${origin}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
