/** Platform admin screens (master pages). */
export { PlatformDashboardPage } from './pages/platform-dashboard-page';
export {
  ManageTenantsPage,
  DoorManagementPage,
  TenantDatabaseManagementPage,
  AdminVerifyPage,
  TenantConfigPage,
} from './pages/placeholder-pages';
