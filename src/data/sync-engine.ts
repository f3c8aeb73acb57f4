/**
 * Owns the sync of one tenant database: who syncs (one leader tab per tenant
 * database through a Web Lock; leadership passes on when that tab closes),
 * when (start, online, focus, visible again, an interval while visible, a
 * new outbox entry, after a push), and what happens between the push and the
 * pull: backoff timers, the one shared session refresh on 401, the pause
 * that asks for sign-in, and the state the status badge shows. Every tab can
 * write; only the leader sends.
 */
import { liveQuery, type Subscription } from 'dexie';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import { learnServerTime } from './device-clock';
import type { TenantDb } from './local-db';
import { defaultLocks, type LockProvider } from './locks';
import { PhotoUploader } from './photo-uploader';
import { pullTable, resetWatermarks, type PullOutcome } from './pull';
import { pushOutbox, type Checkpoint, type PushOutcome } from './push';
import type { SessionSource } from './session-source';
import type { SyncErrorInfo } from './sync-errors';
import { SYNCED_TABLES, type SyncedTable } from './sync-tables';
import { createSyncTransport, type SyncTransport } from './sync-transport';

export interface SyncEngineOptions {
  db: TenantDb;
  session: SessionSource;
  locks?: LockProvider;
  fetch?: typeof fetch;
  tables?: readonly SyncedTable[];
  batchRows?: number;
  pageSize?: number;
  overlapMs?: number;
  backoff?: BackoffOptions;
  /** Pull every this many ms while the page is visible (0: never). */
  pollMs?: number;
  /** Listen to window online/focus/visibilitychange (default: when a window exists). */
  windowTriggers?: boolean;
  /** Push soon after any tab adds to the outbox (default true). */
  watchOutbox?: boolean;
  /** Pull after a push drained the outbox (default true). */
  pullAfterPush?: boolean;
  checkpoint?: Checkpoint;
  random?: () => number;
}

export interface EngineState {
  role: 'stopped' | 'waiting' | 'leader';
  running: boolean;
  /** Set when the session could not be refreshed: nothing is sent until sign-in. */
  paused: 'sign-in' | null;
  lastError: SyncErrorInfo | null;
  attempts: number;
  nextRetryAt: number | null;
  lastSyncAt: string | null;
  lastPush: PushOutcome | null;
}

/** What the leader publishes in meta for every tab's status badge. */
export interface SharedEngineState {
  paused: 'sign-in' | null;
  lastError: SyncErrorInfo | null;
  at: string;
}

export const ENGINE_STATE_KEY = 'engine-state';

export function readSharedEngineState(value: unknown): SharedEngineState | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<SharedEngineState>;
  return { paused: v.paused === 'sign-in' ? 'sign-in' : null, lastError: v.lastError ?? null, at: typeof v.at === 'string' ? v.at : '' };
}

export class EngineKilledError extends Error {
  override readonly name = 'EngineKilledError';
}

/** The leader lock name: one per tenant database (tenant and user). */
export function leaderLockName(db: TenantDb): string {
  return `lockstep-sync:${db.name}`;
}

export class SyncEngine {
  readonly transport: SyncTransport;
  /** Photos go up beside the cycles, after their rows (photo-uploader.ts). */
  readonly photos: PhotoUploader;
  private readonly locks: LockProvider;
  private readonly tables: readonly SyncedTable[];
  private state: EngineState = {
    role: 'stopped',
    running: false,
    paused: null,
    lastError: null,
    attempts: 0,
    nextRetryAt: null,
    lastSyncAt: null,
    lastPush: null,
  };
  private listeners = new Set<(s: EngineState) => void>();
  private dead = false;
  /** Set by stop(): the running cycle ends at its next checkpoint instead of finishing a long pull. */
  private stopping = false;
  private abort: AbortController | null = null;
  private releaseLeadership: (() => void) | null = null;
  private leadership: Promise<void> | null = null;
  private cycle: Promise<void> = Promise.resolve();
  private queued = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private outboxWatch: Subscription | null = null;
  private pausedToken: string | null = null;
  private detach: Array<() => void> = [];

  constructor(private readonly opts: SyncEngineOptions) {
    this.locks = opts.locks ?? defaultLocks();
    this.tables = opts.tables ?? SYNCED_TABLES;
    this.transport = createSyncTransport(opts.db, opts.session, opts.fetch);
    this.photos = new PhotoUploader({
      db: opts.db,
      transport: this.transport,
      session: opts.session,
      checkpoint: (label) => this.checkpoint(label),
      backoff: opts.backoff,
      random: opts.random,
    });
  }

  get db(): TenantDb {
    return this.opts.db;
  }

  getState(): EngineState {
    return this.state;
  }

