import { Placeholder } from '../../../ui/placeholder';
import { TenantShell } from '../../tenant-auth/index';

/** /tenant/{slug}/users: the tenant's own user management (being built). */
export function TenantUsersPage() {
  return (
    <TenantShell title="User Management">
      <Placeholder title="User Management">Being built.</Placeholder>
    </TenantShell>
  );
}
