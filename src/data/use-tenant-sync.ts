/**
 * The signed-in user's local store and sync engine for this tenant route
 * (the same instance the header's sync badge uses: openTenantSync is
 * memoised per tenant and user).
 */
import { openTenantSync, type TenantSync } from './tenant-sync';
import { useTenantResource } from './use-tenant-resource';

export type TenantSyncState = { sync: TenantSync; error: null } | { sync: null; error: string | null };

export function useTenantSync(slug: string, userId: string): TenantSyncState {
  const r = useTenantResource(slug, userId, openTenantSync);
  return r.value ? { sync: r.value, error: null } : { sync: null, error: r.error };
}
