/**
 * /door-management, the staff door-troubleshooting view (spec §2, issue 11):
 * pick an organization, then see its doors and open maintenance. The chosen
 * organization is kept in the address (?tenant=slug) so a reload or a shared
 * link opens the same one.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../ui/alert';
import { Loading } from '../../../ui/loading';
import { DoorTenantGrid, listDoorTenants, type DoorTenant } from '../components/door-tenant-grid';
import { DOOR_VIEW_MESSAGES, TenantDoors } from '../components/tenant-doors';
import { useOnline } from '../../../lib/use-online';
import { useResource } from '../hooks/use-resource';
import { AdminShell } from './admin-shell';

export function DoorManagementPage() {
  return <AdminShell title="Door Management">{() => <DoorManagement />}</AdminShell>;
}

function DoorManagement() {
  const [params, setParams] = useSearchParams();
  const slug = params.get('tenant');
  const choose = useCallback((t: DoorTenant) => setParams({ tenant: t.slug }), [setParams]);
  const change = useCallback(() => setParams({}), [setParams]);
  const online = useOnline();
  return (
    <div className="space-y-4">
      {!online && <Alert tone="warning">{DOOR_VIEW_MESSAGES.offline}</Alert>}
      {slug ? <ChosenTenant slug={slug} onChange={change} onSelect={choose} /> : <DoorTenantGrid onSelect={choose} />}
    </div>
  );
}

function ChosenTenant({ slug, onChange, onSelect }: { slug: string; onChange: () => void; onSelect: (t: DoorTenant) => void }) {
  const load = useCallback(async () => (await listDoorTenants()).find((t) => t.slug === slug) ?? null, [slug]);
  const { resource } = useResource(load);
  if (resource.status === 'loading') return <Loading label="Loading organization..." />;
  if (resource.status === 'ready' && resource.data) return <TenantDoors tenant={resource.data} onChange={onChange} />;
  // An unknown slug (or no list): say so above the picker, which shows its own load error.
  return (
    <div className="space-y-4">
      {resource.status === 'ready' && <Alert tone="warning">Organization not found: {slug}</Alert>}
      <DoorTenantGrid onSelect={onSelect} />
    </div>
  );
}
