/**
 * The first install's clients.claim() takes the pages that exist when the
 * worker activates; a page whose navigation was still in flight at that
 * moment (and any hard reload) stays uncontrolled, so every lazy chunk it
 * loads later goes to the network and fails once the signal drops. The page
 * asks the active worker to take it over instead of waiting for a reload
 * that an officer offline cannot do safely.
 */

export const CLAIM_MESSAGE = 'CLAIM';

type Container = Pick<ServiceWorkerContainer, 'ready' | 'controller'>;

/** Resolves once the page is controlled or the active worker has been asked to control it. */
export async function askToBeControlled(container: Container): Promise<boolean> {
  const reg = await container.ready;
  // With an update waiting, the page waits for the user's say-so: the new worker claims it when it takes over.
  if (container.controller || !reg.active || reg.waiting) return false;
  reg.active.postMessage({ type: CLAIM_MESSAGE });
  return true;
}
