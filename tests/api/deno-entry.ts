/**
 * Starts the product API's Edge Function entry under Deno, as Supabase serves
 * it, for tests/api/deno-entry.test.ts (decision 017).
 *
 * - The binary is the `deno` devDependency's, resolved the way its own
 *   launcher does (install_api.cjs), and spawned directly rather than through
 *   the Node launcher, so killing the child kills Deno itself.
 * - Modules come from the repo's node_modules (--node-modules-dir=manual) and
 *   never from the network (--cached-only): the same versions Node runs, no
 *   download. deno.json itself stays as Supabase deploys it (npm: imports).
 * - The entry calls Deno.serve(handler) with no address, as on Supabase;
 *   DENO_SERVE_ADDRESS (Deno's own override of that default) puts it on an
 *   ephemeral port of 127.0.0.1, read back from Deno's "Listening on" line.
 * - DENO_DIR is the repo's ignored .cache/deno, so CI and developers cache
 *   the same way and nothing is written outside the checkout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('../../supabase/functions/api/index.ts', import.meta.url));
const CONFIG = fileURLToPath(new URL('../../supabase/functions/api/deno.json', import.meta.url));
const DENO_DIR = fileURLToPath(new URL('../../.cache/deno', import.meta.url));
const STARTUP_MS = 90_000;

/** The secrets Supabase gives every Edge Function, and the function's own provisioning settings (index.ts). */
export interface EdgeSecrets {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
  LOCKSTEP_PROVISIONER?: 'local' | 'supabase' | 'none';
  LOCKSTEP_LOCAL_STACK_URL?: string;
  LOCKSTEP_MANAGEMENT_TOKEN?: string;
  LOCKSTEP_SUPABASE_ORG_ID?: string;
  LOCKSTEP_SUPABASE_REGION?: string;
  LOCKSTEP_MANAGEMENT_API_URL?: string;
}

/** Every variable the entry may read: the only ones Deno lets it see. */
const ENTRY_ENV = [
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'LOCKSTEP_PROVISIONER',
  'LOCKSTEP_LOCAL_STACK_URL',
  'LOCKSTEP_MANAGEMENT_TOKEN',
  'LOCKSTEP_SUPABASE_ORG_ID',
  'LOCKSTEP_SUPABASE_REGION',
  'LOCKSTEP_MANAGEMENT_API_URL',
];

export interface DenoEntry {
  /** http://127.0.0.1:<port>, the function's origin; its paths start with /api. */
  base: string;
  stop(): Promise<void>;
}

/** The platform binary the `deno` npm package installed (its own resolver). */
export function denoBinary(): string {
  const load = createRequire(import.meta.url);
  const api = load('deno/install_api.cjs') as { runInstall(): string };
  return api.runInstall();
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startDenoEntry(secrets: EdgeSecrets): Promise<DenoEntry> {
  mkdirSync(DENO_DIR, { recursive: true });
  const args = [
    'run',
    '--cached-only',
    '--no-prompt',
    '--config',
    CONFIG,
    '--node-modules-dir=manual',
    // Permissions, each only as wide as the function needs here:
    // - net: listen on, and reach the platform and tenants at, 127.0.0.1
    //   (the local stack stands in for *.supabase.co);
    // - env: the secrets and settings the entry reads, nothing else;
    // - no --allow-read: Deno loads the module graph (entry, app, the
    //   node_modules packages) itself, and the app reads no file at runtime.
    '--allow-net=127.0.0.1',
    `--allow-env=${ENTRY_ENV.join(',')}`,
    ENTRY,
  ];
  // A bare environment, as a hosted function has: the secrets and Deno's own
  // settings, none of the test runner's variables.
  const env = {
    ...secrets,
    DENO_DIR,
    DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  };
  const child = spawn(denoBinary(), args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const done = exited(child);
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await done;
    clearTimeout(timer);
  };

  try {
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Deno did not listen within ${STARTUP_MS} ms:\n${output}`)), STARTUP_MS);
      const onData = () => {
        const m = /Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
        if (!m?.[1]) return;
        clearTimeout(timer);
        resolve(m[1]);
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`Deno exited (${signal ?? code}) before listening:\n${output}`));
      });
    });
    // Listening is not yet answering: wait for the function's own health.
    const deadline = Date.now() + STARTUP_MS;
    for (;;) {
      const res = await fetch(`${base}/api/health`).catch(() => null);
      if (res?.ok) break;
      if (Date.now() > deadline) throw new Error(`Deno's /api/health never answered 200:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return { base, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
