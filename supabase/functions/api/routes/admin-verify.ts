/**
 * Features and add-ons (spec §2 /admin/verify, §4 add-on enablement, §7):
 *   GET  /admin/verify-tenant?tenantSlug=  {tenant: {slug, company_name}, features, subscriptions}
 *   POST /pricing/subscribe {tenantSlug, addonName}  turns the add-on's feature on and records the subscription
 * Staff admins only: subscribing is how the provider enables an add-on.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { subscribeSchema, tenantSlugSchema } from '../../_shared/tenant-schema';
import { audit } from '../audit';
import type { ApiDeps } from '../deps';
import { ApiError, fromDbError, readBody, readQuery } from '../http';
import { findTenant, platformDb } from '../platform';
import { staffAdminOnly, type ApiEnv } from '../staff-guard';

const FEATURE_COLUMNS = 'feature_name, enabled, status, expires_at';
const SUBSCRIPTION_COLUMNS = 'addon_plan_id, status, subscribed_at';

export function adminVerifyRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  // Mounted at the API's root, so the guard names its two paths: a '*' here
  // would answer every unknown /api path with 401/403 instead of the JSON 404.
  const staffAdmin = staffAdminOnly(deps);

  app.get('/admin/verify-tenant', staffAdmin, async (c) => {
    const { tenantSlug } = readQuery(c, z.object({ tenantSlug: tenantSlugSchema }));
    const tenant = await findTenant(deps, { slug: tenantSlug });
    if (!tenant) throw new ApiError(404, 'Organization not found');
    const db = platformDb(deps);
    const [features, subscriptions] = await Promise.all([
      db.from('tenant_features').select(FEATURE_COLUMNS).eq('tenant_id', tenant.id).order('feature_name'),
      db.from('addon_subscriptions').select(SUBSCRIPTION_COLUMNS).eq('tenant_id', tenant.id).order('subscribed_at'),
    ]);
    if (features.error) throw fromDbError(features.error, 'Failed to verify tenant');
    if (subscriptions.error) throw fromDbError(subscriptions.error, 'Failed to verify tenant');
    return c.json({
      tenant: { slug: tenant.slug, company_name: tenant.company_name },
      features: features.data ?? [],
      subscriptions: subscriptions.data ?? [],
    });
  });

  app.post('/pricing/subscribe', staffAdmin, async (c) => {
    const staff = c.get('staff');
    const { tenantSlug, addonName } = await readBody(c, subscribeSchema);
    const tenant = await findTenant(deps, { slug: tenantSlug });
    if (!tenant) throw new ApiError(404, 'Organization not found');
    // One transaction: the feature and its subscription together, or neither.
    const { data, error } = await platformDb(deps).rpc('enable_addon', { p_tenant_id: tenant.id, p_addon: addonName });
    if (error) throw fromDbError(error, 'Failed to enable add-on');
    const { feature, subscription } = data as { feature: unknown; subscription: unknown };
    await audit(deps, staff, { action: 'addon.subscribe', tenant, target: addonName, details: { status: 'active' } });
    return c.json({ success: true, feature, subscription });
  });

  return app;
}
