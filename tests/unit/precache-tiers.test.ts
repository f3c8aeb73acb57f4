import { describe, expect, it } from 'vitest';
import { firstTier, LATER_REVISION, ON_DEMAND_REVISION, precacheTiers } from '../../scripts/precache-tiers';

const chunk = (modules: string[], imports: string[] = [], dynamicImports: string[] = [], entry = false) => ({
  modules: modules.map((m) => `/repo/src/${m}`),
  imports,
  dynamicImports,
  entry,
});

// The app's shape in miniature: the entry loads routes on demand; an admin area shares a chunk with the scan path.
const graph = new Map([
  [
    'assets/index.js',
    chunk(['main.tsx', 'app/router.tsx'], [], ['assets/door-checks.js', 'assets/security.js', 'assets/public-site.js'], true),
  ],
  ['assets/public-site.js', chunk(['features/public-site/index.ts'])],
  ['assets/door-checks.js', chunk(['features/door-checks/index.ts'], ['assets/modal.js'], ['assets/qr-scanner.js', 'assets/qr-image.js'])],
  ['assets/qr-scanner.js', chunk(['features/door-checks/components/qr-scanner.tsx'])],
  ['assets/qr-image.js', chunk(['features/door-checks/qr-image.ts'], [], ['assets/jspdf.es.min-x.js'])],
  ['assets/security.js', chunk(['features/security/index.ts'], ['assets/modal.js'], ['assets/charts.js'])],
  ['assets/charts.js', chunk(['features/security/charts.ts'])],
  ['assets/modal.js', chunk(['ui/modal.tsx'])],
  ['assets/jspdf.es.min-x.js', chunk(['../node_modules/jspdf/dist/jspdf.es.min.js'])],
]);

describe('precache tiers', () => {
  it('takes what the entry reaches, through static imports always and dynamic ones outside the admin areas', () => {
    expect([...firstTier(graph)].sort()).toEqual([
      'assets/door-checks.js',
      'assets/index.js',
      'assets/modal.js',
      'assets/public-site.js',
      'assets/qr-scanner.js',
    ]);
  });

  it('tags the rest as later and the one-action libraries as on demand, leaving other files alone', async () => {
    const { plugin, transform } = precacheTiers([/^assets\/jspdf\.es\.min-[^/]+\.js$/]);
    const bundle = Object.fromEntries(
      [...graph].map(([fileName, c]) => [
        fileName,
        { type: 'chunk', fileName, imports: c.imports, dynamicImports: c.dynamicImports, moduleIds: c.modules, isEntry: c.entry },
      ]),
    );
    const hook = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    hook.call({}, {}, bundle);
    const entries = [...graph.keys(), 'index.html', 'assets/index.css'].map((url) => ({
      url,
      revision: url.endsWith('.html') ? 'abc' : null,
      size: 1,
    }));
    const { manifest } = await transform(entries);
    const tier = Object.fromEntries(manifest.map((e) => [e.url, e.revision]));
    expect(tier).toEqual({
      'assets/index.js': null,
      'assets/public-site.js': null,
      'assets/door-checks.js': null,
      'assets/qr-scanner.js': null,
      'assets/modal.js': null,
      'assets/qr-image.js': LATER_REVISION,
      'assets/security.js': LATER_REVISION,
      'assets/charts.js': LATER_REVISION,
      'assets/jspdf.es.min-x.js': ON_DEMAND_REVISION,
      'index.html': 'abc',
      'assets/index.css': null,
    });
  });

  it('precaches everything, with a warning, when it never saw the app bundle', async () => {
    const { transform } = precacheTiers([]);
    const entries = [{ url: 'assets/a.js', revision: null, size: 1 }];
    const out = await transform(entries);
    expect(out.manifest).toEqual(entries);
    expect(out.warnings).toHaveLength(1);
  });
});
