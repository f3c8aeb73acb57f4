/**
 * The local stack with the demo tenants, serving a built app on a free port:
 * what the benches that drive the real app in Chromium start from.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
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
