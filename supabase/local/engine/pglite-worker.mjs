// One embedded database in its own thread. PGlite runs Postgres on the
// thread that calls it and ignores statement_timeout (WASM has no signals),
// so a slow query on the main thread would freeze every tenant, the platform
// and the static files. Here it only blocks this thread, and the main thread
// can end it by terminating the worker (pglite-engine.ts).
//
// Plain JavaScript on purpose: a worker thread gets no TypeScript loader
// under vitest or Playwright. The protocol is typed on the main side.
import { cpSync, openSync, readFileSync, readSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {{ dataDir: string, template: Uint8Array | null, templateDir: string | null, wasmModule: WebAssembly.Module | undefined, fsBundle: Uint8Array | undefined }} */
const data = workerData;
const port = parentPort;
if (!port) throw new Error('pglite-worker must run as a worker thread');

// A new database starts as a copy of a closed template directory: here, so
// the copy blocks this thread only.
if (data.templateDir) cpSync(data.templateDir, data.dataDir, { recursive: true });

/** DBState values in pg_control (PostgreSQL's catalog/pg_control.h) that only a clean shutdown leaves. */
const SHUT_DOWN = new Set([1, 2]);

/**
 * The redo point of the last checkpoint of a data directory that was left
 * without a clean close (its thread terminated on a statement timeout, see
 * pglite-engine.ts, or its process killed), or null after a clean close or for
 * a new directory. Read from pg_control before Postgres starts: its state (an
 * int32 at byte 16) says "shut down" only after close() wrote the shutdown
 * checkpoint, and checkPointCopy.redo (a uint64 at byte 40) is where the WAL
 * replay will start. WASM is little-endian.
 */
function uncleanRedo(dir) {
  let bytes;
  try {
    bytes = readFileSync(join(dir, 'global', 'pg_control'));
  } catch {
    return null;
  }
  if (bytes.length < 48) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return SHUT_DOWN.has(view.getInt32(16, true)) ? null : view.getBigUint64(40, true);
}

/** A relation's first page LSN (pd_lsn: the high then the low 32 bits), or null when unreadable. */
function pageLsn(file) {
  const head = Buffer.alloc(8);
  let fd;
  try {
    fd = openSync(file, 'r');
    if (readSync(fd, head, 0, 8, 0) < 8) return null;
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return (BigInt(head.readUInt32LE(0)) << 32n) | BigInt(head.readUInt32LE(4));
}

/** Sequences that an identity or serial column owns and crash recovery can have moved. */
const OWNED_SEQUENCES = `
  select d.objid::int as oid, pg_relation_filepath(d.objid) as path
  from pg_depend d
  join pg_class c on c.oid = d.objid and c.relkind = 'S' and c.relpersistence = 'p'
  join pg_sequence q on q.seqrelid = d.objid and not q.seqcycle
  where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
    and d.deptype in ('a', 'i') and d.refobjsubid > 0`;

/**
 * Puts each given sequence back where its column's committed rows left it.
 * Only a sequence whose last value came from a WAL record (called, log_cnt 0)
 * moves: back to its column's highest value (lowest for a descending one),
 * never forward, and never further back than nextval logs ahead of the value
 * it hands out (cache - 1 + 32 increments, SEQ_LOG_VALS), so a setval() far
 * past the rows keeps most of its lead. Values handed out in that window and
 * never committed (rolled back, or timed out) or deleted since are handed out
 * again; the committed rows are what the database knows.
 */
const repairSql = (oids) => `do $repair$
declare
  s record;
  cur record;
  edge numeric;
  bound numeric;
  target numeric;
begin
  for s in
    select d.objid::regclass as seq, d.refobjid::regclass as tbl, a.attname as col, q.seqincrement::numeric as inc,
           q.seqcache::numeric as cache, q.seqmin::numeric as lo, q.seqmax::numeric as hi
    from pg_depend d
    join pg_sequence q on q.seqrelid = d.objid
    join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid and not a.attisdropped
    where d.objid = any ('{${oids.join(',')}}'::oid[]) and d.classid = 'pg_class'::regclass
      and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
  loop
    execute format('select last_value::numeric as v, log_cnt, is_called from %s', s.seq) into cur;
    continue when not cur.is_called or cur.log_cnt <> 0;
    bound := cur.v - (s.cache + 31) * s.inc;
    if s.inc > 0 then
      execute format('select max(%I)::numeric from %s', s.col, s.tbl) into edge;
      target := least(cur.v, greatest(edge, bound, s.lo));
    else
      execute format('select min(%I)::numeric from %s', s.col, s.tbl) into edge;
      target := greatest(cur.v, least(edge, bound, s.hi));
    end if;
    if target <> cur.v then
      perform setval(s.seq, target::bigint, true);
    end if;
  end loop;
end
$repair$`;

/**
 * Issue 19: nextval WAL-logs a value 32 past the one it hands out and hands
 * out the next ones without logging. close() writes the true value at its
 * shutdown checkpoint, but after an unclean end the WAL replay restores the
 * logged one, so every sequence used since the last checkpoint would go on up
 * to 32 ahead of its rows. Only a sequence whose page the replay wrote (its
 * LSN at or past the redo point read before opening) is a candidate: any
 * other page is exactly as the last checkpoint wrote it (after a clean close,
 * all of them; the state in pg_control only spares the catalog query then).
 * A sequence no column owns is left as Postgres recovered it, up to 32 ahead:
 * nothing says which of its values were used.
 */
async function repairSequences(db, dir, redo) {
  const { rows } = await db.query(OWNED_SEQUENCES);
  const replayed = rows.filter((r) => (pageLsn(join(dir, r.path)) ?? redo) >= redo).map((r) => r.oid);
  if (replayed.length > 0) await db.exec(repairSql(replayed));
}

const redo = !data.templateDir && !data.template ? uncleanRedo(data.dataDir) : null;

const db = await PGlite.create({
  dataDir: data.dataDir,
  loadDataDir: data.template ? new Blob([data.template]) : undefined,
  pgliteWasmModule: data.wasmModule,
  fsBundle: data.fsBundle ? new Blob([data.fsBundle]) : undefined,
  relaxedDurability: false,
});
await db.exec(`set time zone 'UTC'`);
if (redo !== null) {
  // Ids a gap ahead are what Postgres itself gives after a crash: a failure
  // here leaves that, and must not keep the database from opening.
  await repairSequences(db, data.dataDir, redo).catch((e) => {
    console.warn(`pglite: identity sequences left as recovered after an unclean close: ${e instanceof Error ? e.message : String(e)}`);
  });
}

/** Open transactions: their client, and how to end them. */
const txs = new Map();
let nextTx = 1;

function errorFields(e) {
  if (!(e instanceof Error)) return { message: String(e) };
  const o = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (e));
  const out = { message: e.message };
  for (const k of ['code', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'constraint']) {
    if (typeof o[k] === 'string') out[k] = o[k];
  }
  return out;
}

function begin() {
  return new Promise((opened, failed) => {
    const id = nextTx++;
    let started = false;
    const finished = db.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          started = true;
          txs.set(id, { tx, commit, rollback, finished });
          opened(id);
        }),
    );
    // Before the callback ran, only BEGIN can have failed.
    finished.catch((e) => {
      if (!started) failed(e);
    });
  });
}

