/**
 * A first install fails as a whole when one precached file fails to
 * download (a dropped connection, a busy server), and the browser then
 * forgets the registration: the app has no worker, so no offline use,
 * until a later page load registers again. An officer may keep one page
 * open for a whole shift, so the app tries again itself, backing off,
 * until a worker is active. A failed update needs none of this: the
 * active worker keeps serving and the next check retries.
 */

/** Waits before each new attempt; the last one repeats. */
export const INSTALL_RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000];

/**
 * Resolves with nothing where registration is switched off (an embedding
 * browser, a test harness that blocks workers): then there is nothing to retry.
 */
type Register = () => Promise<ServiceWorkerRegistration | undefined>;

/** setTimeout, or a test's stand-in. */
export interface Scheduler {
  setTimeout(fn: () => void, ms: number): unknown;
}

/** Registers again after the delay for `attempt`, and goes on until a worker is active. */
export function registerLater(register: Register, timers: Scheduler = globalThis, attempt = 0): void {
  const delay = INSTALL_RETRY_DELAYS_MS[Math.min(attempt, INSTALL_RETRY_DELAYS_MS.length - 1)] ?? 300_000;
  timers.setTimeout(() => {
    register().then(
      (reg) => keepInstalling(reg, register, timers, attempt + 1),
      // The script itself could not be fetched: later again.
      () => registerLater(register, timers, attempt + 1),
    );
  }, delay);
}

/**
 * Watches `reg` until a worker is active; each time its first install ends
 * redundant, registers again after the next delay and watches that.
 */
export function keepInstalling(
  reg: ServiceWorkerRegistration | undefined,
  register: Register,
  timers: Scheduler = globalThis,
  attempt = 0,
): void {
  if (!reg || reg.active) return;
  const watch = (worker: ServiceWorker) => {
    const onState = () => {
      if (worker.state !== 'redundant') return;
      worker.removeEventListener('statechange', onState);
      if (!reg.active) registerLater(register, timers, attempt);
    };
    worker.addEventListener('statechange', onState);
    onState();
  };
  const pending = reg.installing ?? reg.waiting;
  // register() resolves once the install has begun, so nothing pending and nothing active means it already failed.
  if (pending) watch(pending);
  else registerLater(register, timers, attempt);
}
