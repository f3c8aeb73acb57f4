/**
 * src/main.tsx loads react-dom and then the app's start with dynamic imports,
 * so each is evaluated in a task of its own (decision 031). Vite preloads a
 * dynamic import's chunks only when it is called, which would fetch the
 * second step's chunks after the first step ran: one round trip more on a
 * first visit. This adds their modulepreload links to index.html instead, so
 * every chunk the start needs is fetched while the page parses, as when
 * they were static imports.
 */
import type { Plugin, Rollup } from 'vite';

/** The chunks reachable from the entry's dynamic imports whose module matches `starts`, static imports included. */
export function startChunks(bundle: Rollup.OutputBundle, starts: RegExp[]): string[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((o): o is Rollup.OutputChunk => o.type === 'chunk')
      .map((c) => [c.fileName, c]),
  );
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) return [];
  const already = new Set([entry.fileName, ...entry.imports]);
  const found: string[] = [];
  const queue = entry.dynamicImports.filter((f) => chunks.get(f)?.moduleIds.some((id) => starts.some((re) => re.test(id))));
  if (queue.length !== starts.length) {
    throw new Error(`preload-start: expected ${starts.length} start chunks among the entry's dynamic imports, found ${queue.length}`);
  }
  while (queue.length) {
    const file = queue.shift()!;
    if (already.has(file)) continue;
    already.add(file);
    found.push(file);
    queue.push(...(chunks.get(file)?.imports ?? []));
  }
  return found;
}

export function preloadStart(starts: RegExp[]): Plugin {
  return {
    name: 'lockstep:preload-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        return startChunks(ctx.bundle, starts).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
