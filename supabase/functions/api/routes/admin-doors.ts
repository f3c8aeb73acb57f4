/**
 * GET /admin/tenants/:id/doors: the staff door-troubleshooting view (spec §2,
 * /door-management; issue 11): a tenant's doors with their campus and last
 * check, its open maintenance, its campuses and its check interval, read
 * from its own project with its service key. Reading a tenant's data is a
 * support read: audited as `support.read` with target `doors`.
 */
import { Hono } from 'hono';
import { audit } from '../audit';
import type { ApiDeps } from '../deps';
import { ApiError, idParam } from '../http';
import type { ApiEnv } from '../staff-guard';
import { connectionFailure, requireTenantProject, staffAdminOnce, withTimeout } from '../tenant-access';

const NOT_FOUND = 'Organization not found';
const SERVICE_KEY_REQUIRED = "Service role key is required to read this organization's doors. Please configure it first.";

/** tenant_settings' key and the product's default (spec §9: default 24, values 1..168 hours). */
const CHECK_INTERVAL_KEY = 'check_interval_hours';
const DEFAULT_CHECK_INTERVAL_HOURS = 24;

/** A stored check interval; anything unusable gives the default (as the tenant's own screens read it). */
export function checkIntervalHours(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  return Number.isInteger(n) && n >= 1 && n <= 168 ? n : DEFAULT_CHECK_INTERVAL_HOURS;
}

interface DoorRow {
  id: string;
  door_number: string;
  name: string | null;
  location: string | null;
  status: string;
  condition: string | null;
  camera: string | null;
  campus_id: string;
  last_check: string | null;
  updated_at: string;
  campus: { campus_name: string } | null;
}

interface MaintenanceRow {
  id: string;
  door_id: string | null;
  door_name: string | null;
  issue_type: string | null;
  description: string | null;
  priority: string;
  status: string;
  created_at: string;
  assignee: { first_name: string | null; last_name: string | null; email: string } | null;
}

const personName = (p: MaintenanceRow['assignee']) => (p ? [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email : null);

export function adminDoorRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get('/:id/doors', staffAdminOnce(deps), async (c) => {
    const staff = c.get('staff');
    const { tenant, db } = await requireTenantProject(deps, idParam(c, 'id', NOT_FOUND), SERVICE_KEY_REQUIRED);

    let results;
    try {
      results = await withTimeout(
        Promise.all([
          db
            .from('doors')
            .select(
              'id, door_number, name, location, status, condition, camera, campus_id, last_check, updated_at, campus:campus_id(campus_name)',
            )
            .is('deleted_at', null)
            .order('door_number')
            .order('id'),
          db
            .from('maintenance_records')
            .select(
              'id, door_id, door_name, issue_type, description, priority, status, created_at, assignee:assigned_to(first_name, last_name, email)',
            )
            .neq('status', 'resolved')
            .order('created_at', { ascending: false })
            .order('id'),
          db.from('campus').select('id, campus_name').is('deleted_at', null).eq('active', true).order('campus_name').order('id'),
          db.from('tenant_settings').select('setting_value').eq('setting_key', CHECK_INTERVAL_KEY).is('deleted_at', null).maybeSingle(),
          db.rpc('door_last_checks'),
        ]),
      );
    } catch (e) {
      throw new ApiError(502, connectionFailure(tenant), { detail: e instanceof Error ? e.message : String(e) });
    }
    const [doorsRes, maintenanceRes, campusRes, settingRes, checksRes] = results;
    const failed = [doorsRes, maintenanceRes, campusRes, settingRes, checksRes].find((r) => r.error)?.error;
    if (failed) throw new ApiError(502, connectionFailure(tenant), { detail: failed.message });

    const lastChecks = new Map(
      ((checksRes.data ?? []) as { door_id: string; last_check_at: string }[]).map((r) => [r.door_id, r.last_check_at]),
    );
    const doorRows = (doorsRes.data ?? []) as unknown as DoorRow[];
    const doors = doorRows.map((d) => ({
      id: d.id,
      door_number: d.door_number,
      name: d.name,
      location: d.location,
      status: d.status,
      condition: d.condition,
      camera: d.camera,
      campus_id: d.campus_id,
      campus_name: d.campus?.campus_name ?? null,
      last_check_at: lastChecks.get(d.id) ?? d.last_check ?? null,
      updated_at: d.updated_at,
    }));
    const doorLabel = new Map(doorRows.map((d) => [d.id, d.name || d.door_number]));
    const maintenance = ((maintenanceRes.data ?? []) as unknown as MaintenanceRow[]).map((m) => ({
      id: m.id,
      door_id: m.door_id,
      door_name: m.door_name || (m.door_id ? (doorLabel.get(m.door_id) ?? null) : null),
      issue_type: m.issue_type,
      description: m.description,
      priority: m.priority,
      status: m.status,
      assigned_to_name: personName(m.assignee),
      created_at: m.created_at,
    }));
    const campuses = (campusRes.data ?? []) as { id: string; campus_name: string }[];
    const check_interval_hours = checkIntervalHours((settingRes.data as { setting_value: string | null } | null)?.setting_value);

    await audit(deps, staff, {
      action: 'support.read',
      tenant,
      target: 'doors',
      details: { doors: doors.length, open_maintenance: maintenance.length },
    });
    return c.json({ doors, maintenance, campuses, check_interval_hours });
  });

  return app;
}
