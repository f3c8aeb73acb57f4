/**
 * The development-only tenant configuration of /tenant-config (spec §2):
 * kept in sessionStorage as the spec's currentTenantConfig, and used by the
 * tenant login lookup for that slug when the stack runs in development mode,
 * so a developer can point the app at any Supabase project.
 */
export const DEV_TENANT_CONFIG_KEY = 'currentTenantConfig';

export interface DevTenantConfig {
  slug: string;
  company_name: string;
  supabase_url: string;
  supabase_anon_key: string;
}

function isConfig(v: unknown): v is DevTenantConfig {
  const c = v as Partial<Record<keyof DevTenantConfig, unknown>> | null;
  return (
    !!c &&
    typeof c.slug === 'string' &&
    typeof c.company_name === 'string' &&
    typeof c.supabase_url === 'string' &&
    typeof c.supabase_anon_key === 'string'
  );
}

export function readDevTenantConfig(): DevTenantConfig | null {
  try {
    const raw = sessionStorage.getItem(DEV_TENANT_CONFIG_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isConfig(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveDevTenantConfig(config: DevTenantConfig): void {
  sessionStorage.setItem(DEV_TENANT_CONFIG_KEY, JSON.stringify(config));
}

export function clearDevTenantConfig(): void {
  sessionStorage.removeItem(DEV_TENANT_CONFIG_KEY);
}
