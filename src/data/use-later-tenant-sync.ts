/**
 * The sync engine for a screen that paints from the local store first
 * (use-local-tenant-db.ts): loaded and opened only once the screen's content
 * has painted (src/lib/content-ready.ts), so supabase-js and the engine,
 * about 240 KB of script, are neither fetched nor run while a phone is busy
 * drawing the screen (DESIGN §9). The same memoised instance as the header's
 * sync badge (openTenantSync).
 */
import { whenContentReady } from '../lib/content-ready';
import { nextTask } from '../lib/next-task';
import type { TenantEndpoint } from './clients';
import type { TenantSync } from './tenant-sync';
import { useTenantResource } from './use-tenant-resource';
import type { TenantSyncState } from './use-tenant-sync';

/**
 * supabase-js's parts, smallest first, each evaluated in a task of its own before supabase-js itself: the whole of it
 * evaluated at once was one task of 47-64 ms at 4x after the paint (Long Animation Frames). package.json names each
 * at the version supabase-js pins (tests/unit/supabase-parts.test.ts), so they are the very modules it imports.
 */
export const SUPABASE_PARTS: readonly (() => Promise<unknown>)[] = [
  () => import('@supabase/functions-js'),
  () => import('@supabase/postgrest-js'),
  () => import('@supabase/storage-js'),
  () => import('@supabase/realtime-js'),
  () => import('@supabase/auth-js'),
];

async function openAfterPaint(endpoint: TenantEndpoint, userId: string): Promise<TenantSync> {
  await whenContentReady();
  // A task between the evaluations: a part already fetched could otherwise be evaluated in the same task as the last.
  for (const part of SUPABASE_PARTS) {
    await part();
    await nextTask();
  }
  // supabase-js is evaluated on its own first: evaluated with the engine's modules, the two made one task of up to
  // 51 ms at 4x after the paint (Long Animation Frames). Each dynamic import's evaluation is a task of its own.
  await import('./clients');
  const { openTenantSync } = await import('./tenant-sync');
  return openTenantSync(endpoint, userId);
}

export function useLaterTenantSync(slug: string, userId: string): TenantSyncState {
  const r = useTenantResource(slug, userId, openAfterPaint);
  return r.value ? { sync: r.value, error: null } : { sync: null, error: r.error };
}
