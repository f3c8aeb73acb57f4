/**
 * An in-process local stack for data, database and api tests. The
 * unmodified supabase-js client talks to it through a fetch that calls the
 * Hono app directly (no port), on in-memory PGlite, or on PostgreSQL when
 * DATABASE_URL is set (databases with a per-run prefix, dropped at close).
 */
import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Hono } from 'hono';
import { dropDatabasesWithPrefix } from '../../supabase/local/engine/postgres-engine';
import type { EngineConfig, Project } from '../../supabase/local/project';
import { createServer } from '../../supabase/local/server';
import { Stack } from '../../supabase/local/stack';

export const TEST_ORIGIN = 'http://stack.test';

export interface TestStack {
  stack: Stack;
  app: Hono;
  fetch: typeof fetch;
  /** A supabase-js client on the platform project (anon key unless given). */
  platformClient(key?: string): SupabaseClient;
  /** A supabase-js client on a tenant project (its anon key unless given). */
  tenantClient(project: Project, key?: string): SupabaseClient;
  /** Provisions a fresh tenant project with a unique slug. */
  createTenant(slug?: string, emailDomain?: string | null): Promise<Project>;
  close(): Promise<void>;
}

function testEngine(): { config: EngineConfig; cleanup: () => Promise<void> } {
  const url = process.env.DATABASE_URL;
  if (!url) return { config: { kind: 'pglite', dataDir: null }, cleanup: async () => undefined };
  const prefix = `test_${randomBytes(4).toString('hex')}_`;
  return {
    config: { kind: 'postgres', url, prefix },
    cleanup: () => dropDatabasesWithPrefix(url, prefix),
  };
}

let counter = 0;

export async function startTestStack(): Promise<TestStack> {
  const { config, cleanup } = testEngine();
  const stack = await Stack.open(config, TEST_ORIGIN);
  const app = createServer(stack);
  const inProcessFetch: typeof fetch = async (input, init) => app.fetch(new Request(input, init));
  const client = (url: string, key: string) =>
    createClient(url, key, {
      global: { fetch: inProcessFetch },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  return {
    stack,
    app,
    fetch: inProcessFetch,
    platformClient: (key) => client(`${TEST_ORIGIN}/platform`, key ?? stack.platform.keys.anonKey),
    tenantClient: (project, key) => client(stack.tenantUrl(project.ref), key ?? project.keys.anonKey),
    createTenant: (slug, emailDomain = null) => {
      const s = slug ?? `t${process.pid}-${++counter}-${randomBytes(3).toString('hex')}`;
      // No licence is issued here, so sign-in must not need one (the licence rule has its own tests).
      return stack.provisionTenant({ slug: s, companyName: `Test Org ${s}`, emailDomain, requireLicense: false });
    },
    close: async () => {
      await stack.close();
      await cleanup();
    },
  };
}
