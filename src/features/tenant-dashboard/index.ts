/** Tenant dashboard (placeholder until its issue lands). */
export { TenantDashboardPage } from './tenant-dashboard-page';
