/**
 * Owns one round of photo uploads: every pending photo whose row has reached
 * the server (no outbox entry of that row is left, and none was refused), in
 * the order they were taken, one at a time. A photo is its own object, named
 * by its id and never replaced, so a photo sent again after its answer was
 * lost is refused as already there, which means it is there: every photo
 * lands once however often the app is closed mid-upload. Failures follow the
 * outbox's rule (sync-errors.ts): a network error or a 5xx waits with backoff
 * and ends the round, a refused token goes back to the caller for one shared
 * refresh, and any other refusal puts the photo in "needs attention" with the
 * server's reason.
 */
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import type { TenantDb } from './local-db';
import type { LocalPhoto } from './photo-types';
import type { Checkpoint } from './push';
import { STORAGE_DUPLICATE_STATUS } from './storage-errors';
import { classifySyncError, type SyncErrorInfo } from './sync-errors';
import type { SyncTransport } from './sync-transport';

export interface PhotoRoundDeps {
  db: TenantDb;
  transport: SyncTransport;
  checkpoint?: Checkpoint;
  backoff?: BackoffOptions;
  random?: () => number;
  now?: () => number;
}

export type PhotoRound =
  /** Nothing more can be sent now: every photo is up, waiting for its row, or waiting out a backoff. */
  | { kind: 'done'; uploaded: number; nextAttemptAt: number | null }
  | { kind: 'retry'; uploaded: number; error: SyncErrorInfo; nextAttemptAt: number }
  | { kind: 'auth'; uploaded: number; error: SyncErrorInfo; token: string | null };

export const PHOTO_GONE_CODE = 'LOCKSTEP_PHOTO_GONE';

/** Whether the row this photo belongs to is on the server: nothing of it queued, nothing of it refused. */
async function rowHasSynced(db: TenantDb, p: LocalPhoto): Promise<boolean> {
  const key: [string, string] = [p.table, p.row_id];
  const [queued, refused] = await Promise.all([
    db.outbox.where('[table+row_id]').equals(key).count(),
    db.rejected.where('[table+row_id]').equals(key).count(),
  ]);
  return queued === 0 && refused === 0;
}

export async function uploadPhotoRound(deps: PhotoRoundDeps): Promise<PhotoRound> {
  const { db, transport } = deps;
  const now = deps.now ?? Date.now;
  const checkpoint: Checkpoint = deps.checkpoint ?? (() => undefined);
  if (!transport.upload) throw new Error('This transport cannot upload photos.');
  let uploaded = 0;
  let nextAttemptAt: number | null = null;
  // Keys only: the bytes are read one photo at a time.
  const pending = await db.photos.where('[state+created_at]').between(['pending', ''], ['pending', '\uffff']).primaryKeys();
  for (const id of pending) {
    // Records first: a check recorded while photos go up is sent before the next photo (the engine
    // asks for the photos again once its push has drained). Asked before a photo's bytes are read, so
    // a waiting record never shares the device with that read either.
    if ((await db.outbox.count()) > 0) return { kind: 'done', uploaded, nextAttemptAt };
    // Read now: another tab may have changed it since the list was made.
    const p = await db.photos.get(id);
    if (!p || p.state !== 'pending') continue;
    if (p.next_attempt_at > now()) {
      nextAttemptAt = Math.min(nextAttemptAt ?? Infinity, p.next_attempt_at);
      continue;
    }
    if (!(await rowHasSynced(db, p))) continue;
    if (!p.bytes) {
      const error: SyncErrorInfo = {
        code: PHOTO_GONE_CODE,
        message: 'This photo is no longer stored on this device, so it cannot be sent.',
        details: null,
        hint: null,
        status: 0,
      };
      await db.photos.update(p.id, { state: 'attention', error });
      continue;
    }
    if ((await db.outbox.count()) > 0) return { kind: 'done', uploaded, nextAttemptAt };
    await checkpoint('before-photo-upload');
    const r = await transport.upload(p.path, p.bytes, p.type);
    await checkpoint('after-photo-upload');
    if (r.ok || r.error.status === STORAGE_DUPLICATE_STATUS) {
      await db.photos.update(p.id, { state: 'uploaded', uploaded_at: new Date(now()).toISOString(), error: null });
      uploaded++;
      await checkpoint('after-photo-marked');
      continue;
    }
    const kind = classifySyncError(r.error);
    if (kind === 'auth') return { kind: 'auth', uploaded, error: r.error, token: r.token };
    if (kind === 'retry') {
      const attempts = p.attempts + 1;
      const at = now() + backoffDelay(attempts, deps.backoff ?? DEFAULT_BACKOFF, deps.random);
      await db.photos.update(p.id, { attempts, next_attempt_at: at, error: r.error });
      return { kind: 'retry', uploaded, error: r.error, nextAttemptAt: at };
    }
    await db.photos.update(p.id, { state: 'attention', error: r.error, attempts: p.attempts + 1 });
  }
  return { kind: 'done', uploaded, nextAttemptAt };
}

/** Puts a photo that needs attention back in the queue (after the cause was dealt with). */
export async function retryPhoto(db: TenantDb, id: string): Promise<void> {
  await db.photos.update(id, { state: 'pending', attempts: 0, next_attempt_at: 0, error: null });
}

/** Removes a photo from this device for good (one that needs attention and will never be accepted). */
export async function discardPhoto(db: TenantDb, id: string): Promise<void> {
  await db.photos.delete(id);
}
