/**
 * Photo evidence on its own queue (issue 17), against the real local stack
 * and its Storage API with the unmodified supabase-js client: photos stored
 * with their check in one transaction, sent only after the check, once each
 * however often the app dies mid-upload, refusals kept with the reason, and
 * a full device never costing the check. IndexedDB is fake-indexeddb (Node).
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantDb } from '../../src/data/local-db';
import type { NewPhoto } from '../../src/data/photo-types';
import { addPhotosToRow, insertRowWithPhotos, TooManyPhotosError } from '../../src/data/photo-writes';
import { retryPhoto } from '../../src/data/photo-upload';
import { discardTenantData } from '../../src/data/tenant-sync';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, doorId, drain, openTab, signedInDevice, tenantFixture, type Tab, type TenantFixture } from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

/** Bytes standing in for a compressed JPEG: distinct per photo, so the server's copy can be compared. */
function photo(seed: number, size = 4096): NewPhoto {
  const bytes = new Uint8Array(size).map((_, i) => (i * 31 + seed * 7) & 0xff);
  bytes.set([0xff, 0xd8, 0xff], 0);
  return {
    bytes: bytes.buffer,
    thumb: bytes.slice(0, 256).buffer,
    type: 'image/jpeg',
    width: 1600,
    height: 1200,
    takenAt: new Date(Date.UTC(2026, 10, 24, 10, 0, seed)).toISOString(),
  };
}

async function serverObjects(f: TenantFixture, rowId: string): Promise<Map<string, number>> {
  const r = await f.project.engine.query<{ name: string; n: string | number }>(
    `select name, count(*) as n from storage.objects where bucket_id = 'evidence' and name like $1 group by name`,
    [`door_log/${rowId}/%`],
  );
  return new Map(r.rows.map((row) => [row.name, Number(row.n)]));
}

