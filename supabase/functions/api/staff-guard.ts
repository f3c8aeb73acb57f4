/**
 * Who is calling: the bearer token must be a platform session of an active
 * staff admin. The Staff row is read as the caller, so RLS applies.
 */
import type { Context } from 'hono';
import { platformAsUser } from './clients';
import type { ApiDeps } from './deps';

export type StaffCheck = { ok: true; staffId: string; email: string } | { ok: false; status: 401 | 403; error: string };

export async function requireStaffAdmin(c: Context, deps: ApiDeps): Promise<StaffCheck> {
  const header = c.req.header('authorization') ?? '';
  const token = /^bearer\s+(.+)$/i.exec(header.trim())?.[1];
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
