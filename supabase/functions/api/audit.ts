/**
 * The platform audit log (append-only, docs/rls-matrix.md): one row per
 * privileged action, written by the server after the action succeeded, with
 * the staff member taken from their verified session, never from the body.
 */
import { platformAsService } from './clients';
import type { ApiDeps } from './deps';
import { ApiError } from './http';
import type { StaffCaller } from './staff-guard';

export type AuditAction =
  | 'tenant.create'
  | 'tenant.update'
  | 'tenant.delete'
  | 'tenant.provision'
  | 'licence.generate'
  | 'licence.revoke'
  | 'addon.subscribe'
  | 'tenant_user.create'
  | 'tenant_user.update'
  | 'tenant_user.reset_password'
  | 'tenant_user.deactivate'
  | 'tenant_user.reactivate'
  | 'staff.create'
  | 'staff.deactivate'
  | 'support.read'
  | 'support.start'
  | 'support.end'
  | 'support.denied';

export interface AuditEntry {
  action: AuditAction;
  tenant?: { id: string; slug: string } | null;
  /** What was acted on besides the tenant (a licence id, a field list...). */
  target?: string | null;
  details?: Record<string, unknown>;
}

export async function audit(deps: ApiDeps, staff: StaffCaller, entry: AuditEntry): Promise<void> {
  const { error } = await platformAsService(deps)
    .from('platform_audit_log')
    .insert({
      staff_id: staff.staffId,
      staff_email: staff.email,
      action: entry.action,
      tenant_id: entry.tenant?.id ?? null,
      tenant_slug: entry.tenant?.slug ?? null,
      target: entry.target ?? null,
      details: entry.details ?? {},
    });
  if (error) {
    console.error('[api] audit row not written', entry.action, error.message);
    throw new ApiError(500, `The change was made but could not be recorded in the audit log: ${error.message}`);
  }
}
