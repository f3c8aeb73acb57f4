/** Step one of /door-management: the organizations a staff admin can troubleshoot, as a grid of buttons. */
import { listPlatformTenants, type TenantListRow } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Loading } from '../../../ui/loading';
import { errorText } from '../api';
import { useResource } from '../hooks/use-resource';

export type DoorTenant = Pick<TenantListRow, 'id' | 'slug' | 'company_name' | 'database_status'>;

/** Spec §7 (staff database access): tenants whose database is active, by company name. */
export async function listDoorTenants(): Promise<DoorTenant[]> {
  const rows = await listPlatformTenants();
  return rows
    .filter((t) => t.database_status === 'active')
    .map(({ id, slug, company_name, database_status }) => ({ id, slug, company_name, database_status }))
    .sort((a, b) => a.company_name.localeCompare(b.company_name));
}

export function DoorTenantGrid({ onSelect }: { onSelect: (tenant: DoorTenant) => void }) {
  const { resource, reload } = useResource(listDoorTenants);
  if (resource.status === 'loading') return <Loading label="Loading organizations..." />;
  if (resource.status === 'error') {
    return (
      <Alert tone="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>Failed to load organizations: {errorText(resource.error, 'unknown error')}</span>
          <Button size="sm" variant="secondary" onClick={reload}>
            Retry
          </Button>
        </div>
      </Alert>
    );
  }
  if (resource.data.length === 0)
    return <EmptyState title="No organizations available">No organization has an active database yet.</EmptyState>;
  return (
    <section aria-labelledby="door-tenants-heading" className="space-y-4">
      <div>
        <h2 id="door-tenants-heading" className="text-lg font-semibold text-slate-900">
          Select an Organization
        </h2>
        <p className="text-sm text-slate-700">Choose an organization to troubleshoot its doors. Every view is recorded in the audit log.</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {resource.data.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              onClick={() => onSelect(t)}
              className="block w-full rounded-2xl border border-slate-200 bg-white p-5 text-left hover:border-blue-400 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              <span className="block font-semibold text-slate-900">{t.company_name}</span>
              <span className="mt-1 block text-sm text-slate-600">{t.slug}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
