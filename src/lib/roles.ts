/**
 * Where each tenant role lands after sign-in and which tenant screens it may
 * open: one policy map instead of checks scattered through components.
 */

export const TENANT_ROLES = ['regular_user', 'office_staff', 'security_admin', 'transportation_admin', 'super_admin'] as const;
export type TenantRole = (typeof TENANT_ROLES)[number];

/** Normalizes stored role names ("user" is regular_user in some places). */
export function normalizeRole(role: string | null | undefined): TenantRole {
  if (role === 'user' || !role) return 'regular_user';
  return (TENANT_ROLES as readonly string[]).includes(role) ? (role as TenantRole) : 'regular_user';
}

export type TenantScreen =
  | 'dashboard'
  | 'security'
  | 'rounds'
  | 'maintenance'
  | 'transportation'
  | 'student-parking'
  | 'users'
  | 'settings'
  | 'sweeps'
  | 'compliance'
  | 'scan';

export function tenantPath(slug: string, screen: TenantScreen | 'login' | 'change-password'): string {
  return `/tenant/${encodeURIComponent(slug)}/${screen}`;
}

const LANDING: Record<TenantRole, TenantScreen> = {
  super_admin: 'dashboard',
  transportation_admin: 'dashboard',
  office_staff: 'dashboard',
  security_admin: 'security',
  regular_user: 'rounds',
};

/** The screen a role lands on after sign-in. */
export function landingScreenFor(role: string | null | undefined): TenantScreen {
  return LANDING[normalizeRole(role)];
}

/** The path a signed-in user of `slug` lands on. */
export function tenantLandingPath(slug: string, role: string | null | undefined): string {
  return tenantPath(slug, landingScreenFor(role));
}

/**
 * Who the tenant dashboard sends elsewhere: security admins go to the
 * security screen (spec §2). Everyone else may open it; regular users land
 * on their rounds after sign-in, but the dashboard (where the change-password
 * flow ends, spec §2) stays open to them.
 */
export function dashboardRedirectFor(role: string | null | undefined): TenantScreen | null {
  return normalizeRole(role) === 'security_admin' ? 'security' : null;
}

/** A returnTo value is honoured only when it is a path on this origin (no open redirects). */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
