/**
 * A tenant's own user management (issue 12; spec §2 user management tile),
 * for the tenant's own super admin with their tenant session, or for a live
 * support session into this tenant; not staff routes (a platform token is
 * refused). Every route takes ?tenantSlug=:
 *   GET   /tenant-proxy/users                            {users} newest first
 *   POST  /tenant-proxy/users                            201 {user, email, inviteLink}: a password, or `invite: true`
 *   PATCH /tenant-proxy/users/:userId                    {user}
 *   POST  /tenant-proxy/users/:userId/reset-password     {user} that must change the password at sign-in
 *   POST  /tenant-proxy/users/:userId/deactivate         {user}
 *   POST  /tenant-proxy/users/:userId/reactivate         {user}
 * The operations are tenant-user-ops.ts, the staff panel's own. What a
 * support session does is the provider's access: audited as its staff
 * member. The tenant's super admin acts in their own organization: no
 * platform row. Nobody may deactivate themselves or change their own role.
 */
import { Hono, type Context } from 'hono';
import { decodeJwt, jwtVerify } from 'jose';
import { z } from 'zod';
import { createTenantUserRequestSchema, resetPasswordSchema, updateTenantUserSchema } from '../../_shared/tenant-users';
import { tenantSlugSchema } from '../../_shared/tenant-schema';
import { tenantAsService } from '../clients';
import { apiNow, type ApiDeps } from '../deps';
import { ApiError, fromDbError, idParam, readBody, readQuery, renderApiError, UUID_PATTERN } from '../http';
import { findTenant, platformDb, tenantSecret, type TenantRow, type TenantSecretRow } from '../platform';
import { bearerToken, requireStaffAdmin, type StaffCaller } from '../staff-guard';
import { tenantCaller } from '../tenant-tokens';
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

const NOT_AUTHENTICATED = 'Not authenticated';
export const INVITE_ORIGIN_REQUIRED =
  "An invitation link needs the app's address: send the request from the app (an http or https Origin header).";

const onlySuperAdmins = (t: TenantRow) => new ApiError(403, `Only ${t.company_name}'s super admins may manage its users`);

const querySchema = z.strictObject({ tenantSlug: tenantSlugSchema });

/**
 * The staff member of a live support session into this tenant; 'dead' for a
 * support token this tenant signed whose session has ended or expired (or
 * is not this tenant's); null when the token is no support token of it.
 */
async function supportStaff(deps: ApiDeps, tenant: TenantRow, jwtSecret: string, token: string): Promise<StaffCaller | 'dead' | null> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(jwtSecret), { algorithms: ['HS256'], currentDate: apiNow(deps) }));
  } catch {
    return null;
  }
  const id = payload.support_session;
  if (typeof id !== 'string') return null;
  if (!UUID_PATTERN.test(id)) return 'dead';
  const { data, error } = await platformDb(deps)
    .from('support_access_log')
    .select('tenant_id, staff_id, staff_email, expires_at, ended_at')
    .eq('id', id)
    .maybeSingle();
  if (error) throw fromDbError(error, 'Reading the support session');
  const log = data as {
    tenant_id: string;
    staff_id: string;
    staff_email: string | null;
    expires_at: string;
    ended_at: string | null;
  } | null;
  const live =
    log !== null &&
    log.tenant_id === tenant.id &&
    log.staff_id === payload.sub &&
    !log.ended_at &&
    Date.parse(log.expires_at) > apiNow(deps).getTime();
  return live ? { staffId: log.staff_id, email: log.staff_email ?? String(payload.email ?? '') } : 'dead';
}

/** True when the token is a live session of the tenant's project, asked of its own auth server. */
async function isTenantSession(deps: ApiDeps, tenant: TenantRow, token: string): Promise<boolean> {
  if (!tenant.supabase_url || !tenant.supabase_anon_key) return false;
  const res = await deps
    .fetch(`${tenant.supabase_url}/auth/v1/user`, { headers: { apikey: tenant.supabase_anon_key, authorization: `Bearer ${token}` } })
    .catch(() => null);
  return res?.ok === true;
}

/** Anyone else: a live platform session (a staff admin's too) is a 403, anything else a 401. */
async function refuse(c: Context, deps: ApiDeps, tenant: TenantRow): Promise<never> {
  const staff = await requireStaffAdmin(c, deps);
  if (staff.ok || staff.status === 403) throw onlySuperAdmins(tenant);
  throw new ApiError(401, NOT_AUTHENTICATED);
}

