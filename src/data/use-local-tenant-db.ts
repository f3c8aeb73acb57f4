/**
 * This tenant's local store for the signed-in user, opened on its own
 * (Dexie only), so a screen paints from the cache without loading the sync
 * engine and supabase-js: the scan-and-check path, and the dashboards that
 * take the engine after their first paint (use-later-tenant-sync.ts). The
 * engine opens its own instance of the same IndexedDB database and picks
 * up the outbox written through this one.
 */
import { getCachedOrganization } from './auth-orgs';
import { openTenantDb, type TenantDb } from './local-db';
import type { TenantEndpoint } from './clients';
import { useTenantResource } from './use-tenant-resource';

const opened = new Map<string, Promise<TenantDb>>();

function openShared(endpoint: TenantEndpoint, userId: string): Promise<TenantDb> {
  const key = `${endpoint.slug}\n${userId}`;
  let p = opened.get(key);
  if (!p) {
    p = openTenantDb({ slug: endpoint.slug, url: endpoint.supabase_url, anonKey: endpoint.supabase_anon_key, userId });
    opened.set(key, p);
    p.catch(() => opened.delete(key));
  }
  return p;
}

/**
 * Starts opening the store before its screen renders (a route's loader, once
 * the session is known), so it opens while the screen's modules load; the
 * screen's useLocalTenantDb then finds it open. Null with no cached
 * organization (the screen says so).
 */
export function openLocalTenantDb(slug: string, userId: string): Promise<TenantDb> | null {
  const org = getCachedOrganization(slug);
  if (!org || !userId) return null;
  return openShared({ slug, supabase_url: org.supabase_url, supabase_anon_key: org.supabase_anon_key }, userId);
}

export type LocalTenantDbState = { db: TenantDb; error: null } | { db: null; error: string | null };

export function useLocalTenantDb(slug: string, userId: string): LocalTenantDbState {
  const r = useTenantResource(slug, userId, openShared);
  return r.value ? { db: r.value, error: null } : { db: null, error: r.error };
}
