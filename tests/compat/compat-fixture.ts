/**
 * The compatibility suite's project: the local stack serving the suite's own
 * migrations folder (fixture/migrations) at /p/{ref}, reached with the
 * unmodified supabase-js client, on PGlite or (DATABASE_URL) PostgreSQL.
 */
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Project } from '../../supabase/local/project';
import { startTestStack, TEST_ORIGIN, type TestStack } from '../support/stack';

export const FIXTURE_MIGRATIONS = fileURLToPath(new URL('./fixture/migrations', import.meta.url));

export interface CompatFixture {
  t: TestStack;
  project: Project;
  url: string;
  anon: SupabaseClient;
  service: SupabaseClient;
  /** A fresh client with the anon key (e.g. for one user's session). */
  client(): SupabaseClient;
  /** A raw request to the project's rest API with the anon key (for what supabase-js cannot send). */
  rest(path: string, init?: RequestInit): Promise<Response>;
  /** A raw request to the project's auth API with the anon key. */
  auth(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export async function startCompat(ref = 'compat'): Promise<CompatFixture> {
  const t = await startTestStack();
  const project = await t.stack.serveMigrations(ref, FIXTURE_MIGRATIONS);
  const url = `${TEST_ORIGIN}/p/${ref}`;
  const client = (key: string) =>
    createClient(url, key, {
      global: { fetch: t.fetch },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  const raw =
    (api: string) =>
    (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('apikey', project.keys.anonKey);
      return t.fetch(`${url}/${api}${path}`, { ...init, headers });
    };
  return {
    t,
    project,
    url,
    anon: client(project.keys.anonKey),
    service: client(project.keys.serviceKey),
    client: () => client(project.keys.anonKey),
    rest: raw('rest/v1'),
    auth: raw('auth/v1'),
    close: () => t.close(),
  };
}
