/**
 * The tenant projects a stack holds open. An open PGlite tenant costs about
 * 160 MB and a PostgreSQL one its connections, so a project closes once it
 * has been idle for `idleCloseMs` (no use in flight and none for that long),
 * and beyond `maxOpen` open projects the least recently used idle one closes
 * at once. A use is a lease: whoever holds one (a request, a provisioning
 * step, a migration, one query) keeps the project open until released. A
 * lease asked for while its project is closing waits for the close and gets
 * the project reopened, never a closed one.
 */

export interface TenantPoolOptions {
  /** Idle this long, a project closes; Infinity keeps every project open. */
  idleCloseMs: number;
  /** A target, not a limit: over it, idle projects close least recently used first. */
  maxOpen: number;
  /** The clock idleness is measured by (tests pass their own). */
  now?: () => number;
  /** How often idle projects are looked for; null: only when closeIdle() is called. */
  sweepEveryMs?: number | null;
}

export interface Lease<T> {
  value: T;
  release(): void;
}

interface Entry<T> {
  value: Promise<T>;
  users: number;
  lastUsed: number;
  closing: Promise<void> | null;
}

export class TenantPool<T> {
  private entries = new Map<string, Entry<T>>();
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout | null;
  private ended = false;

  constructor(
    private readonly openFn: (ref: string) => Promise<T>,
    private readonly closeFn: (ref: string, value: T) => Promise<void>,
    private readonly opts: TenantPoolOptions,
  ) {
    this.now = opts.now ?? Date.now;
    const every = opts.sweepEveryMs === undefined ? defaultSweepMs(opts.idleCloseMs) : opts.sweepEveryMs;
    this.timer = every === null ? null : setInterval(() => void this.closeIdle(), every);
    this.timer?.unref();
  }

  /** The open project of `ref` (opening it if needed), kept open until the lease is released. */
  async acquire(ref: string): Promise<Lease<T>> {
    for (;;) {
      if (this.ended) throw new Error('the stack is closed');
      let entry = this.entries.get(ref);
      if (entry?.closing) {
        await entry.closing;
        continue;
      }
      if (!entry) entry = this.start(ref);
      const e = entry;
      e.users++;
      e.lastUsed = this.now();
      let value: T;
      try {
        value = await e.value;
      } catch (err) {
        e.users--;
        throw err;
      }
      this.enforceCap();
      let released = false;
      return {
        value,
        release: () => {
          if (released) return;
          released = true;
          e.users--;
          e.lastUsed = this.now();
          this.enforceCap();
        },
      };
    }
  }

  /** Runs fn with the project of `ref` held open. */
  async use<R>(ref: string, fn: (value: T) => Promise<R>): Promise<R> {
    const lease = await this.acquire(ref);
    try {
      return await fn(lease.value);
    } finally {
      lease.release();
    }
  }

  isOpen(ref: string): boolean {
    const e = this.entries.get(ref);
    return e !== undefined && e.closing === null;
  }

  /** Whether a lease on `ref` is held now. */
  inUse(ref: string): boolean {
    return (this.entries.get(ref)?.users ?? 0) > 0;
  }

  openRefs(): string[] {
    return [...this.entries].filter(([, e]) => e.closing === null).map(([ref]) => ref);
  }

  /** Closes the projects idle for idleCloseMs or more, then enforces the cap. */
  async closeIdle(): Promise<void> {
    const now = this.now();
    const closing: Promise<void>[] = [];
    for (const [ref, e] of this.entries) {
      if (e.users === 0 && e.closing === null && now - e.lastUsed >= this.opts.idleCloseMs) closing.push(this.close(ref, e));
    }
    closing.push(...this.enforceCap());
    await Promise.all(closing);
  }

  /** Closes `ref` now if no one uses it. */
  async closeIfIdle(ref: string): Promise<void> {
    const e = this.entries.get(ref);
    if (e && e.users === 0 && e.closing === null) await this.close(ref, e);
    else await e?.closing;
  }

  /** Closes `ref` whoever uses it (its project is being deleted; their work fails, as it would on a dropped database). */
  async forceClose(ref: string): Promise<void> {
    const e = this.entries.get(ref);
    if (!e) return;
    await (e.closing ?? this.close(ref, e));
  }

  /** Closes every project and refuses new leases (the stack is closing). */
  async end(): Promise<void> {
    this.ended = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([...this.entries].map(([ref, e]) => e.closing ?? this.close(ref, e)));
  }

  private start(ref: string): Entry<T> {
    const entry: Entry<T> = { value: this.openFn(ref), users: 0, lastUsed: this.now(), closing: null };
    this.entries.set(ref, entry);
    entry.value.catch(() => {
      if (this.entries.get(ref) === entry) this.entries.delete(ref);
    });
    return entry;
  }

  /**
   * Over the cap, the least recently used idle projects close. When every
   * open project is in use, none closes and the new one is still served: the
   * cap bounds memory in the common case, it never refuses a request.
   */
  private enforceCap(): Promise<void>[] {
    const open = [...this.entries].filter(([, e]) => e.closing === null);
    let over = open.length - this.opts.maxOpen;
    if (over <= 0) return [];
    const idle = open.filter(([, e]) => e.users === 0).sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    const closing: Promise<void>[] = [];
    for (const [ref, e] of idle) {
      if (over-- <= 0) break;
      closing.push(this.close(ref, e));
    }
    return closing;
  }

  private close(ref: string, e: Entry<T>): Promise<void> {
    e.closing = (async () => {
      try {
        await this.closeFn(ref, await e.value);
      } catch (err) {
        console.warn(`[stack] closing tenant ${ref} failed:`, err);
      } finally {
        if (this.entries.get(ref) === e) this.entries.delete(ref);
      }
    })();
    return e.closing;
  }
}

/** Looked for often enough that a project closes within about 1.5 times its idle delay. */
function defaultSweepMs(idleCloseMs: number): number | null {
  if (!Number.isFinite(idleCloseMs)) return null;
  return Math.max(50, Math.min(Math.floor(idleCloseMs / 2), 30_000));
}
