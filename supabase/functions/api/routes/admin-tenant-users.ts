/**
 * A tenant's users, for staff admins (spec §2 Staff user-management panel,
 * §4 add-user flow and connection test, §5 New user, admin password reset
 * and User edit, §8 Staff user panel alerts; issue 11):
 *   POST  /admin/tenants/:id/connection-test                   {ok, elapsedMs, users, error}
 *   GET   /admin/tenants/:id/users                             {users} newest first
 *   POST  /admin/tenants/:id/users                             create: a confirmed account and its users row
 *   PATCH /admin/tenants/:id/users/:userId                     names, department, phone, role
 *   POST  /admin/tenants/:id/users/:userId/reset-password      a new password the user must change at sign-in
 *   POST  /admin/tenants/:id/users/:userId/deactivate          active=false and the account banned
 * Everything goes to the tenant's own project with its service key, which
 * is sent only to the URL stored with it (tenant_secrets.project_url).
 */
import { Hono } from 'hono';
import type { AuthError, SupabaseClient } from '@supabase/supabase-js';
import { isValidEmail } from '../../_shared/email';
import {
  createTenantUserSchema,
  newUserEmail,
  resetPasswordSchema,
  updateTenantUserSchema,
  USER_MESSAGES,
} from '../../_shared/tenant-users';
import { tenantAsService } from '../clients';
import { audit } from '../audit';
import type { ApiDeps } from '../deps';
import { ApiError, idParam, notFound, readBody } from '../http';
import { requireTenant, tenantSecret } from '../platform';
import { connectionFailure, requireTenantProject, staffAdminOnce, withTimeout } from '../tenant-access';
import type { ApiEnv } from '../staff-guard';

const NOT_FOUND = 'Organization not found';
const USER_NOT_FOUND = 'User not found';

/** What the staff panel shows of a user. */
export const TENANT_USER_COLUMNS =
  'id, email, first_name, last_name, phone, department, role, is_admin, is_organization_user, active, require_password_change, last_sign_in_at, created_at';

/** Spec §8 names the reset's; the others say the same of their action. */
export const SERVICE_KEY_REQUIRED = {
  list: 'Service role key is required to list users. Please configure it first.',
  create: 'Service role key is required to create users. Please configure it first.',
  update: 'Service role key is required to update users. Please configure it first.',
  reset: 'Service role key is required for password reset. Please configure it first.',
  deactivate: 'Service role key is required to deactivate users. Please configure it first.',
  test: 'Service role key is required for the connection test. Please configure it first.',
} as const;

/** GoTrue's ban for a deactivated account: a hundred years (GoTrue takes a Go duration). */
export const BAN_DURATION = '876000h';

export interface TenantUserView {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  department: string | null;
  role: string;
  is_admin: boolean;
  is_organization_user: boolean;
  active: boolean;
  require_password_change: boolean;
  last_sign_in_at: string | null;
  created_at: string;
}

/**
 * An error from the tenant's auth server: a taken email is a 409, what it
 * refuses in the request (a password it finds weak) a 422, anything else
 * (unreachable, a server error) a 502; the message starts with `prefix`.
 */
function authFailure(error: AuthError | null, prefix: string): ApiError {
  const message = `${prefix}: ${error?.message ?? 'no account returned'}`;
  if (error?.code === 'email_exists' || error?.code === 'user_already_exists') return new ApiError(409, message);
  if (error && (error.status === 400 || error.status === 422)) {
    return new ApiError(422, message, { issues: [{ path: error.code === 'weak_password' ? 'password' : '', message }] });
  }
  return new ApiError(502, message);
}

async function readUser(db: SupabaseClient, userId: string): Promise<TenantUserView> {
  const { data, error } = await db.from('users').select(TENANT_USER_COLUMNS).eq('id', userId).is('deleted_at', null).maybeSingle();
  if (error) throw new ApiError(502, `Reading the user: ${error.message}`);
  if (!data) throw notFound(USER_NOT_FOUND);
  return data as TenantUserView;
}