/** Ends a transaction; a failing COMMIT (a deferred constraint) reaches the caller. */
async function end(id, ok) {
  const t = txs.get(id);
  if (!t) throw new Error(`no open transaction ${id}`);
  txs.delete(id);
  if (ok) t.commit();
  else t.rollback(new Error('rollback'));
  try {
    await t.finished;
  } catch (e) {
    if (ok) throw e;
  }
  return null;
}

async function run(msg) {
  const client = msg.tx ? txs.get(msg.tx)?.tx : db;
  switch (msg.op) {
    case 'query': {
      if (!client) throw new Error(`no open transaction ${msg.tx}`);
      const r = await client.query(msg.sql, msg.params);
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
    }
    case 'exec':
      if (!client) throw new Error(`no open transaction ${msg.tx}`);
      await client.exec(msg.sql);
      return null;
    case 'begin':
      return begin();
    case 'commit':
      return end(msg.tx, true);
    case 'rollback':
      return end(msg.tx, false);
    case 'dump': {
      const blob = await db.dumpDataDir('gzip');
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close':
      if (!db.closed) await db.close();
      return null;
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

port.on('message', (msg) => {
  run(msg).then(
    (result) => port.postMessage({ id: msg.id, ok: true, result }),
    (e) => port.postMessage({ id: msg.id, ok: false, error: errorFields(e) }),
  );
});
port.postMessage({ ready: true });
