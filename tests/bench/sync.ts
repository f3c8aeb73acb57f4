/**
 * Sync section of `npm run bench` (DESIGN §9, issue 3): replaying 10,000
 * queued door logs through the sync engine's push (requests, and time next
 * to one direct bulk insert of the same rows by the superuser into the same
 * engine, measured side by side), a naive one-request-per-entry queue
 * (timed on a sample and scaled, as stated in the bar text), the p95 of one
 * local door-check write (Node + fake-indexeddb), and a pull of 10,000
 * changed rows into an empty cache. The stack runs in its own process
 * (sync-server.ts) and is reached over loopback HTTP, as a phone reaches a
 * server: the client's IndexedDB work and the server's never share a thread.
 */
import 'fake-indexeddb/auto';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { dropDatabasesWithPrefix } from '../../supabase/local/engine/postgres-engine';
import { openTenantDb, type TenantDb } from '../../src/data/local-db';
import type { OutboxEntry } from '../../src/data/outbox-types';
import { pullTable } from '../../src/data/pull';
import { pushOutbox } from '../../src/data/push';
import { recordDoorCheck } from '../../src/data/repositories';
import type { SessionSource } from '../../src/data/session-source';
import { createSyncTransport } from '../../src/data/sync-transport';
import { lineStarting } from './child-server';
import { median, round, type BenchResult } from './result';
import { doorLogRow, type SyncTenant } from './sync-rows';

const ROWS = 10_000;
const NAIVE_SAMPLE = 500;
const WRITES = 1_000;

interface Tenant extends SyncTenant {
  slug: string;
  session: SessionSource;
}

/** Sends one command to the server process and waits for its answer line. */
async function ask(child: ChildProcess, command: string, answer: string): Promise<string> {
  const line = lineStarting(child, `${answer} `, 300_000);
  child.stdin?.write(`${command}\n`);
  return line;
}

async function tenant(child: ChildProcess, slug: string): Promise<Tenant> {
  const t = JSON.parse(await ask(child, `TENANT ${slug}`, 'TENANT')) as SyncTenant;
  return { ...t, slug, session: { accessToken: async () => t.token, refresh: async () => 'failed' } };
}

/** Fills the outbox as 10,000 recordDoorCheck calls would (bulk, to keep set-up short). */
async function queue(db: TenantDb, t: Tenant, n: number): Promise<Record<string, unknown>[]> {
  const rows = Array.from({ length: n }, (_, i) => doorLogRow(t, i));
  const entries: OutboxEntry[] = rows.map((r) => ({
    table: 'door_log',
    op: 'insert',
    row_id: String(r.id),
    payload: r,
    created_at: new Date().toISOString(),
    attempts: 0,
  }));
  await db.transaction('rw', db.cache('door_log'), db.outbox, async () => {
    await db.cache('door_log').bulkPut(rows.map((r) => ({ ...r, id: String(r.id) })));
    await db.outbox.bulkAdd(entries);
  });
  return rows;
}

/** One bulk insert of n door logs by the superuser, timed in the server process (sync-server.ts). */
const bulkInsert = async (child: ChildProcess, t: Tenant, n: number): Promise<number> =>
  Number(await ask(child, `BULK ${t.slug} ${n}`, 'BULK'));

