/**
 * Build of the PWA: React, Tailwind 4 and the service worker from sw/
 * (vite-plugin-pwa, injectManifest). Route chunks are split by area so the
 * landing page and the tenant sign-in path stay small; the service worker
 * precaches the shell, sign-in and the officer's path at install and fetches
 * the admin areas once someone signs in (scripts/precache-tiers.ts), so each
 * screen opens offline once installed.
 */
import { readFile } from 'node:fs/promises';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress-plugin';
import { precacheTiers } from './scripts/precache-tiers';
import { preloadInSteps } from './scripts/preload-in-steps-plugin';
import { preloadStart } from './scripts/preload-start-plugin';

/**
 * src/data is imported through its index.ts only (lint rule), and that index
 * re-exports the whole offline core. Declaring src/data's modules free of
 * import-time side effects (as a library's "sideEffects": false would) lets
 * the bundler keep only what a route actually uses, so the sign-in screens do
 * not download supabase-js, Dexie and the sync engine before they need them.
 * See docs/decisions/ (shell-bundle-budget).
 */
/** Vendor chunks (by file-name prefix) used by one action (PDF export): cached on first use, never precached. */
// The HEIC decoder (about 500 KB) too: Safari decodes HEIC itself and most cameras write JPEG, so every
// officer's phone would fetch it for the rare photo that needs it; it is cached after its first use.
const ON_DEMAND_CHUNKS = ['jspdf.es.min', 'html2canvas', 'purify.es', 'index.es', 'heic-worker'];
// What the service worker precaches at install and what it fetches later (scripts/precache-tiers.ts).
const tiers = precacheTiers(ON_DEMAND_CHUNKS.map((name) => new RegExp(`^assets/${name.replace(/\./g, '\\.')}-[^/]+\\.js$`)));

function dataWithoutSideEffects(): Plugin {
  const dataDir = /[\\/]src[\\/]data[\\/][^?]*\.tsx?$/;
  // A feature's index.ts only re-exports (DESIGN §4): marked the same way, a
  // screen that takes one component from another feature (the tenant shell)
  // does not also load that feature's other pages (docs/decisions/009).
  const featureIndex = /[\\/]src[\\/]features[\\/][^\\/?]+[\\/]index\.ts$/;
  return {
    name: 'lockstep:data-side-effect-free',
    enforce: 'post',
    transform(_code, id) {
      return dataDir.test(id) || featureIndex.test(id) ? { code: _code, map: null, moduleSideEffects: false } : null;
    },
  };
}

/**
 * zod/mini (the scan-and-check path's schemas) and classic `zod` (used by a
 * few lazily loaded modules: supabase clients, geocoding, admin forms) share
 * zod's core. A bundler tree-shakes a module once for the whole app, so one
 * classic user anywhere keeps every core schema type in the shared core chunk
 * the scan path loads: about 14 KB gzipped where zod/mini's own needs are
 * about 6. Classic `zod` and every core module it reaches are therefore
 * loaded under their own module ids (a `?zod-classic` suffix): classic users
 * get a full core of their own in their lazy chunks, and the core the scan
 * path shares keeps only what zod/mini uses. Schemas never cross between the
 * two (each module builds and parses its own). See docs/decisions/009.
 */
function isolateClassicZod(): Plugin {
  const TAG = '?zod-classic';
  const zodFile = /[\\/]node_modules[\\/]zod[\\/]/;
  return {
    name: 'lockstep:isolate-classic-zod',
    enforce: 'pre',
    async resolveId(source, importer) {
      const fromClassic = importer?.endsWith(TAG) ?? false;
      if (!fromClassic && source !== 'zod' && source !== 'zod/v4') return null;
      const cleanImporter = fromClassic ? importer!.slice(0, -TAG.length) : importer;
      const resolved = await this.resolve(source, cleanImporter, { skipSelf: true });
      if (!resolved || resolved.external || !zodFile.test(resolved.id)) return resolved;
      return { id: resolved.id + TAG, moduleSideEffects: false };
    },
    async load(id) {
      return id.endsWith(TAG) ? { code: await readFile(id.slice(0, -TAG.length), 'utf8'), moduleSideEffects: false } : null;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    dataWithoutSideEffects(),
    isolateClassicZod(),
    tailwindcss(),
    tiers.plugin,
    // A dynamic import's modulepreload links a few per task: each insertion starts a fetch, and the door-checks
    // feature's 15 in the asking task made it one of 66-122 ms at 4x (decision 031).
    preloadInSteps(),
    // The two steps of src/main.tsx's start, linked from index.html so the second is fetched with the first, not after it.
    preloadStart([/[\\/]node_modules[\\/]react-dom[\\/]client\.js$/, /[\\/]src[\\/]app[\\/]start\.tsx$/]),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Lockstep',
        short_name: 'Lockstep',
        description: 'Offline-first door checks, maintenance, incidents, transportation and parking for schools and organizations.',
        theme_color: '#1e3a8a',
        background_color: '#ffffff',
        display: 'standalone',
        orientation: 'any',
        // Signed-in users go straight to their screen (src/app/guards.ts openInstalledApp); id stays '/' so installs keep their identity.
        start_url: '/start',
        scope: '/',
        lang: 'en',
        categories: ['business', 'productivity', 'utilities'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          { src: '/screenshots/wide.png', sizes: '1280x720', type: 'image/png', form_factor: 'wide', label: 'Lockstep' },
          { src: '/screenshots/narrow.png', sizes: '540x960', type: 'image/png', form_factor: 'narrow', label: 'Lockstep on a phone' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['screenshots/**'],
        // Tiers for the worker: admin areas fetched after sign-in, big one-action libraries on first use.
        manifestTransforms: [tiers.transform],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false, type: 'module' },
    }),
    precompress(),
  ],
  resolve: {
    alias: [
      // Dexie's ES2018+ module build instead of its ES5 UMD build behind
      // import-wrapper.mjs (which only guards against a CommonJS copy: the
      // browser bundle has one copy). Same API, smaller on the scan path,
      // and tree-shakable. See docs/decisions/009.
      { find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // The scan screen takes TenantShell through tenant-auth's index (the
        // layout rule), and that index is also the sign-in route's chunk: by
        // default the shell, react-hook-form and the sign-in form pieces would
        // share chunks the scan path must load. These groups keep each apart;
        // a group takes only the modules it names, never their dependencies
        // (React, the router). See docs/decisions/009.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'tenant-shell',
              test: /[\\/]src[\\/]features[\\/]tenant-auth[\\/]components[\\/](tenant-shell|sync-badge-placeholder)\.tsx$/,
            },
            { name: 'react-hook-form', test: /[\\/]node_modules[\\/]react-hook-form[\\/]/ },
            { name: 'sign-in-form', test: /[\\/]src[\\/](ui[\\/](auth-card|password-field)|lib[\\/]sign-in-rules)\.tsx?$/ },
            // Forms import it, the check form does not: left alone it joins the Field chunk the scan path loads.
            { name: 'form-message', test: /[\\/]src[\\/]ui[\\/]form-message\.ts$/ },
            // The after-paint loader of the sync engine's modules (the header imports it on every tenant screen): left
            // alone it joined the tenant sign-in chunk, which then came with the check form (react-hook-form with it).
            { name: 'sync-modules', test: /[\\/]src[\\/]data[\\/]sync-modules\.ts$/ },
          ],
        },
      },
    },
  },
});
