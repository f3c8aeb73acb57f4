import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { startChunks } from '../../scripts/preload-start-plugin';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], dynamicImports: string[] = [], isEntry = false) =>
  ({ type: 'chunk', fileName, moduleIds, imports, dynamicImports, isEntry }) as unknown as Rollup.OutputChunk;

const STARTS = [/[\\/]react-dom[\\/]client\.js$/, /[\\/]src[\\/]app[\\/]start\.tsx$/];

function bundleOf(...chunks: Rollup.OutputChunk[]): Rollup.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

// The app's start in miniature: the entry imports react-dom's client and then the start, each on demand.
const app = bundleOf(
  chunk('assets/index.js', ['/r/src/main.tsx'], ['assets/runtime.js'], ['assets/client.js', 'assets/start.js', 'assets/route.js'], true),
  chunk('assets/runtime.js', ['\0rolldown/runtime.js']),
  chunk('assets/client.js', ['/r/node_modules/react-dom/client.js'], ['assets/runtime.js', 'assets/react.js']),
  chunk('assets/start.js', ['/r/src/app/start.tsx'], ['assets/index.js', 'assets/react.js', 'assets/jsx.js'], ['assets/route.js']),
  chunk('assets/react.js', ['/r/node_modules/react/index.js']),
  chunk('assets/jsx.js', ['/r/node_modules/react/jsx-runtime.js'], ['assets/react.js']),
  chunk('assets/route.js', ['/r/src/features/public-site/index.ts'], ['assets/react.js']),
);

describe('the start chunks index.html preloads', () => {
  it('are the start steps and their static imports, not what index.html already loads nor the routes', () => {
    expect(startChunks(app, STARTS)).toEqual(['assets/client.js', 'assets/start.js', 'assets/react.js', 'assets/jsx.js']);
  });

  it('fails the build when a start step is no longer a dynamic import of the entry', () => {
    const merged = bundleOf(
      chunk('assets/index.js', ['/r/src/main.tsx', '/r/src/app/start.tsx'], [], ['assets/client.js'], true),
      chunk('assets/client.js', ['/r/node_modules/react-dom/client.js']),
    );
    expect(() => startChunks(merged, STARTS)).toThrow(/expected 2 start chunks/);
  });

  it('adds nothing to a bundle without the app entry (the service worker build)', () => {
    expect(startChunks(bundleOf(chunk('sw.js', ['/r/sw/sw.ts'])), STARTS)).toEqual([]);
  });
});
