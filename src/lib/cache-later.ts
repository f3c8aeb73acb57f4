/**
 * Asks the service worker to fetch the admin areas' files in the background
 * (sw/later-assets.ts), once a signed-in screen has painted: whoever signs in
 * may open those screens offline later, a visitor of the public pages never
 * downloads them (scripts/precache-tiers.ts). Once per page load.
 */
let asked = false;

export function askWorkerToCacheLater(): void {
  if (asked || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  asked = true;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'CACHE_LATER' }));
}
