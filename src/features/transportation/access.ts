/**
 * Who may open /tenant/{slug}/transportation (issue 14, decision 024): the
 * transportation admins and super admins manage everything; a user the
 * admins linked to a driver record or assigned to a bus or route gets the
 * driver's phone screens for those buses; everyone else is refused. The
 * whole area needs the tenant's transportation add-on.
 */
import { normalizeRole } from '../../lib/roles';

export type TransportAccess = 'admin' | 'driver' | 'refused' | 'feature-off';

export function transportAccess(input: { role: string | null | undefined; featureOn: boolean; isDriver: boolean }): TransportAccess {
  const role = normalizeRole(input.role);
  const admin = role === 'transportation_admin' || role === 'super_admin';
  if (!admin && !input.isDriver) return 'refused';
  if (!input.featureOn) return 'feature-off';
  return admin ? 'admin' : 'driver';
}

/** The tables that tell whether this user drives or rides along on a bus (the server shows each user only their own rows). */
export const DRIVER_LINK_TABLES = ['bus_drivers', 'user_bus_assignments', 'user_route_assignments'] as const;

/** An assignment row in force on `day` (starts_on .. ends_on, both inclusive). */
export function assignmentCurrent(row: Readonly<Record<string, unknown>>, day: string): boolean {
  if (row.deleted_at) return false;
  const starts = typeof row.starts_on === 'string' ? row.starts_on : '';
  const ends = typeof row.ends_on === 'string' ? row.ends_on : null;
  return starts <= day && (ends === null || ends >= day);
}
