/**
 * REACT_COMMITS=1 for the profiling aid (profile-dashboard.ts): what each of React's commits rendered and how long
 * each component took, from React's own timers. The app is built with react-dom's profiling build (the same React
 * with its timers on) and the page gets a stand-in for the React DevTools hook, which React reports each commit to;
 * with that hook present React times every component. Component names are the minified ones: each is printed with
 * the start of its source, which says which it is.
 */
import type { Page } from '@playwright/test';

/** Installed before the app's scripts: a DevTools hook that keeps a summary of each commit in `__commits`. */
export const RECORD_REACT_COMMITS = `{
  const commits = [];
  window.__commits = commits;
  const nameOf = (f) => {
    const t = f.type;
    if (!t) return null;
    const fn = typeof t === 'function' ? t : t.render || (t.type && (t.type.render || t.type));
    if (typeof fn !== 'function') return null;
    return (fn.name || '(anonymous)') + ' ' + String(fn).slice(0, 70).replace(/\\s+/g, ' ');
  };
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const at = performance.now();
      const self = new Map();
      let mounted = 0;
      let total = 0;
      const stack = [root.current];
      while (stack.length) {
        const f = stack.pop();
        const rendered = f.alternate === null || (f.flags & 1) !== 0;
        if (rendered && f.tag === 5 && f.alternate === null) mounted++;
        if (rendered && COMPONENT_TAGS.has(f.tag)) {
          const name = nameOf(f);
          const ms = f.selfBaseDuration || 0;
          total += ms;
          if (name) {
            const s = self.get(name) || { ms: 0, n: 0 };
            s.ms += ms; s.n++;
            self.set(name, s);
          }
        }
        if (f.sibling) stack.push(f.sibling);
        if (f.child) stack.push(f.child);
      }
      const top = [...self].sort((a, b) => b[1].ms - a[1].ms).slice(0, 6).map(([k, v]) => k.slice(0, 60) + ' x' + v.n + ' ' + v.ms.toFixed(1));
      commits.push({ at, render: root.current.actualDuration || 0, components: total, mounted, top });
    },
  };
}`;

export interface CommitSummary {
  at: number;
  render: number;
  components: number;
  mounted: number;
  top: string[];
}

/** The page's commits whose render took `minMs` or more, one line each. */
export async function printReactCommits(page: Page, minMs: number): Promise<void> {
  const commits = (await page.evaluate('window.__commits || []')) as CommitSummary[];
  const long = commits.filter((c) => c.render >= minMs);
  console.log(`  react: ${commits.length} commits, ${long.length} rendering ${minMs} ms or more (React's timers, 4x):`);
  for (const c of long)
    console.log(`    at ${c.at.toFixed(0)} ms: render ${c.render.toFixed(1)} ms, ${c.mounted} elements made; ${c.top.join('; ')}`);
}
