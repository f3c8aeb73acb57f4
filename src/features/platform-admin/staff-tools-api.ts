/**
 * The staff-tools routes of issue 11 (docs/product-api.md "Staff tools") as
 * the dashboard and its four screens call them, typed as the API answers.
 */
import { callProductApi } from '../../data';
import type { Health } from '../../../supabase/functions/_shared/health';
import type { CreateStaff } from '../../../supabase/functions/_shared/tenant-users';
import type { AdminStats } from './api';

/** One tenant in GET /admin/stats: its own counts when it answered, else why not. */
export interface TenantFigures {
  id: string;
  slug: string;
  company_name: string;
  status: string;
  database_status: string;
  /** null: not asked (no service key, or its database is not active). */
  reachable: boolean | null;
  error: string | null;
  health: Health | null;
  /** When its own figures were read (the server keeps them up to a minute); null without figures. */
  as_of: string | null;
  doors?: number;
  checks_24h?: number;
  last_check_at?: string | null;
  maintenance_open?: number;
  incidents_open?: number;
  incidents_critical?: number;
}

export interface FullAdminStats extends AdminStats {
  perTenant: TenantFigures[];
}

export interface ActivityRow {
  id: string;
  action: string;
  staff_email: string | null;
  tenant_slug: string | null;
  target: string | null;
  details: unknown;
  created_at: string;
}

export interface StaffMember {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_staff_admin: boolean;
  active: boolean;
  created_at: string;
}

export interface DoorCheckReport {
  /** Each week's Monday (UTC, YYYY-MM-DD), oldest first. */
  weeks: string[];
  tenants: { slug: string; company_name: string; counts: number[] }[];
  unreachable: string[];
}

/** Recent activity rows on the dashboard. */
export const ACTIVITY_LIMIT = 10;
/** Weeks in the Reports & Analytics chart. */
export const REPORT_WEEKS = 8;

export const staffToolsApi = {
  stats: () => callProductApi<FullAdminStats>('/admin/stats'),
  activity: async () =>
    (await callProductApi<{ activity: ActivityRow[] }>('/admin/activity', { query: { limit: ACTIVITY_LIMIT } })).activity,
  listStaff: async () => (await callProductApi<{ staff: StaffMember[] }>('/admin/staff')).staff,
  createStaff: (body: CreateStaff) => callProductApi<{ staff: StaffMember }>('/admin/staff', { method: 'POST', body }),
  deactivateStaff: (id: string) =>
    callProductApi<{ staff: StaffMember }>(`/admin/staff/${encodeURIComponent(id)}/deactivate`, { method: 'POST' }),
  doorChecks: () => callProductApi<DoorCheckReport>('/admin/reports/door-checks', { query: { weeks: REPORT_WEEKS } }),
};
