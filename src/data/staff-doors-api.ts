/**
 * The staff door-troubleshooting view's one read (spec §2 /door-management,
 * issue 11): a tenant's doors, open maintenance, campuses and check interval,
 * read by the product API with the tenant's service key and audited there as
 * a support read. The browser only ever holds the staff admin's own token.
 */
import { callProductApi } from './product-api';

export type StaffDoorStatus = 'operational' | 'maintenance' | 'out_of_service';

export interface StaffDoor {
  id: string;
  door_number: string;
  name: string | null;
  location: string | null;
  /** One of StaffDoorStatus in practice; kept as text so an unknown value still shows. */
  status: string;
  condition: string | null;
  camera: string | null;
  campus_id: string;
  campus_name: string | null;
  last_check_at: string | null;
  updated_at: string;
}

export interface StaffMaintenance {
  id: string;
  door_id: string | null;
  door_name: string | null;
  issue_type: string | null;
  description: string | null;
  priority: string;
  status: string;
  assigned_to_name: string | null;
  created_at: string;
}

export interface StaffDoorsAnswer {
  doors: StaffDoor[];
  /** Only records not yet resolved, newest first. */
  maintenance: StaffMaintenance[];
  campuses: { id: string; campus_name: string }[];
  check_interval_hours: number;
}

/** GET /api/admin/tenants/:id/doors (staff admins only). */
export function fetchStaffTenantDoors(tenantId: string): Promise<StaffDoorsAnswer> {
  return callProductApi<StaffDoorsAnswer>(`/admin/tenants/${encodeURIComponent(tenantId)}/doors`);
}
