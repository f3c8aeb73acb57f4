/** Platform admin screens (master pages). */
export { PlatformDashboardPage } from './pages/platform-dashboard-page';
export { ManageTenantsPage } from './pages/manage-tenants-page';
export { AdminVerifyPage } from './pages/admin-verify-page';
export { TenantConfigPage } from './pages/tenant-config-page';
export { DoorManagementPage } from './pages/door-management-page';
export { TenantDatabaseManagementPage } from './pages/tenant-database-management-page';
export { SystemHealthPage } from './pages/system-health-page';
export { StaffManagementPage } from './pages/staff-management-page';
export { BillingPage } from './pages/billing-page';
export { ReportsPage } from './pages/reports-page';
