/**
 * Audited support sessions (spec §2 Support access dialog, §4, §5, §8;
 * DESIGN §6 and §8; issue 11; docs/decisions/019):
 *   POST /admin/support-sessions             re-check the password, record the session on both sides, mint the token
 *   POST /admin/support-sessions/:id/end     record the end on both sides (a second end answers the first)
 *   GET  /tenant-proxy/support-history       the tenant's sessions and other staff access, for a staff admin or its own super admin
 * The session is valid at the tenant only while its support_sessions row is
 * live (not ended, not expired by the tenant database's clock); the token's
 * own exp is the same expiry. Times come from the API's clock (deps.now).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { startSupportSchema, SUPPORT_API_MESSAGES, SUPPORT_SESSION_SECONDS } from '../../_shared/support-access';
import { tenantSlugSchema } from '../../_shared/tenant-schema';
import { audit } from '../audit';
import { tenantAsService } from '../clients';
import { apiNow, type ApiDeps } from '../deps';
import { ApiError, fromDbError, idParam, readBody, readQuery, renderApiError } from '../http';
import { findTenant, platformDb, requireTenant, tenantSecret, type TenantRow } from '../platform';
import { bearerToken, requireStaffAdmin, type ApiEnv, type StaffCaller } from '../staff-guard';
import { lockedError, reauthenticate, refuseWhileLocked } from '../support-reauth';
import { connectionFailure, staffAdminOnce, withTimeout } from '../tenant-access';
import { signSupportToken, tenantCaller } from '../tenant-tokens';

const NOT_FOUND = 'Support session not found';
const NO_KEYS = 'Service role key and JWT secret are required for support access. Please configure them first.';

/** support_access_log as the API reads it. */
interface LogRow {
  id: string;
  staff_id: string;
  staff_email: string | null;
  staff_name: string | null;
  tenant_id: string;
  tenant_slug: string | null;
  reason: string;
  reason_details: string | null;
  started_at: string;
  expires_at: string;
  ended_at: string | null;
}

const LOG_COLUMNS =
  'id, staff_id, staff_email, staff_name, tenant_id, tenant_slug, reason, reason_details, started_at, expires_at, ended_at';

const notReady = (t: TenantRow) =>
  `${t.company_name}'s database is not ready (its status is ${t.database_status}); support sessions open only to an active database.`;

const iso = (value: string) => new Date(value).toISOString();

async function staffName(deps: ApiDeps, staffId: string): Promise<string | null> {
  const { data } = await platformDb(deps).from('Staff').select('first_name, last_name').eq('id', staffId).maybeSingle();
  const row = data as { first_name: string | null; last_name: string | null } | null;
  const name = [row?.first_name, row?.last_name].filter(Boolean).join(' ').trim();
  return name || null;
}

async function readLog(deps: ApiDeps, id: string): Promise<LogRow | null> {
  const { data, error } = await platformDb(deps).from('support_access_log').select(LOG_COLUMNS).eq('id', id).maybeSingle();
  if (error) throw fromDbError(error, 'Reading the support session');
  return (data as LogRow | null) ?? null;
}

/** The tenant's project with its service key and JWT secret (409 without them). */
async function tenantKeys(deps: ApiDeps, tenant: TenantRow) {
  const secret = await tenantSecret(deps, tenant.id);
  if (!secret?.jwt_secret || !tenant.supabase_url || !tenant.supabase_anon_key) throw new ApiError(409, NO_KEYS);
  return {
    db: tenantAsService(deps, secret.project_url, secret.service_role_key),
    jwtSecret: secret.jwt_secret,
    url: tenant.supabase_url,
    anonKey: tenant.supabase_anon_key,
  };
}

/** Sets ended_at on the tenant's row when it is not set yet; false when the tenant cannot be reached. */
async function endAtTenant(deps: ApiDeps, tenant: TenantRow, id: string, endedAt: string): Promise<boolean> {
  const secret = await tenantSecret(deps, tenant.id);
  if (!secret) return false;
  const db = tenantAsService(deps, secret.project_url, secret.service_role_key);
  try {
    const { error } = await withTimeout(db.from('support_sessions').update({ ended_at: endedAt }).eq('id', id).is('ended_at', null));
    return !error;
  } catch {
    return false;
  }
}

