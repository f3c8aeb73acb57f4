/**
 * What an invitation link brings back in the URL fragment (GoTrue's verify
 * redirect): the session it opened, or why it opened none. The fragment is
 * read once and then removed from the address bar, so the tokens do not stay
 * in history or get copied with the URL.
 */

export type InviteFragment =
  { kind: 'session'; access_token: string; refresh_token: string } | { kind: 'error'; code: string } | { kind: 'none' };

export const INVITE_INVALID_MESSAGE = 'This invitation link is invalid or has expired. Ask your administrator for a new one.';

export function parseInviteFragment(hash: string): InviteFragment {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const error = params.get('error') ?? params.get('error_code');
  if (error) return { kind: 'error', code: params.get('error_code') ?? error };
  const access = params.get('access_token');
  const refresh = params.get('refresh_token');
  if (access && refresh) return { kind: 'session', access_token: access, refresh_token: refresh };
  return { kind: 'none' };
}

/**
 * The invited user this tab adopted, so a reload after the fragment is gone
 * still offers the password form (and only to that user).
 */
const ACCEPTING_KEY = 'lockstep.acceptingInvite';

export function rememberAccepting(slug: string, userId: string): void {
  try {
    sessionStorage.setItem(ACCEPTING_KEY, JSON.stringify({ slug, userId }));
  } catch {
    // Storage disabled: a reload then shows the link as used, nothing worse.
  }
}

export function acceptingUser(slug: string): string | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(ACCEPTING_KEY) ?? 'null') as { slug?: unknown; userId?: unknown } | null;
    return parsed?.slug === slug && typeof parsed.userId === 'string' ? parsed.userId : null;
  } catch {
    return null;
  }
}

export function forgetAccepting(): void {
  try {
    sessionStorage.removeItem(ACCEPTING_KEY);
  } catch {
    // Nothing to clear.
  }
}
