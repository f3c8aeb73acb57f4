/** The session markers the tenant sign-in flows need (spec §3, §5). */

export const NO_ORGANIZATION_MESSAGE = 'Please select your organization first.';

/** Session-storage markers: the pending change-password user, and the support-mode markers cleared on tenant login. */
export const PENDING_USER_KEY = 'pendingUser';
const ADMIN_MODE_KEYS = ['lockstepAdminMode', 'adminAccessTenant'];

export interface PendingUser {
  slug: string;
  email: string;
}

export function readPendingUser(slug: string): PendingUser | null {
  try {
    const raw = sessionStorage.getItem(PENDING_USER_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PendingUser>;
    return parsed.slug === slug && typeof parsed.email === 'string' ? { slug, email: parsed.email } : null;
  } catch {
    return null;
  }
}

export function writePendingUser(user: PendingUser): void {
  sessionStorage.setItem(PENDING_USER_KEY, JSON.stringify(user));
}

export function clearPendingUser(): void {
  sessionStorage.removeItem(PENDING_USER_KEY);
}

export function clearAdminModeMarkers(): void {
  for (const key of ADMIN_MODE_KEYS) sessionStorage.removeItem(key);
}