async function start(c: Context<ApiEnv>, deps: ApiDeps): Promise<Response> {
  const staff = c.get('staff');
  const body = await readBody(c, startSupportSchema);
  const details = body.details ? body.details : null;
  if (body.reason === 'other' && !details) {
    throw new ApiError(422, SUPPORT_API_MESSAGES.otherDetails, {
      issues: [{ path: 'details', message: SUPPORT_API_MESSAGES.otherDetails }],
    });
  }
  const tenant = await requireTenant(deps, { slug: body.tenantSlug });
  if (tenant.database_status !== 'active') {
    // A database still being created (or failed) has no support_sessions table to check the claim against.
    throw new ApiError(409, notReady(tenant));
  }
  const keys = await tenantKeys(deps, tenant);
  await refuseWhileLocked(deps, staff.staffId);

  const check = await reauthenticate(deps, staff, body.password);
  if (!check.ok) {
    await audit(deps, staff, {
      action: 'support.denied',
      tenant: { id: tenant.id, slug: tenant.slug },
      details: { reason: body.reason, locked: check.lockedUntil !== null },
    });
    if (check.lockedUntil) throw lockedError(check.lockedUntil, apiNow(deps));
    throw new ApiError(403, SUPPORT_API_MESSAGES.authFailed);
  }

  const startedAt = apiNow(deps);
  const expiresAt = new Date(startedAt.getTime() + SUPPORT_SESSION_SECONDS * 1000);
  const id = crypto.randomUUID();
  const name = await staffName(deps, staff.staffId);
  const record = {
    id,
    staff_id: staff.staffId,
    staff_email: staff.email,
    staff_name: name,
    reason: body.reason,
    started_at: startedAt.toISOString(),
    expires_at: expiresAt.toISOString(),
  };

  // The tenant's row first: it can be removed again if the platform's
  // append-only log then refuses, the other way round it could not.
  try {
    const { error } = await withTimeout(keys.db.from('support_sessions').insert({ ...record, details }));
    if (error) throw new Error(error.message);
  } catch (e) {
    throw new ApiError(502, `${connectionFailure(tenant)} (${e instanceof Error ? e.message : String(e)})`);
  }
  const { error: logError } = await platformDb(deps)
    .from('support_access_log')
    .insert({
      ...record,
      reason_details: details,
      tenant_id: tenant.id,
      tenant_slug: tenant.slug,
      ip_address: c.req.header('x-forwarded-for')?.split(',')[0]?.trim().slice(0, 100) ?? null,
      user_agent: c.req.header('user-agent')?.slice(0, 500) ?? null,
    });
  if (logError) {
    await keys.db.from('support_sessions').delete().eq('id', id);
    throw fromDbError(logError, 'Recording the support session');
  }
  try {
    await audit(deps, staff, {
      action: 'support.start',
      tenant: { id: tenant.id, slug: tenant.slug },
      target: id,
      details: { reason: body.reason, details, expires_at: record.expires_at },
    });
  } catch (e) {
    // No audit row, no session: end it on both sides before answering.
    await platformDb(deps).from('support_access_log').update({ ended_at: record.started_at }).eq('id', id);
    await endAtTenant(deps, tenant, id, record.started_at);
    throw e;
  }

  const token = await signSupportToken(keys.url, keys.jwtSecret, {
    sessionId: id,
    staffId: staff.staffId,
    email: staff.email,
    name,
    issuedAt: startedAt,
    expiresAt,
  });
  return c.json(
    {
      session: {
        access_token: token,
        token_type: 'bearer',
        expires_in: SUPPORT_SESSION_SECONDS,
        expires_at: Math.floor(expiresAt.getTime() / 1000),
        user: { id: staff.staffId, email: staff.email },
      },
      support: {
        id,
        tenant: {
          slug: tenant.slug,
          company_name: tenant.company_name,
          display_name: tenant.display_name,
          supabase_url: keys.url,
          supabase_anon_key: keys.anonKey,
        },
        reason: body.reason,
        details,
        staff: { id: staff.staffId, email: staff.email, name },
        started_at: record.started_at,
        expires_at: record.expires_at,
      },
    },
    201,
  );
}

async function end(c: Context<ApiEnv>, deps: ApiDeps): Promise<Response> {
  const staff: StaffCaller = c.get('staff');
  const id = idParam(c, 'id', NOT_FOUND);
  const log = await readLog(deps, id);
  if (!log) throw new ApiError(404, NOT_FOUND);
  const tenant = await findTenant(deps, { id: log.tenant_id });
  if (log.ended_at) {
    // Already ended: the first end stands; the tenant's side is retried in case it was missed.
    if (tenant) await endAtTenant(deps, tenant, id, log.ended_at);
    return c.json({ support: { id, ended_at: iso(log.ended_at) } });
  }
  // Never before the start, whatever the clock says (the log's check constraint).
  const endedAt = new Date(Math.max(apiNow(deps).getTime(), Date.parse(log.started_at))).toISOString();
  const { data, error } = await platformDb(deps)
    .from('support_access_log')
    .update({ ended_at: endedAt })
    .eq('id', id)
    .is('ended_at', null)
    .select('ended_at');
  if (error) throw fromDbError(error, 'Ending the support session');
  if (!data?.length) {
    // Another request ended it in between: that end stands.
    const again = await readLog(deps, id);
    return c.json({ support: { id, ended_at: again?.ended_at ? iso(again.ended_at) : endedAt } });
  }
  await audit(deps, staff, {
    action: 'support.end',
    tenant: { id: log.tenant_id, slug: log.tenant_slug ?? tenant?.slug ?? '' },
    target: id,
    details: { started_by: log.staff_email, minutes: minutesOf({ ...log, ended_at: endedAt }, new Date(endedAt)) },
  });
  if (tenant && !(await endAtTenant(deps, tenant, id, endedAt))) {
    throw new ApiError(
      502,
      `The session was ended and recorded here, but ${tenant.company_name}'s database could not be told; it refuses the session at ${iso(log.expires_at)} at the latest. Try ending it again.`,
    );
  }
  return c.json({ support: { id, ended_at: endedAt } });
}

