/**
 * Which features a tenant has (spec §2, §3 Feature flag): the stored rows and
 * the defaults, as the product API answers them and the staff screens show
 * them. security_core and student_parking are on unless a row turns them
 * off; transportation only when a live, unexpired row enables it.
 */
import { FEATURE_NAMES } from './tenant-schema';

export interface FeatureRow {
  feature_name: (typeof FEATURE_NAMES)[number];
  enabled: boolean;
  status: string;
  expires_at: string | null;
}

const DEFAULT_ON: Readonly<Record<FeatureRow['feature_name'], boolean>> = {
  security_core: true,
  transportation: false,
  student_parking: true,
};

/** A stored row that turns its feature on now: enabled, active or on trial, not expired. */
export function featureRowLive(row: FeatureRow, now = Date.now()): boolean {
  const live = row.status === 'active' || row.status === 'trial';
  return row.enabled && live && (!row.expires_at || Date.parse(row.expires_at) > now);
}

export function effectiveFeatures(rows: readonly FeatureRow[], now = Date.now()): Record<FeatureRow['feature_name'], boolean> {
  const out = { ...DEFAULT_ON };
  for (const name of FEATURE_NAMES) {
    const row = rows.find((r) => r.feature_name === name);
    if (row) out[name] = featureRowLive(row, now);
  }
  return out;
}

/**
 * Whether the provider has enabled an add-on for the tenant (the /admin/verify
 * buttons): a live row, not a default, so enabling records a subscription.
 */
export function addonEnabled(rows: readonly FeatureRow[], name: FeatureRow['feature_name'], now = Date.now()): boolean {
  const row = rows.find((r) => r.feature_name === name);
  return !!row && featureRowLive(row, now);
}
