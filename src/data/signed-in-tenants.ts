/**
 * Which tenants this device is signed in to, from the stored sessions alone
 * (no Dexie, works offline): the installed app's start and discovery read it.
 * Loaded on demand (src/data/auth.ts), off the officer's scan path.
 */
import { parseStoredSession, readTenantProfile, type StoredSession, type TenantProfile } from './auth-session';
import { peekSessionEntries } from './idb-peek';
import { refusedRefreshKey, tenantStorageKeyPrefix } from './storage-keys';

/** A tenant this device holds a session for, with what the shell cached at sign-in. */
export interface SignedInTenant {
  slug: string;
  session: StoredSession;
  profile: TenantProfile | null;
}

/**
 * Every tenant this device is signed in to, from the stored sessions alone
 * (works offline). A refused session is still listed: its data stays usable
 * on the device and the shell asks for a new sign-in to sync.
 */
export async function listSignedInTenants(): Promise<SignedInTenant[]> {
  const prefix = tenantStorageKeyPrefix();
  const entries = await peekSessionEntries(prefix);
  const values = new Map(entries.map((e) => [e.key, e.value]));
  const found = entries.flatMap(({ key, value }) => {
    // Records stored beside a session (its refused refresh token) share the prefix but are not sessions.
    const session = parseStoredSession(value, values.get(refusedRefreshKey(key)) ?? null);
    return session ? [{ slug: key.slice(prefix.length), session }] : [];
  });
  return Promise.all(found.map(async (t) => ({ ...t, profile: await readTenantProfile(t.slug) })));
}
