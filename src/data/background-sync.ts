/**
 * Owns the service worker's part of sync: on a Background Sync event
 * (Chromium), run the same push for a tenant with the session stored in
 * IndexedDB. If a tab already leads the sync for that tenant, the worker
 * leaves it to the tab. A push that must be retried rejects, so the browser
 * schedules the sync event again. Elsewhere replay runs on open, online and
 * visibilitychange in the page.
 */
import { z } from 'zod';
import { createTenantClient, getTenantClient } from './clients';
import { openTenantDb } from './local-db';
import { defaultLocks, type LockProvider } from './locks';
import { pushOutbox, type PushOutcome } from './push';
import { idbAuthStorage, tenantStorageKey } from './session-store';
import { supabaseSessionSource } from './session-source';
import { leaderLockName } from './sync-engine';
import { createSyncTransport } from './sync-transport';

const TAG_PREFIX = 'lockstep-push:';

/** Where a tenant's endpoint and user are kept beside the sessions, for the worker. */
export function endpointStorageKey(slug: string): string {
  return `lockstep-sync-endpoint-${slug}`;
}

export function backgroundSyncTag(slug: string): string {
  return `${TAG_PREFIX}${slug}`;
}

/** The tenant slug of a Background Sync tag of ours, or null. */
export function slugFromSyncTag(tag: string): string | null {
  return tag.startsWith(TAG_PREFIX) ? tag.slice(TAG_PREFIX.length) : null;
}

const storedEndpointSchema = z.object({
  slug: z.string(),
  supabase_url: z.string(),
  supabase_anon_key: z.string(),
  userId: z.string(),
});

/** Asks the browser for a Background Sync event (where it exists) to push a tenant's outbox. */
export async function requestBackgroundPush(slug: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    const reg = await navigator.serviceWorker.ready;
    const sync = (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync;
    if (!sync) return false;
    await sync.register(backgroundSyncTag(slug));
    return true;
  } catch {
    return false;
  }
}

/**
 * For sw/: `event.waitUntil(runBackgroundPush(slug))`. Resolves with the
 * outcome (null when a tab leads or nothing is known for the slug); rejects
 * when the push should be retried later.
 */
export interface BackgroundPushOptions {
  /** Tests: the fetch to use (the worker uses its global fetch). */
  fetch?: typeof fetch;
  locks?: LockProvider;
}

export async function runBackgroundPush(slug: string, options: BackgroundPushOptions = {}): Promise<PushOutcome | null> {
  const raw = await idbAuthStorage.getItem(endpointStorageKey(slug));
  if (!raw) return null;
  const parsed = storedEndpointSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) return null;
  const { userId, ...endpoint } = parsed.data;
  const db = await openTenantDb({ slug, url: endpoint.supabase_url, anonKey: endpoint.supabase_anon_key, userId });
  try {
    const locks = options.locks ?? defaultLocks();
    const client = options.fetch ? createTenantClient(endpoint, options.fetch) : getTenantClient(endpoint);
    const session = supabaseSessionSource(client, { storage: idbAuthStorage, storageKey: tenantStorageKey(slug) }, locks);
    const transport = createSyncTransport(db, session, options.fetch);
    const outcome = await locks.request(leaderLockName(db), { ifAvailable: true }, async (granted) =>
      granted ? pushOutbox({ db, transport }) : null,
    );
    if (outcome?.kind === 'retry')
      throw new Error(`Push will be retried: ${outcome.error.code || outcome.error.status} ${outcome.error.message}`);
    return outcome;
  } finally {
    db.close();
  }
}
