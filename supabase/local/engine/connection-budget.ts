/**
 * One budget of PostgreSQL connections shared by every database the stack
 * opens. A pool per tenant (pg.Pool, 8 each) let 200 tenants ask a server
 * that allows 100 connections for 1,600; here the stack never holds more
 * than `max` connections, whatever the number of tenants. A request that
 * finds the budget spent waits in a bounded queue (an idle connection of
 * another database is closed to make room) and, past `waitMs`, fails with
 * SQLSTATE 53300, which the rest layer answers with a 503, instead of the
 * server's "too many clients".
 */
import pg from 'pg';
import type { PgError } from './types';

export interface ConnectionBudgetOptions {
  /** Connections open at once, across every database. */
  max: number;
  /** Connections one database may hold, so one busy tenant leaves room for the others. */
  perDatabaseMax?: number;
  /** An idle connection is closed after this long: an idle tenant holds none. */
  idleMs?: number;
  /** How long a request waits for a connection before its 503. */
  waitMs?: number;
  /** Requests allowed to wait at once; the next one gets its 503 at once. */
  queueMax?: number;
}

/** PG_MAX_CONNECTIONS (default 40: well under PostgreSQL's default max_connections of 100, leaving room for other clients). */
export function connectionBudgetFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PG_MAX_CONNECTIONS ?? '');
  return Number.isInteger(n) && n >= 2 ? n : 40;
}

/** PG_POOL_WAIT_MS (default 15 s): how long a request waits for a connection. */
export function poolWaitMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PG_POOL_WAIT_MS ?? '');
  return Number.isInteger(n) && n > 0 ? n : 15_000;
}

/** How long a close may take before its connection is counted out anyway. */
const CLOSE_WAIT_MS = 5_000;

interface IdleConnection {
  client: pg.Client;
  since: number;
  timer: NodeJS.Timeout;
}

interface Waiter {
  url: string;
  resolve: (c: pg.Client) => void;
  reject: (e: unknown) => void;
  timer: NodeJS.Timeout;
}

function budgetError(message: string, detail: string): PgError {
  const e = new Error(message) as PgError;
  // too_many_connections: class 53 is a 503 in PostgREST's table.
  e.code = '53300';
  e.detail = detail;
  e.hint = 'Retry the request in a moment.';
  return e;
}

export class ConnectionBudget {
  readonly max: number;
  private readonly perDatabaseMax: number;
  private readonly idleMs: number;
  private readonly waitMs: number;
  private readonly queueMax: number;
  /**
   * Open, opening or still closing, across all databases: what the server
   * sees. A closing connection counts until its socket has closed, which
   * PostgreSQL does only once the backend has exited, so a healthy server
   * never holds more than `max` of ours, even for the moment an exit takes.
   */
  private total = 0;
  /** Of `total`, those whose close has not finished. */
  private closing = 0;
  private closes = new Set<Promise<void>>();
  private perDatabase = new Map<string, number>();
  private idle = new Map<string, IdleConnection[]>();
  private waiters: Waiter[] = [];
  /** Connections that lost their server: dropped on release instead of reused. */
  private broken = new WeakSet<pg.Client>();
  private ended = false;
  /** The most connections open at once (the bench reports it). */
  peak = 0;

  constructor(opts: ConnectionBudgetOptions) {
    this.max = Math.max(1, opts.max);
    this.perDatabaseMax = Math.max(1, Math.min(opts.perDatabaseMax ?? 8, this.max));
    this.idleMs = opts.idleMs ?? 5_000;
    this.waitMs = opts.waitMs ?? 15_000;
    this.queueMax = opts.queueMax ?? 2_000;
  }

  get open(): number {
    return this.total;
  }

