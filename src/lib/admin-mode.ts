/**
 * The admin-mode session markers (spec §3 Session storage keys, §4 Admin
 * mode): set when a staff admin enters a tenant in support mode (the flag,
 * the tenant and the reason), cleared on exit, on sign-out and on a tenant
 * sign-in. They are hints for the screens (the security screen's Back
 * button, the tenant dashboard's diagnostics); what grants access is the
 * support session itself, which the tenant's server checks.
 */

export const ADMIN_MODE_KEY = 'lockstepAdminMode';
export const ADMIN_ACCESS_TENANT_KEY = 'adminAccessTenant';
export const ADMIN_ACCESS_REASON_KEY = 'adminAccessReason';
export const ADMIN_MODE_KEYS = [ADMIN_MODE_KEY, ADMIN_ACCESS_TENANT_KEY, ADMIN_ACCESS_REASON_KEY] as const;

export interface AdminMode {
  tenant: string;
  reason: string | null;
}

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function setAdminModeMarkers(tenant: string, reason: string): void {
  const s = store();
  if (!s) return;
  s.setItem(ADMIN_MODE_KEY, 'true');
  s.setItem(ADMIN_ACCESS_TENANT_KEY, tenant);
  s.setItem(ADMIN_ACCESS_REASON_KEY, reason);
}

/** The markers when admin mode is on (for `tenant` when given), else null. */
export function readAdminMode(tenant?: string): AdminMode | null {
  const s = store();
  if (!s || s.getItem(ADMIN_MODE_KEY) !== 'true') return null;
  const marked = s.getItem(ADMIN_ACCESS_TENANT_KEY);
  if (!marked || (tenant !== undefined && marked !== tenant)) return null;
  return { tenant: marked, reason: s.getItem(ADMIN_ACCESS_REASON_KEY) };
}

export function clearAdminModeMarkers(): void {
  const s = store();
  if (!s) return;
  for (const key of ADMIN_MODE_KEYS) s.removeItem(key);
}
