/**
 * The public face of src/data, the offline core: the only place features get
 * clients, sessions, repositories and sync status from.
 */
export { loadAppConfig, getPlatformClient, getTenantClient, type AppConfig, type TenantEndpoint } from './clients';
export { idbAuthStorage, platformStorageKey, tenantStorageKey, type AuthStorage } from './session-store';
// Sign-in, sign-out and sessions for the platform and each tenant. Route
// chunks import './data/auth' itself (lazy facade) to stay free of supabase-js.
export * from './auth';
export { AUTH_MESSAGES, classifyAuthError, tenantSignInMessage, platformSignInMessage, signInErrorBlames } from './auth-errors';
// The offline store and sync engine (DESIGN §7).
export { SYNCED_TABLES, APPEND_ONLY_TABLES, SERVER_WRITTEN_TABLES, isSyncedTable, type SyncedTable } from './sync-tables';
// Trusted time: the server's clock as this device knows it (decision 013).
export { trustedNow, clockOffsetMs } from './device-clock';
export { openTenantDb, tenantDbName, TenantDb, TenantMismatchError, type TenantBinding } from './local-db';
export type { CacheRow, OutboxEntry, OutboxOp, RejectedEntry, SyncState } from './outbox-types';
export {
  recordDoorCheck,
  insertRow,
  upsertRow,
  updateRow,
  softDeleteRow,
  AppendOnlyError,
  ServerWrittenError,
  type DoorCheckInput,
} from './repositories';
// Photo evidence (issue 17): stored with its row, uploaded after it on its own queue.
export {
  EVIDENCE_BUCKET,
  MAX_PHOTOS_PER_ROW,
  PHOTO_CACHE,
  PHOTO_TABLES,
  parsePhotoName,
  type LocalPhoto,
  type NewPhoto,
  type PhotoState,
  type PhotoTable,
} from './photo-types';
export { addPhotosToRow, insertRowWithPhotos, recordDoorCheckWithPhotos, TooManyPhotosError, type PhotoSave } from './photo-writes';
export {
  getRow,
  listRows,
  countRows,
  countRowsWhere,
  countRowsStartingWith,
  getRows,
  listRowsWhere,
  listRowsWithPrefix,
  listDoorsByCampus,
  listDoorLogsByDoor,
  listDoorLogsBetween,
  listMaintenanceByDoor,
  listNewest,
  listRowsWhereNoneOf,
  type NewestTable,
} from './queries';
export { watchCacheWrites } from './cache-writes';
// Missed-check alerts: latest checks of doors with none in the recent window (issue 12).
export { listLatestChecksOf } from './latest-checks';
export { useRows, useRow, useDoorsByCampus, useDoorLogsByDoor, useMaintenanceComments, useSyncStates } from './live-queries';
export type { PullState } from './pull';
export {
  readRowSyncStates,
  rowSyncInfo,
  useRowSyncStates,
  type RowSyncInfo,
  type RowSyncState,
  type RowSyncStates,
} from './row-sync-state';
export { listRejected, retryRejected, retryAllRejected, discardRejected } from './rejected-entries';
export { SyncEngine, leaderLockName, type EngineState, type SyncEngineOptions } from './sync-engine';
export { openTenantSync, closeTenantSync, type TenantSync } from './tenant-sync';
export { createMemoryLocks, createWebLocks, defaultLocks, type LockProvider } from './locks';
export { supabaseSessionSource, type SessionSource } from './session-source';
export { classifySyncError, type SyncErrorInfo } from './sync-errors';
export { describeSyncStatus, formatAge, signOutWarning, type SyncStatusKind, type SyncStatusView } from './sync-status';
export { useSyncStatus, type SyncStatus } from './use-sync-status';
export { SyncStatusBadge } from './components/sync-status-badge';
export { checkBeforeSignOut, signOutKeepingOutbox, type SignOutCheck } from './sign-out';
export { requestPersistentStorage, StorageFullError, isQuotaError, type PersistAnswer } from './storage';
export { runBackgroundPush, requestBackgroundPush, backgroundSyncTag, slugFromSyncTag } from './background-sync';
export { useTenantResource, type TenantResource } from './use-tenant-resource';
// The System Health modal's timed read of the tenant's database and its stored last summary (issue 12).
export {
  probeTenantDatabase,
  readStoredHealthSummary,
  storeHealthSummary,
  healthCacheVersion,
  watchHealthCacheVersion,
  HEALTH_TABLES,
  type TenantDatabaseProbe,
} from './tenant-health-probe';
export { useTenantSync, type TenantSyncState } from './use-tenant-sync';
export { useLaterTenantSync } from './use-later-tenant-sync';
export { loadSyncModules } from './sync-modules';
export { useLocalTenantDb, type LocalTenantDbState } from './use-local-tenant-db';
export { useLivePull, LIVE_PULL_MS, LIVE_TABLES } from './use-live-pull';
export { readRemembered, remember, type Remembered } from './local-meta';
export { tableWrites } from './table-writes';
export { watermarkText } from './watermark-text';
// The product API as staff screens call it, the platform's tenant list, and
// /tenant-config's development-only tenant configuration.
export {
  callProductApi,
  callTenantProductApi,
  ProductApiError,
  PRODUCT_API_MESSAGES,
  type ProductApiIssue,
  type ProductApiOptions,
} from './product-api';
export { listPlatformTenants, getStaffEmails, type PlatformTenant, type TenantListRow } from './platform-tenants';
// Staff tools (issue 11): the door-troubleshooting read and audited support sessions.
export { fetchStaffTenantDoors, type StaffDoor, type StaffDoorsAnswer, type StaffMaintenance } from './staff-doors-api';
export {
  startSupportSession,
  enterSupportSession,
  exitSupportSession,
  forgetSupportSession,
  readSupportSession,
  watchSupportSession,
  SupportLockedError,
  type SupportAnswer,
  type SupportRecord,
  type SupportSessionInfo,
} from './support-session';
export { readDevTenantConfig, saveDevTenantConfig, clearDevTenantConfig, type DevTenantConfig } from './dev-tenant-config';
// The staff screens' offline copy of the platform lists (issue 11).
export { clearPlatformCache, describeListAge, PLATFORM_LISTS, type CachedPlatformList, type PlatformList } from './platform-cache';
export { usePlatformList, isConnectionFailure, PLATFORM_LIST_MESSAGES, type PlatformListView } from './use-platform-list';
// The staff user-management panel's calls (issue 11 §1).
export { tenantUsersApi, type ConnectionTestAnswer, type TenantUser } from './tenant-users-api';
// The tenant's own user management (issue 12), with the tenant's session.
export { tenantOwnUsersApi, type CreatedTenantUserAnswer, type TenantOwnUsersApi } from './tenant-own-users-api';
export { startSweep, endSweep, SWEEP_NEEDS_SERVER, type StartSweepInput, type SweepAnswer, type SweepKind } from './sweeps-api';
