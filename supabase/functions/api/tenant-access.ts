/**
 * What the staff tools (issue 11) share when they act on a tenant's own
 * project: the tenant and a client with its service key (which goes only to
 * the URL stored with it, tenant_secrets.project_url), calls with a time
 * limit, bounded parallel calls over every tenant, and a staff-admin guard
 * that checks the caller once per request however many route families
 * share the path.
 */
import type { MiddlewareHandler } from 'hono';
import type { SupabaseClient } from '@supabase/supabase-js';
import { tenantAsService } from './clients';
import type { ApiDeps } from './deps';
import { ApiError } from './http';
import { requireTenant, tenantSecret, type TenantRow } from './platform';
import { staffAdminOnly, type ApiEnv } from './staff-guard';

/** How long one tenant's project may take to answer a staff tool's call. */
export const TENANT_CALL_TIMEOUT_MS = 5000;
/** How many tenants' projects are asked at once. */
export const TENANT_CONCURRENCY = 12;

/** The staff-admin guard, skipped when a guard earlier in the request already verified the caller. */
export function staffAdminOnce(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  const guard = staffAdminOnly(deps);
  return async (c, next) => {
    if (c.get('staff')) return next();
    return guard(c, next);
  };
}

/** `work`, or a rejection naming the time limit when it takes longer. */
export async function withTimeout<T>(work: PromiseLike<T>, ms = TENANT_CALL_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([Promise.resolve(work), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs fn over items, at most `limit` at a time, keeping their order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export interface TenantProject {
  tenant: TenantRow;
  db: SupabaseClient;
}

/**
 * The tenant (404 when unknown) and its project with the service key. A
 * tenant without a stored key answers 409 with `missingKey`, the spec's
 * "Service role key is required for ... Please configure it first."
 */
export async function requireTenantProject(deps: ApiDeps, tenantId: string, missingKey: string): Promise<TenantProject> {
  const tenant = await requireTenant(deps, { id: tenantId });
  const secret = await tenantSecret(deps, tenant.id);
  if (!secret) throw new ApiError(409, missingKey);
  return { tenant, db: tenantAsService(deps, secret.project_url, secret.service_role_key) };
}

/** Spec §8: what the staff screens say when a tenant's project cannot be reached. */
export function connectionFailure(tenant: Pick<TenantRow, 'company_name'>): string {
  return `Failed to connect to ${tenant.company_name}'s database. Please check if the database is accessible and the connection details are correct.`;
}
