/**
 * Who is calling. Admin routes need the bearer token of a platform session
 * whose user has an active Staff row with is_staff_admin; the Staff row is
 * read as the caller, so RLS applies. Anything else is a 401 (no or bad
 * session) or a 403 (signed in, but not a staff admin), as `{error}`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { platformAsUser } from './clients';
import type { ApiDeps } from './deps';
import { ApiError, renderApiError } from './http';

export interface StaffCaller {
  staffId: string;
  email: string;
}

export type ApiEnv = { Variables: { staff: StaffCaller } };

export type StaffCheck = ({ ok: true } & StaffCaller) | { ok: false; status: 401 | 403; error: string };

export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization') ?? '';
  return /^bearer\s+(\S+)$/i.exec(header.trim())?.[1] ?? null;
}

export async function requireStaffAdmin(c: Context, deps: ApiDeps): Promise<StaffCheck> {
  const token = bearerToken(c);
  if (!token) return { ok: false, status: 401, error: 'Missing session token' };
  const platform = platformAsUser(deps, token);
  const { data: userData, error: userError } = await platform.auth.getUser(token);
  if (userError || !userData.user) return { ok: false, status: 401, error: 'Not authenticated' };
  const { data: staff, error } = await platform
    .from('Staff')
    .select('id, email, is_staff_admin, active')
    .eq('id', userData.user.id)
    .eq('active', true)
    .maybeSingle();
  if (error) return { ok: false, status: 403, error: error.message };
  if (!staff?.is_staff_admin) return { ok: false, status: 403, error: 'Not authenticated as a master admin' };
  return { ok: true, staffId: userData.user.id, email: String(staff.email) };
}

/** Middleware form: the route runs only for a staff admin, who is then c.get('staff'). */
export function staffAdminOnly(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const who = await requireStaffAdmin(c, deps);
    if (!who.ok) return renderApiError(c, new ApiError(who.status, who.error));
    c.set('staff', { staffId: who.staffId, email: who.email });
    await next();
  };
}
