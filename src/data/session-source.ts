/**
 * Owns how the sync engine gets a tenant session: the access token read at
 * the moment a request is sent (never when a write is queued), and a refresh
 * that runs once for every tab behind a lock, because refresh tokens are
 * single-use and three tabs refreshing at once would sign each other out.
 * The stored session is read straight from the auth storage (IndexedDB) so
 * that an expired token is refreshed here, behind our lock, rather than by
 * supabase-js's getSession in every tab at once.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { LockProvider } from './locks';
import type { AuthStorage } from './session-store';
import { refusedRefreshKey } from './storage-keys';

/** offline: the refresh could not reach the server (retry later, do not ask for sign-in). */
export type RefreshOutcome = 'refreshed' | 'failed' | 'offline';

export interface SessionSource {
  /** The current access token, or null when signed out. */
  accessToken(): Promise<string | null>;
  /**
   * Called after the server refused `staleToken`. If another tab already
   * replaced it, nothing is refreshed; otherwise exactly one refresh runs.
   */
  refresh(staleToken: string | null): Promise<RefreshOutcome>;
}

interface StoredTokens {
  access_token: string;
  refresh_token: string;
  expires_at: number | null;
}

function parseStored(raw: string | null): StoredTokens | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (!v || typeof v !== 'object') return null;
    const o = v as Record<string, unknown>;
    if (typeof o.access_token !== 'string' || typeof o.refresh_token !== 'string') return null;
    return {
      access_token: o.access_token,
      refresh_token: o.refresh_token,
      expires_at: typeof o.expires_at === 'number' ? o.expires_at : null,
    };
  } catch {
    return null;
  }
}

/** Refresh a little before expiry so a request never leaves with a token about to die. */
const EXPIRY_MARGIN_S = 30;

export interface SessionStorageRef {
  storage: AuthStorage;
  storageKey: string;
}

/**
 * A session source over the supabase-js client that owns the session (its
 * auth storage is `ref.storage` under `ref.storageKey`).
 */
export function supabaseSessionSource(client: SupabaseClient, ref: SessionStorageRef, locks: LockProvider): SessionSource {
  // Which refresh token went with each access token handed out: "has some
  // tab refreshed since?" is answered by the refresh token (rotated on every
  // refresh), not the access token, which the server may mint byte-identical
  // within the same second.
  const pairs = new Map<string, string>();
  const read = async (): Promise<StoredTokens | null> => {
    const s = parseStored(await ref.storage.getItem(ref.storageKey));
    if (s) {
      pairs.set(s.access_token, s.refresh_token);
      if (pairs.size > 8) pairs.delete(pairs.keys().next().value ?? '');
    }
    return s;
  };

  const failedKey = refusedRefreshKey(ref.storageKey);
  const refresh = (staleToken: string | null): Promise<RefreshOutcome> => {
    const staleRefresh = staleToken ? pairs.get(staleToken) : undefined;
    return locks.request(`lockstep-refresh:${ref.storageKey}`, {}, async () => {
      // Whoever held the lock before us may have refreshed already: the
      // session in storage then differs from the refused one.
      const now = await read();
      if (!now) return 'failed';
      if (staleRefresh ? now.refresh_token !== staleRefresh : now.access_token !== staleToken) return 'refreshed';
      // A refresh token the server already refused is not tried again by any
      // tab (supabase-js keeps a session whose access token looks valid by
      // the clock, so without this each tab would ask once more).
      if ((await ref.storage.getItem(failedKey)) === now.refresh_token) return 'failed';
      // supabase-js refreshes a session that is expired by the clock as soon
      // as it loads it (refreshSession included, which would then refresh a
      // second time), so: clock-expired -> getSession (one refresh inside);
      // refused by the server but not expired -> refreshSession with the
      // stored token (one refresh).
      const expired = now.expires_at !== null && now.expires_at - EXPIRY_MARGIN_S <= Date.now() / 1000;
      const { data, error } = expired
        ? await client.auth.getSession()
        : await client.auth.refreshSession({ refresh_token: now.refresh_token });
      if (!error && data.session && data.session.refresh_token !== now.refresh_token) return 'refreshed';
      if (!error) return 'failed';
      const status = 'status' in error && typeof error.status === 'number' ? error.status : 0;
      if (error.name === 'AuthRefreshDiscardedError') return 'refreshed';
      if (error.name === 'AuthRetryableFetchError' || status === 0 || status >= 500) return 'offline';
      await ref.storage.setItem(failedKey, now.refresh_token);
      return 'failed';
    });
  };

  return {
    async accessToken() {
      const s = await read();
      if (!s) return null;
      if (s.expires_at !== null && s.expires_at - EXPIRY_MARGIN_S <= Date.now() / 1000) {
        await refresh(s.access_token);
        return (await read())?.access_token ?? null;
      }
      return s.access_token;
    },
    refresh,
  };
}
