/**
 * Provisioning a tenant's project, step by step (docs/decisions/018):
 *
 *   create_project -> wait_ready -> configure -> first_admin -> done
 *
 * Each step is safe to run again, its result is saved before the next one
 * starts, and one request at a time holds the tenant's lease
 * (claim_tenant_provisioning), so a hosted project is never created twice.
 * A request runs steps until they are done or its time budget is spent;
 * a project still coming up leaves the tenant `creating`, and the next call
 * (the screen polls) goes on from there. A failure sets database_status
 * `error` with database_error; a retry resumes at the failed step.
 */
import type { ProvisioningView } from '../../_shared/platform-rows';
import { tenantAsService } from '../clients';
import type { ApiDeps } from '../deps';
import { ApiError } from '../http';
import { platformDb, tenantSecret, updateTenantRow, type TenantRow } from '../platform';
import { localDriver } from './local-driver';
import { supabaseDriver } from './supabase-driver';
import { DriverError, type DriverName, type ProjectDriver } from './types';

export type ProvisioningStep = 'create_project' | 'wait_ready' | 'configure' | 'first_admin' | 'done';

interface ProvisioningRow {
  tenant_id: string;
  driver: DriverName;
  step: ProvisioningStep;
  project_ref: string | null;
  admin_email: string;
  admin_first_name: string;
  admin_last_name: string;
  admin_temp_password: string | null;
  last_error: string | null;
}

export type { ProvisioningView };

/** How long a request holds the lease; longer than any one step takes. */
const LEASE_SECONDS = 120;

export function driverFor(deps: ApiDeps): ProjectDriver | null {
  const p = deps.provisioning;
  if (p.driver === 'local') return localDriver(p.url, deps.platformServiceKey, deps.fetch);
  if (p.driver === 'supabase') {
    const template = p.projectUrlTemplate;
    return supabaseDriver(
      {
        url: p.url,
        accessToken: p.accessToken,
        organizationId: p.organizationId,
        region: p.region,
        projectUrl: template ? (ref) => template.replaceAll('{ref}', ref) : undefined,
      },
      deps.fetch,
    );
  }
  return null;
}

export function requireDriver(deps: ApiDeps): ProjectDriver {
  const driver = driverFor(deps);
  if (!driver) {
    throw new ApiError(
      503,
      'Provisioning is not configured on this server: set LOCKSTEP_PROVISIONER (local or supabase), or register an existing project instead',
    );
  }
  return driver;
}

/** Records what the new tenant's provisioning needs; the temporary password is kept only until the account exists. */
export async function queueProvisioning(
  deps: ApiDeps,
  tenantId: string,
  driver: DriverName,
  admin: { email: string; first_name: string; last_name: string },
  temporaryPassword: string,
): Promise<void> {
  const { error } = await platformDb(deps).from('tenant_provisioning').insert({
    tenant_id: tenantId,
    driver,
    admin_email: admin.email,
    admin_first_name: admin.first_name,
    admin_last_name: admin.last_name,
    admin_temp_password: temporaryPassword,
  });
  if (error) throw new ApiError(502, `Recording the provisioning: ${error.message}`);
}

async function readRow(deps: ApiDeps, tenantId: string): Promise<ProvisioningRow | null> {
  const { data, error } = await platformDb(deps)
    .from('tenant_provisioning')
    .select('tenant_id, driver, step, project_ref, admin_email, admin_first_name, admin_last_name, admin_temp_password, last_error')
    .eq('tenant_id', tenantId)
    .maybeSingle();
  if (error) throw new ApiError(502, `Reading the provisioning: ${error.message}`);
  return (data as ProvisioningRow | null) ?? null;
}

async function saveRow(deps: ApiDeps, tenantId: string, patch: Partial<ProvisioningRow> & { lease_until?: null }): Promise<void> {
  const { error } = await platformDb(deps).from('tenant_provisioning').update(patch).eq('tenant_id', tenantId);
  if (error) throw new DriverError(`Saving the provisioning state: ${error.message}`);
}

