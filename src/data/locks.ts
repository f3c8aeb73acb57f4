/**
 * Owns exclusive locks between tabs: the Web Locks API where the browser has
 * it, and an in-memory provider with the same behaviour for Node tests (and
 * for the odd browser without navigator.locks, where only one tab can be
 * coordinated anyway). Used for sync leadership and the one shared session
 * refresh.
 */

export interface LockOptions {
  /** Run only if the lock is free right now; the callback gets null otherwise. */
  ifAvailable?: boolean;
  signal?: AbortSignal;
}

export interface LockProvider {
  request<T>(name: string, options: LockOptions, fn: (granted: boolean) => Promise<T>): Promise<T>;
}

interface Waiter {
  start: () => void;
}

/** FIFO exclusive locks in one JS context. */
export function createMemoryLocks(): LockProvider {
  const held = new Set<string>();
  const queues = new Map<string, Waiter[]>();

  const release = (name: string): void => {
    const q = queues.get(name);
    const next = q?.shift();
    if (next) next.start();
    else held.delete(name);
  };

  return {
    request<T>(name: string, options: LockOptions, fn: (granted: boolean) => Promise<T>): Promise<T> {
      if (options.signal?.aborted) return Promise.reject(options.signal.reason ?? new DOMException('Aborted', 'AbortError'));
      if (!held.has(name)) {
        held.add(name);
        return fn(true).finally(() => release(name));
      }
      if (options.ifAvailable) return fn(false);
      return new Promise<T>((resolve, reject) => {
        const waiter: Waiter = {
          start: () => {
            options.signal?.removeEventListener('abort', onAbort);
            fn(true)
              .then(resolve, reject)
              .finally(() => release(name));
          },
        };
        const onAbort = (): void => {
          const q = queues.get(name);
          const i = q?.indexOf(waiter) ?? -1;
          if (q && i >= 0) q.splice(i, 1);
          reject(options.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
        };
        options.signal?.addEventListener('abort', onAbort, { once: true });
        const q = queues.get(name) ?? [];
        q.push(waiter);
        queues.set(name, q);
      });
    },
  };
}

/** navigator.locks wrapped to the same contract. */
export function createWebLocks(locks: LockManager): LockProvider {
  return {
    request<T>(name: string, options: LockOptions, fn: (granted: boolean) => Promise<T>): Promise<T> {
      const opts: LockOptions = {};
      if (options.ifAvailable) opts.ifAvailable = true;
      if (options.signal) opts.signal = options.signal;
      return locks.request(name, opts, (lock) => fn(lock !== null)) as Promise<T>;
    },
  };
}

let fallback: LockProvider | null = null;

/** The browser's Web Locks when present, else one in-memory provider per JS context. */
export function defaultLocks(): LockProvider {
  if (typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks) return createWebLocks(navigator.locks);
  fallback ??= createMemoryLocks();
  return fallback;
}
