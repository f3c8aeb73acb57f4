/**
 * The first install's clients.claim() takes the pages that exist when the
 * worker activates; a page whose navigation was still in flight at that
 * moment (and any hard reload) stays uncontrolled, so every lazy chunk it
 * loads later goes to the network and fails once the signal drops. The page
 * asks the active worker to take it over instead of waiting for a reload
 * that an officer offline cannot do safely.
 *
 * One ask is not always enough: a CI run saw a page that asked while the
 * worker was still activating stay uncontrolled for 90 s. So the page asks
 * only once the worker is activated, and asks again, backing off, until it
 * is controlled.
 */

import type { Scheduler } from './keep-installing';

export const CLAIM_MESSAGE = 'CLAIM';

/** Waits before each further ask; a page still uncontrolled after the last one gives up (a reload will fix it). */
export const CLAIM_RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000, 60_000];

type Container = Pick<ServiceWorkerContainer, 'ready' | 'controller'>;

const sleep = (timers: Scheduler, ms: number) => new Promise<void>((resolve) => timers.setTimeout(resolve, ms));

/**
 * Asks the active worker to control this page until it does. Resolves true
 * once controlled, false when there is nothing to ask (no active worker, or
 * an update waiting: the page then waits for the user's say-so, and the new
 * worker claims it when it takes over) or the asks ran out.
 */
export async function askToBeControlled(
  container: Container,
  timers: Scheduler = globalThis,
  delays: readonly number[] = CLAIM_RETRY_DELAYS_MS,
): Promise<boolean> {
  const reg = await container.ready;
  for (let attempt = 0; ; attempt += 1) {
    if (container.controller) return true;
    const active = reg.active;
    if (!active || reg.waiting) return false;
    // A message that reaches a worker still activating may be handled before it may claim: ask once it is activated.
    if (active.state === 'activated') active.postMessage({ type: CLAIM_MESSAGE });
    const delay = delays[attempt];
    if (delay === undefined) return container.controller !== null;
    await sleep(timers, delay);
  }
}
