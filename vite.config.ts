/**
 * Build of the PWA: React, Tailwind 4 and the service worker from sw/
 * (vite-plugin-pwa, injectManifest). Route chunks are split by area so the
 * landing page and the tenant sign-in path stay small; the precache holds the
 * shell and every route chunk so each screen opens offline once installed.
 */
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * src/data is imported through its index.ts only (lint rule), and that index
 * re-exports the whole offline core. Declaring src/data's modules free of
 * import-time side effects (as a library's "sideEffects": false would) lets
 * the bundler keep only what a route actually uses, so the sign-in screens do
 * not download supabase-js, Dexie and the sync engine before they need them.
 * See docs/decisions/ (shell-bundle-budget).
 */
/** Vendor chunks (by file-name prefix) fetched on demand instead of precached. */
const ON_DEMAND_CHUNKS = ['jspdf.es.min', 'html2canvas', 'purify.es', 'index.es'];

function dataWithoutSideEffects(): Plugin {
  const dataDir = /[\\/]src[\\/]data[\\/][^?]*\.tsx?$/;
  return {
    name: 'lockstep:data-side-effect-free',
    enforce: 'post',
    transform(_code, id) {
      return dataDir.test(id) ? { code: _code, map: null, moduleSideEffects: false } : null;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    dataWithoutSideEffects(),
    tailwindcss(),
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
        start_url: '/',
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
        // Big libraries used by one action (PDF export) stay out of the
        // precache; the worker caches them on first use (sw/sw.ts).
        globIgnores: ['screenshots/**', ...ON_DEMAND_CHUNKS.map((name) => `assets/${name}-*.js`)],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
