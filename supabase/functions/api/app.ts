/**
 * The product API (/api/*): server-side handlers that hold the service keys.
 * Web-standard Request/Response through Hono, so the same app runs in the
 * local stack on Node and as a Supabase Edge Function.
 */
import { Hono } from 'hono';
import type { ApiDeps } from './deps';
import { tenantHealthRoutes } from './routes/tenant-health';

export type { ApiDeps } from './deps';

export function createApiApp(deps: ApiDeps): Hono {
  const app = new Hono();
  app.get('/health', (c) => c.json({ ok: true }));
  app.route('/tenant-proxy', tenantHealthRoutes(deps));
  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((err, c) => {
    console.error('[api] unhandled error', err);
    return c.json({ error: 'Unexpected server error' }, 500);
  });
  return app;
}
