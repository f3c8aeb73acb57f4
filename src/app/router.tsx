/**
 * Every route of spec §2, lazily loaded per screen and grouped by area
 * (public, platform admin, tenant). Guards are loaders that load on demand,
 * so the landing page carries no session or supabase code.
 */
import {
  createBrowserRouter,
  UNSAFE_createBrowserHistory,
  UNSAFE_createRouter,
  UNSAFE_hydrationRouteProperties,
  UNSAFE_mapRouteProperties,
  type LoaderFunctionArgs,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router-dom';
import { nextTask } from '../lib/next-task';
import { markStart } from '../lib/start-mark';
import { Loading } from '../ui/loading';
import { ErrorView } from './error-view';
import { RootLayout } from './root-layout';

/**
 * Each chunk is asked for in a task of its own, and the code after its load runs in the task that evaluated it: the
 * router's start asks for the guard's and the screen's at once, and each ask, each evaluation, is module code run for
 * the first time, several of which in one task made one over 50 ms on a phone. The marks name each in a measurement.
 */
const inOwnTask = <T,>(name: string, load: () => Promise<T>) =>
  nextTask()
    .then(() => markStart(`${name}:asked`))
    .then(load)
    .then((m) => {
      markStart(`${name}:loaded`);
      return m;
    });

const guards = () => inOwnTask('guards', () => import('./guards'));
const requirePlatform = async (a: LoaderFunctionArgs) => (await guards()).requirePlatformSession(a);
const requireTenant = async (a: LoaderFunctionArgs) => (await guards()).requireTenantSession(a);
const requireDashboard = async (a: LoaderFunctionArgs) => (await guards()).requireTenantDashboard(a);
const requireSuperAdmin = async (a: LoaderFunctionArgs) => (await guards()).requireTenantSuperAdmin(a);
// The device's store (Dexie and the app's schema): this one module, not the data index, which would bring the sync engine.
const localDb = () => inOwnTask('local-db', () => import('../data/use-local-tenant-db'));
/**
 * Screens that paint from the device's store: it starts opening once the session is known, while the screen's own
 * modules load, instead of after the screen first renders (about 50 ms at 4x before the security board's reads).
 */
const requireTenantStore = async (a: LoaderFunctionArgs) => {
  const ctx = await requireTenant(a);
  // A failure is the screen's to show.
  void localDb()
    .then(async (m) => {
      // Not in the task that evaluated Dexie's module.
      await nextTask();
      markStart('local-db:open');
      return m.openLocalTenantDb(ctx.slug, ctx.userId);
    })
    .catch(() => undefined);
  return ctx;
};
const signedInStaff = async (a: LoaderFunctionArgs) => (await guards()).redirectSignedInStaff(a);
const installedAppStart = async () => (await guards()).openInstalledApp();

// Public area
const publicSite = () => inOwnTask('public-site', () => import('../features/public-site/index'));
// Platform admin area
const platformAuth = () => inOwnTask('platform-auth', () => import('../features/platform-auth/index'));
const platformAdmin = () => inOwnTask('platform-admin', () => import('../features/platform-admin/index'));
// Tenant area
const tenantAuth = () => inOwnTask('tenant-auth', () => import('../features/tenant-auth/index'));
const tenantDashboard = () => inOwnTask('tenant-dashboard', () => import('../features/tenant-dashboard/index'));
// The device's store is evaluated a task before the feature that reads it: with Dexie, the door-checks graph was one
// task of 52-94 ms at 4x in a reopened browser (the start's marks).
const doorChecks = () => localDb().then(() => inOwnTask('door-checks', () => import('../features/door-checks/index')));
// The door-checks feature the dashboard builds on (with the schemas) is evaluated a task before the dashboard's own
// modules: the whole graph evaluated at once was one task of 38-65 ms at 4x (Long Animation Frames).
const security = () => doorChecks().then(() => inOwnTask('security', () => import('../features/security/index')));
const maintenance = () => inOwnTask('maintenance', () => import('../features/maintenance/index'));

/** A screen whose query string changes in place (?door=, ?order=, filters) keeps the guard it passed on arrival. */
const samePageKeepsGuard: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
// The rounds page is a chunk of its own, off the scan-and-check path (docs/decisions/009).
const rounds = async () => (await doorChecks()).loadRoundsPage();
const transportation = () => inOwnTask('transportation', () => import('../features/transportation/index'));
const studentParking = () => inOwnTask('student-parking', () => import('../features/student-parking/index'));
const sweeps = () => inOwnTask('sweeps', () => import('../features/sweeps/index'));

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: ErrorView,
    HydrateFallback: () => <Loading fullScreen />,
    children: [
      { index: true, lazy: async () => ({ Component: (await publicSite()).LandingPage }) },
      { path: 'features', lazy: async () => ({ Component: (await publicSite()).FeaturesPage }) },
      { path: 'support', lazy: async () => ({ Component: (await publicSite()).SupportPage }) },
      { path: 'privacy', lazy: async () => ({ Component: (await publicSite()).PrivacyPage }) },
      { path: 'contact', lazy: async () => ({ Component: (await publicSite()).ContactPage }) },
      { path: 'under-construction', lazy: async () => ({ Component: (await publicSite()).UnderConstructionPage }) },
      { path: 'pricing', lazy: async () => ({ Component: (await publicSite()).UnderConstructionPage }) },

      { path: 'login', loader: signedInStaff, lazy: async () => ({ Component: (await platformAuth()).PlatformLoginPage }) },
      {
        loader: requirePlatform,
        children: [
          { path: 'dashboard', lazy: async () => ({ Component: (await platformAdmin()).PlatformDashboardPage }) },
          { path: 'manage-tenants', lazy: async () => ({ Component: (await platformAdmin()).ManageTenantsPage }) },
          { path: 'door-management', lazy: async () => ({ Component: (await platformAdmin()).DoorManagementPage }) },
          { path: 'tenant-database-management', lazy: async () => ({ Component: (await platformAdmin()).TenantDatabaseManagementPage }) },
          { path: 'admin/verify', lazy: async () => ({ Component: (await platformAdmin()).AdminVerifyPage }) },
          { path: 'admin/system-health', lazy: async () => ({ Component: (await platformAdmin()).SystemHealthPage }) },
          { path: 'admin/staff', lazy: async () => ({ Component: (await platformAdmin()).StaffManagementPage }) },
          { path: 'admin/billing', lazy: async () => ({ Component: (await platformAdmin()).BillingPage }) },
          { path: 'admin/reports', lazy: async () => ({ Component: (await platformAdmin()).ReportsPage }) },
        ],
      },
      { path: 'tenant-config', lazy: async () => ({ Component: (await platformAdmin()).TenantConfigPage }) },

      // The installed app's start URL (vite.config.ts manifest).
      { path: 'start', loader: installedAppStart, lazy: async () => ({ Component: (await tenantAuth()).AppStartPage }) },
      { path: 'tenant-discovery', lazy: async () => ({ Component: (await tenantAuth()).TenantDiscoveryPage }) },
      { path: 'tenant-login', lazy: async () => ({ Component: (await tenantAuth()).TenantDiscoveryPage }) },
      { path: 'tenant/:tenantSlug/login', lazy: async () => ({ Component: (await tenantAuth()).TenantLoginPage }) },
      { path: 'tenant/:tenantSlug/change-password', lazy: async () => ({ Component: (await tenantAuth()).ChangePasswordPage }) },
      {
        path: 'tenant/:tenantSlug/accept-invite',
        lazy: async () => ({ Component: (await (await tenantAuth()).loadAcceptInvitePage()).AcceptInvitePage }),
      },
      {
        path: 'tenant/:tenantSlug/dashboard',
        loader: requireDashboard,
        lazy: async () => ({ Component: (await tenantDashboard()).TenantDashboardPage }),
      },
      {
        path: 'tenant/:tenantSlug/users',
        loader: requireSuperAdmin,
        lazy: async () => ({ Component: (await tenantDashboard()).TenantUsersPage }),
      },
      {
        path: 'tenant/:tenantSlug/settings',
        loader: requireSuperAdmin,
        lazy: async () => ({ Component: (await tenantDashboard()).SystemSettingsPage }),
      },
      {
        path: 'tenant/:tenantSlug/security',
        loader: requireTenantStore,
        lazy: async () => ({ Component: (await security()).SecurityDashboardPage }),
      },
      {
        path: 'tenant/:tenantSlug/maintenance',
        loader: requireTenant,
        // ?order= and the filters change in place: the session was checked on arrival.
        shouldRevalidate: samePageKeepsGuard,
        lazy: async () => ({ Component: (await (await maintenance()).loadMaintenancePage()).MaintenancePage }),
      },
      { path: 'tenant/:tenantSlug/rounds', loader: requireTenantStore, lazy: async () => ({ Component: (await rounds()).RoundsPage }) },
      {
        path: 'tenant/:tenantSlug/scan',
        loader: requireTenantStore,
        // Picking and leaving doors changes only ?door=: the session was checked on arrival.
        shouldRevalidate: samePageKeepsGuard,
        lazy: async () => ({ Component: (await doorChecks()).ScanPage }),
      },
      {
        path: 'tenant/:tenantSlug/transportation',
        loader: requireTenant,
        lazy: async () => ({ Component: (await transportation()).TransportationPage }),
      },
      { path: 'tenant/:tenantSlug/sweeps', loader: requireTenant, lazy: async () => ({ Component: (await sweeps()).SweepsPage }) },
      {
        path: 'tenant/:tenantSlug/compliance',
        loader: requireTenant,
        lazy: async () => ({ Component: (await (await sweeps()).loadCompliancePage()).CompliancePage }),
      },
      {
        path: 'tenant/:tenantSlug/student-parking',
        loader: requireTenant,
        lazy: async () => ({ Component: (await studentParking()).StudentParkingPage }),
      },

      { path: '*', lazy: async () => ({ Component: (await publicSite()).NotFoundPage }) },
    ],
  },
];

let created: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * Makes the app's router as createBrowserRouter does, in three tasks (src/app/start.tsx): the history, then the
 * router (its routes converted and matched), then its start (the first route's guard and chunks asked for). Made in
 * one, that was a task of 55-148 ms at 4x in a reopened browser, most of it React Router's code run and compiled for
 * the first time (decision 031). The UNSAFE_ exports are those createBrowserRouter itself uses; the options left out
 * are those it leaves unset here (no basename, no server hydration data, no data strategy).
 */
export async function makeAppRouter(): Promise<void> {
  if (created) return;
  const history = UNSAFE_createBrowserHistory();
  markStart('history');
  await nextTask();
  const router = UNSAFE_createRouter({
    history,
    routes,
    mapRouteProperties: UNSAFE_mapRouteProperties,
    hydrationRouteProperties: UNSAFE_hydrationRouteProperties,
  });
  markStart('router-made');
  await nextTask();
  // Made meanwhile by appRouter(): that one is in use, and this one never listened to the history.
  if (created) router.dispose();
  else created = router.initialize();
}

/** The app's router: the one makeAppRouter made, or one made now (in one task) when the start did not make it. */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  created ??= createBrowserRouter(routes);
  return created;
}