  /** A connection to the database at `url`, to be handed back with release(). */
  acquire(url: string): Promise<pg.Client> {
    if (this.ended) return Promise.reject(new Error('the connection budget is closed'));
    const idle = this.takeIdle(url);
    if (idle) return Promise.resolve(idle);
    if (this.mayOpen(url)) return this.connect(url);
    if (this.waiters.length >= this.queueMax) {
      return Promise.reject(
        budgetError(
          'Too many requests are waiting for a database connection',
          `${this.waiters.length} requests already wait for one of the stack's ${this.max} connections (PG_MAX_CONNECTIONS).`,
        ),
      );
    }
    return new Promise<pg.Client>((resolve, reject) => {
      const waiter: Waiter = {
        url,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(
            budgetError(
              'Timed out acquiring a database connection',
              `All of the stack's ${this.max} connections (PG_MAX_CONNECTIONS) stayed busy for ${this.waitMs} ms.`,
            ),
          );
        }, this.waitMs),
      };
      this.waiters.push(waiter);
      this.makeRoom();
    });
  }

  /** Hands a connection back; `discard` closes it (its session state is unknown). */
  release(url: string, client: pg.Client, discard = false): void {
    if (discard || this.ended || this.broken.has(client)) {
      this.drop(url, client);
    } else {
      const list = this.idle.get(url) ?? [];
      const entry: IdleConnection = { client, since: Date.now(), timer: setTimeout(() => this.closeIdle(url, entry), this.idleMs) };
      entry.timer.unref();
      list.push(entry);
      this.idle.set(url, list);
    }
    this.pump();
  }

  /** Runs fn (statements outside any transaction) on a connection of `url`, handed back after. */
  async withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const client = await this.acquire(url);
    try {
      return await fn(client);
    } finally {
      // A failed autocommit statement leaves the session as it was; a lost connection is marked broken.
      this.release(url, client);
    }
  }

  /** Closes the idle connections of one database (its tenant was closed). */
  closeDatabase(url: string): void {
    for (const entry of this.idle.get(url) ?? []) this.closeIdle(url, entry);
  }

  /** Closes every idle connection and refuses new requests (the stack is closing); done when every close is. */
  async end(): Promise<void> {
    this.ended = true;
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.reject(new Error('the connection budget is closed'));
    }
    this.waiters = [];
    for (const [url, list] of [...this.idle]) for (const entry of [...list]) this.closeIdle(url, entry);
    // A connection handed back meanwhile starts a close of its own: wait until none is left.
    while (this.closes.size) await Promise.all([...this.closes]);
  }

  private mayOpen(url: string): boolean {
    return (this.perDatabase.get(url) ?? 0) < this.perDatabaseMax && this.total < this.max;
  }

  /**
   * Closes idle connections of other databases for the waiters the budget
   * holds back: one per waiter not already covered by a close under way. A waiter is served when
   * the close finishes (drop() pumps), not before, so the budget holds.
   */
  private makeRoom(): void {
    // Waiters held by their database's own share gain nothing from a close elsewhere.
    const planned = new Map<string, number>();
    let blocked = 0;
    for (const w of this.waiters) {
      const n = (this.perDatabase.get(w.url) ?? 0) + (planned.get(w.url) ?? 0);
      if (n >= this.perDatabaseMax) continue;
      planned.set(w.url, (planned.get(w.url) ?? 0) + 1);
      blocked++;
    }
    while (this.closing < blocked && this.evictOldestIdle());
  }

  private takeIdle(url: string): pg.Client | null {
    const entry = this.idle.get(url)?.pop();
    if (!entry) return null;
    clearTimeout(entry.timer);
    if (this.idle.get(url)?.length === 0) this.idle.delete(url);
    return entry.client;
  }

  /** Makes room for another database: the connection idle the longest goes. */
  private evictOldestIdle(): boolean {
    let oldest: { url: string; entry: IdleConnection } | null = null;
    for (const [url, list] of this.idle) {
      const first = list[0];
      if (first && (!oldest || first.since < oldest.entry.since)) oldest = { url, entry: first };
    }
    if (!oldest) return false;
    this.closeIdle(oldest.url, oldest.entry);
    return true;
  }

  private closeIdle(url: string, entry: IdleConnection): void {
    const list = this.idle.get(url);
    const at = list?.indexOf(entry) ?? -1;
    if (!list || at < 0) return;
    list.splice(at, 1);
    if (list.length === 0) this.idle.delete(url);
    clearTimeout(entry.timer);
    this.drop(url, entry.client);
  }

  /**
   * Closes a connection. It leaves its database's share at once but the
   * budget only when its socket has closed, which a healthy server does once
   * the backend has exited. A close that hangs (a server gone silent) is
   * counted out after CLOSE_WAIT_MS anyway, so the budget cannot leak; the
   * server may then hold that one past the budget until it notices.
   */
  private drop(url: string, client: pg.Client): void {
    const n = (this.perDatabase.get(url) ?? 1) - 1;
    if (n > 0) this.perDatabase.set(url, n);
    else this.perDatabase.delete(url);
    this.closing++;
    let timer: NodeJS.Timeout | undefined;
    const done = Promise.race([
      client.end().catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
        timer.unref();
      }),
    ]).then(() => {
      clearTimeout(timer);
      this.closing--;
      this.total--;
      this.closes.delete(done);
      this.pump();
    });
    this.closes.add(done);
  }

  private async connect(url: string): Promise<pg.Client> {
    this.total++;
    this.perDatabase.set(url, (this.perDatabase.get(url) ?? 0) + 1);
    this.peak = Math.max(this.peak, this.total);
    const client = new pg.Client({ connectionString: url, options: '-c TimeZone=UTC' });
    // A connection the server ends (a dropped database, a restart) must not
    // crash the process; it is closed on its next release.
    client.on('error', (e: Error & { code?: string }) => {
      this.broken.add(client);
      const idle = this.idle.get(url)?.find((x) => x.client === client);
      if (idle) this.closeIdle(url, idle);
      if (e.code !== '57P01') console.warn('[stack] PostgreSQL connection lost:', e.message);
    });
    try {
      await client.connect();
      return client;
    } catch (e) {
      this.drop(url, client);
      this.pump();
      throw e;
    }
  }

  /** Serves waiters, oldest first, with what was just freed. */
  private pump(): void {
    for (let i = 0; i < this.waiters.length;) {
      const w = this.waiters[i];
      if (!w) break;
      const idle = this.takeIdle(w.url);
      if (idle || this.mayOpen(w.url)) {
        this.waiters.splice(i, 1);
        clearTimeout(w.timer);
        if (idle) w.resolve(idle);
        else this.connect(w.url).then(w.resolve, w.reject);
        continue;
      }
      // Nothing idle anywhere and the budget spent: later waiters cannot do better.
      if (this.total >= this.max && this.idle.size === 0) break;
      i++;
    }
    if (!this.ended) this.makeRoom();
  }
}
