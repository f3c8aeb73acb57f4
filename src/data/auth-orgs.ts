/**
 * Owns the public organization directory the sign-in screens read from the
 * platform project: the active list, the server search and the lookup by
 * slug. These are anonymous PostgREST reads, done with fetch rather than
 * supabase-js so the discovery and deep-link screens paint without it.
 * Results are cached in localStorage (public data) for offline starts.
 */
import type { OrganizationSummary } from '../lib/organizations';
import { cacheKeys, readPublic, writePublic } from './auth-session';
import { readDevTenantConfig } from './dev-tenant-config';

export interface Organization extends OrganizationSummary {
  display_name: string | null;
  description: string | null;
  email_domain: string | null;
  supabase_url: string;
  supabase_anon_key: string;
}

export const ORG_COLUMNS = 'slug,company_name,display_name,description,email_domain,supabase_url,supabase_anon_key';

interface PublicConfig {
  platformUrl: string;
  platformAnonKey: string;
  development: boolean;
}

let configPromise: Promise<PublicConfig> | null = null;

/** /app-config.json (the same file src/data/clients.ts reads), validated by hand to stay light. */
function loadPublicConfig(): Promise<PublicConfig> {
  configPromise ??= fetch('/app-config.json', { cache: 'no-cache' })
    .then((r) => {
      if (!r.ok) throw new Error(`app-config.json: HTTP ${r.status}`);
      return r.json() as Promise<Record<string, unknown>>;
    })
    .then((json) => {
      if (typeof json.platformUrl !== 'string' || typeof json.platformAnonKey !== 'string') throw new Error('app-config.json is invalid');
      return {
        platformUrl: json.platformUrl.replace(/\/+$/, ''),
        platformAnonKey: json.platformAnonKey,
        development: json.development === true,
      };
    });
  configPromise.catch(() => {
    configPromise = null;
  });
  return configPromise;
}

export async function platformRest(path: string, init: RequestInit = {}): Promise<unknown> {
  const cfg = await loadPublicConfig();
  const res = await fetch(`${cfg.platformUrl}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: cfg.platformAnonKey,
      authorization: `Bearer ${cfg.platformAnonKey}`,
      accept: 'application/json',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw Object.assign(new Error(body?.message ?? `HTTP ${res.status}`), { status: res.status });
  }
  return res.json();
}

export function toOrganization(row: Record<string, unknown>): Organization | null {
  if (typeof row.slug !== 'string' || typeof row.company_name !== 'string') return null;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    slug: row.slug,
    company_name: row.company_name,
    display_name: str(row.display_name),
    description: str(row.description),
    email_domain: str(row.email_domain),
    supabase_url: str(row.supabase_url) ?? '',
    supabase_anon_key: str(row.supabase_anon_key) ?? '',
  };
}

export function toOrganizations(rows: unknown): Organization[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((r) => toOrganization(r as Record<string, unknown>)).filter((o): o is Organization => o !== null);
}

export type OrganizationLookup =
  { status: 'found'; organization: Organization; savedOnDevice?: boolean } | { status: 'not-found' } | { status: 'error'; message: string };

/**
 * /tenant-config's saved configuration for this slug, only while the stack
 * runs in development mode: outside it the platform's record always wins.
 */
async function developmentOverride(slug: string): Promise<Organization | null> {
  const dev = readDevTenantConfig();
  if (!dev || dev.slug !== slug) return null;
  try {
    if (!(await loadPublicConfig()).development) return null;
  } catch {
    return null;
  }
  return {
    slug: dev.slug,
    company_name: dev.company_name,
    display_name: dev.company_name,
    description: 'Development configuration from /tenant-config',
    email_domain: null,
    supabase_url: dev.supabase_url,
    supabase_anon_key: dev.supabase_anon_key,
  };
}

/**
 * One organization by slug through the RPC get_organization_by_slug (cached
 * for offline use), or the development configuration saved for that slug.
 */
export async function getOrganizationBySlug(slug: string): Promise<OrganizationLookup> {
  const dev = await developmentOverride(slug);
  if (dev) {
    writePublic(cacheKeys.organization(slug), dev);
    return { status: 'found', organization: dev };
  }
  try {
    const data = await platformRest('rpc/get_organization_by_slug', { method: 'POST', body: JSON.stringify({ org_slug: slug }) });
    const rows = Array.isArray(data) ? data : data ? [data] : [];
    const org = rows.length > 0 ? toOrganization(rows[0] as Record<string, unknown>) : null;
    if (!org) return { status: 'not-found' };
    writePublic(cacheKeys.organization(slug), org);
    return { status: 'found', organization: org };
  } catch (error) {
    const cached = getCachedOrganization(slug);
    if (cached) return { status: 'found', organization: cached, savedOnDevice: true };
    console.warn('Failed to load organization', error);
    return { status: 'error', message: 'Failed to load organization' };
  }
}

/**
 * The licence rule at sign-in (docs/decisions/018): false when the platform
 * says the organization requires a licence and holds no active one; null
 * when that cannot be known now (the tenant's server decides then).
 */
export async function licenceAllowsSignIn(slug: string): Promise<boolean | null> {
  try {
    const data = await platformRest('rpc/get_organization_by_slug', { method: 'POST', body: JSON.stringify({ org_slug: slug }) });
    const row = (Array.isArray(data) ? data[0] : data) as { license_active?: unknown } | undefined;
    return typeof row?.license_active === 'boolean' ? row.license_active : null;
  } catch {
    return null;
  }
}

/** The organization record a signed-in tenant screen needs, without the network. */
export function getCachedOrganization(slug: string): Organization | null {
  return readPublic<Organization>(cacheKeys.organization(slug));
}

export function rememberOrganization(org: Organization): void {
  writePublic(cacheKeys.organization(org.slug), org);
}