/** The caller, checked: this tenant's active super admin or a live support session into it. */
async function callerContext(c: Context, deps: ApiDeps, missingKey: string): Promise<UserOpsContext> {
  const token = bearerToken(c)!;
  const { tenantSlug } = readQuery(c, querySchema);
  const tenant = await findTenant(deps, { slug: tenantSlug });
  if (!tenant) {
    // Whether an organization exists is for a staff admin to learn, not for any token's holder.
    const staff = await requireStaffAdmin(c, deps);
    if (!staff.ok) throw new ApiError(staff.status, staff.error);
    throw new ApiError(404, 'Organization not found');
  }
  const secret: TenantSecretRow | null = await tenantSecret(deps, tenant.id);
  if (!secret) {
    // Without the service key nobody's role can be read; the tenant's own users learn why.
    if (await isTenantSession(deps, tenant, token)) throw new ApiError(409, missingKey);
    return refuse(c, deps, tenant);
  }
  const db = tenantAsService(deps, secret.project_url, secret.service_role_key);
  const support = secret.jwt_secret ? await supportStaff(deps, tenant, secret.jwt_secret, token) : null;
  if (support === 'dead') throw new ApiError(401, NOT_AUTHENTICATED);
  if (support) return { deps, tenant, db, staff: support, selfId: null };

  const who = await tenantCaller(deps, tenant, token);
  if (who === 'super_admin') {
    // tenantCaller verified the token: its subject is the caller's users row.
    return { deps, tenant, db, staff: null, selfId: decodeJwt(token).sub ?? null };
  }
  if (who === 'member' || who === 'other') throw onlySuperAdmins(tenant);
  return refuse(c, deps, tenant);
}

/** The app's own origin, where an invitation's link leads (the browser's Origin header). */
function appOrigin(c: Context): string {
  const raw = c.req.header('origin') ?? '';
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== raw.replace(/\/$/, '')) {
    throw new ApiError(422, INVITE_ORIGIN_REQUIRED, { issues: [{ path: 'invite', message: INVITE_ORIGIN_REQUIRED }] });
  }
  return url.origin;
}

export function tenantOwnUserRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  // No token is a 401 before anything else, as on the admin routes.
  app.use('/users', async (c, next) => (bearerToken(c) ? next() : renderApiError(c, new ApiError(401, 'Missing session token'))));
  app.use('/users/*', async (c, next) => (bearerToken(c) ? next() : renderApiError(c, new ApiError(401, 'Missing session token'))));

  app.get('/users', async (c) => {
    const ctx = await callerContext(c, deps, SERVICE_KEY_REQUIRED.list);
    return c.json({ users: await listTenantUsers(ctx) });
  });

  app.post('/users', async (c) => {
    const ctx = await callerContext(c, deps, SERVICE_KEY_REQUIRED.create);
    const body = await readBody(c, createTenantUserRequestSchema);
    const access = body.invite
      ? { inviteRedirectTo: `${appOrigin(c)}/tenant/${ctx.tenant.slug}/accept-invite` }
      : { password: body.password };
    const { first_name, last_name, username, department, phone, role } = body;
    const made = await createTenantUser(ctx, { first_name, last_name, username, department, phone, role }, access);
    return c.json(made, 201);
  });

  app.patch('/users/:userId', async (c) => {
    const ctx = await callerContext(c, deps, SERVICE_KEY_REQUIRED.update);
    const userId = idParam(c, 'userId', USER_NOT_FOUND);
    const body = await readBody(c, updateTenantUserSchema);
    return c.json({ user: await updateTenantUser(ctx, userId, body) });
  });

  app.post('/users/:userId/reset-password', async (c) => {
    const ctx = await callerContext(c, deps, SERVICE_KEY_REQUIRED.reset);
    const userId = idParam(c, 'userId', USER_NOT_FOUND);
    const body = await readBody(c, resetPasswordSchema);
    return c.json({ user: await resetTenantUserPassword(ctx, userId, body.password) });
  });

  app.post('/users/:userId/deactivate', async (c) => {
    const ctx = await callerContext(c, deps, SERVICE_KEY_REQUIRED.deactivate);
    return c.json({ user: await deactivateTenantUser(ctx, idParam(c, 'userId', USER_NOT_FOUND)) });
  });

  app.post('/users/:userId/reactivate', async (c) => {
    const ctx = await callerContext(c, deps, SERVICE_KEY_REQUIRED.reactivate);
    return c.json({ user: await reactivateTenantUser(ctx, idParam(c, 'userId', USER_NOT_FOUND)) });
  });

  return app;
}
