/**
 * Embedded engine: one PGlite database per project, each in its own worker
 * thread (pglite-worker.mjs). PGlite is one connection and runs on the thread
 * that calls it, so here every query and transaction takes its turn in a
 * queue; a transaction with a time limit that overruns it has its worker
 * terminated (WASM Postgres cannot be interrupted any other way) and the
 * database reopened from its data directory, where Postgres's own recovery
 * keeps every committed transaction (and the worker then puts back the
 * identity sequences the recovery left ahead, issue 19). Work queued behind it
 * then runs on the new worker; nothing else in the process ever waits for it.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { PgError, QueryResult, SqlClient, SqlEngine, TxOptions } from './types';
import { statementTimeoutError } from './types';

export interface PgliteOptions {
  /** A directory on disk, or undefined for a throwaway database in a temporary directory. */
  dataDir?: string;
  /** A gzipped data-dir tarball to start from. */
  template?: Blob;
  /**
   * A closed data directory to start from (a migrated template): the worker
   * copies its files before Postgres starts (off the main thread, with
   * cpSync, several times faster than loading a tarball or fs.cp).
   */
  templateDir?: string;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, string> };
type Op =
  | { op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'commit' | 'rollback'; tx: number }
  | { op: 'dump' }
  | { op: 'close' };

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

// Node 24's V8 (13.6) can free a WASM import wrapper twice when its code GC
// races a wrapper tier-up on another thread, which aborts the whole process
// ("Check failed: jit_page_->allocations_.erase(addr) == 1"). Every opened and
// closed database thread here is that churn: it killed a CI run. V8 fixed it
// upstream (crbug 409379692) but 24.x has no backport, and the flag cannot go
// in NODE_OPTIONS, so it is set here, before the first compile, for every
// process that runs PGlite. The cost is that Liftoff code replaced by
// optimized code stays allocated: a few MB, once per process (decision 027).
setFlagsFromString('--no-wasm-code-gc');

let shared: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Uint8Array }> | null = null;

/** Postgres compiled to WASM once per process and handed to every worker (a compile costs about a second). */
function sharedAssets(): Promise<{ wasmModule: WebAssembly.Module; fsBundle: Uint8Array }> {
  shared ??= (async () => {
    const dist = join(fileURLToPath(import.meta.resolve('@electric-sql/pglite')), '..');
    const [wasm, bundle] = await Promise.all([readFile(join(dist, 'pglite.wasm')), readFile(join(dist, 'pglite.data'))]);
    return { wasmModule: await WebAssembly.compile(wasm), fsBundle: new Uint8Array(bundle) };
  })();
  shared.catch(() => {
    shared = null;
  });
  return shared;
}

function toPgError(fields: Record<string, string>): PgError {
  const e = new Error(fields.message ?? 'database error') as PgError;
  Object.assign(e, fields);
  return e;
}

/** The worker that holds one database, and the requests it has not answered yet. */
class DbThread {
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private nextId = 1;
  private dead: Error | null = null;
  readonly ready: Promise<void>;

  constructor(private readonly worker: Worker) {
    this.ready = new Promise((resolve, reject) => {
      worker.once('message', (m: { ready?: boolean }) => (m.ready ? resolve() : reject(new Error('pglite worker did not start'))));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`pglite worker exited (${code}) while starting`)));
    });
    worker.on('message', (m: Reply | { ready: true }) => {
      if (!('id' in m)) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.result);
      else p.reject(toPgError(m.error));
    });
    worker.on('error', (e) => this.fail(e));
    worker.on('exit', (code) => this.fail(new Error(`pglite worker exited (${code})`)));
  }

  send<T>(op: Op): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, ...op });
    });
  }

  /** Ends the thread at once; whatever it was doing fails with `why`. */
  async kill(why: Error): Promise<void> {
    this.fail(why);
    await this.worker.terminate();
  }

  private fail(e: Error): void {
    this.dead ??= e;
    for (const p of this.pending.values()) p.reject(this.dead);
    this.pending.clear();
  }

  get alive(): boolean {
    return this.dead === null;
  }
}

export async function openPglite(opts: PgliteOptions): Promise<SqlEngine & { dump(): Promise<Blob> }> {
  const temporary = !opts.dataDir;
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'lockstep-pglite-')));
  const fresh = temporary || !existsSync(join(dataDir, 'PG_VERSION'));
  await mkdir(dataDir, { recursive: true });
  const template = fresh && !opts.templateDir && opts.template ? new Uint8Array(await opts.template.arrayBuffer()) : null;
  const templateDir = fresh ? (opts.templateDir ?? null) : null;
  const assets = await sharedAssets();

  let closed = false;
  const start = async (seed: { template: Uint8Array | null; templateDir: string | null }): Promise<DbThread> => {
    const worker = new Worker(WORKER_URL, {
      workerData: { dataDir, ...seed, ...assets },
      // Workers inherit the parent's --import hooks; this one needs none.
      execArgv: [],
    });
    const t = new DbThread(worker);
    await t.ready;
    return t;
  };
  let thread = await start({ template, templateDir });

  // One operation at a time, in arrival order, as a single connection allows.
  let queue: Promise<unknown> = Promise.resolve();
  const turn = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  /** The live thread, reopening the database after a timeout or a crash. */
  const live = async (): Promise<DbThread> => {
    if (closed) throw new Error('database is closed');
    if (!thread.alive) thread = await start({ template: null, templateDir: null });
    return thread;
  };

  const client = (tx?: number, t?: DbThread): SqlClient => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const on = t ?? (await live());
      return on.send<QueryResult<T>>({ op: 'query', sql, params, tx });
    },
    async exec(sql: string) {
      const on = t ?? (await live());
      await on.send<null>({ op: 'exec', sql, tx });
    },
  });

  const base = client();
  return {
    kind: 'pglite',
    query: (sql, params) => turn(() => base.query(sql, params)),
    exec: (sql) => turn(() => base.exec(sql)),
    transaction<T>(fn: (tx: SqlClient) => Promise<T>, txOpts: TxOptions = {}): Promise<T> {
      return turn(async () => {
        const t = await live();
        const id = await t.send<number>({ op: 'begin' });
        let timer: NodeJS.Timeout | undefined;
        const limit = txOpts.timeoutMs;
        const timedOut = new Promise<never>((_, reject) => {
          if (!limit) return;
          timer = setTimeout(() => {
            const e = statementTimeoutError(limit);
            reject(e);
            void t.kill(e);
          }, limit);
        });
        timedOut.catch(() => undefined);
        try {
          const tx = client(id, t);
          const settings = Object.entries(txOpts.settings ?? {});
          if (settings.length)
            await Promise.race([
              tx.query(`select ${settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`, settings.flat()),
              timedOut,
            ]);
          const result = await Promise.race([fn(tx), timedOut]);
          await Promise.race([t.send<null>({ op: 'commit', tx: id }), timedOut]);
          return result;
        } catch (e) {
          if (t.alive) await t.send<null>({ op: 'rollback', tx: id }).catch(() => undefined);
          throw e;
        } finally {
          clearTimeout(timer);
        }
      });
    },
    async close() {
      if (closed) return;
      await turn(async () => {
        closed = true;
        if (thread.alive) await thread.send<null>({ op: 'close' }).catch(() => undefined);
        await thread.kill(new Error('database is closed'));
      });
      if (temporary) await rm(dataDir, { recursive: true, force: true });
    },
    async dump() {
      const bytes = await turn(async () => (await live()).send<Uint8Array>({ op: 'dump' }));
      return new Blob([bytes as Uint8Array<ArrayBuffer>]);
    },
  };
}
