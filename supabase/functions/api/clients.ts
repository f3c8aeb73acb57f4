/**
 * Server-side supabase-js clients for the product API. The platform service
 * key and the tenants' service keys live only here, never in browser code.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { ApiDeps } from './deps';

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

/** The platform project as the caller: RLS applies to what it may read. */
export function platformAsUser(deps: ApiDeps, accessToken: string): SupabaseClient {
  return createClient(deps.platformUrl, deps.platformAnonKey, {
    global: { fetch: deps.fetch, headers: { Authorization: `Bearer ${accessToken}` } },
    auth: serverAuth,
  });
}

/** The platform project with the service key: for server-only tables. */
export function platformAsService(deps: ApiDeps): SupabaseClient {
  return createClient(deps.platformUrl, deps.platformServiceKey, { global: { fetch: deps.fetch }, auth: serverAuth });
}

export function tenantAsService(deps: ApiDeps, url: string, serviceKey: string): SupabaseClient {
  return createClient(url, serviceKey, { global: { fetch: deps.fetch }, auth: serverAuth });
}
