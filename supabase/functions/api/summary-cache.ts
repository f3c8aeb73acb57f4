/**
 * Each tenant's own figures (tenant_summary()) as last read, for the staff
 * dashboard. Asking every project on every view costs what the projects
 * cost: on the embedded engine a closed tenant database reopens for it (and
 * then pushes an idle one out of the open set), about 8 s over 50 tenants;
 * hosted, one round trip to each project. Figures a minute old are fine for
 * staff, who can ask for fresh ones (GET /admin/stats?fresh=1), and the
 * answer says how old each tenant's figures are.
 *
 * Kept in this process's memory: an Edge Function instance that starts cold
 * simply asks every project again. Keyed by the project URL as well, so a
 * tenant moved to another project is never given the old one's figures.
 */
import { apiNow, type ApiDeps } from './deps';

/** How old a tenant's figures may be before the dashboard asks its project again. */
export const SUMMARY_MAX_AGE_MS = 60_000;

interface Entry<T> {
  value: T;
  readAt: number;
}

const caches = new WeakMap<ApiDeps, Map<string, Entry<unknown>>>();

const keyOf = (tenantId: string, projectUrl: string) => `${tenantId} ${projectUrl}`;

function cacheOf(deps: ApiDeps): Map<string, Entry<unknown>> {
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = new Map()));
  return cache;
}

/**
 * The tenant's figures read within maxAgeMs, else read now (a failed read is
 * not kept, so the next view asks again). Returns when they were read.
 */
export async function cachedSummary<T>(
  deps: ApiDeps,
  tenant: { id: string; projectUrl: string },
  maxAgeMs: number,
  read: () => Promise<T>,
): Promise<{ value: T; readAt: Date }> {
  const cache = cacheOf(deps);
  const key = keyOf(tenant.id, tenant.projectUrl);
  const now = apiNow(deps).getTime();
  const hit = cache.get(key) as Entry<T> | undefined;
  if (hit && now - hit.readAt < maxAgeMs) return { value: hit.value, readAt: new Date(hit.readAt) };
  const value = await read();
  cache.set(key, { value, readAt: now });
  return { value, readAt: new Date(now) };
}

/** Forgets tenants no longer listed (deleted or moved), so the cache holds at most one entry per tenant. */
export function keepOnly(deps: ApiDeps, tenants: { id: string; projectUrl: string }[]): void {
  const cache = cacheOf(deps);
  const wanted = new Set(tenants.map((t) => keyOf(t.id, t.projectUrl)));
  for (const key of cache.keys()) if (!wanted.has(key)) cache.delete(key);
}