export function adminTenantUserRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  // Mounted at /admin/tenants beside the tenant routes: the guard names its paths.
  const staffAdmin = staffAdminOnce(deps);

  app.post('/:id/connection-test', staffAdmin, async (c) => {
    const tenant = await requireTenant(deps, { id: idParam(c, 'id', NOT_FOUND) });
    const secret = await tenantSecret(deps, tenant.id);
    if (!secret) return c.json({ ok: false, elapsedMs: 0, users: null, error: SERVICE_KEY_REQUIRED.test, detail: null });
    const db = tenantAsService(deps, secret.project_url, secret.service_role_key);
    const started = performance.now();
    let users: number | null = null;
    let detail: string | null = null;
    try {
      const r = await withTimeout(db.from('users').select('id', { count: 'exact', head: true }));
      if (r.error) detail = r.error.message || 'the users table could not be read';
      else users = r.count ?? 0;
    } catch (e) {
      detail = e instanceof Error ? e.message : String(e);
    }
    const elapsedMs = Math.round(performance.now() - started);
    return c.json({ ok: detail === null, elapsedMs, users, error: detail === null ? null : connectionFailure(tenant), detail });
  });

  app.get('/:id/users', staffAdmin, async (c) => {
    const { tenant, db } = await requireTenantProject(deps, idParam(c, 'id', NOT_FOUND), SERVICE_KEY_REQUIRED.list);
    let result: { data: unknown[] | null; error: { message: string } | null };
    try {
      result = await withTimeout(
        db.from('users').select(TENANT_USER_COLUMNS).is('deleted_at', null).order('created_at', { ascending: false }).order('id'),
      );
    } catch (e) {
      result = { data: null, error: { message: e instanceof Error ? e.message : String(e) } };
    }
    if (result.error) throw new ApiError(502, connectionFailure(tenant), { detail: result.error.message });
    const users = result.data ?? [];
    // Reading the tenant's people is provider access to its data: the tenant sees it in its support history (DESIGN §8).
    await audit(deps, c.get('staff'), { action: 'support.read', tenant, target: 'users', details: { users: users.length } });
    return c.json({ users });
  });

  app.post('/:id/users', staffAdmin, async (c) => {
    const staff = c.get('staff');
    const id = idParam(c, 'id', NOT_FOUND);
    const body = await readBody(c, createTenantUserSchema);
    const { tenant, db } = await requireTenantProject(deps, id, SERVICE_KEY_REQUIRED.create);
    const email = newUserEmail(body.username, tenant.email_domain);
    if (!isValidEmail(email)) {
      throw new ApiError(422, `username: ${USER_MESSAGES.username}`, { issues: [{ path: 'username', message: USER_MESSAGES.username }] });
    }

    const fullName = `${body.first_name} ${body.last_name}`;
    const created = await db.auth.admin.createUser({
      email,
      password: body.password,
      email_confirm: true,
      user_metadata: { first_name: body.first_name, last_name: body.last_name, full_name: fullName, name: fullName },
    });
    const account = created.data.user;
    if (created.error || !account) throw authFailure(created.error, 'Failed to create user');

    // The profile the product reads; its flags follow the role (the tenant's
    // trigger), and the user must choose their own password at first sign-in.
    const { data, error } = await db
      .from('users')
      .insert({
        id: account.id,
        email,
        first_name: body.first_name,
        last_name: body.last_name,
        department: body.department ?? null,
        phone: body.phone ?? null,
        role: body.role,
        is_organization_user: true,
        tenant_slug: tenant.slug,
        organization_email_domain: tenant.email_domain,
        active: true,
        require_password_change: true,
      })
      .select(TENANT_USER_COLUMNS)
      .single();
    if (error || !data) {
      // No account without its profile: a failed create changes nothing.
      const removed = await db.auth.admin.deleteUser(account.id);
      const why = error?.message ?? 'no row returned';
      const note = removed.error ? ` (the account ${email} was made and could not be removed: ${removed.error.message})` : '';
      throw new ApiError(error?.code === '23505' ? 409 : 502, `Failed to create user profile: ${why}${note}`);
    }
    const user = data as TenantUserView;

    await audit(deps, staff, {
      action: 'tenant_user.create',
      tenant,
      target: email,
      details: { user_id: user.id, role: user.role, department: user.department },
    });
    return c.json({ user, email }, 201);
  });

  app.patch('/:id/users/:userId', staffAdmin, async (c) => {
    const staff = c.get('staff');
    const id = idParam(c, 'id', NOT_FOUND);
    const userId = idParam(c, 'userId', USER_NOT_FOUND);
    const body = await readBody(c, updateTenantUserSchema);
    const { tenant, db } = await requireTenantProject(deps, id, SERVICE_KEY_REQUIRED.update);
    const before = await readUser(db, userId);

    const { data, error } = await db
      .from('users')
      .update(body)
      .eq('id', userId)
      .is('deleted_at', null)
      .select(TENANT_USER_COLUMNS)
      .maybeSingle();
    if (error) throw new ApiError(502, 'Failed to update user. Please try again.', { detail: error.message });
    if (!data) throw notFound(USER_NOT_FOUND);
    const user = data as TenantUserView;

    const fields = Object.keys(body) as (keyof typeof body)[];
    const changes = Object.fromEntries(
      fields.filter((f) => before[f] !== user[f]).map((f) => [f, { from: before[f] ?? null, to: user[f] ?? null }]),
    );
    await audit(deps, staff, {
      action: 'tenant_user.update',
      tenant,
      target: user.email,
      details: { user_id: user.id, fields, changes },
    });
    return c.json({ user });
  });

  app.post('/:id/users/:userId/reset-password', staffAdmin, async (c) => {
    const staff = c.get('staff');
    const id = idParam(c, 'id', NOT_FOUND);
    const userId = idParam(c, 'userId', USER_NOT_FOUND);
    const body = await readBody(c, resetPasswordSchema);
    const { tenant, db } = await requireTenantProject(deps, id, SERVICE_KEY_REQUIRED.reset);
    const before = await readUser(db, userId);

    const changed = await db.auth.admin.updateUserById(userId, { password: body.password });
    if (changed.error) throw authFailure(changed.error, 'Failed to reset password');
    // After the auth change: the tenant's trigger clears the flag when a
    // password changes, and an admin reset sets it again (spec §4).
    const { data, error } = await db
      .from('users')
      .update({ require_password_change: true, password_changed_at: new Date().toISOString() })
      .eq('id', userId)
      .select(TENANT_USER_COLUMNS)
      .maybeSingle();
    if (error || !data) {
      throw new ApiError(502, 'Failed to reset password. Please try again.', {
        detail: `The password was changed, but the user was not marked to change it: ${error?.message ?? 'no row returned'}`,
      });
    }
    const user = data as TenantUserView;

    await audit(deps, staff, { action: 'tenant_user.reset_password', tenant, target: before.email, details: { user_id: user.id } });
    return c.json({ user });
  });

  app.post('/:id/users/:userId/deactivate', staffAdmin, async (c) => {
    const staff = c.get('staff');
    const id = idParam(c, 'id', NOT_FOUND);
    const userId = idParam(c, 'userId', USER_NOT_FOUND);
    const { tenant, db } = await requireTenantProject(deps, id, SERVICE_KEY_REQUIRED.deactivate);
    const before = await readUser(db, userId);

    // The account first: once banned it cannot sign in (and its sessions end);
    // then the profile, which the tenant's RLS reads on every request.
    const banned = await db.auth.admin.updateUserById(userId, { ban_duration: BAN_DURATION });
    if (banned.error) {
      if (banned.error.status === 404) throw notFound(USER_NOT_FOUND);
      throw new ApiError(502, 'Failed to deactivate user. Please try again.', { detail: banned.error.message });
    }
    const { data, error } = await db.from('users').update({ active: false }).eq('id', userId).select(TENANT_USER_COLUMNS).maybeSingle();
    if (error || !data) {
      if (before.active) await db.auth.admin.updateUserById(userId, { ban_duration: 'none' });
      throw new ApiError(502, 'Failed to deactivate user. Please try again.', { detail: error?.message ?? 'no row returned' });
    }
    const user = data as TenantUserView;

    await audit(deps, staff, {
      action: 'tenant_user.deactivate',
      tenant,
      target: user.email,
      details: { user_id: user.id, was_active: before.active },
    });
    return c.json({ user });
  });

  return app;
}
