/**
 * Owns the shape of a photo kept on the device (issue 17): the compressed
 * JPEG and its thumbnail as bytes (ArrayBuffers store in every browser's
 * IndexedDB, Blobs not everywhere), the row it is evidence for, and where its
 * upload stands. The server's object is `{table}/{row_id}/{file}` in the
 * private `evidence` bucket, whose policies read the row the path names.
 */
import type { SyncErrorInfo } from './sync-errors';

export const EVIDENCE_BUCKET = 'evidence';
/** The service worker's cache of server photos seen online (sw/sw.ts), emptied at sign-out. */
export const PHOTO_CACHE = 'lockstep-photos';
export const PHOTO_TABLES = ['door_log', 'incidents', 'maintenance_records', 'parking_violations'] as const;
export type PhotoTable = (typeof PHOTO_TABLES)[number];
export const MAX_PHOTOS_PER_ROW = 5;

/**
 * pending: waiting for its row to reach the server, or for a connection;
 * uploaded: the server holds it (the bytes may since have been dropped for room);
 * attention: the server refused it, with the reason.
 */
export type PhotoState = 'pending' | 'uploaded' | 'attention';

export interface LocalPhoto {
  /** uuid; also the file name's tail, so one photo is one object however often it is sent. */
  id: string;
  table: PhotoTable;
  row_id: string;
  /** The object's name in the bucket. */
  path: string;
  /** The JPEG, null once dropped after upload to make room (it then loads from the server). */
  bytes: ArrayBuffer | null;
  /** Kept for as long as the photo: galleries show it offline. */
  thumb: ArrayBuffer;
  type: 'image/jpeg';
  width: number;
  height: number;
  size: number;
  /** When the photo was taken (its EXIF time or the file's), ISO. */
  taken_at: string;
  /** When it was stored on this device, ISO: the upload order and the eviction order. */
  created_at: string;
  state: PhotoState;
  attempts: number;
  /** Device time (ms) before which a failed upload is not tried again. */
  next_attempt_at: number;
  error: SyncErrorInfo | null;
  uploaded_at: string | null;
}

/** A photo as the capture step hands it over: compressed, with its thumbnail. */
export interface NewPhoto {
  bytes: ArrayBuffer;
  thumb: ArrayBuffer;
  type: 'image/jpeg';
  width: number;
  height: number;
  takenAt: string;
}

/** `20261124T101500Z` from an ISO time: the capture time readable in the object's name, sortable. */
function compactTime(iso: string): string {
  const t = Date.parse(iso);
  const d = Number.isFinite(t) ? new Date(t) : new Date();
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function photoPath(table: PhotoTable, rowId: string, photoId: string, takenAt: string): string {
  return `${table}/${rowId}/${compactTime(takenAt)}_${photoId}.jpg`;
}

/** The capture time and id a photo's object name carries (photoPath), for photos listed from the server. */
export function parsePhotoName(name: string): { takenAt: string | null; id: string | null } {
  const m = /^(\d{8}T\d{6}Z)_([0-9a-f-]{36})\.jpg$/i.exec(name);
  if (!m) return { takenAt: null, id: null };
  const c = m[1]!;
  const iso = `${c.slice(0, 4)}-${c.slice(4, 6)}-${c.slice(6, 8)}T${c.slice(9, 11)}:${c.slice(11, 13)}:${c.slice(13, 15)}Z`;
  return { takenAt: Number.isFinite(Date.parse(iso)) ? new Date(iso).toISOString() : null, id: m[2]!.toLowerCase() };
}

export function newLocalPhoto(table: PhotoTable, rowId: string, photo: NewPhoto, now: Date = new Date()): LocalPhoto {
  const id = crypto.randomUUID();
  return {
    id,
    table,
    row_id: rowId,
    path: photoPath(table, rowId, id, photo.takenAt),
    bytes: photo.bytes,
    thumb: photo.thumb,
    type: photo.type,
    width: photo.width,
    height: photo.height,
    size: photo.bytes.byteLength,
    taken_at: photo.takenAt,
    created_at: now.toISOString(),
    state: 'pending',
    attempts: 0,
    next_attempt_at: 0,
    error: null,
    uploaded_at: null,
  };
}