/** How long a session lasted (or has lasted so far), in whole minutes. */
function minutesOf(log: Pick<LogRow, 'started_at' | 'expires_at' | 'ended_at'>, now: Date): number {
  const stop = Math.min(log.ended_at ? Date.parse(log.ended_at) : now.getTime(), Date.parse(log.expires_at));
  return Math.max(0, Math.round((stop - Date.parse(log.started_at)) / 60_000));
}

/** A staff admin, or the tenant's own super admin with their tenant token. */
async function historyCaller(c: Context, deps: ApiDeps, tenant: TenantRow | null): Promise<void> {
  const token = bearerToken(c)!;
  const staff = await requireStaffAdmin(c, deps);
  if (staff.ok) {
    if (!tenant) throw new ApiError(404, 'Organization not found');
    return;
  }
  if (staff.status === 403 || !tenant) throw new ApiError(staff.status, staff.error);
  const who = await tenantCaller(deps, tenant, token);
  if (who === 'super_admin') return;
  if (who === null) throw new ApiError(401, 'Not authenticated');
  throw new ApiError(403, `Only ${tenant.company_name}'s super admins may see its support history`);
}

async function history(c: Context, deps: ApiDeps): Promise<Response> {
  // No token is a 401 before anything else, as on the admin routes.
  if (!bearerToken(c)) return renderApiError(c, new ApiError(401, 'Missing session token'));
  const { tenantSlug } = readQuery(c, z.strictObject({ tenantSlug: tenantSlugSchema }));
  const tenant = await findTenant(deps, { slug: tenantSlug });
  await historyCaller(c, deps, tenant);
  const { data, error } = await platformDb(deps)
    .from('support_access_log')
    .select(LOG_COLUMNS)
    .eq('tenant_id', tenant!.id)
    .order('started_at', { ascending: false })
    .limit(500);
  if (error) throw fromDbError(error, 'Reading the support history');
  const now = apiNow(deps);
  const sessions = ((data ?? []) as LogRow[]).map((r) => ({
    id: r.id,
    staff_email: r.staff_email,
    staff_name: r.staff_name,
    reason: r.reason,
    details: r.reason_details,
    started_at: iso(r.started_at),
    expires_at: iso(r.expires_at),
    ended_at: r.ended_at ? iso(r.ended_at) : null,
    minutes: minutesOf(r, now),
  }));
  return c.json({ sessions, actions: await staffActions(deps, tenant!.id) });
}

/** Audit actions that are provider access to a tenant's data besides sessions (DESIGN §8: the tenant sees them all). */
const TENANT_VISIBLE_ACTIONS = [
  'support.read',
  'tenant_user.create',
  'tenant_user.update',
  'tenant_user.reset_password',
  'tenant_user.deactivate',
  'tenant_user.reactivate',
] as const;

async function staffActions(deps: ApiDeps, tenantId: string) {
  const { data, error } = await platformDb(deps)
    .from('platform_audit_log')
    .select('action, staff_email, target, created_at')
    .eq('tenant_id', tenantId)
    .in('action', [...TENANT_VISIBLE_ACTIONS])
    .order('created_at', { ascending: false })
    .limit(500);
  if (error) throw fromDbError(error, 'Reading the staff actions');
  return ((data ?? []) as { action: string; staff_email: string | null; target: string | null; created_at: string }[]).map((r) => ({
    action: r.action,
    staff_email: r.staff_email,
    target: r.target,
    created_at: iso(r.created_at),
  }));
}

export function supportSessionRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use('/admin/support-sessions', staffAdminOnce(deps));
  app.use('/admin/support-sessions/*', staffAdminOnce(deps));
  app.post('/admin/support-sessions', (c) => start(c, deps));
  app.post('/admin/support-sessions/:id/end', (c) => end(c, deps));
  app.get('/tenant-proxy/support-history', (c) => history(c, deps));
  return app;
}
