/**
 * Licences, for staff admins (spec §2 licence dialog, §4, §9):
 *   GET  /admin/tenants/:id/licenses   the history, newest first (last 4 characters only)
 *   POST /admin/tenants/:id/licenses   {replace?, notes?} a new key, shown once; replace revokes the active one
 *   POST /admin/licenses/:id/revoke    revoke an active licence (final)
 */
import { Hono } from 'hono';
import { generateLicenceSchema } from '../../_shared/tenant-schema';
import { audit } from '../audit';
import type { ApiDeps } from '../deps';
import { fromDbError, idParam, notFound, readBody } from '../http';
import { issueLicence, LICENCE_COLUMNS, revokeLicence } from '../licences';
import { platformDb, requireTenant } from '../platform';
import { staffAdminOnly, type ApiEnv } from '../staff-guard';

export function adminLicenceRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  // Mounted at /admin beside other route families: the guard names its own
  // paths, so an unknown /api/admin path stays the API's JSON 404.
  const staffAdmin = staffAdminOnly(deps);

  app.get('/tenants/:id/licenses', staffAdmin, async (c) => {
    const tenant = await requireTenant(deps, { id: idParam(c, 'id', 'Organization not found') });
    const { data, error } = await platformDb(deps)
      .from('LicenseKeys')
      .select(LICENCE_COLUMNS)
      .eq('tenant_id', tenant.id)
      .order('issued_at', { ascending: false });
    if (error) throw fromDbError(error, 'Reading the licences');
    return c.json({ licenses: data ?? [] });
  });

  app.post('/tenants/:id/licenses', staffAdmin, async (c) => {
    const staff = c.get('staff');
    const tenant = await requireTenant(deps, { id: idParam(c, 'id', 'Organization not found') });
    const body = await readBody(c, generateLicenceSchema);
    const issued = await issueLicence(deps, tenant, staff, { replace: body.replace, notes: body.notes ?? 'Manually generated' });
    await audit(deps, staff, {
      action: 'licence.generate',
      tenant,
      target: issued.licence.id,
      details: { last4: issued.licence.key_last4 },
    });
    return c.json({ licence: { ...issued.licence, key: issued.key }, replaced: issued.replaced }, 201);
  });

  app.post('/licenses/:id/revoke', staffAdmin, async (c) => {
    const staff = c.get('staff');
    const id = idParam(c, 'id', 'Licence not found');
    const { data: found, error } = await platformDb(deps).from('LicenseKeys').select('id, tenant_id, key_last4').eq('id', id).maybeSingle();
    if (error) throw fromDbError(error, 'Reading the licence');
    if (!found) throw notFound('Licence not found');
    const tenant = await requireTenant(deps, { id: String(found.tenant_id) });
    const licence = await revokeLicence(deps, id, staff);
    await audit(deps, staff, { action: 'licence.revoke', tenant, target: id, details: { last4: licence.key_last4 } });
    return c.json({ licence });
  });

  return app;
}
