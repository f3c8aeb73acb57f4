/**
 * Owns what the shell knows about sign-ins without loading supabase-js: the
 * stored session of a project (read straight from the IndexedDB session store,
 * so guards work offline and keep route chunks small), and small cached
 * records kept beside it (tenant profile, organization, staff profile) so a
 * signed-in screen reopens with no network.
 */
import { idbAuthStorage, platformStorageKey, tenantStorageKey } from './session-store';

export interface StoredSession {
  userId: string;
  email: string;
  /** Seconds since the epoch; an expired token is refreshed by supabase-js when online. */
  expiresAt: number | null;
}

function parseSession(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const json = JSON.parse(raw) as Record<string, unknown>;
    // supabase-js v2 stores the session itself; very old versions wrapped it in currentSession.
    const session = (json.currentSession ?? json) as { user?: { id?: unknown; email?: unknown }; expires_at?: unknown; refresh_token?: unknown };
    const id = session.user?.id;
    if (typeof id !== 'string' || typeof session.refresh_token !== 'string') return null;
    return {
      userId: id,
      email: typeof session.user?.email === 'string' ? session.user.email : '',
      expiresAt: typeof session.expires_at === 'number' ? session.expires_at : null,
    };
  } catch {
    return null;
  }
}

export async function readPlatformSession(): Promise<StoredSession | null> {
  return parseSession(await idbAuthStorage.getItem(platformStorageKey()));
}

export async function readTenantSession(slug: string): Promise<StoredSession | null> {
  return parseSession(await idbAuthStorage.getItem(tenantStorageKey(slug)));
}

/** Cached JSON records beside the sessions (same store, their own keys). */
export async function readCached<T>(key: string): Promise<T | null> {
  const raw = await idbAuthStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export async function writeCached(key: string, value: unknown): Promise<void> {
  await idbAuthStorage.setItem(key, JSON.stringify(value));
}

export async function removeCached(key: string): Promise<void> {
  await idbAuthStorage.removeItem(key);
}

export const cacheKeys = {
  tenantProfile: (slug: string) => `lockstep-profile-tenant-${slug}`,
  organization: (slug: string) => `lockstep-org-${slug}`,
  organizations: () => 'lockstep-org-list',
  staffProfile: () => 'lockstep-profile-platform',
};

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