function viewOf(tenant: Pick<TenantRow, 'database_status' | 'database_error'>, row: ProvisioningRow | null): ProvisioningView {
  const status = tenant.database_status === 'error' ? 'error' : tenant.database_status === 'creating' ? 'creating' : 'active';
  return { database_status: status, step: row?.step ?? 'done', detail: status === 'error' ? tenant.database_error : null };
}

/**
 * Runs the tenant's provisioning steps within `budgetMs`. Returns where it
 * stands; never throws for a driver failure (that is recorded on the tenant).
 */
export async function advanceProvisioning(deps: ApiDeps, tenant: TenantRow, budgetMs: number): Promise<ProvisioningView> {
  const driver = requireDriver(deps);
  const { data: claimed, error } = await platformDb(deps).rpc('claim_tenant_provisioning', {
    p_tenant_id: tenant.id,
    p_lease_seconds: LEASE_SECONDS,
  });
  if (error) throw new ApiError(502, `Claiming the provisioning: ${error.message}`);
  const row = (Array.isArray(claimed) ? claimed[0] : null) as ProvisioningRow | null;
  if (!row) {
    // Done already, or another request is running the steps right now.
    return viewOf(tenant, await readRow(deps, tenant.id));
  }
  if (row.driver !== driver.name) {
    await saveRow(deps, tenant.id, { lease_until: null });
    throw new ApiError(409, `This tenant is provisioned by the ${row.driver} driver, but this server runs the ${driver.name} driver`);
  }

  const deadline = Date.now() + budgetMs;
  let current = row;
  let detail: string | null = null;
  try {
    if (tenant.database_status !== 'creating')
      await updateTenantRow(deps, tenant.id, { database_status: 'creating', database_error: null });
    while (current.step !== 'done' && Date.now() < deadline) {
      const next = await runStep(deps, driver, tenant, current);
      if (next.pending !== undefined) {
        detail = next.pending;
        break;
      }
      current = { ...current, ...next.row };
      await saveRow(deps, tenant.id, { ...next.row, last_error: null });
    }
    await saveRow(deps, tenant.id, { lease_until: null });
    if (current.step === 'done') {
      await updateTenantRow(deps, tenant.id, {
        database_status: 'active',
        database_error: null,
        database_created_at: new Date().toISOString(),
      });
      // The tenant is provisioned whatever this answers: at worst the local stack serves it when its cached state expires.
      if (current.project_ref && driver.activated) {
        await driver.activated(current.project_ref).catch((e: unknown) => {
          console.warn(`[api] provisioning ${tenant.slug}: the project was not told it is active:`, e instanceof Error ? e.message : e);
        });
      }
      return { database_status: 'active', step: 'done', detail: null };
    }
    return { database_status: 'creating', step: current.step, detail };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    console.error(`[api] provisioning ${tenant.slug} failed at ${current.step}:`, message);
    await platformDb(deps).from('tenant_provisioning').update({ lease_until: null, last_error: message }).eq('tenant_id', tenant.id);
    await updateTenantRow(deps, tenant.id, { database_status: 'error', database_error: message }).catch(() => undefined);
    return { database_status: 'error', step: current.step, detail: message };
  }
}

type StepResult = { row: Partial<ProvisioningRow>; pending?: undefined } | { row?: undefined; pending: string };

