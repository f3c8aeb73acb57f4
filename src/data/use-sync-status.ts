/**
 * Owns the live sync status of a tenant for any tab: counts read from the
 * tenant database through live queries (so a follower tab sees the leader's
 * progress), the leader's pause and last error as it publishes them, the
 * browser's online flag, and a clock so "oldest 5 min" ages on screen.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { localWriteCount, subscribeLocalWrites } from './local-writes';
import { countPhotosIn } from './photo-counts';
import { ENGINE_STATE_KEY, readSharedEngineState } from './sync-engine';
import { describeSyncStatus, type SyncStatusView } from './sync-status';
import type { TenantSync } from './tenant-sync';
import { useOnline } from '../lib/use-online';

export interface SyncStatus extends SyncStatusView {
  pending: number;
  rejected: number;
  photosPending: number;
  photosAttention: number;
  oldestPendingAt: string | null;
  loading: boolean;
}

export function useSyncStatus(sync: TenantSync | null): SyncStatus {
  const db = sync?.db ?? null;
  const online = useOnline();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  const subscribeWrites = useCallback((cb: () => void) => subscribeLocalWrites(db, cb), [db]);
  const writes = useSyncExternalStore(
    subscribeWrites,
    () => localWriteCount(db),
    () => 0,
  );
  const counts = useLiveQuery(async () => {
    if (!db) return null;
    // Writes this snapshot is sure to include: those committed before it began.
    const seenWrites = localWriteCount(db);
    const [pending, rejected, oldest, shared, photosPending, photosAttention] = await Promise.all([
      db.outbox.count(),
      db.rejected.count(),
      db.outbox.orderBy('seq').first(),
      db.meta.get(ENGINE_STATE_KEY),
      countPhotosIn(db, 'pending'),
      countPhotosIn(db, 'attention'),
    ]);
    return {
      pending,
      rejected,
      oldestPendingAt: oldest?.created_at ?? null,
      shared: readSharedEngineState(shared?.value),
      seenWrites,
      photosPending,
      photosAttention,
    };
  }, [db]);
  // A write committed after the snapshot began is queued even if the snapshot
  // does not show it yet: never "Synced" in that moment.
  const behind = counts ? writes > counts.seenWrites : false;
  const pending = Math.max(counts?.pending ?? 0, behind ? 1 : 0);
  const view = describeSyncStatus({
    pending,
    oldestPendingAt: counts?.oldestPendingAt ?? (behind ? new Date(now).toISOString() : null),
    rejected: counts?.rejected ?? 0,
    online,
    paused: counts?.shared?.paused ?? null,
    lastError: counts?.shared?.lastError ?? null,
    now,
    photosPending: counts?.photosPending ?? 0,
    photosAttention: counts?.photosAttention ?? 0,
  });
  return {
    ...view,
    pending,
    rejected: counts?.rejected ?? 0,
    photosPending: counts?.photosPending ?? 0,
    photosAttention: counts?.photosAttention ?? 0,
    oldestPendingAt: counts?.oldestPendingAt ?? null,
    loading: counts === undefined,
  };
}
