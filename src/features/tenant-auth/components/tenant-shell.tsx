import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { getCachedOrganization, loadSyncModules, type TenantProfile } from '../../../data';
import { askWorkerToCacheLater } from '../../../lib/cache-later';
import { whenContentReady } from '../../../lib/content-ready';
import { organizationLabel } from '../../../lib/organizations';
import { SyncBadgePlaceholder } from './sync-badge-placeholder';
import { normalizeRole, tenantPath } from '../../../lib/roles';
// Its graph holds supabase-js and the sync engine: loaded a module a task (loadSyncModules), not evaluated as one task.
// Should a step fail, the controls' own import still runs: it fails only as it always could, on its own chunks.
const TenantSyncControls = lazy(() =>
  loadSyncModules()
    .catch(() => undefined)
    .then(() => import('./tenant-sync-controls')),
);
// Its own chunk: statically it would share one with the sign-in pages and
// carry their form library onto every tenant screen, the scan path included.
const SupportBanner = lazy(() => import('./support-banner').then((m) => ({ default: m.SupportBanner })));

const ROLE_LABELS: Record<string, string> = {
  super_admin: 'Super Admin',
  security_admin: 'Security Admin',
  transportation_admin: 'Transportation Admin',
  office_staff: 'Office Staff',
  regular_user: 'User',
};

/** What the tenant guard hands to every tenant screen. */
export interface TenantRouteData {
  slug: string;
  userId: string;
  email: string;
  profile: TenantProfile | null;
}

export function useTenantRoute(): TenantRouteData {
  return useLoaderData() as TenantRouteData;
}

export interface TenantShellProps {
  title: string;
  /** A line under the title, e.g. "Tenant: lincoln-isd". */
  subtitle?: ReactNode;
  /** Extra header content, e.g. a back link or the sync status. */
  headerExtra?: ReactNode;
  children: ReactNode;
}

/**
 * Header and frame of every tenant screen: organization, user, role, the sync
 * status and sign out. Sign-out clears this tenant's session and profile and
 * goes to / (spec §4), after a warning when changes are still unsent.
 */
export function TenantShell({ title, subtitle, headerExtra, children }: TenantShellProps) {
  const { slug, userId, email, profile } = useTenantRoute();
  const orgName = useMemo(() => {
    const org = getCachedOrganization(slug);
    return org ? organizationLabel(org) : slug;
  }, [slug]);

  useEffect(() => {
    document.title = `${title} · Lockstep`;
  }, [title]);

  // The sync engine (with supabase-js) and the support banner load once the
  // screen has painted: a direct load of the check form does not wait for them.
  const [background, setBackground] = useState(false);
  useEffect(() => {
    let live = true;
    void whenContentReady().then(() => {
      if (live) setBackground(true);
      askWorkerToCacheLater();
    });
    return () => {
      live = false;
    };
  }, []);

  const role = normalizeRole(profile?.role);
  return (
    <div className="min-h-screen bg-slate-50">
      {background && (
        <Suspense fallback={null}>
          <SupportBanner key={slug} slug={slug} />
        </Suspense>
      )}
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="min-w-0">
            <Link to={tenantPath(slug, 'dashboard')} className="flex min-h-11 items-center truncate font-bold text-slate-900">
              {orgName}
            </Link>
            <p className="truncate text-sm text-slate-600">
              {profile?.display_name ?? email} · {ROLE_LABELS[role]}
            </p>
          </div>
          <div className="tap-targets flex w-full flex-wrap items-center gap-3 sm:w-auto">
            {headerExtra}
            {/* A row of its own on a phone: the badge's width changes with its text ("Checking sync…", then
                "Synced"), and sharing a row with the screen's links would let that decide whether the row wraps. */}
            <div className="flex w-full items-center gap-3 sm:w-auto">
              {background ? (
                <Suspense fallback={<SignOutPlaceholder />}>
                  <TenantSyncControls slug={slug} userId={userId} />
                </Suspense>
              ) : (
                <SignOutPlaceholder />
              )}
            </div>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}

/** The sync badge and Sign Out while they load, at their size, so the header does not move when they arrive. */
function SignOutPlaceholder() {
  return (
    <>
      <SyncBadgePlaceholder />
      <button
        type="button"
        disabled
        className="min-h-9 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 opacity-60"
      >
        Sign Out
      </button>
    </>
  );
}
