/// <reference lib="webworker" />
/**
 * The admin areas' files, fetched in the background once someone has signed
 * in, so a screen opened later works offline without having weighed on the
 * first visit (scripts/precache-tiers.ts). One at a time and at low priority:
 * the user's own requests go first.
 */

let running: Promise<boolean> | null = null;

/**
 * Caches every URL of `urls` not already in `cacheName`; a failure leaves the
 * rest for the next call. Resolves with whether all of them are cached now.
 */
export function cacheLater(cacheName: string, urls: string[]): Promise<boolean> {
  running ??= (async () => {
    try {
      const cache = await caches.open(cacheName);
      for (const url of urls) {
        if (await cache.match(url)) continue;
        const res = await fetch(url, { priority: 'low', credentials: 'same-origin' }).catch(() => null);
        if (!res?.ok) return false;
        await cache.put(url, res);
      }
      return true;
    } finally {
      running = null;
    }
  })();
  return running;
}

/** Drops cached files that this version no longer names (each build hashes its file names anew). */
export async function pruneAssetCache(cacheName: string, current: string[]): Promise<void> {
  if (!(await caches.has(cacheName))) return;
  const keep = new Set(current);
  const cache = await caches.open(cacheName);
  for (const req of await cache.keys()) if (!keep.has(req.url)) await cache.delete(req);
}
