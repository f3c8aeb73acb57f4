/**
 * The auth storage key of each project, without Dexie, for light readers
 * (guards, sign-in screens). They must equal session-store.ts's keys;
 * tests/unit/auth-storage-keys.test.ts checks that they do.
 */
export function platformStorageKey(): string {
  return 'lockstep-auth-platform';
}

const TENANT_KEY_PREFIX = 'lockstep-auth-tenant-';

export function tenantStorageKey(slug: string): string {
  return `${TENANT_KEY_PREFIX}${slug}`;
}

/** The prefix every tenant's session key starts with (other records share it: callers parse what they find). */
export function tenantStorageKeyPrefix(): string {
  return TENANT_KEY_PREFIX;
}

/** Where the sync engine records a refresh token the server refused, beside the session it belongs to. */
export function refusedRefreshKey(storageKey: string): string {
  return `${storageKey}-refresh-failed`;
}
