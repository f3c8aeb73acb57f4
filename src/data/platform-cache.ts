/**
 * Owns the staff screens' offline copy of the platform lists (issue 11: staff
 * screens open offline with the last known data and its age): figures,
 * activity, staff, tenants (billing, /manage-tenants, the door view's
 * organizations), reports, and per tenant its doors and its users, each
 * stored with the time it was fetched. Rows are keyed by the signed-in staff user, so one account
 * never sees another's lists on a shared device, and the whole store is
 * cleared when staff sign out. Its own small database: the tenant stores
 * (local-db.ts) are per tenant and hold synced rows, this holds API answers.
 */
import Dexie, { type Table } from 'dexie';

export const PLATFORM_LISTS = ['stats', 'activity', 'staff', 'tenants', 'reports', 'tenant-doors', 'tenant-users'] as const;
export type PlatformList = (typeof PLATFORM_LISTS)[number];

/** Lists read for one tenant at a time: each tenant's copy is kept apart, so opening one never shows another's. */
export const PER_TENANT_LISTS: readonly PlatformList[] = ['tenant-doors', 'tenant-users'];

/** Where a list is stored: its name, or for a per-tenant list its name and the tenant's id. */
export type PlatformListKey = PlatformList | `${PlatformList}:${string}`;

/** A per-tenant list without its tenant (or a platform-wide one with one) would mix tenants' copies, so it throws. */
export function platformListKey(list: PlatformList, tenantId?: string): PlatformListKey {
  const perTenant = PER_TENANT_LISTS.includes(list);
  if (perTenant && !tenantId) throw new Error(`The ${list} list is kept per tenant: a tenant id is needed.`);
  if (!perTenant && tenantId !== undefined) throw new Error(`The ${list} list is platform-wide: it takes no tenant id.`);
  return perTenant ? `${list}:${tenantId}` : list;
}

export interface CachedPlatformList<T> {
  userId: string;
  list: PlatformListKey;
  data: T;
  /** ISO time the API answered with `data`. */
  fetchedAt: string;
}

export const PLATFORM_CACHE_DB = 'lockstep-platform-cache';

class PlatformCacheDb extends Dexie {
  lists!: Table<CachedPlatformList<unknown>, [string, PlatformListKey]>;
  constructor() {
    super(PLATFORM_CACHE_DB);
    this.version(1).stores({ lists: '[userId+list], userId' });
  }
}

let db: PlatformCacheDb | null = null;
function cacheDb(): PlatformCacheDb {
  db ??= new PlatformCacheDb();
  return db;
}

/** The list as last fetched for this user, or null when this device has none. */
export async function readPlatformList<T>(userId: string, list: PlatformListKey): Promise<CachedPlatformList<T> | null> {
  const row = await cacheDb().lists.get([userId, list]);
  return (row as CachedPlatformList<T> | undefined) ?? null;
}

export async function writePlatformList<T>(
  userId: string,
  list: PlatformListKey,
  data: T,
  fetchedAt: Date = new Date(),
): Promise<CachedPlatformList<T>> {
  const row: CachedPlatformList<T> = { userId, list, data, fetchedAt: fetchedAt.toISOString() };
  await cacheDb().lists.put(row);
  return row;
}

/**
 * Asks the API (`load`) and stores its answer with the time it came. A failed
 * load throws and leaves the stored list as it was; a store that cannot be
 * written (full, blocked) still returns the answer, since storing is a
 * convenience.
 */
export async function refreshPlatformList<T>(
  userId: string,
  list: PlatformListKey,
  load: () => Promise<T>,
  now: () => Date = () => new Date(),
): Promise<CachedPlatformList<T>> {
  const data = await load();
  const fetchedAt = now();
  return writePlatformList(userId, list, data, fetchedAt).catch((): CachedPlatformList<T> => ({
    userId,
    list,
    data,
    fetchedAt: fetchedAt.toISOString(),
  }));
}

/** Sign-out: every account's lists go (the next staff member on this device starts empty). */
export async function clearPlatformCache(): Promise<void> {
  await cacheDb().lists.clear();
}

/**
 * "Last updated 5 minutes ago": the age of a cached list in words, from the
 * fetch time and now (whole units, rounded down; a clock behind the fetch
 * time counts as just now).
 */
export function describeListAge(fetchedAt: string, now: number): string {
  const ms = Math.max(0, now - Date.parse(fetchedAt));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`;
  const min = Math.floor(ms / 60_000);
  if (Number.isNaN(min)) return 'Last updated at an unknown time';
  if (min < 1) return 'Last updated just now';
  if (min < 60) return `Last updated ${unit(min, 'minute')}`;
  const h = Math.floor(min / 60);
  if (h < 24) return `Last updated ${unit(h, 'hour')}`;
  return `Last updated ${unit(Math.floor(h / 24), 'day')}`;
}
