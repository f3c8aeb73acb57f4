/**
 * POST /api/tenant-proxy/health {tenantSlug}: can the tenant's database be
 * reached and read? Used by the support access dialog before a staff admin
 * enters a tenant. Reads with the tenant's service key, which stays here.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { platformAsService, tenantAsService } from '../clients';
import type { ApiDeps } from '../deps';
import { requireStaffAdmin } from '../staff-guard';

const bodySchema = z.object({ tenantSlug: z.string().trim().min(1).max(63) });

export function tenantHealthRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  app.post('/health', async (c) => {
    const who = await requireStaffAdmin(c, deps);
    if (!who.ok) return c.json({ ok: false, error: who.error }, who.status);
    const parsed = bodySchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ ok: false, error: 'Body must be {"tenantSlug": "<slug>"}' }, 400);

    const platform = platformAsService(deps);
    const { data: tenant, error } = await platform.from('Tenants').select('id, slug').eq('slug', parsed.data.tenantSlug).maybeSingle();
    if (error) return c.json({ ok: false, error: error.message }, 502);
    if (!tenant) return c.json({ ok: false, error: 'Organization not found' }, 404);
    // The key and the one URL it may be sent to come from the same server-only row:
    // Tenants.supabase_url is the public face and never decides where a key goes.
    const { data: secret } = await platform
      .from('tenant_secrets')
      .select('service_role_key, project_url')
      .eq('tenant_id', tenant.id)
      .maybeSingle();
    const serviceKey = secret?.service_role_key as string | undefined;
    const projectUrl = secret?.project_url as string | undefined;
    if (!serviceKey || !projectUrl) {
      return c.json({
        ok: false,
        dbHealthy: false,
        readOk: false,
        elapsedMs: 0,
        error: 'Service role key is not configured for this tenant',
        note: null,
      });
    }

    const started = performance.now();
    const tenantDb = tenantAsService(deps, projectUrl, serviceKey);
    const { error: readError } = await tenantDb.from('users').select('id', { count: 'exact', head: true });
    const elapsedMs = Math.round(performance.now() - started);
    return c.json({
      ok: !readError,
      dbHealthy: !readError,
      readOk: !readError,
      elapsedMs,
      error: readError ? readError.message : null,
      note: readError ? 'Health check failed' : null,
    });
  });
  return app;
}
