/**
 * Platform rows as the product API answers them and the staff screens read
 * them (types only): one definition for both sides.
 */

/** A Tenants row (spec §3). */
export interface TenantRow {
  id: string;
  slug: string;
  company_name: string;
  display_name: string | null;
  description: string | null;
  email_domain: string | null;
  /** Null only while the tenant's project is being created. */
  supabase_url: string | null;
  supabase_anon_key: string | null;
  status: string;
  database_status: string;
  database_created_at: string | null;
  database_error: string | null;
  plan: string | null;
  plan_name: string | null;
  plan_interval: string | null;
  plan_amount_cents: number | null;
  seats: number | null;
  subscription_status: string | null;
  paid_until: string | null;
  require_license: boolean;
  last_activity: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
}

/** A licence as anyone may see it after it was made: never its key or hash. */
export interface LicenceView {
  id: string;
  key_last4: string;
  status: 'active' | 'revoked';
  issued_at: string;
  issued_by: string | null;
  expires_at: string | null;
  max_seats: number | null;
  notes: string | null;
  updated_at: string;
}

/** Where a tenant's provisioning stands (POST /api/admin/tenants, /provision). */
export interface ProvisioningView {
  database_status: 'creating' | 'active' | 'error';
  step: string;
  /** Where a project still coming up is (hosted only), or the error. */
  detail: string | null;
}
