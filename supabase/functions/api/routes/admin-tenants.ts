/**
 * Tenants, for staff admins (spec §2 /manage-tenants, §7 GET /api/admin/tenants):
 *   GET    /admin/tenants                 {tenants: [{id, company_name, slug}]}
 *   GET    /admin/tenants/:id             the tenant, where its project lives, its licence and provisioning
 *   POST   /admin/tenants                 create: provision a project or register one; licence; first admin
 *   PATCH  /admin/tenants/:id             change fields (a registered project's URL and keys too)
 *   DELETE /admin/tenants/:id?confirm=slug  delete it, and the database the provider made for it
 *   POST   /admin/tenants/:id/provision   go on with (or retry) the provisioning
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { DEFAULT_PLAN_LABEL } from '../../_shared/plans';
import { createTenantSchema, updateTenantSchema, type CreateTenant, type UpdateTenant } from '../../_shared/tenant-schema';
import { audit } from '../audit';
import type { ApiDeps } from '../deps';
import { ApiError, conflict, fromDbError, idParam, readBody, readQuery } from '../http';
import { activeLicence, issueLicence, type IssuedLicence } from '../licences';
import { findTenant, platformDb, requireTenant, tenantSecret, updateTenantRow, type TenantRow } from '../platform';
import { advanceProvisioning, driverFor, queueProvisioning, requireDriver, type ProvisioningView } from '../provisioning/run';
import { temporaryPassword } from '../provisioning/temporary-password';
import { staffAdminOnly, type ApiEnv } from '../staff-guard';

/** How long one request runs provisioning steps before answering (a hosted project goes on with the next poll). */
export const PROVISION_BUDGET_MS = 20_000;

const NOT_FOUND = 'Organization not found';

function planColumns(t: Partial<CreateTenant | UpdateTenant>): Record<string, unknown> {
  return 'plan_name' in t ? { plan: t.plan_name ?? DEFAULT_PLAN_LABEL } : {};
}

/** What the details dialog shows of a tenant's provisioning (never the temporary password). */
interface ProvisioningRecord {
  step: string;
  last_error: string | null;
  admin_email: string;
  admin_first_name: string;
  admin_last_name: string;
}

async function provisioningOf(deps: ApiDeps, tenantId: string): Promise<ProvisioningRecord | null> {
  const { data, error } = await platformDb(deps)
    .from('tenant_provisioning')
    .select('step, last_error, admin_email, admin_first_name, admin_last_name')
    .eq('tenant_id', tenantId)
    .maybeSingle();
  if (error) throw fromDbError(error, 'Reading the provisioning');
  return data as ProvisioningRecord | null;
}

