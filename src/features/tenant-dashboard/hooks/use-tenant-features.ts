/**
 * The tenant's features (GET /api/tenant-proxy/features) for the dashboard's
 * cards and the settings page, remembered on the device: offline the cards
 * follow what the server last said, with its age; with no answer ever,
 * spec §7's default list (everything on).
 */
import { callTenantProductApi, type TenantSync } from '../../../data';
import { DEFAULT_FEATURES, FEATURE_NAMES, type FeatureSet } from '../dashboard-model';
import { useRememberedFetch } from './use-remembered-fetch';

export interface FeatureRow {
  feature_name: string;
  enabled: boolean;
  status: string;
  expires_at: string | null;
}

export interface SubscriptionRow {
  addon_plan_id: string;
  status: string;
  subscribed_at: string;
}

export interface FeaturesAnswer {
  features: FeatureRow[];
  effective: FeatureSet;
  subscriptions: SubscriptionRow[];
}

export interface TenantFeatures {
  effective: FeatureSet;
  answer: FeaturesAnswer | null;
  /** When the answer shown was fetched; null for the default list. */
  fetchedAt: string | null;
  source: 'server' | 'cache' | 'default';
  loading: boolean;
  /** Why the server's answer is not shown (offline, refused). */
  error: string | null;
  /** The last fetch got no answer at all (no connection, server unreachable). */
  offline: boolean;
}

function asFeatureSet(raw: unknown): FeatureSet {
  const r = (raw ?? {}) as Partial<Record<string, unknown>>;
  return Object.fromEntries(FEATURE_NAMES.map((n) => [n, typeof r[n] === 'boolean' ? r[n] : DEFAULT_FEATURES[n]])) as FeatureSet;
}

async function fetchFeatures(sync: TenantSync): Promise<FeaturesAnswer> {
  const answer = await callTenantProductApi<FeaturesAnswer>(sync.endpoint, 'tenant-proxy/features', {
    query: { tenantSlug: sync.endpoint.slug },
  });
  return { ...answer, subscriptions: answer.subscriptions ?? [] };
}

export function useTenantFeatures(sync: TenantSync | null): TenantFeatures {
  const r = useRememberedFetch(sync, 'features', fetchFeatures);
  return {
    effective: r.value ? asFeatureSet(r.value.effective) : DEFAULT_FEATURES,
    answer: r.value,
    fetchedAt: r.at,
    source: r.source === 'none' ? 'default' : r.source,
    loading: r.loading,
    error: r.error ? `Failed to fetch feature flags: ${r.error}` : null,
    offline: r.errorStatus === 0,
  };
}