/** Sends the outbox, then photos until none is pending (backoffs here are milliseconds). */
async function drainAll(tab: Tab, timeoutMs = 20_000): Promise<void> {
  await drain(tab, timeoutMs);
  const until = Date.now() + timeoutMs;
  for (;;) {
    await tab.engine.photos.request();
    const pending = await tab.db.photos.filter((p) => p.state === 'pending').count();
    if (pending === 0) return;
    if (Date.now() > until) throw new Error(`${pending} photos still pending: ${JSON.stringify(tab.engine.photos.getState().lastError)}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function recordCheck(db: TenantDb, f: TenantFixture, photos: NewPhoto[]) {
  return insertRowWithPhotos(db, 'door_log', { door_id: doorId(f), door_status: 'operational', user_id: f.user.id }, photos);
}

describe('photo uploads', () => {
  it('a check with 3 photos, the app killed at each await point of the upload: every photo once on the server, after the check', async () => {
    const f = await tenantFixture(t);
    const dev = await signedInDevice(t, f);
    const killedAt = new Set<string>();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 16 }), async (killAt) => {
        runs++;
        let seen = 0;
        let first: Tab | null = null;
        first = await openTab(f, dev, {
          checkpoint: (label) => {
            if (!label.includes('photo')) return;
            seen++;
            if (seen === killAt) {
              killedAt.add(label);
              first?.engine.kill();
            }
          },
        });
        const logFrom = dev.net.log.length;
        const { row, photos } = await recordCheck(first.db, f, [photo(1), photo(2), photo(3)]);
        expect(photos).toBe('saved');
        first.engine.start();
        await first.engine.waitForLeadership();
        await first.engine.requestSync();
        await first.engine.photos.request();
        first.engine.kill();
        first.db.close();

        const second = await openTab(f, dev);
        await drainAll(second);
        const local = await second.db.photos.where('[table+row_id]').equals(['door_log', row.id]).toArray();
        expect(local.map((p) => p.state)).toEqual(['uploaded', 'uploaded', 'uploaded']);
        const objects = await serverObjects(f, row.id);
        expect([...objects.keys()].sort()).toEqual(local.map((p) => p.path).sort());
        for (const n of objects.values()) expect(n).toBe(1);
        // The check reached the server before any of its photos was sent.
        const log = dev.net.log.slice(logFrom);
        const checkSent = log.findIndex((l) => l.method === 'POST' && l.path.includes('/rest/v1/door_log'));
        const firstUpload = log.findIndex((l) => l.path.includes('/storage/v1/object/evidence/'));
        expect(checkSent).toBeGreaterThanOrEqual(0);
        expect(firstUpload).toBeGreaterThan(checkSent);
        await closeTab(second);
      }),
      // Three uploads with three checkpoints each: the first nine kill points, one by one, then random ones.
      { numRuns: 15, examples: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => [k] as [number]) },
    );
    expect(runs).toBe(15);
    expect([...killedAt].sort()).toEqual(['after-photo-marked', 'after-photo-upload', 'before-photo-upload']);

    // And the bytes on the server are the photo's.
    const one = await openTab(f, dev);
    const stored = await one.db.photos.toArray();
    const sample = stored[0]!;
    const download = await one.client.storage.from('evidence').download(sample.path);
    expect(download.error).toBeNull();
    expect(new Uint8Array(await download.data!.arrayBuffer())).toEqual(new Uint8Array(sample.bytes!));
    await closeTab(one);
  });

  it('photos wait while their check cannot be sent, and go once it is', async () => {
    const f = await tenantFixture(t);
    const dev = await signedInDevice(t, f);
    const tab = await openTab(f, dev);
    const { row } = await recordCheck(tab.db, f, [photo(4), photo(5)]);
    dev.net.offline = true;
    const logFrom = dev.net.log.length;
    tab.engine.start();
    await tab.engine.waitForLeadership();
    await tab.engine.requestSync();
    await tab.engine.photos.request();
    expect(await tab.db.outbox.count()).toBe(1);
    // Not even tried (a try would be logged, failed): the check has not reached the server.
    expect(dev.net.log.slice(logFrom).some((l) => l.path.includes('/rest/v1/door_log'))).toBe(true);
    expect(dev.net.log.slice(logFrom).some((l) => l.path.includes('/storage/v1/'))).toBe(false);
    dev.net.offline = false;
    await drainAll(tab);
    expect((await serverObjects(f, row.id)).size).toBe(2);
    await closeTab(tab);
  });

  it('a network cut mid-queue is retried; a photo the server refuses needs attention with its reason, and the rest go', async () => {
    const f = await tenantFixture(t);
    const dev = await signedInDevice(t, f);
    const tab = await openTab(f, dev);
    // Over the bucket's 10 MB limit: refused for good, whatever the retries.
    const big = photo(6, 10 * 1024 * 1024 + 1);
    const { row } = await recordCheck(tab.db, f, [photo(7), big, photo(8)]);
    // The check goes through; the first upload meets a cut connection.
    dev.net.queue.push('ok', 'network');
    await drainAll(tab);
    const uploads = dev.net.log.filter((l) => l.path.includes('/storage/v1/object/evidence/'));
    expect(uploads[0]?.status).toBe('network');
    const local = (await tab.db.photos.toArray()).sort((a, b) => a.created_at.localeCompare(b.created_at));
    expect(local.map((p) => p.state)).toEqual(['uploaded', 'attention', 'uploaded']);
    expect(local[0]!.attempts).toBe(1);
    expect(local[1]!.error).toMatchObject({ status: 413, message: expect.stringMatching(/maximum allowed size/) });
    expect((await serverObjects(f, row.id)).size).toBe(2);
    // Retrying it changes nothing while the cause is still there.
    await retryPhoto(tab.db, local[1]!.id);
    await drainAll(tab);
    expect((await tab.db.photos.get(local[1]!.id))?.state).toBe('attention');
    await closeTab(tab);
  });

  it('a full device never costs the check: room is made from uploaded photos first, else the check is saved without them', async () => {
    const f = await tenantFixture(t);
    const dev = await signedInDevice(t, f);
    const tab = await openTab(f, dev);
    const earlier = await recordCheck(tab.db, f, [photo(9)]);
    await drainAll(tab);
    expect((await tab.db.photos.where('[table+row_id]').equals(['door_log', earlier.row.id]).first())?.bytes).not.toBeNull();

    // A full disk cannot be made here: the browser's quota error is thrown by the photo store, as
    // IndexedDB throws it, which aborts the whole transaction (row and outbox entry included).
    const realBulkAdd = tab.db.photos.bulkAdd.bind(tab.db.photos);
    let refusals = 1;
    tab.db.photos.bulkAdd = ((...args: Parameters<typeof realBulkAdd>) => {
      if (refusals-- > 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return realBulkAdd(...args);
    }) as typeof realBulkAdd;
    const roomMade = await recordCheck(tab.db, f, [photo(10)]);
    expect(roomMade.photos).toBe('saved');
    expect((await tab.db.photos.where('[table+row_id]').equals(['door_log', earlier.row.id]).first())?.bytes).toBeNull();

    // A record without photos meeting a full device also takes the room from uploaded photos first.
    await drainAll(tab);
    expect((await tab.db.photos.where('[table+row_id]').equals(['door_log', roomMade.row.id]).first())?.bytes).not.toBeNull();
    const realAdd = tab.db.outbox.add.bind(tab.db.outbox);
    let outboxRefusals = 1;
    tab.db.outbox.add = ((...args: Parameters<typeof realAdd>) => {
      if (outboxRefusals-- > 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return realAdd(...args);
    }) as typeof realAdd;
    const plain = await recordCheck(tab.db, f, []);
    expect(plain.photos).toBe('none');
    expect(await tab.db.outbox.where('[table+row_id]').equals(['door_log', plain.row.id]).count()).toBe(1);
    expect((await tab.db.photos.where('[table+row_id]').equals(['door_log', roomMade.row.id]).first())?.bytes).toBeNull();
    tab.db.outbox.add = realAdd;

    refusals = 2;
    const noRoom = await recordCheck(tab.db, f, [photo(11), photo(12)]);
    expect(noRoom.photos).toBe('no-room');
    expect(await tab.db.cache('door_log').get(noRoom.row.id)).toBeTruthy();
    expect(await tab.db.outbox.where('[table+row_id]').equals(['door_log', noRoom.row.id]).count()).toBe(1);
    expect(await tab.db.photos.where('[table+row_id]').equals(['door_log', noRoom.row.id]).count()).toBe(0);
    tab.db.photos.bulkAdd = realBulkAdd;
    await drainAll(tab);
    expect((await f.serverIds('door_log')).get(noRoom.row.id)).toBe(1);
    await closeTab(tab);
  });

  it('photos added later to a row already on the server go up at once, up to 5 a row', async () => {
    const f = await tenantFixture(t);
    const dev = await signedInDevice(t, f);
    const tab = await openTab(f, dev);
    const { row } = await recordCheck(tab.db, f, [photo(13), photo(14)]);
    await drainAll(tab);
    expect(await addPhotosToRow(tab.db, 'door_log', row.id, [photo(15), photo(16)])).toBe('saved');
    await expect(addPhotosToRow(tab.db, 'door_log', row.id, [photo(17), photo(18)])).rejects.toBeInstanceOf(TooManyPhotosError);
    expect(await addPhotosToRow(tab.db, 'door_log', row.id, [])).toBe('none');
    await drainAll(tab);
    expect((await serverObjects(f, row.id)).size).toBe(4);
    await closeTab(tab);
  });

  it('a new record saved with photos is still queued as an insert, and a device holding unsent photos is never discarded', async () => {
    const f = await tenantFixture(t);
    const dev = await signedInDevice(t, f);
    // Photos held back on this tab, so the record goes up and its photo deterministically does not.
    const tab = await openTab(f, dev, {
      checkpoint: (label) => {
        if (label === 'before-photo-upload') throw new Error('held for the test');
      },
    });
    const { row, photos } = await insertRowWithPhotos(
      tab.db,
      'incidents',
      { title: 'Smashed pane', description: 'North stairwell', severity: 'high', status: 'reported' },
      [photo(19)],
    );
    expect(photos).toBe('saved');
    // An upsert replayed after a lost answer could undo a later change (or be refused for an officer): a create is an insert.
    expect((await tab.db.outbox.toArray()).map((e) => [e.table, e.op, e.row_id])).toEqual([['incidents', 'insert', row.id]]);
    await drain(tab);
    expect(await tab.db.outbox.count()).toBe(0);
    // The record is up, its photo not yet: the device's data is kept.
    await closeTab(tab);
    expect(await discardTenantData(f.project.ref, f.user.id)).toBe('kept');
    const again = await openTab(f, dev);
    await drainAll(again);
    expect((await again.db.photos.toArray()).map((p) => p.state)).toEqual(['uploaded']);
    await closeTab(again);
    expect(await discardTenantData(f.project.ref, f.user.id)).toBe('deleted');
  });
});
