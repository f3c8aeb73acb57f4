/**
 * The signed-in user's local store and sync engine for this tenant route
 * (the same instance the header's sync badge uses: openTenantSync is
 * memoised per tenant and user). Belongs in src/data; kept here until the
 * offline core exports an equivalent hook.
 */
import { useEffect, useState } from 'react';
import { getCachedOrganization, openTenantSync, type TenantSync } from '../../../data';

export type TenantSyncState = { sync: TenantSync; error: null } | { sync: null; error: string | null };

export function useTenantSync(slug: string, userId: string): TenantSyncState {
  const [state, setState] = useState<TenantSyncState>({
    sync: null,
    error: null,
  });
  const missing = !getCachedOrganization(slug) || !userId;
  useEffect(() => {
    const org = getCachedOrganization(slug);
    if (!org || !userId) return;
    let live = true;
    openTenantSync(
      {
        slug,
        supabase_url: org.supabase_url,
        supabase_anon_key: org.supabase_anon_key,
      },
      userId,
    )
      .then((sync) => live && setState({ sync, error: null }))
      .catch(
        (e: unknown) =>
          live &&
          setState({
            sync: null,
            error: e instanceof Error ? e.message : 'The local store could not be opened.',
          }),
      );
    return () => {
      live = false;
    };
  }, [slug, userId]);
  return missing
    ? {
        sync: null,
        error: 'This device has no record of this organization. Sign in again while online.',
      }
    : state;
}
