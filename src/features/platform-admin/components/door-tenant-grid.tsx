/**
 * Step one of /door-management: the organizations a staff admin can
 * troubleshoot, as a grid of buttons. They come from the platform cache's
 * tenants list (the one /manage-tenants and Billing read), so the grid opens
 * offline with the last known organizations and their age.
 */
import type { PlatformListView, TenantListRow } from '../../../data';
import { EmptyState } from '../../../ui/empty-state';
import { CachedList } from './cached-list';

export type DoorTenant = Pick<TenantListRow, 'id' | 'slug' | 'company_name' | 'database_status'>;

/** Spec §7 (staff database access): tenants whose database is active, by company name. */
export function doorTenantsOf(rows: readonly TenantListRow[]): DoorTenant[] {
  return rows
    .filter((t) => t.database_status === 'active')
    .map(({ id, slug, company_name, database_status }) => ({ id, slug, company_name, database_status }))
    .sort((a, b) => a.company_name.localeCompare(b.company_name));
}

export function DoorTenantGrid({ view, onSelect }: { view: PlatformListView<TenantListRow[]>; onSelect: (tenant: DoorTenant) => void }) {
  return (
    <section aria-labelledby="door-tenants-heading" className="space-y-4">
      <div>
        <h2 id="door-tenants-heading" className="text-lg font-semibold text-slate-900">
          Select an Organization
        </h2>
        <p className="text-sm text-slate-700">Choose an organization to troubleshoot its doors. Every view is recorded in the audit log.</p>
      </div>
      <CachedList view={view} what="organizations">
        {(rows) => {
          const tenants = doorTenantsOf(rows);
          if (tenants.length === 0)
            return <EmptyState title="No organizations available">No organization has an active database yet.</EmptyState>;
          return (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {tenants.map((t) => (
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
          );
        }}
      </CachedList>
    </section>
  );
}
