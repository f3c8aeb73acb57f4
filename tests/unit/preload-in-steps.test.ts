/**
 * The rewrite of Vite's preload helper (scripts/preload-in-steps-plugin.ts), run on the helper's own source as the
 * installed Vite writes it into a build, in a stand-in page (helperInPage) that runs the helper's posted tasks one at
 * a time.
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

/** Lets every pending promise callback run (setImmediate comes after the microtask queue has emptied). */
const settle = () => new Promise((r) => setImmediate(r));

/**
 * The rewritten helper in a stand-in page: a head that records what is appended, and a MessageChannel whose posted
 * messages run only when the test runs them, one task at a time, so what each task did is exact.
 */
function helperInPage(existing: string[] = [], refused = '') {
  const head: FakeLink[] = [];
  const tasks: Array<() => void> = [];
  class StandInChannel {
    port1 = { onmessage: null as null | (() => void), close() {} };
    port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) };
  }
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
        if (refused && l.href.endsWith(refused)) throw new Error(`refused ${refused}`);
        head.push(l);
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
  // The helper's own source, evaluated as the build's chunk would run it, with this page as its globals.
  const factory = new Function('document', 'window', 'importMeta', 'MessageChannel', code) as (...a: unknown[]) => Preload;
  const preload = factory(document, window, importMeta, StandInChannel);
  /** Runs the posted tasks one by one until none is left: the head's length after each. */
  const drain = async () => {
    const after: number[] = [];
    for (let task = tasks.shift(); task; task = tasks.shift()) {
      task();
      after.push(head.length);
      await settle();
    }
    return after;
  };
  return { preload, head, drain };
}

const deps = (n: number) => Array.from({ length: n }, (_, i) => `assets/chunk-${i}.js`);
const urls = (files: string[]) => files.map((f) => `http://app.test/${f}`);

describe("Vite's preload helper, rewritten to append a few links per task", () => {
  it(`appends none in the asking task and ${LINKS_PER_TASK} per task after, and imports once all are in`, async () => {
    const { preload, head, drain } = helperInPage();
    let linksWhenImported = -1;
    const loaded = preload(() => {
      linksWhenImported = head.length;
      return Promise.resolve('the module');
    }, deps(8));
    await settle();
    expect(head).toHaveLength(0);
    expect(linksWhenImported).toBe(-1);
    expect(await drain()).toEqual([3, 6, 8]);
    expect(await loaded).toBe('the module');
    expect(linksWhenImported).toBe(8);
    expect(head.map((l) => [l.rel, l.as, l.href])).toEqual(urls(deps(8)).map((u) => ['modulepreload', 'script', u]));
  });

  it('appends no link the document already has, nor one twice for imports asked for together', async () => {
    const { preload, head, drain } = helperInPage(['http://app.test/assets/chunk-0.js']);
    let linksWhenSecond = -1;
    const first = preload(() => Promise.resolve(1), deps(4));
    const second = preload(() => {
      linksWhenSecond = head.length;
      return Promise.resolve(2);
    }, deps(6).slice(2));
    await drain();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(head.map((l) => l.href)).toEqual(urls(deps(6)));
    // The second waited for the links it shares with the first, and for its own after them.
    expect(linksWhenSecond).toBe(6);
  });

  it('fails only the import whose link could not be appended, and still appends the links after it', async () => {
    const { preload, head, drain } = helperInPage([], 'chunk-1.js');
    let imported = false;
    const failing = preload(() => {
      imported = true;
      return Promise.resolve();
    }, deps(2));
    const other = preload(() => Promise.resolve('other'), ['assets/other.js']);
    const failed = expect(failing).rejects.toThrow('refused chunk-1.js');
    await drain();
    await failed;
    expect(imported).toBe(false);
    expect(await other).toBe('other');
    expect(head.map((l) => l.href)).toEqual(urls(['assets/chunk-0.js', 'assets/other.js']));
  });

  it("still waits for a stylesheet's load before importing", async () => {
    const { preload, head, drain } = helperInPage();
    let imported = false;
    const loaded = preload(() => {
      imported = true;
      return Promise.resolve();
    }, ['assets/screen.css']);
    await drain();
    expect(head.map((l) => l.rel)).toEqual(['stylesheet']);
    expect(imported).toBe(false);
    head[0]?.listeners.get('load')?.({ type: 'load' });
    await loaded;
    expect(imported).toBe(true);
  });

  it("fails the build when Vite's helper no longer has the one statement it rewrites", () => {
    expect(() => helperInSteps('export const __vitePreload = () => {}')).toThrow(/no longer has exactly one/);
  });
});
