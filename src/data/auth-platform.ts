/**
 * Owns sign-in, sign-out and the staff profile for the platform project.
 * The session lives in IndexedDB under the platform's own storage key; the
 * staff profile is cached beside it so /dashboard reopens offline.
 */
import { clearAdminModeMarkers } from '../lib/admin-mode';
import { cacheKeys, readCached, readPlatformSession, removeCached, writeCached } from './auth-session';
import { platformSignInMessage } from './auth-errors';
import { getPlatformClient } from './clients';
import { idbAuthStorage, platformStorageKey } from './session-store';
import { clearPlatformCache } from './platform-cache';

export interface StaffProfile {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_staff_admin: boolean;
  active: boolean;
}

export type SignInResult = { ok: true; userId: string } | { ok: false; message: string };

export const STAFF_PROFILE_TIMEOUT_MS = 30_000;

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export async function signInPlatform(email: string, password: string): Promise<SignInResult> {
  try {
    const client = await getPlatformClient();
    const { data, error } = await client.auth.signInWithPassword({ email: email.trim(), password });
    if (error || !data.user) return { ok: false, message: platformSignInMessage(error, isOnline()) };
    await removeCached(cacheKeys.staffProfile());
    return { ok: true, userId: data.user.id };
  } catch (error) {
    return { ok: false, message: platformSignInMessage(error, isOnline()) };
  }
}

function withTimeout<T>(promise: PromiseLike<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * The signed-in user's active Staff row, raced against a 30 s timeout
 * (spec §7). Null when there is none or loading failed (Access Denied); when
 * the network is down the cached row of the same user is used.
 */
export async function loadStaffProfile(): Promise<StaffProfile | null> {
  const session = await readPlatformSession();
  if (!session) return null;
  const cached = await readCached<StaffProfile>(cacheKeys.staffProfile());
  try {
    const client = await getPlatformClient();
    const query = client
      .from('Staff')
      .select('id, email, first_name, last_name, is_staff_admin, active, created_at, updated_at')
      .eq('id', session.userId)
      .eq('active', true)
      .maybeSingle();
    const { data, error } = await withTimeout(query, STAFF_PROFILE_TIMEOUT_MS, 'Database timeout');
    if (error) throw new Error(error.message);
    if (!data) {
      console.warn('No staff profile found');
      await removeCached(cacheKeys.staffProfile());
      return null;
    }
    const profile = data as StaffProfile;
    await writeCached(cacheKeys.staffProfile(), profile);
    return profile;
  } catch (error) {
    console.warn('Staff profile:', error instanceof Error ? error.message : error);
    return cached && cached.id === session.userId ? cached : null;
  }
}

/**
 * Signs out of the platform: the session and the staff profile are cleared
 * even offline. Open support sessions end first, while the staff session can
 * still record their end, and the admin-mode markers go (spec §4).
 */
export async function signOutPlatform(): Promise<void> {
  try {
    const { exitAllSupportSessions } = await import('./support-session');
    await exitAllSupportSessions();
  } catch (error) {
    console.warn('Support sessions not ended', error);
  }
  clearAdminModeMarkers();
  try {
    const client = await getPlatformClient();
    await withTimeout(client.auth.signOut({ scope: 'local' }), 5000, 'sign-out timeout');
  } catch {
    // Offline or unreachable: the local session is removed below regardless.
  }
  await idbAuthStorage.removeItem(platformStorageKey());
  await removeCached(cacheKeys.staffProfile());
  // The staff screens' lists are the account's data too: they leave with it.
  await clearPlatformCache().catch(() => undefined);
}
