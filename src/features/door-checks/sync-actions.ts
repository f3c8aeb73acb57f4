/**
 * The parts of the scan path that need the sync engine (and so supabase-js),
 * loaded only when used: asking for a sync now, and the sync status shown
 * after a save. openTenantSync is memoised, so this is the same engine the
 * header's badge runs.
 */
import { getCachedOrganization, openTenantSync, type TenantSync } from '../../data';

export async function openSync(slug: string, userId: string): Promise<TenantSync | null> {
  const org = getCachedOrganization(slug);
  if (!org) return null;
  return openTenantSync(
    {
      slug,
      supabase_url: org.supabase_url,
      supabase_anon_key: org.supabase_anon_key,
    },
    userId,
  );
}

export async function requestSyncNow(slug: string, userId: string): Promise<void> {
  const sync = await openSync(slug, userId);
  await sync?.engine.requestSync();
}
