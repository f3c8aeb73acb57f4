/**
 * Owns the staff screens' offline copy of the platform lists (issue 11: staff
 * screens open offline with the last known data and its age): figures,
 * activity, staff, tenants (billing) and reports, each stored with the time
 * it was fetched. Rows are keyed by the signed-in staff user, so one account
 * never sees another's lists on a shared device, and the whole store is
 * cleared when staff sign out. Its own small database: the tenant stores
 * (local-db.ts) are per tenant and hold synced rows, this holds API answers.
 */
import Dexie, { type Table } from 'dexie';

export const PLATFORM_LISTS = ['stats', 'activity', 'staff', 'tenants', 'reports'] as const;
export type PlatformList = (typeof PLATFORM_LISTS)[number];

export interface CachedPlatformList<T> {
  userId: string;
  list: PlatformList;
  data: T;
  /** ISO time the API answered with `data`. */
  fetchedAt: string;
}

export const PLATFORM_CACHE_DB = 'lockstep-platform-cache';

class PlatformCacheDb extends Dexie {
  lists!: Table<CachedPlatformList<unknown>, [string, PlatformList]>;
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
export async function readPlatformList<T>(userId: string, list: PlatformList): Promise<CachedPlatformList<T> | null> {
  const row = await cacheDb().lists.get([userId, list]);
  return (row as CachedPlatformList<T> | undefined) ?? null;
}

export async function writePlatformList<T>(
  userId: string,
  list: PlatformList,
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
  list: PlatformList,
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
