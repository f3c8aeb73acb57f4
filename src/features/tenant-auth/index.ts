/** Tenant discovery, sign-in, change password, and the frame of tenant screens. */
export { AppStartPage } from './pages/app-start-page';
export { TenantDiscoveryPage } from './pages/tenant-discovery-page';
export { TenantLoginPage } from './pages/tenant-login-page';
export { ChangePasswordPage } from './pages/change-password-page';
// A chunk of its own: bundled with the shell it would ride along on every tenant screen, the scan path included.
export const loadAcceptInvitePage = () => import('./pages/accept-invite-page');
export { TenantShell, useTenantRoute, type TenantRouteData, type TenantShellProps } from './components/tenant-shell';
