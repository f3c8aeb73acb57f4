/**
 * Photos section, the upload queue (issue 17), through the real sync engine
 * (Node, fake-indexeddb) against the local stack in process (on-disk PGlite
 * and its Storage API, as `npm start` runs it), signed in as an officer:
 *
 *   photos.upload-50-s          50 photos of 400 KB (10 checks with 5 each)
 *     queued offline, then the engine started: seconds until the last photo
 *     is on the server (each check first). Reported.
 *   photos.check-sync-delay-ratio  how long a new check takes to reach the
 *     server while 50 photos are going up, over how long it takes alone
 *     (medians of 5 each). Bar <= 1.5: the check never waits behind photos.
 *
 * No network sits between the engine and the server here, so the figures are
 * the queue's own cost and the server's, not a phone's radio.
 */
import 'fake-indexeddb/auto';
import { mkdtemp, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signJwt } from '../../supabase/local/keys';
import { createServer } from '../../supabase/local/server';
import { Stack } from '../../supabase/local/stack';
import { createMemoryLocks } from '../../src/data/locks';
import { openTenantDb, type TenantDb } from '../../src/data/local-db';
import type { NewPhoto } from '../../src/data/photo-types';
import { insertRowWithPhotos } from '../../src/data/photo-writes';
import { SyncEngine } from '../../src/data/sync-engine';
import { median, round, type BenchResult } from './result';

const PHOTO_BYTES = 400 * 1024;
const CHECKS = 10;
const PER_CHECK = 5;
const RATIO_BAR = 1.5;
const RUNS = 5;

function photo(seed: number): NewPhoto {
  const bytes = new Uint8Array(PHOTO_BYTES).map((_, i) => (i * 13 + seed) & 0xff);
  bytes.set([0xff, 0xd8, 0xff], 0);
  return {
    bytes: bytes.buffer,
    thumb: bytes.slice(0, 8 * 1024).buffer,
    type: 'image/jpeg',
    width: 1600,
    height: 1200,
    takenAt: new Date().toISOString(),
  };
}

async function until(done: () => Promise<boolean>, what: string, timeoutMs = 300_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

export async function runPhotosQueueBench(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lockstep-bench-photos-'));
  const stack = await Stack.open({ kind: 'pglite', dataDir }, 'http://bench.local');
  const engines: SyncEngine[] = [];
  const dbs: TenantDb[] = [];
  try {
    const slug = 'photo-bench';
    const project = await stack.provisionTenant({ slug, companyName: slug, requireLicense: false });
    const app = createServer(stack);
    const userId = randomUUID();
    const email = `officer@${slug}.test`;
    await project.engine.query(`insert into auth.users (id, email) values ($1, $2)`, [userId, email]);
    await project.engine.query(`insert into public.users (id, email, role) values ($1, $2, 'regular_user')`, [userId, email]);
    const campus = await project.engine.query<{ id: string }>(`insert into public.campus (campus_name) values ('Bench') returning id`);
    const door = await project.engine.query<{ id: string }>(
      `insert into public.doors (door_number, campus_id) values ('P1', $1) returning id`,
      [campus.rows[0]?.id],
    );
    const doorId = door.rows[0]!.id;
    const token = await signJwt(project.keys.jwtSecret, { sub: userId, role: 'authenticated', email, aud: 'authenticated' }, 3600);
    let online = false;
    const fetchImpl: typeof fetch = async (input, init) => {
      if (!online) throw new TypeError('fetch failed (offline)');
      return app.fetch(new Request(input, init));
    };

    let n = 0;
    const open = async () => {
      const db = await openTenantDb({ slug: `${slug}-${++n}`, url: stack.tenantUrl(slug), anonKey: project.keys.anonKey, userId });
      const engine = new SyncEngine({
        db,
        session: { accessToken: async () => token, refresh: async () => 'failed' },
        locks: createMemoryLocks(),
        fetch: fetchImpl,
        pollMs: 0,
        windowTriggers: false,
        pullAfterPush: false,
        backoff: { baseMs: 5, capMs: 50 },
      });
      dbs.push(db);
      engines.push(engine);
      return { db, engine };
    };
    const check = (db: TenantDb, photos: NewPhoto[]) =>
      insertRowWithPhotos(db, 'door_log', { door_id: doorId, door_status: 'operational', user_id: userId }, photos);
    const pendingPhotos = (db: TenantDb) => db.photos.filter((p) => p.state === 'pending').count();

    // 50 photos queued offline, then the connection comes back.
    const queued = await open();
    for (let c = 0; c < CHECKS; c++)
      await check(
        queued.db,
        Array.from({ length: PER_CHECK }, (_, i) => photo(c * PER_CHECK + i)),
      );
    online = true;
    const started = performance.now();
    queued.engine.start();
    await until(async () => (await pendingPhotos(queued.db)) === 0, '50 photos to upload');
    const uploadS = (performance.now() - started) / 1000;
    const onServer = await project.engine.query<{ n: number }>(
      `select count(*)::int as n from storage.objects where bucket_id = 'evidence'`,
    );
    if (onServer.rows[0]?.n !== CHECKS * PER_CHECK) throw new Error(`the server holds ${onServer.rows[0]?.n} photos`);

    // One check's sync alone, then while 50 photos go up (a fresh device each time, so nothing else is queued).
    const checkSyncMs = async (withPhotosUploading: boolean): Promise<number> => {
      const d = await open();
      if (withPhotosUploading) {
        for (let c = 0; c < CHECKS; c++)
          await check(
            d.db,
            Array.from({ length: PER_CHECK }, (_, i) => photo(c + i)),
          );
        d.engine.start();
        // The photos' checks are up and the photos are going when the new check is recorded.
        await until(async () => (await d.db.photos.filter((p) => p.state === 'uploaded').count()) > 0, 'the first photo');
      } else {
        d.engine.start();
        await d.engine.waitForLeadership();
      }
      const { row } = await check(d.db, []);
      const t0 = performance.now();
      void d.engine.requestSync();
      await until(async () => (await d.db.outbox.where('[table+row_id]').equals(['door_log', row.id]).count()) === 0, 'the check');
      const ms = performance.now() - t0;
      if (withPhotosUploading && (await pendingPhotos(d.db)) === 0) throw new Error('the photos were all up before the check was sent');
      await d.engine.stop();
      return ms;
    };
    const alone: number[] = [];
    const busy: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      alone.push(await checkSyncMs(false));
      busy.push(await checkSyncMs(true));
    }
    const ratio = median(busy) / median(alone);
    console.log(
      `  a check's sync (ms): alone ${alone.map((m) => round(m, 1)).join(', ')}; with photos going up ${busy.map((m) => round(m, 1)).join(', ')}`,
    );
    return [
      { id: 'photos.upload-50-s', figure: round(uploadS, 2), unit: 's', bar: 'reported (in process, no network)', ok: true },
      { id: 'photos.check-sync-delay-ratio', figure: round(ratio, 2), unit: 'x', bar: `<= ${RATIO_BAR}`, ok: ratio <= RATIO_BAR },
    ];
  } finally {
    await Promise.all(engines.map((e) => e.stop().catch(() => undefined)));
    for (const db of dbs) db.close();
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
