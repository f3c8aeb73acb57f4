/**
 * The journeys' web server: the same local stack `npm start` runs (Stack,
 * demo seed, createServer), from scratch on PORT and DATA_DIR, serving its
 * own fresh build in .data/e2e-dist. A private build directory means another
 * `npm start` or `vite build` in the same tree (which empties dist/) cannot
 * pull the app out from under a running test.
 *   PORT=4179 DATA_DIR=.data/e2e node --import tsx e2e/serve-stack.ts
 */
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { build } from 'vite';
import { seedDemo } from '../supabase/local/seed';
import { createServer } from '../supabase/local/server';
import { Stack } from '../supabase/local/stack';

const ROOT = resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 4179);
const dataDir = resolve(ROOT, process.env.DATA_DIR ?? '.data/e2e');
const outDir = join(ROOT, '.data', `e2e-dist-${port}`);

await rm(dataDir, { recursive: true, force: true });
await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });

const publicUrl = `http://localhost:${port}`;
const stack = await Stack.open({ kind: 'pglite', dataDir }, publicUrl);
await seedDemo(stack);
await stack.refreshTenantUrls();
const server = serve({ fetch: createServer(stack, { staticDir: outDir }).fetch, port, hostname: '127.0.0.1' });
console.log(`e2e stack at ${publicUrl} (build ${outDir}, data ${dataDir})`);

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  server.close();
  await stack.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
