/**
 * Owns what the shell knows about sign-ins without loading supabase-js or
 * Dexie: the stored session of a project (peeked straight from IndexedDB, so
 * guards work offline and keep route chunks small), the tenant profile cached
 * beside it (IndexedDB, written through the session store), and the public
 * organization records cached in localStorage (public data: names, project
 * URL and anon key) so sign-in screens and tenant screens reopen offline.
 */
import { peekSessionValue } from './idb-peek';
import { platformStorageKey, refusedRefreshKey, tenantStorageKey } from './storage-keys';

export interface StoredSession {
  userId: string;
  email: string;
  /** Seconds since the epoch; an expired token is refreshed by supabase-js when online. */
  expiresAt: number | null;
  /** The server refused this session's refresh token: the data stays usable offline, but sync needs a new sign-in. */
  refused?: boolean;
}

/**
 * `refusedRefreshToken` is the refresh token the sync engine recorded as
 * refused by the server (session-source.ts, key `{storageKey}-refresh-failed`).
 */
export function parseStoredSession(raw: string | null, refusedRefreshToken: string | null = null): StoredSession | null {
  if (!raw) return null;
  try {
    const json = JSON.parse(raw) as Record<string, unknown>;
    // supabase-js v2 stores the session itself; very old versions wrapped it in currentSession.
    const session = (json.currentSession ?? json) as {
      user?: { id?: unknown; email?: unknown };
      expires_at?: unknown;
      refresh_token?: unknown;
    };
    const id = session.user?.id;
    if (typeof id !== 'string' || typeof session.refresh_token !== 'string') return null;
    return {
      userId: id,
      email: typeof session.user?.email === 'string' ? session.user.email : '',
      expiresAt: typeof session.expires_at === 'number' ? session.expires_at : null,
      refused: refusedRefreshToken !== null && refusedRefreshToken === session.refresh_token,
    };
  } catch {
    return null;
  }
}

export async function readPlatformSession(): Promise<StoredSession | null> {
  return parseStoredSession(await peekSessionValue(platformStorageKey()));
}

export async function readTenantSession(slug: string): Promise<StoredSession | null> {
  const key = tenantStorageKey(slug);
  const [raw, refused] = await Promise.all([peekSessionValue(key), peekSessionValue(refusedRefreshKey(key))]);
  return parseStoredSession(raw, refused);
}

export const cacheKeys = {
  tenantProfile: (slug: string) => `lockstep-profile-tenant-${slug}`,
  staffProfile: () => 'lockstep-profile-platform',
  organization: (slug: string) => `lockstep-org-${slug}`,
  // Not under the organization prefix: a tenant's slug may be any word.
  organizations: () => 'lockstep-organizations',
};

/** Cached JSON records in the session store (IndexedDB), beside the sessions. */
export async function readCached<T>(key: string): Promise<T | null> {
  const raw = await peekSessionValue(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export async function writeCached(key: string, value: unknown): Promise<void> {
  const { idbAuthStorage } = await import('./session-store');
  await idbAuthStorage.setItem(key, JSON.stringify(value));
}

export async function removeCached(key: string): Promise<void> {
  const { idbAuthStorage } = await import('./session-store');
  await idbAuthStorage.removeItem(key);
}

/** Public records (organizations) in localStorage: synchronous and available offline. */
export function readPublic<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writePublic(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: caching is an optimisation only.
  }
}

/** The tenant user's profile as the shell needs it (from the tenant users table). */
export interface TenantProfile {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: string;
  require_password_change: boolean;
  display_name: string;
}

export function readTenantProfile(slug: string): Promise<TenantProfile | null> {
  return readCached<TenantProfile>(cacheKeys.tenantProfile(slug));
}