  subscribe(listener: (s: EngineState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Queues for leadership; once leader, syncs and listens to the triggers. Never again once stopped. */
  start(): void {
    if (this.leadership || this.dead || this.stopping) return;
    this.abort = new AbortController();
    this.set({ role: 'waiting' });
    this.leadership = this.locks
      .request(leaderLockName(this.db), { signal: this.abort.signal }, async () => {
        if (this.dead) return;
        this.set({ role: 'leader' });
        this.attachTriggers();
        this.requestSync();
        await new Promise<void>((resolve) => {
          this.releaseLeadership = resolve;
        });
      })
      .catch(() => undefined)
      .finally(() => {
        this.detachTriggers();
        this.set({ role: 'stopped' });
      });
  }

  /** Resolves once this engine leads (tests, and callers that must know). */
  waitForLeadership(): Promise<void> {
    if (this.state.role === 'leader') return Promise.resolve();
    return new Promise((resolve) => {
      const off = this.subscribe((s) => {
        if (s.role === 'leader') {
          off();
          resolve();
        }
      });
    });
  }

  /** A graceful close: finishes the running cycle, then hands leadership on. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.abort?.abort();
    this.detachTriggers();
    await Promise.all([this.cycle, this.photos.stop()]);
    this.releaseLeadership?.();
    await this.leadership;
    this.leadership = null;
  }

  /**
   * Abandons the engine as a closed tab would: no further step of a running
   * push happens (the next await point throws), and leadership is released
   * at once. Used by tests; in a browser the tab simply disappears.
   */
  kill(): void {
    this.dead = true;
    this.abort?.abort();
    this.detachTriggers();
    void this.photos.stop();
    this.releaseLeadership?.();
  }

  /** Runs a push (and pull) now if this tab leads; coalesces concurrent calls. */
  requestSync(): Promise<void> {
    if (this.dead) return this.cycle;
    if (this.state.running) {
      this.queued = true;
      return this.cycle;
    }
    this.cycle = this.cycle.then(() => this.runCycles());
    return this.cycle;
  }

  /** Clears a sign-in pause (call after the user signed in again). */
  resume(): Promise<void> {
    this.pausedToken = null;
    this.set({ paused: null });
    return this.requestSync();
  }

  /** Pull only, for callers that know the server changed. */
  async pullNow(): Promise<void> {
    await this.cycle;
    if (await this.stillPaused()) return;
    await this.pullAll();
  }

  /**
   * Pulls only `tables`, for a screen that shows what others record as it
   * happens (admin dashboards ask every few seconds; the full cycle stays on
   * pollMs). Nothing when this tab does not lead, a cycle is running (it pulls
   * them anyway) or sync is paused for sign-in; queued behind any cycle.
   * `fromStart` reads the tables again from the beginning: rows the server
   * starts showing this user without changing them (a driver given a route
   * sees its old stops) are older than the watermark and would never come.
   */
  pullTables(tables: readonly SyncedTable[], opts: { fromStart?: boolean } = {}): Promise<void> {
    if (this.dead || this.state.role !== 'leader' || (this.state.running && !opts.fromStart)) return Promise.resolve();
    const wanted = this.tables.filter((t) => tables.includes(t));
    if (wanted.length === 0) return Promise.resolve();
    this.cycle = this.cycle.then(async () => {
      if (this.dead || (this.state.running && !opts.fromStart) || (await this.stillPaused())) return;
      try {
        if (opts.fromStart) await resetWatermarks(this.db, wanted);
        await this.pullAll(wanted, false);
      } catch (e) {
        if (!(e instanceof EngineKilledError)) throw e;
      }
    });
    // A local failure here is the next full cycle's to report.
    this.cycle = this.cycle.catch(() => undefined);
    return this.cycle;
  }

  private set(patch: Partial<EngineState>): void {
    const before = this.state;
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l(this.state);
    // Other tabs show the leader's pause and last error through the database.
    if ((before.paused !== this.state.paused || before.lastError !== this.state.lastError) && !this.dead) {
      const value: SharedEngineState = { paused: this.state.paused, lastError: this.state.lastError, at: new Date().toISOString() };
      this.db.meta.put({ key: ENGINE_STATE_KEY, value }).catch(() => undefined);
    }
  }

  private checkpoint: Checkpoint = async (label) => {
    if (this.dead || this.stopping) throw new EngineKilledError(label);
    await this.opts.checkpoint?.(label);
    if (this.dead || this.stopping) throw new EngineKilledError(label);
  };

  private async runCycles(): Promise<void> {
    if (this.state.role !== 'leader' || this.dead) return;
    this.set({ running: true });
    try {
      do {
        this.queued = false;
        await this.runOnce();
      } while (this.queued && !this.dead && this.state.role === 'leader');
    } catch (e) {
      if (!(e instanceof EngineKilledError)) {
        // A local failure (IndexedDB closed, quota): keep everything, try later.
        this.set({
          lastError: { code: 'LOCAL', message: e instanceof Error ? e.message : String(e), details: null, hint: null, status: 0 },
        });
        this.scheduleRetry();
      }
    } finally {
      if (!this.dead) this.set({ running: false });
    }
  }

  /** Still paused for sign-in, unless the token changed (the user signed in again). */
  private async stillPaused(): Promise<boolean> {
    if (!this.state.paused) return false;
    const token = await this.opts.session.accessToken();
    if (!token || token === this.pausedToken) return true;
    this.pausedToken = null;
    this.set({ paused: null });
    return false;
  }

  private async runOnce(): Promise<void> {
    if (await this.stillPaused()) return;
    let refreshed = false;
    for (;;) {
      const push = await pushOutbox({
        db: this.db,
        transport: this.transport,
        batchRows: this.opts.batchRows,
        checkpoint: this.checkpoint,
      });
      this.set({ lastPush: push });
      if (push.kind === 'drained') {
        // Rows just sent make their photos sendable; they go up beside the pull, never ahead of a row.
        void this.photos.request();
        break;
      }
      if (push.kind === 'retry') {
        this.set({ lastError: push.error });
        this.scheduleRetry();
        return;
      }
      if (refreshed) {
        // Refused again right after a successful refresh: another refresh
        // would get another token the server refuses, on every poll.
        this.pauseForSignIn(push.token, push.error);
        return;
      }
      if (!(await this.refresh(push.token, push.error))) return;
      refreshed = true;
    }
    this.clearRetry();
    this.set({ attempts: 0, lastError: null, nextRetryAt: null });
    if (this.opts.pullAfterPush !== false) await this.pullAll();
    this.set({ lastSyncAt: new Date().toISOString() });
  }

  private async pullAll(tables: readonly SyncedTable[] = this.tables, learnClock = true): Promise<void> {
    let refreshed = false;
    const deps = {
      db: this.db,
      transport: this.transport,
      pageSize: this.opts.pageSize,
      overlapMs: this.opts.overlapMs,
      checkpoint: this.checkpoint,
    };
    for (const table of tables) {
      let r: PullOutcome = await pullTable(deps, table);
      await this.checkpoint('after-pull');
      if (r.kind === 'auth' && !refreshed) {
        refreshed = true;
        if (!(await this.refresh(r.token, r.error))) return;
        r = await pullTable(deps, table);
      }
      if (r.kind === 'auth') {
        // A fresh token refused as well (see runOnce).
        this.pauseForSignIn(r.token, r.error);
        return;
      }
      if (r.kind === 'retry') {
        this.set({ lastError: r.error });
        this.scheduleRetry();
        return;
      }
    }
    if (learnClock) await this.learnClock();
  }

  /** Once per pull, so freshness on this screen reads the server's clock (device-clock.ts). */
  private async learnClock(): Promise<void> {
    try {
      const sample = await this.transport.serverTime?.();
      if (sample) learnServerTime(sample);
    } catch {
      // Offline again already: the next round measures.
    }
  }

  /** One shared refresh; false (and paused) when it failed. */
  private async refresh(token: string | null, error: SyncErrorInfo): Promise<boolean> {
    const outcome = await this.opts.session.refresh(token);
    await this.checkpoint('after-refresh');
    if (outcome === 'refreshed') return true;
    if (outcome === 'offline') {
      // The auth server could not be reached: the session may still be fine.
      this.set({ lastError: error });
      this.scheduleRetry();
      return false;
    }
    this.pauseForSignIn(token, error);
    return false;
  }

  /**
   * Nothing is sent (and no refresh asked for) until the token changes, as
   * it does when the user signs in again; every entry stays queued.
   */
  private pauseForSignIn(token: string | null, error: SyncErrorInfo): void {
    this.pausedToken = token;
    this.clearRetry();
    this.set({ paused: 'sign-in', lastError: error, nextRetryAt: null });
  }

  private scheduleRetry(): void {
    if (this.dead || this.state.role !== 'leader') return;
    const attempts = this.state.attempts + 1;
    const wait = backoffDelay(attempts, this.opts.backoff ?? DEFAULT_BACKOFF, this.opts.random);
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.requestSync();
    }, wait);
    this.set({ attempts, nextRetryAt: Date.now() + wait });
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private attachTriggers(): void {
    const sync = (): void => {
      void this.requestSync();
    };
    if (this.opts.watchOutbox !== false) {
      let last = -1;
      this.outboxWatch = liveQuery(() => this.db.outbox.count()).subscribe({
        next: (n) => {
          if (n > last && last !== -1) sync();
          last = n;
        },
        error: () => undefined,
      });
    }
    const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
    if (this.opts.windowTriggers ?? hasWindow) {
      const onVisible = (): void => {
        if (document.visibilityState === 'visible') sync();
      };
      window.addEventListener('online', sync);
      window.addEventListener('focus', sync);
      document.addEventListener('visibilitychange', onVisible);
      this.detach.push(() => {
        window.removeEventListener('online', sync);
        window.removeEventListener('focus', sync);
        document.removeEventListener('visibilitychange', onVisible);
      });
    }
    const pollMs = this.opts.pollMs ?? 30_000;
    if (pollMs > 0) {
      this.pollTimer = setInterval(() => {
        if (typeof document === 'undefined' || document.visibilityState === 'visible') sync();
      }, pollMs);
    }
  }

  private detachTriggers(): void {
    this.outboxWatch?.unsubscribe();
    this.outboxWatch = null;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    this.clearRetry();
    for (const d of this.detach.splice(0)) d();
  }
}
