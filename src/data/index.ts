/**
 * The public face of src/data, the offline core: the only place features get
 * clients, sessions, repositories and sync status from.
 */
export { loadAppConfig, getPlatformClient, getTenantClient, type AppConfig, type TenantEndpoint } from './clients';
export { idbAuthStorage, platformStorageKey, tenantStorageKey, type AuthStorage } from './session-store';
