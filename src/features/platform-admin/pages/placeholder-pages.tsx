import { Placeholder } from '../../../ui/placeholder';
import { AdminShell } from './admin-shell';

function MasterPlaceholder({ title, text }: { title: string; text: string }) {
  return <AdminShell title={title}>{() => <Placeholder title={title}>{text}</Placeholder>}</AdminShell>;
}

export function DoorManagementPage() {
  return <MasterPlaceholder title="Door Management" text="Door troubleshooting across tenants will be available here." />;
}
export function TenantDatabaseManagementPage() {
  return (
    <MasterPlaceholder
      title="Tenant Database Management"
      text="Search and select a tenant, authenticate again with your admin password and give a reason: every support session is audited."
    />
  );
}
export function SystemHealthPage() {
  return <MasterPlaceholder title="System Health" text="Every tenant's health and database status will appear here." />;
}
export function StaffManagementPage() {
  return <MasterPlaceholder title="Staff Management" text="The provider's staff accounts will be managed here." />;
}
export function BillingPage() {
  return <MasterPlaceholder title="Billing & Plans" text="Plans, seats, paid-until dates and past-due tenants will appear here." />;
}
export function ReportsPage() {
  return <MasterPlaceholder title="Reports & Analytics" text="Door checks per tenant per week will appear here." />;
}
