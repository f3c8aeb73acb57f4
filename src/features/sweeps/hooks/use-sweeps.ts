/**
 * What the sweep screens read from the local cache: the sweeps, their doors,
 * and the checks recorded since the oldest running sweep began (by the
 * created_at index, so a cache of 200,000 logs is not read whole), which
 * count for a sweep before the server has them (sweep-progress.ts).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { displayNameOf } from '../../../lib/display-name';
import { useRows, type CacheRow, type SyncedTable, type TenantDb } from '../../../data';
import { sweepProgress, type SweepProgress } from '../sweep-progress';
import { timeKeyAtOrBefore } from '../time-keys';

/** Pulled every few seconds while a sweep screen is open and online (useLivePull). */
export const SWEEP_LIVE_TABLES: readonly SyncedTable[] = ['sweeps', 'sweep_doors', 'door_log'];

const startedMs = (s: CacheRow) => Date.parse(String(s.started_at ?? ''));

export interface SweepData {
  sweeps: CacheRow[];
  running: CacheRow[];
  ended: CacheRow[];
  sweepDoors: readonly CacheRow[];
  campuses: readonly CacheRow[];
  campusName: ReadonlyMap<string, string>;
  userName: (id: string | null) => string;
  recentChecks: readonly CacheRow[];
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function useSweepData(db: TenantDb): SweepData | undefined {
  const sweepRows = useRows(db, 'sweeps');
  const sweepDoors = useRows(db, 'sweep_doors');
  const campuses = useRows(db, 'campus');
  const users = useRows(db, 'users');
  const since = useMemo(() => {
    const starts = (sweepRows ?? []).filter((s) => !s.ended_at).map(startedMs);
    // Cut to the second: a bound that holds every form the checks' times take in the cache (time-keys.ts).
    return starts.length ? timeKeyAtOrBefore(Math.min(...starts)) : null;
  }, [sweepRows]);
  const recentChecks = useLiveQuery(
    () => (since ? db.cache('door_log').where('created_at').aboveOrEqual(since).toArray() : Promise.resolve([] as CacheRow[])),
    [db, since],
  );
  return useMemo(() => {
    if (!sweepRows || !sweepDoors || !campuses || !users || !recentChecks) return undefined;
    const sweeps = [...sweepRows].sort((a, b) => startedMs(b) - startedMs(a));
    const byId = new Map(users.map((u) => [u.id, u]));
    return {
      sweeps,
      running: sweeps.filter((s) => !s.ended_at),
      ended: sweeps.filter((s) => !!s.ended_at),
      sweepDoors,
      campuses,
      campusName: new Map(campuses.map((c) => [c.id, String(c.campus_name ?? '')])),
      userName: (id) => {
        const u = id ? byId.get(id) : undefined;
        return u ? displayNameOf({ first_name: text(u.first_name), last_name: text(u.last_name) }, String(u.email ?? '')) : 'An officer';
      },
      recentChecks,
    };
  }, [sweepRows, sweepDoors, campuses, users, recentChecks]);
}

export function progressOf(data: SweepData, sweep: CacheRow, now: number): SweepProgress {
  return sweepProgress(sweep, data.sweepDoors, data.recentChecks, now, data.userName);
}
