/**
 * Which role may do what on the security administration screens: one policy
 * map mirroring docs/rls-matrix.md, so a button is offered only when the
 * server would accept the write. The server still decides (RLS); a stale
 * cached role whose write is refused lands in the sync status as "needs
 * attention".
 */
import { normalizeRole, type TenantRole } from '../../../lib/roles';

export type AdminAction =
  | 'campus.write'
  | 'door.write'
  | 'door.delete'
  | 'condition.write'
  | 'incident.report'
  | 'incident.edit'
  | 'incident.delete'
  | 'user.edit'
  | 'user.delete'
  | 'report.export';

const SECURITY = ['security_admin', 'super_admin'] as const;
const EVERYONE = ['regular_user', 'office_staff', 'security_admin', 'transportation_admin', 'super_admin'] as const;

export const ADMIN_POLICY: Record<AdminAction, readonly TenantRole[]> = {
  'campus.write': SECURITY,
  'door.write': SECURITY,
  'door.delete': SECURITY,
  'condition.write': SECURITY,
  'incident.report': EVERYONE,
  'incident.edit': SECURITY,
  'incident.delete': ['super_admin'],
  'user.edit': SECURITY,
  'user.delete': ['super_admin'],
  'report.export': EVERYONE,
};

export function can(role: string | null | undefined, action: AdminAction): boolean {
  return ADMIN_POLICY[action].includes(normalizeRole(role));
}

/** The reporter may still edit their own incident while it is reported (and it stays reported). */
export function canEditIncident(
  role: string | null | undefined,
  userId: string,
  incident: Readonly<Record<string, unknown>>,
): 'all' | 'own-reported' | 'none' {
  if (can(role, 'incident.edit')) return 'all';
  if (incident.reported_by === userId && incident.status === 'reported') return 'own-reported';
  return 'none';
}

/**
 * What the incident form lets the caller set: creating, a non-admin files at
 * the spec's default status ('reported', which the server also insists on)
 * and an admin moves it on later; editing follows canEditIncident.
 */
export function incidentFormMode(
  role: string | null | undefined,
  userId: string,
  incident: Readonly<Record<string, unknown>> | null,
): 'all' | 'own-reported' | 'none' {
  if (incident) return canEditIncident(role, userId, incident);
  return can(role, 'incident.edit') ? 'all' : can(role, 'incident.report') ? 'own-reported' : 'none';
}

/** A security admin edits users who are not super admins; a super admin edits everyone. */
export function canEditUser(role: string | null | undefined, target: Readonly<Record<string, unknown>>): boolean {
  const r = normalizeRole(role);
  if (r === 'super_admin') return true;
  if (r !== 'security_admin') return false;
  return !(target.is_super_admin === true || target.role === 'super_admin');
}

/** Roles the editor may give: a security admin never grants super_admin. */
export function assignableRoles(role: string | null | undefined): TenantRole[] {
  const all: TenantRole[] = ['regular_user', 'office_staff', 'security_admin', 'transportation_admin', 'super_admin'];
  return normalizeRole(role) === 'super_admin' ? all : all.filter((r) => r !== 'super_admin');
}
