/// <reference lib="webworker" />
/**
 * Lockstep's service worker (vite-plugin-pwa injectManifest). It precaches
 * the app shell, the public pages, sign-in and the officer's offline path at
 * install, fetches the admin areas in the background once someone has signed
 * in (CACHE_LATER; scripts/precache-tiers.ts), answers every in-app navigation with
 * the precached index.html so each screen opens offline, keeps the last
 * /app-config.json for offline starts, and waits for the page's word before
 * taking over (the "update available" prompt). Project APIs (/platform, /t,
 * /api) always go to the network: the offline core owns their queueing, and
 * on a Background Sync event (Chromium) the worker runs the same push.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { LATER_REVISION, ON_DEMAND_REVISION } from '../scripts/precache-tiers';
import { CLAIM_MESSAGE } from '../src/app/claim-page';
import { PHOTO_CACHE, runBackgroundPush, slugFromSyncTag } from '../src/data';
import { cacheLater, pruneAssetCache } from './later-assets';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const ASSET_CACHE = 'lockstep-assets';

const tierOf = (e: PrecacheEntry | string) => (typeof e === 'string' ? null : e.revision);
const manifest = self.__WB_MANIFEST;
const laterUrls = manifest
  .filter((e) => tierOf(e) === LATER_REVISION)
  .map((e) => new URL((e as PrecacheEntry).url, self.location.href).href);
const onDemandUrls = manifest
  .filter((e) => tierOf(e) === ON_DEMAND_REVISION)
  .map((e) => new URL((e as PrecacheEntry).url, self.location.href).href);

precacheAndRoute(manifest.filter((e) => tierOf(e) !== LATER_REVISION && tierOf(e) !== ON_DEMAND_REVISION));
cleanupOutdatedCaches();

/** Paths that are server endpoints, never app screens. */
const NOT_SCREENS = [
  /^\/platform\//,
  /^\/t\/[^/]+\/(auth|rest|functions|storage)\//,
  /^\/api\//,
  /^\/app-config\.json$/,
  /\/[^/?]+\.[a-z0-9]+$/i,
];

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_SCREENS }));

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname === '/app-config.json' && request.method === 'GET',
  new NetworkFirst({ cacheName: 'lockstep-config', networkTimeoutSeconds: 4 }),
);

// Hashed build files that are not precached (the admin areas until fetched
// after sign-in, large libraries used by a single action such as PDF export)
// are kept once fetched; their names never change.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: ASSET_CACHE }),
);

// Photos (issue 17) load through signed URLs whose token changes with every
// signing: kept under their path alone, so a photo seen once opens offline.
registerRoute(
  ({ url, request }) => request.method === 'GET' && /\/storage\/v1\/object\/sign\/evidence\//.test(url.pathname),
  new CacheFirst({
    cacheName: PHOTO_CACHE,
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => {
          const url = new URL(request.url);
          url.search = '';
          return url.href;
        },
        // Only a real photo is kept: never an expired link's error.
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
      },
    ],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // A page that loaded while this worker was activating missed the claim below (src/app/claim-page.ts).
  // A refused claim is left to the page, which asks again.
  if (data?.type === CLAIM_MESSAGE) event.waitUntil(self.clients.claim().catch((e: unknown) => console.warn('claim refused', e)));
  // The reply (to whoever sent a port) says when the admin areas are ready offline.
  if (data?.type === 'CACHE_LATER') {
    event.waitUntil(cacheLater(ASSET_CACHE, laterUrls).then((complete) => event.ports[0]?.postMessage({ type: 'CACHED_LATER', complete })));
  }
});

// Files of earlier versions leave the asset cache once this version runs.
self.addEventListener('activate', (event) => event.waitUntil(pruneAssetCache(ASSET_CACHE, [...laterUrls, ...onDemandUrls])));

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', (event: Event) => {
  const e = event as SyncEvent;
  const slug = slugFromSyncTag(e.tag);
  // A rejected promise makes the browser retry the sync event later.
  if (slug) e.waitUntil(runBackgroundPush(slug));
});

// The first install takes control of open pages at once so they work offline
// without a reload; later versions wait for the prompt (SKIP_WAITING above).
clientsClaim();
