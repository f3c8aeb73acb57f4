/**
 * Who may open /tenant/{slug}/student-parking (issue 15, DESIGN §6,
 * decision 025): office staff, security admins and super admins manage
 * permits and violations; officers (regular_user) get the lot's plate lookup
 * and write violations; anyone else is refused. The whole area needs the
 * tenant's student_parking feature.
 */
import { normalizeRole } from '../../lib/roles';

export type ParkingAccess = 'staff' | 'officer' | 'refused' | 'feature-off';

export function parkingAccess(input: { role: string | null | undefined; featureOn: boolean }): ParkingAccess {
  const role = normalizeRole(input.role);
  const staff = role === 'office_staff' || role === 'security_admin' || role === 'super_admin';
  if (!staff && role !== 'regular_user') return 'refused';
  if (!input.featureOn) return 'feature-off';
  return staff ? 'staff' : 'officer';
}
