/**
 * GET /admin/activity?limit=: the staff dashboard's recent activity, from the
 * platform audit log (newest first; limit 1..100, default 20).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps } from '../deps';
import { fromDbError, readQuery } from '../http';
import { platformDb } from '../platform';
import type { ApiEnv } from '../staff-guard';
import { staffAdminOnce } from '../tenant-access';

export const ACTIVITY_COLUMNS = 'id, action, staff_email, tenant_slug, target, details, created_at';

/** A whole number in a query string, from min to max. */
export function countParam(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,4}$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

const querySchema = z.strictObject({ limit: countParam(1, 100).optional() });

export function adminActivityRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.get('/', staffAdminOnce(deps), async (c) => {
    const { limit = 20 } = readQuery(c, querySchema);
    const { data, error } = await platformDb(deps)
      .from('platform_audit_log')
      .select(ACTIVITY_COLUMNS)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit);
    if (error) throw fromDbError(error, 'Reading the audit log');
    return c.json({ activity: data ?? [] });
  });
  return app;
}
