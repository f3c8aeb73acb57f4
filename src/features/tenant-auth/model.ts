/** The session markers the tenant sign-in flows need (spec §3, §5). */
import { clearAdminModeMarkers as clearMarkers } from '../../lib/admin-mode';

export const NO_ORGANIZATION_MESSAGE = 'Please select your organization first.';

/**
 * Session-storage markers: the pending change-password user, and the
 * support-mode markers cleared on tenant login (src/lib/admin-mode.ts owns
 * them: lockstepAdminMode, adminAccessTenant, adminAccessReason).
 */
export const PENDING_USER_KEY = 'pendingUser';

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
  clearMarkers();
}
