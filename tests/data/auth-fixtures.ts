/**
 * Shared set-up for the auth suites: a test stack, fast bcrypt, and users
 * made through the admin API with the project's service key.
 */
import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import type { Project } from '../../supabase/local/project';
import type { TestStack } from '../support/stack';

// Cost 4 keeps the suites fast; production hashes use the default of 10.
process.env.AUTH_BCRYPT_COST = '4';
// The suites sign in and refresh far faster than any person, all from one
// in-process "address": the per-address token bucket would refuse them. The
// failure limits and lockout keep their defaults; auth-rate-limit.test.ts
// sets the bucket itself.
process.env.AUTH_RATE_LIMIT_TOKEN_BURST = '1000';
// Strict single use for the reuse-detection tests; the reuse-interval test turns it on itself.
process.env.AUTH_REFRESH_REUSE_INTERVAL = '0';

export const GOOD_PASSWORD = 'Correct-Horse-9';

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomBytes(4).toString('hex')}@example.test`;
}

export interface Target {
  /** A client with the anon key (what the app uses). */
  anon(): SupabaseClient;
  /** A client with the service key (admin API). */
  admin(): SupabaseClient;
  project: Project;
  /** Base URL of this project's auth API. */
  authUrl: string;
}

export function platformTarget(t: TestStack): Target {
  return {
    anon: () => t.platformClient(),
    admin: () => t.platformClient(t.stack.platform.keys.serviceKey),
    project: t.stack.platform,
    authUrl: 'http://stack.test/platform/auth/v1',
  };
}

export function tenantTarget(t: TestStack, project: Project): Target {
  return {
    anon: () => t.tenantClient(project),
    admin: () => t.tenantClient(project, project.keys.serviceKey),
    project,
    authUrl: `http://stack.test/t/${project.ref}/auth/v1`,
  };
}

export async function createUser(
  target: Target,
  opts: { email?: string; password?: string; confirmed?: boolean; userMetadata?: Record<string, unknown> } = {},
): Promise<{ id: string; email: string; password: string }> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? GOOD_PASSWORD;
  const { data, error } = await target.admin().auth.admin.createUser({
    email,
    password,
    email_confirm: opts.confirmed ?? true,
    user_metadata: opts.userMetadata ?? {},
  });
  expect(error).toBeNull();
  const id = data.user?.id;
  if (!id) throw new Error('admin.createUser returned no user');
  return { id, email, password };
}

/** Signs in on a fresh anon client and returns the client and its session. */
export async function signIn(target: Target, email: string, password: string) {
  const client = target.anon();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  const session = data.session;
  if (!session) throw new Error('signInWithPassword returned no session');
  return { client, session };
}

/** A raw request to the auth API, for what supabase-js cannot send. */
export function rawAuth(t: TestStack, target: Target, path: string, init: RequestInit & { key?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', target.project.keys.anonKey);
  if (init.key) headers.set('authorization', `Bearer ${init.key}`);
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return t.fetch(`${target.authUrl}${path}`, { ...init, headers });
}

/** Decodes a JWT's payload (no verification: the server already did that). */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  const parsed: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error('JWT payload is not an object');
  return parsed as Record<string, unknown>;
}
