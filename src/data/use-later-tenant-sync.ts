/**
 * The sync engine for a screen that paints from the local store first
 * (use-local-tenant-db.ts): loaded and opened only once the screen's content
 * has painted (src/lib/content-ready.ts), so supabase-js and the engine,
 * about 240 KB of script, are neither fetched nor run while a phone is busy
 * drawing the screen (DESIGN §9). The same memoised instance as the header's
 * sync badge (openTenantSync).
 */
import { whenContentReady } from '../lib/content-ready';
import type { TenantEndpoint } from './clients';
import { loadSyncModules } from './sync-modules';
import type { TenantSync } from './tenant-sync';
import { useTenantResource } from './use-tenant-resource';
import type { TenantSyncState } from './use-tenant-sync';

async function openAfterPaint(endpoint: TenantEndpoint, userId: string): Promise<TenantSync> {
  await whenContentReady();
  // supabase-js and the engine evaluated a task at a time (sync-modules.ts), not as one graph.
  await loadSyncModules();
  const { openTenantSync } = await import('./tenant-sync');
  return openTenantSync(endpoint, userId);
}

export function useLaterTenantSync(slug: string, userId: string): TenantSyncState {
  const r = useTenantResource(slug, userId, openAfterPaint);
  return r.value ? { sync: r.value, error: null } : { sync: null, error: r.error };
}
