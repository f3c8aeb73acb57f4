/**
 * Licence keys (DESIGN §8, spec §9): generated here, stored as a SHA-256
 * digest with the last four characters, the clear key returned once. At most
 * one active licence per tenant (a unique index); revoking is final.
 */
import type { LicenceView } from '../_shared/platform-rows';
import { generateLicenceKey, hashLicenceKey, licenceLast4 } from '../_shared/licence-key';
import { audit } from './audit';
import type { ApiDeps } from './deps';
import { ApiError, conflict, fromDbError } from './http';
import { platformDb, type TenantRow } from './platform';
import type { StaffCaller } from './staff-guard';

export type { LicenceView };

export const LICENCE_COLUMNS = 'id, key_last4, status, issued_at, issued_by, expires_at, max_seats, notes, updated_at';

export interface IssuedLicence {
  licence: LicenceView;
  /** The clear key: in this answer only, never stored or returned again. */
  key: string;
  /** The licence this one replaced, now revoked (and its licence.revoke audit row written). */
  replaced: LicenceView | null;
}

export async function activeLicence(deps: ApiDeps, tenantId: string): Promise<LicenceView | null> {
  const { data, error } = await platformDb(deps)
    .from('LicenseKeys')
    .select(LICENCE_COLUMNS)
    .eq('tenant_id', tenantId)
    .eq('status', 'active')
    .maybeSingle();
  if (error) throw fromDbError(error, 'Reading the licence');
  return (data as LicenceView | null) ?? null;
}

export async function revokeLicence(deps: ApiDeps, licenceId: string, staff: StaffCaller): Promise<LicenceView> {
  const { data, error } = await platformDb(deps)
    .from('LicenseKeys')
    .update({ status: 'revoked', updated_by: staff.staffId })
    .eq('id', licenceId)
    .eq('status', 'active')
    .select(LICENCE_COLUMNS)
    .maybeSingle();
  if (error) throw fromDbError(error, 'Revoking the licence');
  if (!data) throw conflict('Only an active licence can be revoked');
  return data as LicenceView;
}

export async function issueLicence(
  deps: ApiDeps,
  tenant: TenantRow,
  staff: StaffCaller,
  opts: { replace?: boolean; notes: string },
): Promise<IssuedLicence> {
  const current = await activeLicence(deps, tenant.id);
  if (current && !opts.replace) {
    throw conflict(`This organization already has an active licence (…${current.key_last4}). Revoke it first, or replace it.`);
  }
  const replaced = current ? await revokeLicence(deps, current.id, staff) : null;
  // Recorded as soon as it is done: if the new key cannot be stored (a racing
  // call stored one first), the revocation still has its audit row.
  if (replaced) {
    await audit(deps, staff, {
      action: 'licence.revoke',
      tenant,
      target: replaced.id,
      details: { last4: replaced.key_last4, replaced: true },
    });
  }
  const key = generateLicenceKey();
  const { data, error } = await platformDb(deps)
    .from('LicenseKeys')
    .insert({
      tenant_id: tenant.id,
      key_hash: await hashLicenceKey(key),
      key_last4: licenceLast4(key),
      status: 'active',
      issued_by: staff.staffId,
      updated_by: staff.staffId,
      max_seats: tenant.seats,
      notes: opts.notes,
    })
    .select(LICENCE_COLUMNS)
    .single();
  if (error) throw fromDbError(error, 'Generating the licence');
  if (!data) throw new ApiError(502, 'Generating the licence: nothing was stored');
  return { licence: data as LicenceView, key, replaced };
}
