/**
 * Owns the supabase-js clients: one for the platform project, one per tenant
 * project, created once and reused. Screens never call supabase-js directly;
 * repositories in src/data do.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { idbAuthStorage, platformStorageKey, tenantStorageKey } from './session-store';

const appConfigSchema = z.object({
  platformUrl: z.string().url(),
  platformAnonKey: z.string().min(1),
  /** The product API's base URL; this origin's /api when absent. */
  apiUrl: z.string().url().optional(),
  /** Set only by a stack running in development mode (`npm run dev`): enables /tenant-config. */
  development: z.boolean().optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

let configPromise: Promise<AppConfig> | null = null;

/** Public start-up values (platform URL and anon key, API URL, development mode), from /app-config.json. */
export function loadAppConfig(): Promise<AppConfig> {
  configPromise ??= fetch('/app-config.json', { cache: 'no-cache' })
    .then((r) => {
      if (!r.ok) throw new Error(`app-config.json: HTTP ${r.status}`);
      return r.json();
    })
    .then((json: unknown) => appConfigSchema.parse(json));
  configPromise.catch(() => {
    configPromise = null;
  });
  return configPromise;
}

/** What a tenant client needs: the tenant's own project URL and anon key. */
export interface TenantEndpoint {
  slug: string;
  supabase_url: string;
  supabase_anon_key: string;
}

function makeClient(url: string, key: string, storageKey: string, fetchImpl?: typeof fetch): SupabaseClient {
  return createClient(url, key, {
    ...(fetchImpl ? { global: { fetch: fetchImpl } } : {}),
    auth: {
      storage: idbAuthStorage,
      storageKey,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: false,
    },
  });
}

let platform: { key: string; client: SupabaseClient } | null = null;
const tenants = new Map<string, { url: string; client: SupabaseClient }>();

export async function getPlatformClient(): Promise<SupabaseClient> {
  const cfg = await loadAppConfig();
  if (!platform || platform.key !== cfg.platformAnonKey) {
    platform = { key: cfg.platformAnonKey, client: makeClient(cfg.platformUrl, cfg.platformAnonKey, platformStorageKey()) };
  }
  return platform.client;
}

export function getTenantClient(t: TenantEndpoint): SupabaseClient {
  const found = tenants.get(t.slug);
  if (found && found.url === t.supabase_url) return found.client;
  const client = makeClient(t.supabase_url, t.supabase_anon_key, tenantStorageKey(t.slug));
  tenants.set(t.slug, { url: t.supabase_url, client });
  return client;
}

/**
 * A tenant client that is not cached (the service worker's background push,
 * tests): same session storage and key as getTenantClient, own fetch.
 */
export function createTenantClient(t: TenantEndpoint, fetchImpl?: typeof fetch): SupabaseClient {
  return makeClient(t.supabase_url, t.supabase_anon_key, tenantStorageKey(t.slug), fetchImpl);
}
