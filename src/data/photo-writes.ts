/**
 * Owns saving a new row with its photos, and making room for them. The row
 * and its photos go in one transaction with the row's outbox entry
 * (repositories.ts). When the device is full, uploaded photos' bytes are
 * dropped oldest first (their thumbnails stay; the photo then loads from the
 * server) and the save is tried again; when that is still not enough, the
 * row is saved without its photos and the caller says so: a photo never
 * costs the check it was taken for.
 */
import type { TenantDb } from './local-db';
import type { CacheRow } from './outbox-types';
import { MAX_PHOTOS_PER_ROW, newLocalPhoto, type NewPhoto, type PhotoTable } from './photo-types';
import { dropUploadedPhotoBytes } from './photo-room';
import { insertRow, type DoorCheckInput } from './repositories';
import { guardQuota, StorageFullError } from './storage';

/** saved: with every photo; none: there were none; no-room: the row is saved, its photos are not. */
export type PhotoSave = 'saved' | 'none' | 'no-room';

export class TooManyPhotosError extends Error {
  override readonly name = 'TooManyPhotosError';
  constructor() {
    super(`At most ${MAX_PHOTOS_PER_ROW} photos can be added to one record.`);
  }
}

/** Inserts a row with its photos (see the file comment for a full device). */
export async function insertRowWithPhotos(
  db: TenantDb,
  table: PhotoTable,
  values: Record<string, unknown>,
  photos: readonly NewPhoto[],
): Promise<{ row: CacheRow; photos: PhotoSave }> {
  if (photos.length > MAX_PHOTOS_PER_ROW) throw new TooManyPhotosError();
  if (photos.length === 0) return { row: await insertRow(db, table, values), photos: 'none' };
  // A new row's id is made here so its photos can name it; it is passed as fresh, not as a value, so the row is
  // still queued as an insert (DO NOTHING on a replay) rather than an upsert that could undo a later change.
  const named = typeof values.id === 'string' ? values.id : null;
  const id = named ?? crypto.randomUUID();
  const now = Date.now();
  // A millisecond apart: the order they were added is the order they upload and show.
  const local = photos.map((p, i) => newLocalPhoto(table, id, p, new Date(now + i)));
  try {
    return { row: await insertRow(db, table, values, local, id), photos: 'saved' };
  } catch (e) {
    if (!(e instanceof StorageFullError)) throw e;
  }
  const needed = local.reduce((n, p) => n + (p.bytes?.byteLength ?? 0) + p.thumb.byteLength, 0);
  if ((await dropUploadedPhotoBytes(db, needed * 2)) > 0) {
    try {
      return { row: await insertRow(db, table, values, local, id), photos: 'saved' };
    } catch (e) {
      if (!(e instanceof StorageFullError)) throw e;
    }
  }
  return { row: await insertRow(db, table, values, [], id), photos: 'no-room' };
}

/** A door check (as recordDoorCheck: the signed-in user's) with its photos. */
export function recordDoorCheckWithPhotos(
  db: TenantDb,
  input: DoorCheckInput,
  photos: readonly NewPhoto[],
): Promise<{ row: CacheRow; photos: PhotoSave }> {
  return insertRowWithPhotos(db, 'door_log', { ...input, user_id: db.binding.userId }, photos);
}

/**
 * Adds photos to a row that already exists (on the server or queued): an
 * incident being edited, a work order. Counted against the photos this
 * device holds for the row; 'no-room' when the device is full even after
 * dropping uploaded photos' bytes.
 */
export async function addPhotosToRow(db: TenantDb, table: PhotoTable, rowId: string, photos: readonly NewPhoto[]): Promise<PhotoSave> {
  if (photos.length === 0) return 'none';
  const held = await db.photos.where('[table+row_id]').equals([table, rowId]).count();
  if (held + photos.length > MAX_PHOTOS_PER_ROW) throw new TooManyPhotosError();
  const now = Date.now();
  const local = photos.map((p, i) => newLocalPhoto(table, rowId, p, new Date(now + i)));
  const store = () => guardQuota(() => db.transaction('rw', db.photos, () => db.photos.bulkAdd(local)));
  try {
    await store();
    return 'saved';
  } catch (e) {
    if (!(e instanceof StorageFullError)) throw e;
  }
  const needed = local.reduce((n, p) => n + (p.bytes?.byteLength ?? 0) + p.thumb.byteLength, 0);
  if ((await dropUploadedPhotoBytes(db, needed * 2)) === 0) return 'no-room';
  try {
    await store();
    return 'saved';
  } catch (e) {
    if (e instanceof StorageFullError) return 'no-room';
    throw e;
  }
}
