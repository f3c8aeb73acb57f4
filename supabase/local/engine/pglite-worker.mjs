// One embedded database in its own thread. PGlite runs Postgres on the
// thread that calls it and ignores statement_timeout (WASM has no signals),
// so a slow query on the main thread would freeze every tenant, the platform
// and the static files. Here it only blocks this thread, and the main thread
// can end it by terminating the worker (pglite-engine.ts).
//
// Plain JavaScript on purpose: a worker thread gets no TypeScript loader
// under vitest or Playwright. The protocol is typed on the main side.
import { cpSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {{ dataDir: string, template: Uint8Array | null, templateDir: string | null, wasmModule: WebAssembly.Module | undefined, fsBundle: Uint8Array | undefined }} */
const data = workerData;
const port = parentPort;
if (!port) throw new Error('pglite-worker must run as a worker thread');

// A new database starts as a copy of a closed template directory: here, so
// the copy blocks this thread only.
if (data.templateDir) cpSync(data.templateDir, data.dataDir, { recursive: true });

const db = await PGlite.create({
  dataDir: data.dataDir,
  loadDataDir: data.template ? new Blob([data.template]) : undefined,
  pgliteWasmModule: data.wasmModule,
  fsBundle: data.fsBundle ? new Blob([data.fsBundle]) : undefined,
  relaxedDurability: false,
});
await db.exec(`set time zone 'UTC'`);

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
