/**
 * The product API's reads and writes of the platform project, with the
 * platform's service key (Tenants, licences, features and add-ons are
 * written by the server alone; docs/rls-matrix.md).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TenantRow } from '../_shared/platform-rows';
import { platformAsService } from './clients';
import type { ApiDeps } from './deps';
import { ApiError, fromDbError, notFound } from './http';

export interface TenantSecretRow {
  tenant_id: string;
  service_role_key: string;
  jwt_secret: string | null;
  project_url: string;
  provider: 'local' | 'supabase' | 'registered';
  provider_ref: string | null;
}

export type { TenantRow };

export const platformDb = (deps: ApiDeps): SupabaseClient => platformAsService(deps);

export async function findTenant(deps: ApiDeps, by: { id: string } | { slug: string }): Promise<TenantRow | null> {
  const q = platformDb(deps).from('Tenants').select('*');
  const { data, error } = await ('id' in by ? q.eq('id', by.id) : q.eq('slug', by.slug)).maybeSingle();
  if (error) throw fromDbError(error, 'Reading the tenant');
  return (data as TenantRow | null) ?? null;
}

export async function requireTenant(deps: ApiDeps, by: { id: string } | { slug: string }): Promise<TenantRow> {
  const t = await findTenant(deps, by);
  if (!t) throw notFound();
  return t;
}

export async function tenantSecret(deps: ApiDeps, tenantId: string): Promise<TenantSecretRow | null> {
  const { data, error } = await platformDb(deps)
    .from('tenant_secrets')
    .select('tenant_id, service_role_key, jwt_secret, project_url, provider, provider_ref')
    .eq('tenant_id', tenantId)
    .maybeSingle();
  if (error) throw fromDbError(error, 'Reading the tenant secrets');
  return (data as TenantSecretRow | null) ?? null;
}

export async function updateTenantRow(deps: ApiDeps, id: string, patch: Record<string, unknown>): Promise<TenantRow> {
  const { data, error } = await platformDb(deps).from('Tenants').update(patch).eq('id', id).select('*').maybeSingle();
  if (error) throw fromDbError(error, 'Saving the tenant');
  if (!data) throw new ApiError(404, 'Organization not found');
  return data as TenantRow;
}
