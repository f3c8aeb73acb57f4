/**
 * Owns tenant sign-in: sign-in/out against each tenant's own project
 * (session under that tenant's storage key), the users row that decides
 * where a user lands (cached so screens reopen offline), and the
 * change-password flow. The organization directory is auth-orgs.ts.
 */
import { clearAdminModeMarkers } from '../lib/admin-mode';
import { displayNameOf } from '../lib/display-name';
import { AUTH_MESSAGES, changePasswordMessage, classifyAuthError, tenantSignInMessage } from './auth-errors';
import { getCachedOrganization, licenceAllowsSignIn, rememberOrganization, type Organization } from './auth-orgs';
import { cacheKeys, readCached, removeCached, writeCached, type TenantProfile } from './auth-session';
import { getTenantClient } from './clients';
import { PHOTO_CACHE } from './photo-types';
import { idbAuthStorage, tenantStorageKey } from './session-store';

function clientFor(org: Organization) {
  if (!org.supabase_url || !org.supabase_anon_key) throw new Error('Organization configuration not found');
  return getTenantClient({ slug: org.slug, supabase_url: org.supabase_url, supabase_anon_key: org.supabase_anon_key });
}

export type TenantSignInResult = { ok: true; profile: TenantProfile } | { ok: false; message: string };

interface UsersRow {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  role: string | null;
  require_password_change: boolean | null;
}

/** Signs in to the organization's own project and reads the users row that decides where the user lands. */
export async function signInTenant(org: Organization, email: string, password: string): Promise<TenantSignInResult> {
  let client;
  try {
    client = clientFor(org);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : AUTH_MESSAGES.unexpected };
  }
  try {
    // Hosted tenant projects do not know the platform's licences: the app asks first.
    if ((await licenceAllowsSignIn(org.slug)) === false) return { ok: false, message: AUTH_MESSAGES.licenceInactive };
    const { data, error } = await client.auth.signInWithPassword({ email: email.trim(), password });
    if (error || !data.user) return { ok: false, message: tenantSignInMessage(error) };
    return { ok: true, profile: await rememberSignedIn(org, client, data.user, email.trim()) };
  } catch (error) {
    return { ok: false, message: classifyAuthError(error) === 'other' ? AUTH_MESSAGES.unexpected : tenantSignInMessage(error) };
  }
}

/** Reads the users row that decides where the user lands and caches it with the organization. */
async function rememberSignedIn(
  org: Organization,
  client: ReturnType<typeof clientFor>,
  user: { id: string; email?: string },
  fallbackEmail: string,
): Promise<TenantProfile> {
  const { data: row, error: rowError } = await client
    .from('users')
    .select('id, email, first_name, last_name, role, require_password_change')
    .eq('id', user.id)
    .maybeSingle<UsersRow>();
  if (rowError) console.warn('users row:', rowError.message);
  const userEmail = row?.email ?? user.email ?? fallbackEmail;
  const profile: TenantProfile = {
    id: user.id,
    email: userEmail,
    first_name: row?.first_name ?? null,
    last_name: row?.last_name ?? null,
    role: row?.role ?? 'regular_user',
    require_password_change: row?.require_password_change === true,
    display_name: displayNameOf(row ?? null, userEmail),
  };
  rememberOrganization(org);
  await writeCached(cacheKeys.tenantProfile(org.slug), profile);
  return profile;
}

export type AdoptSessionResult = TenantSignInResult | { ok: false; message: string; invalid: true };

/**
 * Makes the session an invitation link opened (tokens from the link's
 * fragment) this organization's session, stored and cached as a sign-in's.
 * `invalid` marks a session the server refused, as against no connection.
 */
export async function adoptTenantSession(
  org: Organization,
  tokens: { access_token: string; refresh_token: string },
): Promise<AdoptSessionResult> {
  try {
    const client = clientFor(org);
    const { data, error } = await client.auth.setSession(tokens);
    if (error || !data.user) {
      const unreachable = classifyAuthError(error) === 'unreachable';
      return unreachable
        ? { ok: false, message: AUTH_MESSAGES.tenantUnavailable }
        : { ok: false, message: AUTH_MESSAGES.unexpected, invalid: true };
    }
    return { ok: true, profile: await rememberSignedIn(org, client, data.user, data.user.email ?? '') };
  } catch (error) {
    return { ok: false, message: classifyAuthError(error) === 'other' ? AUTH_MESSAGES.unexpected : tenantSignInMessage(error) };
  }
}

export type ChangePasswordResult = { ok: true } | { ok: false; message: string };

/**
 * Changes the signed-in tenant user's password. The server checks the
 * current password itself (GoTrue's current_password), so a stolen session
 * cannot set a new one. The database clears the users row's
 * require_password_change and sets password_changed_at itself (trigger on
 * auth.users in the users-and-roles migration), so the client never writes
 * those columns, which most roles may not update anyway.
 */
export async function changeTenantPassword(slug: string, currentPassword: string, newPassword: string): Promise<ChangePasswordResult> {
  return setTenantPassword(slug, newPassword, currentPassword);
}

/** The first password of a user who came in by an invitation link (there is no current one to give). */
export async function chooseTenantPassword(slug: string, newPassword: string): Promise<ChangePasswordResult> {
  return setTenantPassword(slug, newPassword, null);
}

async function setTenantPassword(slug: string, newPassword: string, currentPassword: string | null): Promise<ChangePasswordResult> {
  const org = getCachedOrganization(slug);
  const profile = await readCached<TenantProfile>(cacheKeys.tenantProfile(slug));
  if (!org || !profile) return { ok: false, message: 'Organization configuration not loaded' };
  try {
    const client = clientFor(org);
    const { error } = await client.auth.updateUser(
      currentPassword === null ? { password: newPassword } : { password: newPassword, current_password: currentPassword },
    );
    if (error) return { ok: false, message: changePasswordMessage(error) };
    await writeCached(cacheKeys.tenantProfile(slug), { ...profile, require_password_change: false });
    return { ok: true };
  } catch {
    return { ok: false, message: AUTH_MESSAGES.passwordUpdateFailed };
  }
}

/**
 * Signs out of one tenant: its session and cached profile are cleared even
 * offline. A support session is ended on the server first (its end time
 * recorded, the tenant refusing its token), and its synced data leaves.
 */
export async function signOutTenant(slug: string): Promise<void> {
  const { exitSupportSession, readSupportSession } = await import('./support-session');
  if (await readSupportSession(slug)) {
    await exitSupportSession(slug);
    clearAdminModeMarkers();
  }
  const org = getCachedOrganization(slug);
  if (org) {
    try {
      const client = clientFor(org);
      await Promise.race([client.auth.signOut({ scope: 'local' }), new Promise((r) => setTimeout(r, 5000))]);
    } catch {
      // Offline: the stored session is removed below regardless.
    }
  }
  await idbAuthStorage.removeItem(tenantStorageKey(slug));
  await removeCached(cacheKeys.tenantProfile(slug));
  // Photos the worker kept for offline galleries open without a token: they go with the session.
  await globalThis.caches?.delete(PHOTO_CACHE).catch(() => undefined);
}
