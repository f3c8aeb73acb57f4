/**
 * The tenant user list's pure rules (issue 12, user management): a cached
 * users row as the API's user, the live search and role filter, the order,
 * the empty texts and the Last sign-in label.
 */
import type { CacheRow, TenantUser } from '../../../data';
import { userName } from '../../../ui/user-admin';

export const USERS_LIST_TEXT = {
  empty: 'No users found for this organization.',
  noMatch: 'No users match your search.',
  never: 'Never',
  ownRole: 'You cannot change your own role.',
} as const;

/** The role filter's value for every role. */
export const ALL_ROLES = 'all';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A users row from the local cache in the API's shape; null for a removed row or one without an id or email. */
export function userFromCacheRow(row: CacheRow): TenantUser | null {
  const email = str(row.email);
  if (row.deleted_at || !row.id || !email) return null;
  return {
    id: row.id,
    email,
    first_name: str(row.first_name),
    last_name: str(row.last_name),
    phone: str(row.phone),
    department: str(row.department),
    role: str(row.role) ?? 'regular_user',
    is_admin: row.is_admin === true,
    // Absent means the column default (true), not "not an organization user".
    is_organization_user: row.is_organization_user !== false,
    active: row.active !== false,
    require_password_change: row.require_password_change === true,
    last_sign_in_at: str(row.last_sign_in_at),
    created_at: str(row.created_at) ?? '',
  };
}

/** By name, then email, so the server's list and the cache's read the same. */
export function sortUsers(users: readonly TenantUser[]): TenantUser[] {
  return [...users].sort((a, b) => userName(a).localeCompare(userName(b)) || a.email.localeCompare(b.email));
}

/**
 * The users whose name ("First Last") or email contains the search
 * (case-insensitive, surrounding spaces ignored) and whose role is the one
 * chosen (or any, for ALL_ROLES).
 */
export function filterUsers(users: readonly TenantUser[], search: string, role: string): TenantUser[] {
  const q = search.trim().toLowerCase();
  return users.filter((u) => {
    if (role !== ALL_ROLES && u.role !== role) return false;
    if (!q) return true;
    const name = [u.first_name, u.last_name].filter(Boolean).join(' ').toLowerCase();
    return name.includes(q) || u.email.toLowerCase().includes(q);
  });
}

/** What the list shows when it has no rows: none at all, or none that match. */
export function emptyText(total: number): string {
  return total === 0 ? USERS_LIST_TEXT.empty : USERS_LIST_TEXT.noMatch;
}

/** Last sign-in: date and time in the viewer's locale, "Never", or the raw text if it does not parse. */
export function lastSignInLabel(iso: string | null, locale?: string): string {
  if (!iso) return USERS_LIST_TEXT.never;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
