/**
 * The tenant's Health summary for the dashboard's System Health tile and the
 * System Health modal: computed once when first asked for, then on refresh();
 * every caller for the same tenant shares the result (see health-store.ts).
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { TenantSync } from '../../../data';
import type { HealthSummary } from '../../../../supabase/functions/_shared/health-summary';
import { healthStoreFor } from './health-store';

export interface HealthSummaryView {
  summary: HealthSummary | null;
  loading: boolean;
  /** "Unable to load system health data." when the cache cannot be read, or nothing was ever pulled and the database cannot be read. */
  error: string | null;
  refresh: () => Promise<void>;
  /** ISO time the summary shown was computed. */
  computedAt: string | null;
  /** true: the last summary stored on this device, shown because the database could not be reached (offline). */
  fromCache: boolean;
  /** true: the cache's figures, shown while the database is still being timed (database.checked is false). */
  checking: boolean;
}

export function useHealthSummary(sync: TenantSync): HealthSummaryView {
  const store = healthStoreFor(sync);
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  useEffect(() => {
    const s = store.get();
    if (!s.summary && !s.loading && !s.error) void store.refresh();
  }, [store]);
  const refresh = useCallback(() => store.refresh(), [store]);
  return { ...state, refresh };
}