export function adminTenantRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use('*', staffAdminOnly(deps));

  app.get('/', async (c) => {
    const { data, error } = await platformDb(deps).from('Tenants').select('id, company_name, slug').order('company_name');
    if (error) throw fromDbError(error, 'Failed to load tenants');
    return c.json({ tenants: data ?? [] });
  });

  app.get('/:id', async (c) => {
    const tenant = await requireTenant(deps, { id: idParam(c, 'id', NOT_FOUND) });
    const [secret, licence, provisioning] = await Promise.all([
      tenantSecret(deps, tenant.id),
      activeLicence(deps, tenant.id),
      provisioningOf(deps, tenant.id),
    ]);
    return c.json({
      tenant,
      // Where the project lives and who made it; never its keys.
      project: secret
        ? { provider: secret.provider, ref: secret.provider_ref, url: secret.project_url, has_service_key: true }
        : { provider: 'registered', ref: null, url: tenant.supabase_url, has_service_key: false },
      licence,
      provisioning,
    });
  });

  app.post('/', async (c) => {
    const staff = c.get('staff');
    const body = await readBody(c, createTenantSchema);
    const driver = body.project.mode === 'provision' ? requireDriver(deps) : null;
    if (await findTenant(deps, { slug: body.slug })) throw conflict(`An organization with the slug "${body.slug}" already exists`);

    const { project, ...fields } = body;
    const { data, error } = await platformDb(deps)
      .from('Tenants')
      .insert({
        ...fields,
        ...planColumns(fields),
        display_name: fields.display_name ?? fields.company_name,
        subscription_status: fields.subscription_status ?? 'active',
        supabase_url: project.mode === 'register' ? project.supabase_url : null,
        supabase_anon_key: project.mode === 'register' ? project.supabase_anon_key : null,
        database_status: project.mode === 'register' ? 'active' : 'creating',
        database_created_at: project.mode === 'register' ? new Date().toISOString() : null,
        created_by: staff.staffId,
        updated_by: staff.staffId,
      })
      .select('*')
      .single();
    if (error)
      throw error.code === '23505'
        ? conflict(`An organization with the slug "${body.slug}" already exists`)
        : fromDbError(error, 'Failed to create tenant');
    let tenant = data as TenantRow;

    // What the new tenant cannot do without: its registered service key, or its
    // provisioning record. If either fails, the tenant is removed again, so a
    // failed create changes nothing.
    const password = project.mode === 'provision' ? temporaryPassword() : null;
    try {
      if (project.mode === 'register' && project.service_key) {
        const stored = await platformDb(deps).from('tenant_secrets').insert({
          tenant_id: tenant.id,
          service_role_key: project.service_key,
          project_url: project.supabase_url,
          provider: 'registered',
        });
        if (stored.error) throw fromDbError(stored.error, 'Storing the service key');
      }
      if (project.mode === 'provision' && driver && password) {
        await queueProvisioning(deps, tenant.id, driver.name, project.first_admin, password);
      }
    } catch (e) {
      await platformDb(deps).from('Tenants').delete().eq('id', tenant.id);
      const why = e instanceof Error ? e.message : String(e);
      throw new ApiError(e instanceof ApiError ? e.status : 502, `Failed to create tenant: ${why}`);
    }

    // The licence: a failure here leaves the tenant created and says so (spec §8).
    let issued: IssuedLicence | null = null;
    let licenceError: string | null = null;
    try {
      issued = await issueLicence(deps, tenant, staff, { notes: 'Auto-generated' });
    } catch (e) {
      licenceError = e instanceof Error ? e.message : String(e);
    }

    let provisioning: ProvisioningView | null = null;
    let firstAdmin: { email: string; temporary_password: string } | null = null;
    if (project.mode === 'provision' && password) {
      firstAdmin = { email: project.first_admin.email, temporary_password: password };
      provisioning = await advanceProvisioning(deps, tenant, PROVISION_BUDGET_MS);
      tenant = await requireTenant(deps, { id: tenant.id });
    }

    await audit(deps, staff, {
      action: 'tenant.create',
      tenant,
      target: project.mode,
      details: {
        company_name: tenant.company_name,
        status: tenant.status,
        plan: tenant.plan,
        driver: driver?.name ?? null,
        database_status: tenant.database_status,
        first_admin_email: firstAdmin?.email ?? null,
        licence_last4: issued?.licence.key_last4 ?? null,
        licence_error: licenceError,
      },
    });
    if (issued)
      await audit(deps, staff, {
        action: 'licence.generate',
        tenant,
        target: issued.licence.id,
        details: { last4: issued.licence.key_last4 },
      });

    return c.json(
      {
        tenant,
        licence: issued ? { ...issued.licence, key: issued.key } : null,
        licenceError: licenceError ? `Tenant created but license generation failed: ${licenceError}` : null,
        firstAdmin,
        provisioning,
      },
      201,
    );
  });

  app.patch('/:id', async (c) => {
    const staff = c.get('staff');
    const id = idParam(c, 'id', NOT_FOUND);
    const body = await readBody(c, updateTenantSchema);
    const tenant = await requireTenant(deps, { id });
    const { supabase_url, supabase_anon_key, service_key, ...fields } = body;
    const projectChange = supabase_url !== undefined || supabase_anon_key !== undefined || service_key !== undefined;
    if (projectChange) await assertRegisteredProject(deps, tenant);

    const patch: Record<string, unknown> = { ...fields, ...planColumns(fields), updated_by: staff.staffId };
    if (supabase_url !== undefined) patch.supabase_url = supabase_url;
    if (supabase_anon_key !== undefined) patch.supabase_anon_key = supabase_anon_key;
    const updated = await updateTenantRow(deps, id, patch);
    // The row first, then the key: if the key's write failed, the stored key
    // would still name the project URL it belongs to, and go nowhere else.
    let keyError: string | null = null;
    if (projectChange) {
      await changeServiceKey(deps, updated, service_key).catch((e: unknown) => {
        keyError = e instanceof Error ? e.message : String(e);
      });
    }

    const changed = Object.keys(body).map((k) => (k === 'service_key' ? 'service key' : k));
    await audit(deps, staff, {
      action: 'tenant.update',
      tenant: updated,
      target: changed.join(', '),
      details: {
        fields: changed,
        ...(fields.status && fields.status !== tenant.status ? { status: { from: tenant.status, to: fields.status } } : {}),
        ...(supabase_url !== undefined ? { project_url: { from: tenant.supabase_url, to: supabase_url } } : {}),
        ...(keyError ? { service_key_error: keyError } : {}),
      },
    });
    if (keyError) throw new ApiError(502, `The tenant was saved, but its service key was not: ${keyError}`);
    return c.json({ tenant: updated });
  });

  app.delete('/:id', async (c) => {
    const staff = c.get('staff');
    const tenant = await requireTenant(deps, { id: idParam(c, 'id', NOT_FOUND) });
    const { confirm } = readQuery(c, z.object({ confirm: z.string().max(100).optional() }));
    if (confirm !== tenant.slug) {
      // A 422 names its issues (docs/product-api.md), like a schema failure.
      const message = `Type the organization's slug (${tenant.slug}) to confirm the deletion`;
      throw new ApiError(422, message, { issues: [{ path: 'confirm', message }] });
    }

    const [secret, provisioning] = await Promise.all([tenantSecret(deps, tenant.id), provisioningRef(deps, tenant.id)]);
    // A provisioning step running now could make the project after we delete it: take its lease first.
    if (provisioning && provisioning.step !== 'done') {
      const { data: claimed, error: claimError } = await platformDb(deps).rpc('claim_tenant_provisioning', {
        p_tenant_id: tenant.id,
        p_lease_seconds: 120,
      });
      if (claimError) throw fromDbError(claimError, 'Deleting the tenant');
      if (!Array.isArray(claimed) || claimed.length === 0) {
        throw conflict("This tenant's setup is running right now; try again in a minute");
      }
    }
    const provider = secret?.provider ?? provisioning?.driver ?? 'registered';
    let ref = secret?.provider_ref ?? provisioning?.project_ref ?? null;
    let database: 'deleted' | 'kept' | 'none' = provider === 'registered' ? 'kept' : 'none';
    if (provider !== 'registered') {
      const driver = driverFor(deps);
      if (!driver || driver.name !== provider) {
        throw conflict(`This tenant's database was made by the ${provider} driver, which this server does not run; it cannot delete it`);
      }
      try {
        // A create whose answer was lost left no ref, but may have made the project.
        ref ??= await driver.find(tenant.slug);
        if (ref) {
          await driver.remove(ref);
          database = 'deleted';
        }
      } catch (e) {
        throw new ApiError(502, `The database could not be deleted, so the tenant was kept: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const { error } = await platformDb(deps).from('Tenants').delete().eq('id', tenant.id);
    if (error) throw fromDbError(error, 'Deleting the tenant');
    await audit(deps, staff, {
      action: 'tenant.delete',
      tenant,
      target: tenant.company_name,
      details: { database, provider, project_ref: ref },
    });
    return c.json({ deleted: true, database });
  });

  app.post('/:id/provision', async (c) => {
    const staff = c.get('staff');
    const tenant = await requireTenant(deps, { id: idParam(c, 'id', NOT_FOUND) });
    const row = await provisioningOf(deps, tenant.id);
    if (!row || row.step === 'done') throw conflict('This tenant has no provisioning left to do');
    const retry = tenant.database_status === 'error';
    const provisioning = await advanceProvisioning(deps, tenant, PROVISION_BUDGET_MS);
    const updated = await requireTenant(deps, { id: tenant.id });
    if (retry) {
      await audit(deps, staff, {
        action: 'tenant.provision',
        tenant: updated,
        target: row.step,
        details: { retried_after: row.last_error, database_status: provisioning.database_status },
      });
    }
    return c.json({ tenant: updated, provisioning });
  });

  return app;
}

interface ProvisioningRef {
  driver: 'local' | 'supabase';
  project_ref: string | null;
  step: string;
}

async function provisioningRef(deps: ApiDeps, tenantId: string): Promise<ProvisioningRef | null> {
  const { data, error } = await platformDb(deps)
    .from('tenant_provisioning')
    .select('driver, project_ref, step')
    .eq('tenant_id', tenantId)
    .maybeSingle();
  if (error) throw fromDbError(error, 'Reading the provisioning');
  return data as ProvisioningRef | null;
}

/** A registered project's URL, anon key and service key may change; a project the provider made may not (its keys belong to it). */
async function assertRegisteredProject(deps: ApiDeps, tenant: TenantRow): Promise<void> {
  const secret = await tenantSecret(deps, tenant.id);
  if ((secret && secret.provider !== 'registered') || (await provisioningRef(deps, tenant.id)) !== null) {
    throw conflict("A provisioned tenant's project URL and keys cannot be changed: they belong to the project Lockstep made");
  }
}

/**
 * A key is only ever sent to the URL stored with it, so a new URL without a
 * new service key drops the old key instead of pointing it elsewhere; null
 * removes it; a new key is stored with the tenant's (new) URL.
 */
async function changeServiceKey(deps: ApiDeps, tenant: TenantRow, serviceKey: string | null | undefined): Promise<void> {
  const secret = await tenantSecret(deps, tenant.id);
  const db = platformDb(deps);
  if (serviceKey === null || (!serviceKey && secret && tenant.supabase_url !== secret.project_url)) {
    const { error } = await db.from('tenant_secrets').delete().eq('tenant_id', tenant.id);
    if (error) throw fromDbError(error, 'Removing the service key');
  } else if (serviceKey) {
    if (!tenant.supabase_url) throw new ApiError(422, 'A service key needs the project URL it belongs to');
    const { error } = await db.from('tenant_secrets').upsert(
      {
        tenant_id: tenant.id,
        service_role_key: serviceKey,
        jwt_secret: null,
        project_url: tenant.supabase_url,
        provider: 'registered',
        provider_ref: null,
      },
      { onConflict: 'tenant_id' },
    );
    if (error) throw fromDbError(error, 'Storing the service key');
  }
}
