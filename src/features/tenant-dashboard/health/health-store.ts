/**
 * One health computation per tenant database, shared by the dashboard's
 * System Health tile and the modal, so both show the same figures and a
 * Refresh in the modal updates the tile; concurrent refreshes share one run.
 *
 * A run reads the counts from the local cache (what the dashboard shows) and,
 * online, times one read against the tenant's project. Offline it shows the
 * last summary computed online on this device, with its time; with none
 * stored it computes from the cache and says the database was not checked.
 *
 * The cache's counts are shown as they are read (the dashboard's door and
 * user tiles); the summary waits for the first pull of the four tables (an
 * empty cache right after sign-in would read 100%). Both are computed again
 * when a pull moves the tables' watermarks or anything writes to those
 * tables (this tab, another tab, a refused write put back), so the tiles
 * follow the cache like the dashboard's other figures.
 */
import {
  HEALTH_TABLES,
  healthCacheVersion,
  watchCacheWrites,
  watchHealthCacheVersion,
  probeTenantDatabase,
  readStoredHealthSummary,
  storeHealthSummary,
  trustedNow,
  type TenantDatabaseProbe,
  type TenantSync,
} from '../../../data';
import {
  healthSummary,
  healthSummarySchema,
  type DatabaseProbe,
  type HealthCounts,
  type HealthSummary,
} from '../../../../supabase/functions/_shared/health-summary';
import { readCacheCounts } from './cache-counts';

export const HEALTH_LOAD_FAILED = 'Unable to load system health data.';

export interface HealthState {
  summary: HealthSummary | null;
  loading: boolean;
  error: string | null;
  /** When the summary shown was computed (its overall.lastChecked). */
  computedAt: string | null;
  /** true: the last summary stored on this device, shown because the database could not be reached. */
  fromCache: boolean;
  /** true: the summary shown is the cache's figures while the database is still being timed. */
  checking: boolean;
  /**
   * The cache's counts as last read (the dashboard's door and user tiles),
   * set as soon as they are read, before the database answers; null until
   * the first read, and when the cache cannot be read.
   */
  counts: HealthCounts | null;
}

export interface HealthStore {
  get(): HealthState;
  subscribe(listener: () => void): () => void;
  refresh(): Promise<void>;
}

const INITIAL: HealthState = {
  summary: null,
  loading: false,
  error: null,
  computedAt: null,
  fromCache: false,
  checking: false,
  counts: null,
};

/** What a health computation needs of a TenantSync. */
export type HealthSync = Pick<TenantSync, 'db' | 'session'>;

/** Pulls of many pages and bursts of writes end close together: one computation after the last. */
const AFTER_WRITES_MS = 1000;

function toDatabase(p: Exclude<TenantDatabaseProbe, { kind: 'offline' }>): DatabaseProbe {
  return p.kind === 'connected'
    ? { connected: true, responseMs: p.responseMs }
    : { connected: false, responseMs: p.responseMs, error: p.error };
}

async function probe(sync: HealthSync, fetchImpl?: typeof fetch): Promise<TenantDatabaseProbe> {
  try {
    return await probeTenantDatabase(sync, fetchImpl);
  } catch (e) {
    return { kind: 'failed', responseMs: 0, error: e instanceof Error ? e.message : 'Unknown error' };
  }
}

/** The stored summary, if it is one (it is read back like any other input). */
async function storedSummary(sync: HealthSync): Promise<HealthSummary | null> {
  const parsed = healthSummarySchema.safeParse(await readStoredHealthSummary(sync.db).catch(() => undefined));
  return parsed.success ? parsed.data : null;
}

/** fetchImpl: the probe's fetch (tests); the browser's otherwise. */
export function createHealthStore(sync: HealthSync, fetchImpl?: typeof fetch): HealthStore {
  let state = INITIAL;
  let running: Promise<void> | null = null;
  /** The cache version the summary was computed from; waiting: online, before the first pull. */
  let seen: string | null = null;
  let waiting = false;
  const listeners = new Set<() => void>();
  const set = (next: Partial<HealthState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l();
  };

  const run = async () => {
    set({ loading: true, error: null });
    try {
      const now = trustedNow();
      // The cache is read while the database answers (both usually needed).
      const counting = readCacheCounts(sync.db, now);
      counting.catch(() => undefined);
      const probing = probe(sync, fetchImpl);
      let answered = false;
      void probing.then(() => (answered = true));
      const version = await healthCacheVersion(sync.db);
      // The tiles show the cache as it is at once; the summary below waits for the first pull.
      set({ counts: await counting });
      // A busy server can take a second to answer: the first time, the
      // cache's figures show meanwhile, the database marked as being checked.
      if (version !== null && !state.summary) {
        const counts = await counting;
        if (!answered) {
          const early = healthSummary({ counts, database: null, now });
          set({ summary: early, computedAt: early.overall.lastChecked, fromCache: false, checking: true });
        }
      }
      const found = await probing;
      if (found.kind === 'offline') {
        const stored = await storedSummary(sync);
        // Never pulled and nothing stored: there is no figure to show.
        if (!stored && version === null) throw new Error('nothing cached');
        const summary = stored ?? healthSummary({ counts: await counting, database: null, now });
        set({ summary, computedAt: summary.overall.lastChecked, fromCache: stored !== null, loading: false, checking: false });
        return;
      }
      // Online before the first pull: wait for it (the watcher runs this
      // again); a database that failed too leaves nothing true to show.
      if (version === null) {
        if (found.kind === 'failed') throw new Error('nothing cached');
        waiting = true;
        return;
      }
      waiting = false;
      seen = version;
      const summary = healthSummary({ counts: await counting, database: toDatabase(found), now });
      // Only summaries with a database check are kept: they are what offline shows.
      await storeHealthSummary(sync.db, summary).catch(() => undefined);
      set({ summary, computedAt: summary.overall.lastChecked, fromCache: false, loading: false, checking: false });
    } catch {
      set({ loading: false, checking: false, error: HEALTH_LOAD_FAILED });
    }
  };

  // A write during a run may have come after its counts were read: one more run follows.
  let stale = false;
  const refresh = () => {
    running ??= run().finally(() => {
      running = null;
      if (stale) {
        stale = false;
        if (listeners.size > 0) void refresh();
      }
    });
    return running;
  };
  const refreshAfterWrite = () => {
    if (running) stale = true;
    else void refresh();
  };

  // While someone is looking (a subscriber): the pull watermarks, and any
  // write to the counted tables (this tab's or another's, a write undone).
  let stopWatching: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const soon = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      refreshAfterWrite();
    }, AFTER_WRITES_MS);
  };
  const startWatch = () => {
    const stopVersion = watchHealthCacheVersion(sync.db, (version) => {
      if (version === null || version === seen || (!waiting && !state.summary)) return;
      soon();
    });
    const stopWrites = watchCacheWrites(sync.db, HEALTH_TABLES, () => {
      if (state.counts || state.summary) soon();
    });
    stopWatching = () => {
      stopVersion();
      stopWrites();
    };
  };
  const stopWatch = () => {
    stopWatching?.();
    stopWatching = null;
    if (timer) clearTimeout(timer);
    timer = null;
  };

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      if (!stopWatching) startWatch();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stopWatch();
      };
    },
    refresh,
  };
}

const stores = new WeakMap<TenantSync['db'], HealthStore>();

/** The store of this tenant database (created on first use). */
export function healthStoreFor(sync: TenantSync): HealthStore {
  let s = stores.get(sync.db);
  if (!s) {
    s = createHealthStore(sync);
    stores.set(sync.db, s);
  }
  return s;
}
