/**
 * Room on a full device comes from photos already on the server, oldest
 * first (src/data/photo-room.ts): their bytes go, their thumbnails stay, and
 * a photo not yet uploaded is never touched. On a real IndexedDB store
 * (fake-indexeddb), through the [state+created_at] index the eviction reads.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantDb } from '../../src/data';
import { openTenantDb } from '../../src/data/local-db';
import { dropUploadedPhotoBytes } from '../../src/data/photo-room';
import { newLocalPhoto, type LocalPhoto } from '../../src/data/photo-types';

const KB = 1024;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 8, minute));

function photo(name: string, minute: number, state: LocalPhoto['state'], kb = 100): LocalPhoto {
  const p = newLocalPhoto(
    'door_log',
    `row-${name}`,
    {
      bytes: new ArrayBuffer(kb * KB),
      thumb: new ArrayBuffer(2 * KB),
      type: 'image/jpeg',
      width: 1600,
      height: 1200,
      takenAt: at(minute).toISOString(),
    },
    at(minute),
  );
  return { ...p, id: name, state, uploaded_at: state === 'uploaded' ? at(minute + 1).toISOString() : null };
}

describe('dropUploadedPhotoBytes', () => {
  let db: TenantDb;
  const held = async () =>
    Object.fromEntries((await db.photos.toArray()).map((p) => [p.id, p.bytes === null ? 'dropped' : 'kept'] as const));

  beforeAll(async () => {
    db = await openTenantDb({ slug: 'photo-room-test', url: 'http://x.invalid/t/photo-room-test', anonKey: 'x', userId: 'u1' });
    // Stored out of order, so the index, not the insertion order, decides.
    await db.photos.bulkAdd([
      photo('newest', 50, 'uploaded'),
      photo('pending-oldest', 1, 'pending'),
      photo('middle', 30, 'uploaded'),
      photo('attention', 2, 'attention'),
      photo('oldest', 10, 'uploaded'),
    ]);
  });
  afterAll(() => db.close());

  it('drops the oldest uploaded photo first, only as much as asked, keeping every thumbnail', async () => {
    expect(await dropUploadedPhotoBytes(db, 60 * KB)).toBe(100 * KB);
    expect(await held()).toEqual({ oldest: 'dropped', middle: 'kept', newest: 'kept', 'pending-oldest': 'kept', attention: 'kept' });
    expect(await dropUploadedPhotoBytes(db, 150 * KB)).toBe(200 * KB);
    expect(await held()).toEqual({ oldest: 'dropped', middle: 'dropped', newest: 'dropped', 'pending-oldest': 'kept', attention: 'kept' });
    for (const p of await db.photos.toArray()) expect(p.thumb.byteLength).toBe(2 * KB);
  });

  it('frees nothing once only unsent photos hold bytes', async () => {
    expect(await dropUploadedPhotoBytes(db, 0)).toBe(0);
    expect((await db.photos.get('pending-oldest'))?.bytes?.byteLength).toBe(100 * KB);
  });
});
