/**
 * The server process of the stack-tenants bench (stack-tenants.ts): a local
 * stack on PGlite with a data directory, serving on PORT, with
 * BENCH_TENANTS tenants provisioned before it says READY. Run as its own
 * process so its RSS is the server's alone. With --expose-gc it collects
 * every second, so the figure is what the stack holds, not garbage not yet
 * collected; it prints how many tenants are open every second.
 */
import { serve } from '@hono/node-server';
import { createServer } from '../../supabase/local/server';
import { Stack } from '../../supabase/local/stack';

async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  const port = Number(process.env.PORT);
  const count = Number(process.env.BENCH_TENANTS ?? '0');
  if (!dataDir || !Number.isInteger(port)) throw new Error('DATA_DIR and PORT are required');
  const publicUrl = `http://127.0.0.1:${port}`;
  const stack = await Stack.open({ kind: 'pglite', dataDir }, publicUrl);
  const tenants: { slug: string; anonKey: string }[] = [];
  for (let i = 0; i < count; i++) {
    const slug = `bench-${i}`;
    const project = await stack.provisionTenant({ slug, companyName: `Bench ${i}`, requireLicense: false });
    tenants.push({ slug, anonKey: project.keys.anonKey });
  }
  // READY only once the port is bound: a port still held (a bench stopped half-way) fails here, not as refused reads.
  const server = await new Promise<ReturnType<typeof serve>>((ok, fail) => {
    const s = serve({ fetch: createServer(stack).fetch, port, hostname: '127.0.0.1' }, () => ok(s));
    s.once('error', fail);
  });
  const gc = (globalThis as { gc?: () => void }).gc;
  const tick = setInterval(() => {
    gc?.();
    const m = process.memoryUsage();
    const mb = (n: number) => Math.round(n / 1048576);
    console.log(`OPEN ${stack.openTenants().length} rss=${mb(m.rss)} heap=${mb(m.heapUsed)} external=${mb(m.external)}`);
  }, 1000);
  console.log(`READY ${JSON.stringify(tenants)}`);
  process.on('SIGTERM', () => {
    clearInterval(tick);
    server.close();
    void stack.close().then(() => process.exit(0));
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
