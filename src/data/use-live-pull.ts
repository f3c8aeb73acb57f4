/**
 * Admin dashboards show what officers record elsewhere within seconds: while
 * the page is visible and online they pull the few tables that change during
 * a shift every LIVE_PULL_MS (the engine's full cycle stays at 30 s, so an
 * officer's phone is not asked to poll this often). Issue 13 §3: a new check
 * must appear on an open dashboard within 5 s.
 */
import { useEffect } from 'react';
import type { SyncedTable } from './sync-tables';
import type { TenantSync } from './tenant-sync';

export const LIVE_PULL_MS = 3_000;
export const LIVE_TABLES: readonly SyncedTable[] = ['door_log', 'doors', 'maintenance_records', 'incidents'];

/** `tables`: what the screen shows that others change (a stable array: a new one restarts the timer). */
export function useLivePull(sync: TenantSync | null, tables: readonly SyncedTable[] = LIVE_TABLES): void {
  useEffect(() => {
    if (!sync) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) void sync.engine.pullTables(tables);
    }, LIVE_PULL_MS);
    return () => clearInterval(timer);
  }, [sync, tables]);
}
