/**
 * GET /tenant-proxy/features?tenantSlug= (spec §7): the tenant's feature
 * flags, for a signed-in user of that tenant (the dashboard decides which
 * cards to show) or a staff admin. `effective` applies the defaults of spec
 * §2: security_core and student_parking are on unless a row turns them off,
 * transportation only when enabled. `subscriptions` are the add-ons' dates.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { effectiveFeatures, type FeatureRow } from '../../_shared/features';
import { tenantSlugSchema } from '../../_shared/tenant-schema';
import type { ApiDeps } from '../deps';
import { ApiError, fromDbError, readQuery, renderApiError } from '../http';
import { findTenant, platformDb, tenantSecret, type TenantRow } from '../platform';
import { bearerToken, requireStaffAdmin } from '../staff-guard';

/** True when the token is a live session of the tenant's own project. */
async function isTenantSession(deps: ApiDeps, tenant: TenantRow, token: string): Promise<boolean> {
  const secret = await tenantSecret(deps, tenant.id);
  const url = secret?.project_url ?? tenant.supabase_url;
  if (!url || !tenant.supabase_anon_key) return false;
  const res = await deps
    .fetch(`${url}/auth/v1/user`, { headers: { apikey: tenant.supabase_anon_key, authorization: `Bearer ${token}` } })
    .catch(() => null);
  return res?.ok === true;
}

async function allowed(c: Context, deps: ApiDeps, tenant: TenantRow): Promise<void> {
  const token = bearerToken(c);
  if (!token) throw new ApiError(401, 'Missing session token');
  const staff = await requireStaffAdmin(c, deps);
  if (staff.ok) return;
  if (staff.status === 403) throw new ApiError(403, staff.error);
  if (!(await isTenantSession(deps, tenant, token))) throw new ApiError(401, 'Not authenticated');
}

export function tenantFeatureRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  app.get('/features', async (c) => {
    // No token is a 401 before anything else, as on the admin routes.
    if (!bearerToken(c)) return renderApiError(c, new ApiError(401, 'Missing session token'));
    const { tenantSlug } = readQuery(c, z.object({ tenantSlug: tenantSlugSchema }));
    const tenant = await findTenant(deps, { slug: tenantSlug });
    if (!tenant) {
      // Whether an organization exists is for a staff admin to learn, not for any token's holder.
      const staff = await requireStaffAdmin(c, deps);
      if (!staff.ok) throw new ApiError(staff.status, staff.error);
      throw new ApiError(404, 'Organization not found');
    }
    await allowed(c, deps, tenant);
    const db = platformDb(deps);
    const [rows, subs] = await Promise.all([
      db.from('tenant_features').select('feature_name, enabled, status, expires_at').eq('tenant_id', tenant.id).order('feature_name'),
      db.from('addon_subscriptions').select('addon_plan_id, status, subscribed_at').eq('tenant_id', tenant.id).order('subscribed_at'),
    ]);
    if (rows.error) throw fromDbError(rows.error, 'Failed to fetch feature flags');
    if (subs.error) throw fromDbError(subs.error, 'Failed to fetch feature flags');
    const features = (rows.data ?? []) as FeatureRow[];
    // The subscription dates are the tenant's own (its system settings show them).
    return c.json({ features, effective: effectiveFeatures(features), subscriptions: subs.data ?? [] });
  });
  return app;
}
