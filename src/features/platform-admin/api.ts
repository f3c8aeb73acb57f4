/**
 * The product API routes the platform admin screens use, typed as
 * docs/product-api.md describes their answers.
 */
import { callProductApi, type PlatformTenant } from '../../data';
import type { LicenceView, ProvisioningView } from '../../../supabase/functions/_shared/platform-rows';
import type { AddonName, CreateTenant, UpdateTenant } from '../../../supabase/functions/_shared/tenant-schema';
import type { FeatureFlag, ProjectProvider } from './model';

export type { LicenceView, ProvisioningView };

/** A licence in the answer that made it: the clear key appears there and nowhere else. */
export interface IssuedLicenceView extends LicenceView {
  key: string;
}

export interface CreatedTenant {
  tenant: PlatformTenant;
  licence: IssuedLicenceView | null;
  licenceError: string | null;
  firstAdmin: { email: string; temporary_password: string } | null;
  provisioning: ProvisioningView | null;
}

export interface TenantDetails {
  tenant: PlatformTenant;
  project: { provider: ProjectProvider; ref: string | null; url: string | null; has_service_key: boolean };
  licence: LicenceView | null;
  provisioning: { step: string; last_error: string | null; admin_email: string; admin_first_name: string; admin_last_name: string } | null;
}

export interface TenantSummary {
  id: string;
  company_name: string;
  slug: string;
}

export interface AdminStats {
  tenants: { total: number; active: number; trial: number; suspended: number; canceled: number };
  subscriptions: { active: number };
  staff: number;
  totals: { users: number; active_users: number; doors: number; doors_operational: number; checks_24h: number; open_maintenance: number };
  unreachable: string[];
  generatedAt: string;
}

export interface Subscription {
  addon_plan_id: string;
  status: string;
  subscribed_at: string | null;
}

export interface Verification {
  tenant: { slug: string; company_name: string };
  features: FeatureFlag[];
  subscriptions: Subscription[];
}

const tenantPath = (id: string) => `/admin/tenants/${encodeURIComponent(id)}`;

export const adminApi = {
  stats: () => callProductApi<AdminStats>('/admin/stats'),
  listTenants: async () => (await callProductApi<{ tenants: TenantSummary[] }>('/admin/tenants')).tenants,
  getTenant: (id: string) => callProductApi<TenantDetails>(tenantPath(id)),
  createTenant: (body: CreateTenant) => callProductApi<CreatedTenant>('/admin/tenants', { method: 'POST', body }),
  updateTenant: (id: string, body: UpdateTenant) => callProductApi<{ tenant: PlatformTenant }>(tenantPath(id), { method: 'PATCH', body }),
  deleteTenant: (id: string, slug: string) =>
    callProductApi<{ deleted: true; database: 'deleted' | 'kept' | 'none' }>(tenantPath(id), {
      method: 'DELETE',
      query: { confirm: slug },
    }),
  provision: (id: string) =>
    callProductApi<{ tenant: PlatformTenant; provisioning: ProvisioningView }>(`${tenantPath(id)}/provision`, { method: 'POST' }),
  listLicences: async (id: string) => (await callProductApi<{ licenses: LicenceView[] }>(`${tenantPath(id)}/licenses`)).licenses,
  generateLicence: (id: string, replace: boolean) =>
    callProductApi<{ licence: IssuedLicenceView; replaced: LicenceView | null }>(`${tenantPath(id)}/licenses`, {
      method: 'POST',
      body: replace ? { replace: true } : {},
    }),
  revokeLicence: (licenceId: string) =>
    callProductApi<{ licence: LicenceView }>(`/admin/licenses/${encodeURIComponent(licenceId)}/revoke`, { method: 'POST' }),
  verifyTenant: (slug: string) => callProductApi<Verification>('/admin/verify-tenant', { query: { tenantSlug: slug } }),
  subscribe: (slug: string, addon: AddonName) =>
    callProductApi<{ success: true }>('/pricing/subscribe', { method: 'POST', body: { tenantSlug: slug, addonName: addon } }),
};

/** The API's own words for a failure, else a fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
