/**
 * Owns the live-query hooks screens read through: each wraps a function of
 * queries.ts in dexie-react-hooks' useLiveQuery, so a write in any tab (or a
 * pull) re-renders the screen without a reload. `undefined` means "still
 * loading", never "empty".
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { TenantDb } from './local-db';
import type { CacheRow } from './outbox-types';
import type { PullState } from './pull';
import { getRow, listDoorLogsByDoor, listDoorsByCampus, listMaintenanceComments, listRows } from './queries';
import type { SyncedTable } from './sync-tables';

export function useRows(db: TenantDb | null, table: SyncedTable): CacheRow[] | undefined {
  return useLiveQuery(() => (db ? listRows(db, table) : undefined), [db, table]);
}

export function useRow(db: TenantDb | null, table: SyncedTable, id: string | null): CacheRow | undefined {
  return useLiveQuery(() => (db && id ? getRow(db, table, id) : undefined), [db, table, id]);
}

export function useDoorsByCampus(db: TenantDb | null, campusId: string | null): CacheRow[] | undefined {
  return useLiveQuery(() => (db && campusId ? listDoorsByCampus(db, campusId) : undefined), [db, campusId]);
}

export function useDoorLogsByDoor(db: TenantDb | null, doorId: string | null, limit = 50): CacheRow[] | undefined {
  return useLiveQuery(() => (db && doorId ? listDoorLogsByDoor(db, doorId, limit) : undefined), [db, doorId, limit]);
}

export function useMaintenanceComments(db: TenantDb | null, recordId: string | null): CacheRow[] | undefined {
  return useLiveQuery(() => (db && recordId ? listMaintenanceComments(db, recordId) : undefined), [db, recordId]);
}

/** Each table's pull state (watermark, last pull, last error, missing on the server), for screens that must know what reached this device. */
export function useSyncStates(db: TenantDb | null): PullState[] | undefined {
  return useLiveQuery<PullState[] | undefined>(() => (db ? db.sync_state.toArray() : undefined), [db]);
}
