/**
 * The provider's staff, for staff admins (the dashboard's Staff Management
 * tile; issue 11):
 *   GET  /admin/staff                  {staff} newest first
 *   POST /admin/staff                  a confirmed platform account with the given password, and its Staff row
 *   POST /admin/staff/:id/deactivate   Staff.active=false and the account banned; never yourself (409)
 * Staff is written by the server alone (platform migration
 * 20261123000300_staff_management.sql), with the platform's service key.
 */
import { Hono } from 'hono';
import { createStaffSchema } from '../../_shared/tenant-users';
import { audit } from '../audit';
import { platformAsService } from '../clients';
import type { ApiDeps } from '../deps';
import { ApiError, conflict, fromDbError, idParam, notFound, readBody } from '../http';
import type { ApiEnv } from '../staff-guard';
import { staffAdminOnce } from '../tenant-access';
import { BAN_DURATION } from './admin-tenant-users';

const STAFF_COLUMNS = 'id, email, first_name, last_name, is_staff_admin, active, created_at';
const STAFF_NOT_FOUND = 'Staff member not found';

interface StaffView {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_staff_admin: boolean;
  active: boolean;
  created_at: string;
}

export function adminStaffRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const staffAdmin = staffAdminOnce(deps);

  app.get('/', staffAdmin, async (c) => {
    const { data, error } = await platformAsService(deps)
      .from('Staff')
      .select(STAFF_COLUMNS)
      .order('created_at', { ascending: false })
      .order('id');
    if (error) throw fromDbError(error, 'Reading staff');
    return c.json({ staff: data ?? [] });
  });

  app.post('/', staffAdmin, async (c) => {
    const caller = c.get('staff');
    const body = await readBody(c, createStaffSchema);
    const platform = platformAsService(deps);
    const taken = await platform.from('Staff').select('id').eq('email', body.email).maybeSingle();
    if (taken.error) throw fromDbError(taken.error, 'Reading staff');
    if (taken.data) throw conflict(`A staff member with the email ${body.email} already exists`);

    const fullName = `${body.first_name} ${body.last_name}`;
    const created = await platform.auth.admin.createUser({
      email: body.email,
      password: body.password,
      email_confirm: true,
      user_metadata: { first_name: body.first_name, last_name: body.last_name, full_name: fullName, name: fullName },
    });
    const account = created.data.user;
    if (created.error || !account) {
      const message = `Failed to create staff member: ${created.error?.message ?? 'no account returned'}`;
      const code = created.error?.code;
      if (code === 'email_exists' || code === 'user_already_exists') throw conflict(message);
      if (created.error?.status === 400 || created.error?.status === 422)
        throw new ApiError(422, message, { issues: [{ path: '', message }] });
      throw new ApiError(502, message);
    }

    const { data, error } = await platform
      .from('Staff')
      .insert({
        id: account.id,
        email: body.email,
        first_name: body.first_name,
        last_name: body.last_name,
        is_staff_admin: body.is_staff_admin,
        active: true,
      })
      .select(STAFF_COLUMNS)
      .single();
    if (error || !data) {
      // No account without its Staff row: a failed create changes nothing.
      await platform.auth.admin.deleteUser(account.id);
      throw new ApiError(error?.code === '23505' ? 409 : 502, `Failed to create staff member: ${error?.message ?? 'no row returned'}`);
    }
    const staff = data as StaffView;
    await audit(deps, caller, {
      action: 'staff.create',
      target: staff.email,
      details: { staff_id: staff.id, is_staff_admin: staff.is_staff_admin },
    });
    return c.json({ staff }, 201);
  });

  app.post('/:id/deactivate', staffAdmin, async (c) => {
    const caller = c.get('staff');
    const id = idParam(c, 'id', STAFF_NOT_FOUND);
    if (id === caller.staffId.toLowerCase()) throw conflict('You cannot deactivate yourself');
    const platform = platformAsService(deps);
    const found = await platform.from('Staff').select(STAFF_COLUMNS).eq('id', id).maybeSingle();
    if (found.error) throw fromDbError(found.error, 'Reading staff');
    if (!found.data) throw notFound(STAFF_NOT_FOUND);
    const before = found.data as StaffView;

    // The account first: banned, it cannot sign in and its sessions end.
    const banned = await platform.auth.admin.updateUserById(id, { ban_duration: BAN_DURATION });
    if (banned.error) throw new ApiError(502, `Failed to deactivate the staff member: ${banned.error.message}`);
    const { data, error } = await platform.from('Staff').update({ active: false }).eq('id', id).select(STAFF_COLUMNS).single();
    if (error || !data) {
      if (before.active) await platform.auth.admin.updateUserById(id, { ban_duration: 'none' });
      throw new ApiError(502, `Failed to deactivate the staff member: ${error?.message ?? 'no row returned'}`);
    }
    const staff = data as StaffView;
    await audit(deps, caller, {
      action: 'staff.deactivate',
      target: staff.email,
      details: { staff_id: staff.id, was_active: before.active },
    });
    return c.json({ staff });
  });

  return app;
}
