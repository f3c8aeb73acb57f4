/**
 * The tenants table of /manage-tenants, read with the staff admin's own
 * platform session: row-level security lets staff read every Tenants column
 * and the LicenseKeys columns other than key_hash (which is never selected).
 * Writes go through the product API, never here.
 */
import type { TenantRow } from '../../supabase/functions/_shared/platform-rows';
import { getPlatformClient } from './clients';

/** A Tenants row (spec §3), as the platform stores it. */
export type PlatformTenant = TenantRow;

export interface TenantListRow extends PlatformTenant {
  /** The last 4 characters of the tenant's active licence, or null when none is active. */
  licence_last4: string | null;
}

/** Every tenant, newest first, each with its active licence's last 4 characters. */
export async function listPlatformTenants(): Promise<TenantListRow[]> {
  const client = await getPlatformClient();
  const [tenants, licences] = await Promise.all([
    client.from('Tenants').select('*').order('created_at', { ascending: false }),
    client.from('LicenseKeys').select('tenant_id, key_last4').eq('status', 'active'),
  ]);
  if (tenants.error) throw new Error(tenants.error.message);
  if (licences.error) throw new Error(licences.error.message);
  const last4 = new Map<string, string>();
  for (const l of (licences.data ?? []) as { tenant_id: string; key_last4: string }[]) last4.set(l.tenant_id, l.key_last4);
  return ((tenants.data ?? []) as PlatformTenant[]).map((t) => ({ ...t, licence_last4: last4.get(t.id) ?? null }));
}

/** Staff emails by id, to name who created, changed or issued something (staff admins read every Staff row). */
export async function getStaffEmails(ids: readonly (string | null | undefined)[]): Promise<Record<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return {};
  const client = await getPlatformClient();
  const { data, error } = await client.from('Staff').select('id, email').in('id', wanted);
  if (error) throw new Error(error.message);
  return Object.fromEntries(((data ?? []) as { id: string; email: string }[]).map((s) => [s.id, s.email]));
}
