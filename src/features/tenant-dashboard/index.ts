/** The tenant's home: dashboard, its own user management and system settings. */
export { TenantDashboardPage } from './tenant-dashboard-page';
export { TenantUsersPage } from './users/tenant-users-page';
export { SystemSettingsPage } from './settings/system-settings-page';
// The tenant's add-ons as the server last said (transportation checks its own).
export { useTenantFeatures, type TenantFeatures } from './hooks/use-tenant-features';
export { useServerReachable } from './hooks/use-server-reachable';
