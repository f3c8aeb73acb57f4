/** Platform admin screens (master pages). */
export { PlatformDashboardPage } from './pages/platform-dashboard-page';
export { ManageTenantsPage } from './pages/manage-tenants-page';
export { AdminVerifyPage } from './pages/admin-verify-page';
export { TenantConfigPage } from './pages/tenant-config-page';
export {
  BillingPage,
  DoorManagementPage,
  ReportsPage,
  StaffManagementPage,
  SystemHealthPage,
  TenantDatabaseManagementPage,
} from './pages/placeholder-pages';
