/**
 * Owns making room on a full device from photos that are already on the
 * server: their bytes go, oldest first, and their thumbnails stay (the full
 * photo then loads from the server). Photos not yet uploaded are never
 * touched. Used by every local write that meets the quota (repositories.ts,
 * photo-writes.ts) before it gives up.
 */
import type { TenantDb } from './local-db';

/**
 * Drops the bytes of uploaded photos, oldest first, until about `bytes` are
 * freed (all of them when 0 or more than they hold). Thumbnails stay. Returns
 * the bytes freed.
 */
export async function dropUploadedPhotoBytes(db: TenantDb, bytes: number): Promise<number> {
  let freed = 0;
  await db.transaction('rw', db.photos, async () => {
    const uploaded = await db.photos.where('[state+created_at]').between(['uploaded', ''], ['uploaded', '\uffff']).primaryKeys();
    for (const id of uploaded) {
      const p = await db.photos.get(id);
      if (!p?.bytes) continue;
      freed += p.bytes.byteLength;
      await db.photos.update(p.id, { bytes: null });
      if (bytes > 0 && freed >= bytes) break;
    }
  });
  return freed;
}
