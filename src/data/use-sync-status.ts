/**
 * Owns the live sync status of a tenant for any tab: counts read from the
 * tenant database through live queries (so a follower tab sees the leader's
 * progress), the leader's pause and last error as it publishes them, the
 * browser's online flag, and a clock so "oldest 5 min" ages on screen.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ENGINE_STATE_KEY, readSharedEngineState } from './sync-engine';
import { describeSyncStatus, type SyncStatusView } from './sync-status';
import type { TenantSync } from './tenant-sync';

export interface SyncStatus extends SyncStatusView {
  pending: number;
  rejected: number;
  oldestPendingAt: string | null;
  loading: boolean;
}

function subscribeOnline(cb: () => void): () => void {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

const isOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine);

export function useSyncStatus(sync: TenantSync | null): SyncStatus {
  const db = sync?.db ?? null;
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  const counts = useLiveQuery(async () => {
    if (!db) return null;
    const [pending, rejected, oldest, shared] = await Promise.all([
      db.outbox.count(),
      db.rejected.count(),
      db.outbox.orderBy('seq').first(),
      db.meta.get(ENGINE_STATE_KEY),
    ]);
    return { pending, rejected, oldestPendingAt: oldest?.created_at ?? null, shared: readSharedEngineState(shared?.value) };
  }, [db]);
  const pending = counts?.pending ?? 0;
  const view = describeSyncStatus({
    pending,
    oldestPendingAt: counts?.oldestPendingAt ?? null,
    rejected: counts?.rejected ?? 0,
    online,
    paused: counts?.shared?.paused ?? null,
    lastError: counts?.shared?.lastError ?? null,
    now,
  });
  return { ...view, pending, rejected: counts?.rejected ?? 0, oldestPendingAt: counts?.oldestPendingAt ?? null, loading: counts === undefined };
}
