/**
 * The rewrite of Vite's preload helper (scripts/preload-in-steps-plugin.ts), run on the helper's own source as the
 * installed Vite writes it into a build, in a stand-in document: jsdom is not needed for a head that records what is
 * appended and when, and Node's MessageChannel posts real tasks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helperInSteps, LINKS_PER_TASK } from '../../scripts/preload-in-steps-plugin';

const VITE_NODE = join(import.meta.dirname, '..', '..', 'node_modules', 'vite', 'dist', 'node');

/** A top-level function's source in Vite's bundled code, by brace matching from its declaration. */
function functionSource(code: string, name: string): string {
  const start = code.indexOf(`\nfunction ${name}(`);
  if (start < 0) throw new Error(`Vite's code has no function ${name}: the helper's source moved`);
  let depth = 0;
  for (let i = code.indexOf('{', start); i < code.length; i++) {
    if (code[i] === '{') depth++;
    else if (code[i] === '}' && --depth === 0) return code.slice(start + 1, i + 1);
  }
  throw new Error(`function ${name} never closes`);
}

/** The helper module as Vite's build gives it to plugins (getPreloadCode), with the app's options. */
function viteHelperModule(): string {
  const file = readdirSync(join(VITE_NODE, 'chunks'))
    .map((f) => readFileSync(join(VITE_NODE, 'chunks', f), 'utf8'))
    .find((code) => code.includes('\nfunction preload(baseModule, deps, importerUrl)'));
  if (!file) throw new Error("no chunk of Vite's has its preload helper");
  return [
    `const scriptRel = 'modulepreload';`,
    `const assetsURL = function(dep) { return "/" + dep };`,
    'const seen = {};',
    `const isCssPreloadUrl = ${functionSource(file, 'isCssPreloadUrl')};`,
    `const preloadOnce = ${functionSource(file, 'preloadOnce')};`,
    `export const __vitePreload = ${functionSource(file, 'preload')}`,
  ].join('');
}

interface FakeLink {
  rel: string;
  as?: string;
  href: string;
  crossOrigin?: string;
  listeners: Map<string, (e: { type: string }) => void>;
  addEventListener(type: string, f: (e: { type: string }) => void): void;
  removeEventListener(type: string): void;
  setAttribute(): void;
}

type Preload = (load: () => Promise<unknown>, deps: string[]) => Promise<unknown>;

/** The rewritten helper, in a document whose head records the task each link was appended in. */
function helperInDocument(existing: string[] = []) {
  const head: FakeLink[] = [];
  const appendedInTask: number[] = [];
  let task = 0;
  let taskCounted = false;
  const link = (href = ''): FakeLink => ({
    rel: '',
    href,
    listeners: new Map(),
    addEventListener(type, f) {
      this.listeners.set(type, f);
    },
    removeEventListener(type) {
      this.listeners.delete(type);
    },
    setAttribute() {},
  });
  for (const href of existing) head.push({ ...link(href), rel: 'modulepreload' });
  const document = {
    head: {
      appendChild(l: FakeLink) {
        // Appends in one run of code share a task number; a microtask between them means a new task came.
        if (!taskCounted) {
          taskCounted = true;
          queueMicrotask(() => {
            taskCounted = false;
            task++;
          });
        }
        head.push(l);
        appendedInTask.push(task);
      },
    },
    querySelector: () => null,
    getElementsByTagName: () => head,
    createElement: () => link(),
  };
  const window = { dispatchEvent: () => true };
  const importMeta = { url: 'http://app.test/assets/index.js', resolve: (s: string) => new URL(s, 'http://app.test/').href };
  const code = helperInSteps(viteHelperModule())
    .replaceAll('__VITE_IS_MODERN__', 'true')
    .replaceAll('import.meta', 'importMeta')
    .replace('export const __vitePreload =', 'return');
  // The helper's own source, evaluated as the build's chunk would run it, with this document as its globals.
  const preload = new Function('document', 'window', 'importMeta', code)(document, window, importMeta) as Preload;
  return { preload, head, appendedInTask };
}

const deps = (n: number) => Array.from({ length: n }, (_, i) => `assets/chunk-${i}.js`);

describe("Vite's preload helper, rewritten to append a few links per task", () => {
  it(`appends none in the asking task and at most ${LINKS_PER_TASK} per task after, and imports once all are in`, async () => {
    const { preload, head, appendedInTask } = helperInDocument();
    let linksWhenImported = -1;
    const loaded = preload(() => {
      linksWhenImported = head.length;
      return Promise.resolve('the module');
    }, deps(8));
    expect(head).toHaveLength(0);
    expect(await loaded).toBe('the module');
    expect(linksWhenImported).toBe(8);
    expect(head.map((l) => [l.rel, l.as, l.href])).toEqual(deps(8).map((d) => ['modulepreload', 'script', `http://app.test/${d}`]));
    const perTask = new Map<number, number>();
    for (const t of appendedInTask) perTask.set(t, (perTask.get(t) ?? 0) + 1);
    expect([...perTask.values()]).toEqual([3, 3, 2]);
  });

  it('appends no link the document already has, and none twice across imports', async () => {
    const { preload, head } = helperInDocument(['http://app.test/assets/chunk-0.js']);
    await preload(() => Promise.resolve(1), deps(2));
    await preload(() => Promise.resolve(2), deps(4));
    expect(head.map((l) => l.href)).toEqual([
      'http://app.test/assets/chunk-0.js',
      ...deps(4)
        .slice(1)
        .map((d) => `http://app.test/${d}`),
    ]);
  });

  it("still waits for a stylesheet's load before importing", async () => {
    const { preload, head } = helperInDocument();
    let imported = false;
    const loaded = preload(() => {
      imported = true;
      return Promise.resolve();
    }, ['assets/screen.css']);
    while (!head.length) await new Promise((r) => setTimeout(r, 1));
    await new Promise((r) => setTimeout(r, 5));
    expect(head[0]?.rel).toBe('stylesheet');
    expect(imported).toBe(false);
    head[0]?.listeners.get('load')?.({ type: 'load' });
    await loaded;
    expect(imported).toBe(true);
  });

  it("fails the build when Vite's helper no longer has the one statement it rewrites", () => {
    expect(() => helperInSteps('export const __vitePreload = () => {}')).toThrow(/no longer has exactly one/);
  });
});
