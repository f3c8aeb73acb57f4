/**
 * This tenant's local store for the signed-in user, opened on its own
 * (Dexie only), so a screen paints from the cache without loading the sync
 * engine and supabase-js: the scan-and-check path, and the dashboards that
 * take the engine after their first paint (use-later-tenant-sync.ts). The
 * engine opens its own instance of the same IndexedDB database and picks
 * up the outbox written through this one.
 */
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

export type LocalTenantDbState = { db: TenantDb; error: null } | { db: null; error: string | null };

export function useLocalTenantDb(slug: string, userId: string): LocalTenantDbState {
  const r = useTenantResource(slug, userId, openShared);
  return r.value ? { db: r.value, error: null } : { db: null, error: r.error };
}
