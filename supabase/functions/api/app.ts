/**
 * The product API (/api/*): server-side handlers that hold the service keys.
 * Web-standard Request/Response through Hono, so the same app runs in the
 * local stack on Node and as a Supabase Edge Function. Every route is listed
 * in docs/product-api.md.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { ApiDeps } from './deps';
import { ApiError, renderApiError } from './http';
import { adminActivityRoutes } from './routes/admin-activity';
import { adminDoorRoutes } from './routes/admin-doors';
import { adminLicenceRoutes } from './routes/admin-licences';
import { adminReportRoutes } from './routes/admin-reports';
import { adminStaffRoutes } from './routes/admin-staff';
import { adminStatsRoutes } from './routes/admin-stats';
import { adminTenantUserRoutes } from './routes/admin-tenant-users';
import { adminTenantRoutes } from './routes/admin-tenants';
import { adminVerifyRoutes } from './routes/admin-verify';
import { supportSessionRoutes } from './routes/support-sessions';
import { tenantFeatureRoutes } from './routes/tenant-features';
import { tenantHealthRoutes } from './routes/tenant-health';
import { tenantOwnUserRoutes } from './routes/tenant-own-users';

export type { ApiDeps } from './deps';

export function createApiApp(deps: ApiDeps): Hono {
  const app = new Hono();
  // Called from the app's own origin locally, but cross-origin when hosted
  // (the Edge Function lives on the platform project's domain). Bearer tokens,
  // no cookies: any origin may ask, as Supabase's own APIs allow, with whatever headers its preflight names (reflected).
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      maxAge: 86_400,
    }),
  );
  app.get('/health', (c) => c.json({ ok: true }));
  app.route('/tenant-proxy', tenantHealthRoutes(deps));
  app.route('/tenant-proxy', tenantFeatureRoutes(deps));
  app.route('/tenant-proxy', tenantOwnUserRoutes(deps));
  app.route('/admin/tenants', adminTenantRoutes(deps));
  app.route('/admin/stats', adminStatsRoutes(deps));
  app.route('/admin/tenants', adminTenantUserRoutes(deps));
  app.route('/admin/tenants', adminDoorRoutes(deps));
  app.route('/admin/staff', adminStaffRoutes(deps));
  app.route('/admin/activity', adminActivityRoutes(deps));
  app.route('/admin/reports', adminReportRoutes(deps));
  // /admin/support-sessions and /tenant-proxy/support-history.
  app.route('/', supportSessionRoutes(deps));
  // /admin/verify-tenant and /pricing/subscribe, then the licence paths.
  app.route('/', adminVerifyRoutes(deps));
  app.route('/admin', adminLicenceRoutes(deps));
  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) return renderApiError(c, err);
    console.error('[api] unhandled error', err);
    return c.json({ error: 'Unexpected server error' }, 500);
  });
  return app;
}
