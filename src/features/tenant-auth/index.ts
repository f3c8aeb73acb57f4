/** Tenant discovery, sign-in, change password, and the frame of tenant screens. */
export { TenantDiscoveryPage } from './pages/tenant-discovery-page';
export { TenantLoginPage } from './pages/tenant-login-page';
export { ChangePasswordPage } from './pages/change-password-page';
export { AcceptInvitePage } from './pages/accept-invite-page';
export { TenantShell, useTenantRoute, type TenantRouteData, type TenantShellProps } from './components/tenant-shell';
