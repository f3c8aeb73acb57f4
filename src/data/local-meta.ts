/**
 * Screen-owned records in the tenant store's local-only `meta` table (never
 * synced): what a screen last fetched or computed, with when, so it can open
 * offline with that answer and its age instead of failing.
 */
import type { TenantDb } from './local-db';

export interface Remembered<T> {
  value: T;
  /** ISO time the value was fetched or computed. */
  at: string;
}

const PREFIX = 'screen:';

export async function readRemembered<T>(db: TenantDb, key: string): Promise<Remembered<T> | null> {
  const row = await db.meta.get(PREFIX + key).catch(() => undefined);
  const v = row?.value as Partial<Remembered<T>> | undefined;
  return v && typeof v.at === 'string' && 'value' in v ? (v as Remembered<T>) : null;
}

export async function remember<T>(db: TenantDb, key: string, value: T, at = new Date()): Promise<Remembered<T>> {
  const record: Remembered<T> = { value, at: at.toISOString() };
  // Best effort: a full disk must not break the screen that has the fresh answer.
  await db.meta.put({ key: PREFIX + key, value: record }).catch(() => undefined);
  return record;
}
