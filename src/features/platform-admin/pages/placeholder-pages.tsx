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
