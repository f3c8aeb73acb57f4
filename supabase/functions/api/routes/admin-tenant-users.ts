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
 *   POST  /admin/tenants/:id/users/:userId/reactivate          active=true and the ban lifted
 * Everything goes to the tenant's own project with its service key, which
 * is sent only to the URL stored with it (tenant_secrets.project_url). The
 * operations themselves are tenant-user-ops.ts, shared with the tenant's
 * own user management (tenant-own-users.ts).
 */
import { Hono, type Context } from 'hono';
import { createTenantUserSchema, resetPasswordSchema, updateTenantUserSchema } from '../../_shared/tenant-users';
import { tenantAsService } from '../clients';
import type { ApiDeps } from '../deps';
import { idParam, readBody } from '../http';
import { requireTenant, tenantSecret } from '../platform';
import { connectionFailure, requireTenantProject, staffAdminOnce, withTimeout } from '../tenant-access';
import {
  createTenantUser,
  deactivateTenantUser,
  listTenantUsers,
  reactivateTenantUser,
  resetTenantUserPassword,
  SERVICE_KEY_REQUIRED,
  updateTenantUser,
  USER_NOT_FOUND,
  type UserOpsContext,
} from '../tenant-user-ops';
import type { ApiEnv } from '../staff-guard';

export { BAN_DURATION, SERVICE_KEY_REQUIRED, TENANT_USER_COLUMNS, type TenantUserView } from '../tenant-user-ops';

const NOT_FOUND = 'Organization not found';

/** The tenant named by :id with its project, the staff admin as the audited actor. */
async function staffContext(c: Context<ApiEnv>, deps: ApiDeps, missingKey: string): Promise<UserOpsContext> {
  const { tenant, db } = await requireTenantProject(deps, idParam(c, 'id', NOT_FOUND), missingKey);
  return { deps, tenant, db, staff: c.get('staff') };
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
    const ctx = await staffContext(c, deps, SERVICE_KEY_REQUIRED.list);
    return c.json({ users: await listTenantUsers(ctx) });
  });

  app.post('/:id/users', staffAdmin, async (c) => {
    idParam(c, 'id', NOT_FOUND);
    const { password, ...body } = await readBody(c, createTenantUserSchema);
    const ctx = await staffContext(c, deps, SERVICE_KEY_REQUIRED.create);
    const { user, email } = await createTenantUser(ctx, body, { password });
    return c.json({ user, email }, 201);
  });

  app.patch('/:id/users/:userId', staffAdmin, async (c) => {
    idParam(c, 'id', NOT_FOUND);
    const userId = idParam(c, 'userId', USER_NOT_FOUND);
    const body = await readBody(c, updateTenantUserSchema);
    const ctx = await staffContext(c, deps, SERVICE_KEY_REQUIRED.update);
    return c.json({ user: await updateTenantUser(ctx, userId, body) });
  });

  app.post('/:id/users/:userId/reset-password', staffAdmin, async (c) => {
    idParam(c, 'id', NOT_FOUND);
    const userId = idParam(c, 'userId', USER_NOT_FOUND);
    const body = await readBody(c, resetPasswordSchema);
    const ctx = await staffContext(c, deps, SERVICE_KEY_REQUIRED.reset);
    return c.json({ user: await resetTenantUserPassword(ctx, userId, body.password) });
  });

  app.post('/:id/users/:userId/deactivate', staffAdmin, async (c) => {
    idParam(c, 'id', NOT_FOUND);
    const userId = idParam(c, 'userId', USER_NOT_FOUND);
    const ctx = await staffContext(c, deps, SERVICE_KEY_REQUIRED.deactivate);
    return c.json({ user: await deactivateTenantUser(ctx, userId) });
  });

  app.post('/:id/users/:userId/reactivate', staffAdmin, async (c) => {
    idParam(c, 'id', NOT_FOUND);
    const userId = idParam(c, 'userId', USER_NOT_FOUND);
    const ctx = await staffContext(c, deps, SERVICE_KEY_REQUIRED.reactivate);
    return c.json({ user: await reactivateTenantUser(ctx, userId) });
  });

  return app;
}
