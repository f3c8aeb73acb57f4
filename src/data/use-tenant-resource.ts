/**
 * Owns opening something per tenant and signed-in user from a screen: the
 * local store alone (the scan path, without supabase-js) or the whole sync.
 * The tenant's endpoint comes from the organization cached at sign-in, so
 * this works offline; with no cached organization the screen is told to sign
 * in again while online.
 */
import { useEffect, useState } from 'react';
import { getCachedOrganization } from './auth-orgs';
import type { TenantEndpoint } from './clients';

export type TenantResource<T> = { value: T; error: null } | { value: null; error: string | null };

const NO_ORGANIZATION = 'This device has no record of this organization. Sign in again while online.';

/** `open` must be stable (a module-level function): it is an effect dependency. */
export function useTenantResource<T>(
  slug: string,
  userId: string,
  open: (endpoint: TenantEndpoint, userId: string) => Promise<T>,
): TenantResource<T> {
  const [state, setState] = useState<TenantResource<T>>({ value: null, error: null });
  const missing = !getCachedOrganization(slug) || !userId;
  useEffect(() => {
    const org = getCachedOrganization(slug);
    if (!org || !userId) return;
    let live = true;
    open({ slug, supabase_url: org.supabase_url, supabase_anon_key: org.supabase_anon_key }, userId)
      .then((value) => live && setState({ value, error: null }))
      .catch(
        (e: unknown) => live && setState({ value: null, error: e instanceof Error ? e.message : 'The local store could not be opened.' }),
      );
    return () => {
      live = false;
    };
  }, [slug, userId, open]);
  return missing ? { value: null, error: NO_ORGANIZATION } : state;
}
