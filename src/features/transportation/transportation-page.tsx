import { Placeholder } from '../../ui/placeholder';
import { TenantShell, useTenantRoute } from '../tenant-auth/index';

/** /tenant/{slug}/transportation (placeholder). */
export function TransportationPage() {
  const { slug } = useTenantRoute();
  return (
    <TenantShell title="Transportation" subtitle={`Tenant: ${slug}`}>
      <Placeholder title="Transportation dashboard">
        Vehicles, routes, buses, drivers, fuel and maintenance logs will appear here.
      </Placeholder>
    </TenantShell>
  );
}
