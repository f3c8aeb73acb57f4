/**
 * The shell's entry to sign-in and sessions, light on purpose: stored-session
 * checks read IndexedDB directly, the organization directory uses fetch, and
 * everything that needs supabase-js loads its module on first call. Route
 * chunks that import this file therefore stay free of supabase-js and Dexie
 * (the landing page and the first paint of the sign-in screens never
 * download them).
 */
import type { AdoptSessionResult, ChangePasswordResult, TenantSignInResult } from './auth-tenant';
import type { SignInResult, StaffProfile } from './auth-platform';
import type { Organization } from './auth-orgs';
import type { OrganizationList } from './auth-org-directory';
import type { SignedInTenant } from './signed-in-tenants';

export { readPlatformSession, readTenantSession, readTenantProfile, type StoredSession, type TenantProfile } from './auth-session';
export {
  getOrganizationBySlug,
  getCachedOrganization,
  rememberOrganization,
  type Organization,
  type OrganizationLookup,
} from './auth-orgs';
export type { OrganizationList } from './auth-org-directory';
export type { SignedInTenant } from './signed-in-tenants';
export type { AdoptSessionResult, ChangePasswordResult, TenantSignInResult, SignInResult, StaffProfile };

const platform = () => import('./auth-platform');
const tenant = () => import('./auth-tenant');
const directory = () => import('./auth-org-directory');

export async function listOrganizations(): Promise<OrganizationList> {
  return (await directory()).listOrganizations();
}
export async function searchOrganizations(term: string): Promise<Organization[]> {
  return (await directory()).searchOrganizations(term);
}
export async function listSignedInTenants(): Promise<SignedInTenant[]> {
  return (await import('./signed-in-tenants')).listSignedInTenants();
}

/** Starts downloading the sign-in code (supabase-js) once the user shows intent, e.g. focuses the form. */
export function preloadPlatformAuth(): void {
  void platform();
}
export function preloadTenantAuth(): void {
  void tenant();
}

export async function signInPlatform(email: string, password: string): Promise<SignInResult> {
  return (await platform()).signInPlatform(email, password);
}
export async function loadStaffProfile(): Promise<StaffProfile | null> {
  return (await platform()).loadStaffProfile();
}
export async function signOutPlatform(): Promise<void> {
  return (await platform()).signOutPlatform();
}

export async function signInTenant(org: Organization, email: string, password: string): Promise<TenantSignInResult> {
  return (await tenant()).signInTenant(org, email, password);
}
export async function changeTenantPassword(slug: string, currentPassword: string, newPassword: string): Promise<ChangePasswordResult> {
  return (await tenant()).changeTenantPassword(slug, currentPassword, newPassword);
}
export async function adoptTenantSession(
  org: Organization,
  tokens: { access_token: string; refresh_token: string },
): Promise<AdoptSessionResult> {
  return (await tenant()).adoptTenantSession(org, tokens);
}
export async function chooseTenantPassword(slug: string, newPassword: string): Promise<ChangePasswordResult> {
  return (await tenant()).chooseTenantPassword(slug, newPassword);
}
export async function signOutTenant(slug: string): Promise<void> {
  return (await tenant()).signOutTenant(slug);
}
