/**
 * The signed-in user's role, read from their own `users` row in the local
 * cache (decision 006: users.role decides). `undefined` while loading. A
 * support session has no users row; the page passes its role in instead.
 */
import { useRow, type TenantSync } from '../../../data';
import { normalizeRole, type TenantRole } from '../../../lib/roles';

export function useAdminRole(sync: TenantSync, override?: TenantRole | null): TenantRole | undefined {
  const me = useRow(sync.db, 'users', sync.db.binding.userId);
  if (override) return override;
  if (me === undefined) return undefined;
  return normalizeRole(typeof me.role === 'string' ? me.role : null);
}
