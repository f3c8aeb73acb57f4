/**
 * The tenant's Health summary for the dashboard's System Health tile and the
 * System Health modal: computed once when first asked for, then on refresh();
 * every caller for the same tenant shares the result (see health-store.ts).
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { TenantSync } from '../../../data';
import type { HealthCounts, HealthSummary } from '../../../../supabase/functions/_shared/health-summary';
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
  /** The cache's counts as last read (doors by status, users), before the database answers. */
  counts: HealthCounts | null;
}

/** refreshOnMount: compute again when the caller mounts, not only the first time anyone asks. */
export function useHealthSummary(sync: TenantSync, { refreshOnMount = false } = {}): HealthSummaryView {
  const store = healthStoreFor(sync);
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  useEffect(() => {
    const s = store.get();
    if (refreshOnMount || (!s.summary && !s.loading && !s.error)) void store.refresh();
  }, [store, refreshOnMount]);
  const refresh = useCallback(() => store.refresh(), [store]);
  return { ...state, refresh };
}
