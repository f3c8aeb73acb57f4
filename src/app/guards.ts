/**
 * Route guards as loaders (spec §2, §8 Redirects). They read the stored
 * sessions straight from IndexedDB, so they work offline and never download
 * supabase-js. This module is itself loaded on demand by the router.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import {
  listSignedInTenants,
  readPlatformSession,
  readTenantProfile,
  readTenantSession,
  type SignedInTenant,
  type TenantProfile,
} from '../data';
import { dashboardRedirectFor, normalizeRole, safeReturnTo, tenantLandingPath, tenantPath } from '../lib/roles';

function here(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** Master pages: a signed-in platform user, else /login with returnTo. */
export async function requirePlatformSession({ request }: LoaderFunctionArgs) {
  const session = await readPlatformSession();
  if (!session) throw redirect(`/login?returnTo=${encodeURIComponent(here(request))}`);
  return { userId: session.userId, email: session.email };
}

/** /login: already signed-in staff go on to returnTo or /dashboard. */
export async function redirectSignedInStaff({ request }: LoaderFunctionArgs) {
  const session = await readPlatformSession();
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get('returnTo'));
  if (session) throw redirect(returnTo ?? '/dashboard');
  return { returnTo };
}

export interface TenantContext {
  slug: string;
  userId: string;
  email: string;
  profile: TenantProfile | null;
}

/** Tenant pages: a signed-in user of this tenant, else /tenant-discovery. */
export async function requireTenantSession({ params }: LoaderFunctionArgs): Promise<TenantContext> {
  const slug = params.tenantSlug ?? '';
  const session = slug ? await readTenantSession(slug) : null;
  if (!session) throw redirect('/tenant-discovery');
  const profile = await readTenantProfile(slug);
  if (profile?.require_password_change) {
    const pending = sessionStorage.getItem('pendingUser');
    throw redirect(pending ? tenantPath(slug, 'change-password') : tenantPath(slug, 'login'));
  }
  return { slug, userId: session.userId, email: session.email, profile };
}

/** The tenant dashboard: security admins are sent to the security screen. */
export async function requireTenantDashboard(args: LoaderFunctionArgs): Promise<TenantContext> {
  const ctx = await requireTenantSession(args);
  const elsewhere = dashboardRedirectFor(ctx.profile?.role);
  if (elsewhere) throw redirect(tenantPath(ctx.slug, elsewhere));
  return ctx;
}

/**
 * The tenant's own administration (user management, system settings): super
 * admins, a support session among them. Anyone else goes to where their role
 * lands; RLS and the product API refuse them anyway.
 */
export async function requireTenantSuperAdmin(args: LoaderFunctionArgs): Promise<TenantContext> {
  const ctx = await requireTenantSession(args);
  if (normalizeRole(ctx.profile?.role) !== 'super_admin') throw redirect(tenantLandingPath(ctx.slug, ctx.profile?.role));
  return ctx;
}

export interface AppStart {
  tenants: SignedInTenant[];
  staff: boolean;
}

/**
 * /start, the installed app's start URL: a signed-in user goes straight to
 * where their role lands (offline too: only stored sessions are read); one
 * signed in to several places chooses; nobody signed in sees the home page.
 */
export async function openInstalledApp(): Promise<AppStart> {
  const [tenants, staff] = await Promise.all([listSignedInTenants(), readPlatformSession()]);
  const only = tenants.length === 1 ? tenants[0] : undefined;
  if (only && !staff) throw redirect(tenantLandingPath(only.slug, only.profile?.role));
  if (tenants.length === 0) throw redirect(staff ? '/dashboard' : '/');
  return { tenants, staff: staff !== null };
}