async function runStep(deps: ApiDeps, driver: ProjectDriver, tenant: TenantRow, row: ProvisioningRow): Promise<StepResult> {
  switch (row.step) {
    case 'create_project': {
      const { ref } = await driver.create({ slug: tenant.slug, name: tenant.company_name });
      return { row: { project_ref: ref, step: 'wait_ready' } };
    }
    case 'wait_ready': {
      const s = await driver.status(refOf(row));
      if (s.state === 'failed') throw new DriverError(s.error);
      if (s.state === 'pending') return { pending: s.detail };
      return { row: { step: 'configure' } };
    }
    case 'configure': {
      const ref = refOf(row);
      const creds = await driver.credentials(ref);
      await driver.migrate(ref);
      const { error } = await platformDb(deps).from('tenant_secrets').upsert(
        {
          tenant_id: tenant.id,
          service_role_key: creds.serviceKey,
          jwt_secret: creds.jwtSecret,
          project_url: creds.url,
          provider: driver.name,
          provider_ref: ref,
        },
        { onConflict: 'tenant_id' },
      );
      if (error) throw new DriverError(`Storing the project keys: ${error.message}`);
      await updateTenantRow(deps, tenant.id, { supabase_url: creds.url, supabase_anon_key: creds.anonKey });
      return { row: { step: 'first_admin' } };
    }
    case 'first_admin': {
      await createFirstAdmin(deps, tenant, row);
      return { row: { step: 'done', admin_temp_password: null } };
    }
    case 'done':
      return { row: {} };
  }
}

function refOf(row: ProvisioningRow): string {
  if (!row.project_ref) throw new DriverError('The project was not created');
  return row.project_ref;
}

/**
 * The tenant's first super admin: a confirmed auth account with the
 * temporary password and a users row that must change it at first sign-in.
 * Again after a failure, an account made earlier is found and reset to the
 * same temporary password, so what the staff admin copied stays true.
 */
async function createFirstAdmin(deps: ApiDeps, tenant: TenantRow, row: ProvisioningRow): Promise<void> {
  const secret = await tenantSecret(deps, tenant.id);
  if (!secret) throw new DriverError('The project keys were not stored');
  if (!row.admin_temp_password) throw new DriverError('The temporary password is gone; delete the tenant and create it again');
  const db = tenantAsService(deps, secret.project_url, secret.service_role_key);
  const fullName = `${row.admin_first_name} ${row.admin_last_name}`;
  const metadata = { first_name: row.admin_first_name, last_name: row.admin_last_name, full_name: fullName, name: fullName };
  const created = await db.auth.admin.createUser({
    email: row.admin_email,
    password: row.admin_temp_password,
    email_confirm: true,
    user_metadata: metadata,
  });
  let userId = created.data.user?.id ?? null;
  if (!userId) {
    if (created.error?.code !== 'email_exists' && created.error?.status !== 422) {
      throw new DriverError(`Creating the first admin: ${created.error?.message ?? 'no account returned'}`);
    }
    userId = await findUserId(db, row.admin_email);
    const reset = await db.auth.admin.updateUserById(userId, {
      password: row.admin_temp_password,
      email_confirm: true,
      user_metadata: metadata,
    });
    if (reset.error) throw new DriverError(`Creating the first admin: ${reset.error.message}`);
  }
  const { error } = await db.from('users').upsert(
    {
      id: userId,
      email: row.admin_email,
      first_name: row.admin_first_name,
      last_name: row.admin_last_name,
      role: 'super_admin',
      is_organization_user: true,
      tenant_slug: tenant.slug,
      organization_email_domain: tenant.email_domain,
      active: true,
      require_password_change: true,
    },
    { onConflict: 'id' },
  );
  if (error) throw new DriverError(`Creating the first admin's profile: ${error.message}`);
}

async function findUserId(db: ReturnType<typeof tenantAsService>, email: string): Promise<string> {
  for (let page = 1; page <= 50; page++) {
    const { data, error } = await db.auth.admin.listUsers({ page, perPage: 200 });
    if (error) throw new DriverError(`Finding the first admin: ${error.message}`);
    const found = data.users.find((u) => u.email?.toLowerCase() === email);
    if (found) return found.id;
    if (data.users.length < 200) break;
  }
  throw new DriverError('Creating the first admin: the email is taken but the account was not found');
}
