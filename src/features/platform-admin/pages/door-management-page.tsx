/**
 * /door-management, the staff door-troubleshooting view (spec §2, issue 11):
 * pick an organization, then see its doors and open maintenance. The chosen
 * organization is kept in the address (?tenant=slug) so a reload or a shared
 * link opens the same one. Both the organizations and each one's doors are
 * read through the platform cache, so the view opens offline with the last
 * known data and its age.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listPlatformTenants, usePlatformList, type PlatformListView, type StaffProfile, type TenantListRow } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Loading } from '../../../ui/loading';
import { DoorTenantGrid, doorTenantsOf, type DoorTenant } from '../components/door-tenant-grid';
import { DOOR_VIEW_MESSAGES, TenantDoors } from '../components/tenant-doors';
import { useOnline } from '../../../lib/use-online';
import { AdminShell } from './admin-shell';

export function DoorManagementPage() {
  return <AdminShell title="Door Management">{(profile) => <DoorManagement profile={profile} />}</AdminShell>;
}

function DoorManagement({ profile }: { profile: StaffProfile }) {
  const [params, setParams] = useSearchParams();
  const slug = params.get('tenant');
  const tenants = usePlatformList(profile.id, 'tenants', listPlatformTenants);
  const choose = useCallback((t: DoorTenant) => setParams({ tenant: t.slug }), [setParams]);
  const change = useCallback(() => setParams({}), [setParams]);
  const online = useOnline();
  return (
    <div className="space-y-4">
      {!online && <Alert tone="warning">{DOOR_VIEW_MESSAGES.offline}</Alert>}
      {slug ? (
        <ChosenTenant slug={slug} userId={profile.id} tenants={tenants} onChange={change} onSelect={choose} />
      ) : (
        <DoorTenantGrid view={tenants} onSelect={choose} />
      )}
    </div>
  );
}

function ChosenTenant({
  slug,
  userId,
  tenants,
  onChange,
  onSelect,
}: {
  slug: string;
  userId: string;
  tenants: PlatformListView<TenantListRow[]>;
  onChange: () => void;
  onSelect: (t: DoorTenant) => void;
}) {
  const tenant = tenants.data ? (doorTenantsOf(tenants.data).find((t) => t.slug === slug) ?? null) : null;
  if (tenant) return <TenantDoors tenant={tenant} userId={userId} onChange={onChange} />;
  if (tenants.loading) return <Loading label="Loading organization..." />;
  // An unknown slug (or no list): say so above the picker, which shows its own load state.
  return (
    <div className="space-y-4">
      {tenants.data && !tenants.refreshing && <Alert tone="warning">Organization not found: {slug}</Alert>}
      <DoorTenantGrid view={tenants} onSelect={onSelect} />
    </div>
  );
}
