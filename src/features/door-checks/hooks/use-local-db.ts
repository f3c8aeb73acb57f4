/**
 * This tenant's local store for the signed-in user, opened on its own
 * (Dexie only) so the scan-and-check path paints and saves without loading
 * the sync engine and supabase-js: those arrive lazily with the header's
 * sync badge and pick up the outbox from the same IndexedDB database.
 */
import { openTenantDb, useTenantResource, type TenantDb, type TenantEndpoint } from '../../../data';

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

export type LocalDbState = { db: TenantDb; error: null } | { db: null; error: string | null };

export function useLocalDb(slug: string, userId: string): LocalDbState {
  const r = useTenantResource(slug, userId, openShared);
  return r.value ? { db: r.value, error: null } : { db: null, error: r.error };
}
