/**
 * Owns the System Health modal's two touches of a tenant outside the synced
 * cache: one timed read against the tenant's project with the user's session
 * (the "response time" of spec §3), and the last computed summary, kept in the
 * local-only meta table so the modal can show it offline.
 *
 * The read goes to the URL the local database is bound to, with the token of
 * the session source (refreshed behind its lock, never by supabase-js in
 * every tab), and is a head count of users: no rows travel.
 *
 * Also where the cache of the tables the summary counts stands, so the
 * summary waits for their first pull and follows later ones.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { liveQuery } from 'dexie';
import type { TenantDb } from './local-db';
import type { SessionSource } from './session-source';

/**
 * connected: the server answered the read; failed: it answered with an error
 * (or not within the time limit); offline: the request never reached it.
 */
export type TenantDatabaseProbe =
  { kind: 'connected'; responseMs: number } | { kind: 'failed'; responseMs: number; error: string } | { kind: 'offline' };

/** Longer than any answer worth waiting for; a hung request then counts as failed. */
const PROBE_TIMEOUT_MS = 15_000;
const HEALTH_SUMMARY_KEY = 'health_summary';

/** A client bound to the database's own URL whose token is read at send time from the session source. */
function probeClient(db: TenantDb, session: SessionSource, fetchImpl?: typeof fetch) {
  const token = { last: null as string | null };
  const client: SupabaseClient = createClient(db.binding.url, db.binding.anonKey, {
    accessToken: async () => {
      token.last = await session.accessToken();
      return token.last;
    },
    ...(fetchImpl ? { global: { fetch: fetchImpl } } : {}),
  });
  return { client, token };
}

const elapsed = (start: number) => Math.max(0, Math.round(performance.now() - start));

/** Times one head count of users on the tenant's project; one refresh and retry after a 401. */
export async function probeTenantDatabase(
  sync: { db: TenantDb; session: SessionSource },
  fetchImpl?: typeof fetch,
): Promise<TenantDatabaseProbe> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  if (!(await sync.session.accessToken())) {
    return { kind: 'failed', responseMs: 0, error: 'Sign-in needed: there is no session for this organization on this device.' };
  }
  const { client, token } = probeClient(sync.db, sync.session, fetchImpl);
  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, PROBE_TIMEOUT_MS);
    const start = performance.now();
    // No automatic retries: one request, so the time measured is one round trip.
    const r = await client.from('users').select('id', { count: 'exact', head: true }).retry(false).abortSignal(controller.signal);
    const responseMs = elapsed(start);
    clearTimeout(timer);
    if (timedOut) return { kind: 'failed', responseMs, error: `The database did not answer within ${PROBE_TIMEOUT_MS / 1000} s.` };
    if (!r.error) return { kind: 'connected', responseMs };
    // postgrest-js reports a request that never got an answer with status 0.
    if (r.status === 0) return { kind: 'offline' };
    if (r.status === 401 && attempt === 0) {
      const outcome = await sync.session.refresh(token.last);
      if (outcome === 'refreshed') continue;
      if (outcome === 'offline') return { kind: 'offline' };
    }
    return { kind: 'failed', responseMs, error: r.error.message || `HTTP ${r.status}` };
  }
}

/** The last computed health summary stored on this device (unchecked: the caller parses it). */
export async function readStoredHealthSummary(db: TenantDb): Promise<unknown> {
  return (await db.meta.get(HEALTH_SUMMARY_KEY))?.value;
}

export async function storeHealthSummary(db: TenantDb, value: unknown): Promise<void> {
  await db.meta.put({ key: HEALTH_SUMMARY_KEY, value });
}

/** The tables the health summary and the dashboard's tiles count (campus: an inactive campus's doors are not counted). */
export const HEALTH_TABLES = ['doors', 'campus', 'maintenance_records', 'incidents', 'users'] as const;

/**
 * Where the cache of the tables the health summary counts stands: null until
 * each has been pulled (or refused by the server) once, then their pull
 * watermarks, which move only when new rows arrive.
 */
export async function healthCacheVersion(db: TenantDb): Promise<string | null> {
  const states = await db.sync_state.bulkGet([...HEALTH_TABLES]);
  if (states.some((st) => !st || (!st.last_pull_at && !st.last_error))) return null;
  return states.map((st) => `${st?.updated_at ?? ''}/${st?.id ?? ''}`).join(',');
}

/** Calls onChange with healthCacheVersion now and whenever it may have changed (any tab's pull); returns the stop. */
export function watchHealthCacheVersion(db: TenantDb, onChange: (version: string | null) => void): () => void {
  const sub = liveQuery(() => healthCacheVersion(db)).subscribe({ next: onChange, error: () => undefined });
  return () => sub.unsubscribe();
}
