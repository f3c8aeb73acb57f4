/**
 * Which built files the service worker precaches at install, and which it
 * fetches later (DESIGN §9: a first visit with the precache under 600 KB).
 *
 *   first      the app shell and everything reachable from it through static
 *              and dynamic imports, except through the areas below: the public
 *              pages, every sign-in page, and the officer's offline path
 *              (rounds, the scan form, the camera scanner, the sync engine)
 *   later      the admin areas' chunks; the worker fetches them in the
 *              background once someone has signed in (sw/sw.ts, CACHE_LATER),
 *              so a visitor of the landing page never downloads them
 *   on-demand  big libraries used by one action (PDF export): cached on first use
 *
 * The tier is written into each manifest entry's revision (hashed files carry
 * none), which sw/sw.ts reads: the only channel from the build to the worker.
 */
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';

export const LATER_REVISION = 'lockstep:later';
export const ON_DEMAND_REVISION = 'lockstep:on-demand';

/** Modules whose chunks start an area the landing page's visitor does not need (matched on the module path). */
const LATER_AREAS = [
  /[\\/]src[\\/]features[\\/](platform-admin|tenant-dashboard|security|maintenance|transportation|student-parking)[\\/]index\.ts$/,
  // The admins' QR sheets. Every sign-in page (the invitation's included) stays first: it is how anyone gets in.
  /[\\/]src[\\/]features[\\/]door-checks[\\/]qr-image\.ts$/,
];

interface ChunkFacts {
  imports: string[];
  dynamicImports: string[];
  modules: string[];
  entry: boolean;
}

/** The files reachable from the entry without entering a later area, by file name. */
export function firstTier(chunks: Map<string, ChunkFacts>): Set<string> {
  const starts = (file: string) => chunks.get(file)?.modules.some((m) => LATER_AREAS.some((re) => re.test(m))) ?? false;
  const first = new Set<string>();
  const queue = [...chunks].filter(([, c]) => c.entry).map(([file]) => file);
  while (queue.length) {
    const file = queue.pop()!;
    if (first.has(file)) continue;
    first.add(file);
    const c = chunks.get(file);
    if (!c) continue;
    queue.push(...c.imports);
    queue.push(...c.dynamicImports.filter((d) => !starts(d)));
  }
  return first;
}

export function precacheTiers(onDemand: RegExp[]): { plugin: Plugin; transform: ManifestTransform } {
  let first: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'lockstep:precache-tiers',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkFacts>();
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.set(out.fileName, { imports: out.imports, dynamicImports: out.dynamicImports, modules: out.moduleIds, entry: out.isEntry });
      }
      // The service worker's own build passes here too; only the app's bundle has the app's entry.
      if ([...chunks.values()].some((c) => c.entry && c.modules.some((m) => /[\\/]src[\\/]main\.tsx$/.test(m)))) first = firstTier(chunks);
    },
  };
  const transform: ManifestTransform = (entries) => {
    if (!first) return { manifest: entries, warnings: ['precache tiers: the app bundle was not seen; everything is precached'] };
    const tiers = first;
    const manifest = entries.map((e) => {
      if (!/^assets\/.+\.js$/.test(e.url)) return e;
      if (onDemand.some((re) => re.test(e.url))) return { ...e, revision: ON_DEMAND_REVISION };
      return tiers.has(e.url) ? e : { ...e, revision: LATER_REVISION };
    });
    return { manifest, warnings: [] };
  };
  return { plugin, transform };
}