export async function runSyncBench(): Promise<BenchResult[]> {
  const prefix = `bench_sync_${process.pid}_`;
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'sync-server.ts')], {
    env: { ...process.env, DB_PREFIX: prefix },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let requests = 0;
  const countingFetch: typeof fetch = async (input, init) => {
    requests++;
    return fetch(input, init);
  };
  const dbs: TenantDb[] = [];
  const open = async (t: Tenant): Promise<TenantDb> => {
    const db = await openTenantDb({ slug: t.slug, url: t.url, anonKey: t.anonKey, userId: `${t.userId}-${dbs.length}` });
    dbs.push(db);
    return db;
  };
  try {
    await lineStarting(child, 'READY ', 120_000);
    const t = await tenant(child, `bench-sync-${process.pid}`);

    // Replay vs bulk insert, side by side: each round times both back to
    // back, and the figure is the median of the per-round ratios, so a load
    // spike from other processes skews one pair rather than one side.
    const replayMs: number[] = [];
    const bulkMs: number[] = [];
    let replayRequests = 0;
    // Round 0 warms both processes up (JIT, the tenant's first connections), as a server that has been running is; it is not counted.
    for (let round_ = 0; round_ <= 5; round_++) {
      const db = await open(t);
      await queue(db, t, ROWS);
      const transport = createSyncTransport(db, t.session, countingFetch);
      requests = 0;
      const start = performance.now();
      const outcome = await pushOutbox({ db, transport });
      const took = performance.now() - start;
      if (outcome.kind !== 'drained' || outcome.sent !== ROWS) throw new Error(`replay did not drain: ${JSON.stringify(outcome)}`);
      replayRequests = requests;
      const bulkTook = await bulkInsert(child, t, ROWS);
      if (round_ === 0) continue;
      replayMs.push(took);
      bulkMs.push(bulkTook);
    }
    console.log(`  replay (ms) ${replayMs.map((m) => round(m)).join(', ')}; bulk ${bulkMs.map((m) => round(m)).join(', ')}`);
    const replay = median(replayMs);
    const bulk = median(bulkMs);

    // Naive queue: one request per entry, on a sample, scaled to 10,000.
    const naiveDb = await open(t);
    await queue(naiveDb, t, NAIVE_SAMPLE);
    const naiveStart = performance.now();
    await pushOutbox({ db: naiveDb, transport: createSyncTransport(naiveDb, t.session, countingFetch), batchRows: 1 });
    const naive = ((performance.now() - naiveStart) / NAIVE_SAMPLE) * ROWS;

    // Local write: one door check (cache row + outbox entry, one transaction).
    const writeDb = await open(t);
    const times: number[] = [];
    // Warm-up writes (JIT, first IndexedDB transactions) are not counted.
    for (let i = 0; i < 50; i++)
      await recordDoorCheck(writeDb, { door_id: t.doorIds[0] ?? '', door_status: 'operational', notes: 'warm-up' });
    for (let i = 0; i < WRITES; i++) {
      const s = performance.now();
      await recordDoorCheck(writeDb, { door_id: t.doorIds[i % t.doorIds.length] ?? '', door_status: 'operational', notes: `w${i}` });
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.floor(times.length * 0.95)] ?? Number.NaN;

    // Pull: 10,000 changed rows (another tenant holding exactly those) into an empty cache.
    const p = await tenant(child, `bench-pull-${process.pid}`);
    await bulkInsert(child, p, ROWS);
    const pullDb = await open(p);
    requests = 0;
    const pullStart = performance.now();
    const pulled = await pullTable({ db: pullDb, transport: createSyncTransport(pullDb, p.session, countingFetch) }, 'door_log');
    const pullMs = performance.now() - pullStart;
    if (pulled.kind !== 'ok' || (await pullDb.cache('door_log').count()) !== ROWS)
      throw new Error(`pull incomplete: ${JSON.stringify(pulled)}`);
    const pullRequests = requests;

    const ratio = median(replayMs.map((r, i) => r / (bulkMs[i] ?? Number.NaN)));
    const speedup = naive / replay;
    return [
      { id: 'sync.replay-requests', figure: replayRequests, unit: 'req', bar: '<= 20', ok: replayRequests <= 20 },
      { id: 'sync.replay-ms', figure: round(replay), unit: 'ms', bar: 'reported', ok: true },
      { id: 'sync.bulk-insert-ms', figure: round(bulk), unit: 'ms', bar: 'reported', ok: true },
      { id: 'sync.replay-vs-bulk-ratio', figure: round(ratio), unit: 'x', bar: '<= 2', ok: ratio <= 2 },
      {
        id: 'sync.naive-vs-replay-speedup',
        figure: round(speedup, 1),
        unit: 'x',
        bar: `>= 20 (naive timed on ${NAIVE_SAMPLE} entries, scaled to ${ROWS})`,
        ok: speedup >= 20,
      },
      { id: 'sync.local-write-p95-ms', figure: round(p95), unit: 'ms', bar: '< 10 (Node + fake-indexeddb)', ok: p95 < 10 },
      { id: 'sync.pull-requests', figure: pullRequests, unit: 'req', bar: 'reported', ok: true },
      { id: 'sync.pull-ms', figure: round(pullMs), unit: 'ms', bar: 'reported', ok: true },
    ];
  } finally {
    for (const db of dbs) db.close();
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    if (process.env.DATABASE_URL) await dropDatabasesWithPrefix(process.env.DATABASE_URL, prefix);
  }
}
