import { Placeholder } from '../../../ui/placeholder';
import { AdminShell } from './admin-shell';

function MasterPlaceholder({ title, text }: { title: string; text: string }) {
  return <AdminShell title={title}>{() => <Placeholder title={title}>{text}</Placeholder>}</AdminShell>;
}

export function ManageTenantsPage() {
  return <MasterPlaceholder title="Manage Tenants" text="Tenants, subscriptions, licence keys and tenant users will be managed here." />;
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
export function AdminVerifyPage() {
  return <MasterPlaceholder title="Admin Verification" text="Verify tenant features and subscriptions, and enable add-ons." />;
}

/** /tenant-config: a development-only page in the original; not needed with the local stack. */
export function TenantConfigPage() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Tenant Configuration</h1>
      <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">Development Only</p>
      <div className="mt-6">
        <Placeholder title="Tenant configuration">
          Tenants are configured in the platform project; this development form will arrive with the platform-admin screens.
        </Placeholder>
      </div>
    </main>
  );
}
