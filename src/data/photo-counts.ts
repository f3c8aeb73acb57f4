/**
 * Counts a device's photos by state on the [state+created_at] index: a filter
 * over the store would copy every photo's bytes out of IndexedDB to count them.
 */
import Dexie from 'dexie';
import type { TenantDb } from './local-db';
import type { PhotoState } from './photo-types';

export function countPhotosIn(db: TenantDb, state: PhotoState): Promise<number> {
  return db.photos.where('[state+created_at]').between([state, Dexie.minKey], [state, Dexie.maxKey]).count();
}
