/**
 * Sync section of `npm run bench` (DESIGN §9, issue 3): replaying 10,000
 * queued door logs through the sync engine's push (requests, and time next
 * to one direct bulk insert of the same rows by the superuser into the same
 * engine, measured side by side), a naive one-request-per-entry queue
 * (timed on a sample and scaled, as stated in the bar text), the p95 of one
 * local door-check write (Node + fake-indexeddb), and a pull of 10,000
 * changed rows into an empty cache.
 */
import { dropDatabasesWithPrefix } from '../../supabase/local/engine/postgres-engine';
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { signJwt } from '../../supabase/local/keys';
import { engineConfigFromEnv, type Project } from '../../supabase/local/project';
import { createServer } from '../../supabase/local/server';
import { Stack } from '../../supabase/local/stack';
import { openTenantDb, type TenantDb } from '../../src/data/local-db';
import type { OutboxEntry } from '../../src/data/outbox-types';
import { pullTable } from '../../src/data/pull';
import { pushOutbox } from '../../src/data/push';
import { recordDoorCheck } from '../../src/data/repositories';
import type { SessionSource } from '../../src/data/session-source';
import { createSyncTransport } from '../../src/data/sync-transport';
import { median, round, type BenchResult } from './result';

const ROWS = 10_000;
const NAIVE_SAMPLE = 500;
const WRITES = 1_000;

interface Tenant {
  project: Project;
  url: string;
  userId: string;
  doorIds: string[];
  session: SessionSource;
}

async function tenant(stack: Stack, slug: string): Promise<Tenant> {
  const project = await stack.provisionTenant({ slug, companyName: slug, requireLicense: false });
  const userId = randomUUID();
  const email = `${slug}@bench.test`;
  await project.engine.query(`insert into auth.users (id, email) values ($1, $2)`, [userId, email]);
  await project.engine.query(`insert into public.users (id, email, role) values ($1, $2, 'security_admin')`, [userId, email]);
  const campus = await project.engine.query<{ id: string }>(`insert into public.campus (campus_name) values ('Bench') returning id`);
  // 10,000 checks spread over 50 doors, as a shift's checks would be.
  const doors = await project.engine.query<{ id: string }>(
    `insert into public.doors (door_number, campus_id) select 'B' || g, $1 from generate_series(1, 50) g returning id`,
    [campus.rows[0]?.id],
  );
  const token = await signJwt(project.keys.jwtSecret, { sub: userId, role: 'authenticated', email, aud: 'authenticated' }, 3600);
  return {
    project,
    url: stack.tenantUrl(slug),
    userId,
    doorIds: doors.rows.map((d) => d.id),
    session: { accessToken: async () => token, refresh: async () => 'failed' },
  };
}

function doorLogRow(t: Tenant, i: number): Record<string, unknown> {
  return {
    id: randomUUID(),
    door_id: t.doorIds[i % t.doorIds.length],
    user_id: t.userId,
    campus: 'Bench',
    door_status: i % 10 === 0 ? 'maintenance' : 'operational',
    door_problem: i % 10 === 0 ? 'Closer slow' : null,
    notes: `bench ${i}`,
    created_at: new Date(Date.now() - i * 1000).toISOString(),
  };
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

/**
 * One bulk insert by the superuser. The request claims are set as the API
 * sets them, so the same triggers do the same work (door_log's maintenance
 * trigger skips callers without an API role; without the claims the
 * comparison would set the engine's trigger work against an insert that
 * does none). RLS is bypassed: that cost belongs to the API path.
 */
async function bulkInsert(t: Tenant, rows: Record<string, unknown>[]): Promise<number> {
  const start = performance.now();
  await t.project.engine.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'authenticated', sub: t.userId })]);
    await tx.query(
      `insert into public.door_log (id, door_id, user_id, campus, door_status, door_problem, notes, created_at)
       select id, door_id, user_id, campus, door_status, door_problem, notes, created_at
         from json_populate_recordset(null::public.door_log, $1::json)`,
      [JSON.stringify(rows)],
    );
  });
  return performance.now() - start;
}

export async function runSyncBench(): Promise<BenchResult[]> {
  const config = process.env.DATABASE_URL
    ? { ...engineConfigFromEnv(), prefix: `bench_sync_${process.pid}_` }
    : ({ kind: 'pglite', dataDir: null } as const);
  const stack = await Stack.open(config, 'http://bench.local');
  const app = createServer(stack);
  let requests = 0;
  const countingFetch: typeof fetch = async (input, init) => {
    requests++;
    return app.fetch(new Request(input, init));
  };
  const dbs: TenantDb[] = [];
  const open = async (t: Tenant): Promise<TenantDb> => {
    const db = await openTenantDb({
      slug: t.project.ref,
      url: t.url,
      anonKey: t.project.keys.anonKey,
      userId: `${t.userId}-${dbs.length}`,
    });
    dbs.push(db);
    return db;
  };
  try {
    const t = await tenant(stack, `bench-sync-${process.pid}`);

    // Replay vs bulk insert, side by side: each round times both back to
    // back, and the figure is the median of the per-round ratios, so a load
    // spike from other processes skews one pair rather than one side.
    const replayMs: number[] = [];
    const bulkMs: number[] = [];
    let replayRequests = 0;
    for (let round_ = 0; round_ < 5; round_++) {
      const db = await open(t);
      await queue(db, t, ROWS);
      const transport = createSyncTransport(db, t.session, countingFetch);
      requests = 0;
      const start = performance.now();
      const outcome = await pushOutbox({ db, transport });
      replayMs.push(performance.now() - start);
      if (outcome.kind !== 'drained' || outcome.sent !== ROWS) throw new Error(`replay did not drain: ${JSON.stringify(outcome)}`);
      replayRequests = requests;
      bulkMs.push(
        await bulkInsert(
          t,
          Array.from({ length: ROWS }, (_, i) => doorLogRow(t, i)),
        ),
      );
    }
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
    const p = await tenant(stack, `bench-pull-${process.pid}`);
    await bulkInsert(
      p,
      Array.from({ length: ROWS }, (_, i) => doorLogRow(p, i)),
    );
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
    await stack.close();
    if (config.kind === 'postgres') await dropDatabasesWithPrefix(config.url, config.prefix);
  }
}
