/**
 * Entry point. Each step's modules are evaluated in a task of their own, since in a new tab nothing comes compiled
 * (module scripts get no code cache there, decision 031): react-dom's, then the router's and the app shell's, then
 * the root, the router's creation and React's first render (src/app/start.tsx). index.html preloads both steps' chunks
 * (scripts/preload-start-plugin.ts), so this order costs no round trip.
 */
import { showStartFailed } from './app/start-failed';
import { nextTask } from './lib/next-task';
import { markStart } from './lib/start-mark';
import './app/styles.css';

// Zod probes eval support with `new Function`, which the app's CSP refuses
// and reports as a violation (decision 016). jitless skips the probe; zod reads
// this shared object whether its core loaded before this line or after.
const zodConfig = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
zodConfig.jitless = true;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void import('react-dom/client')
  .then(() => markStart('react-dom'))
  .then(nextTask)
  .then(() => import('./app/start'))
  .then((m) => {
    markStart('start-module');
    return m.start(root);
  })
  .catch((e: unknown) => {
    showStartFailed(root);
    // Still the page's error, for the console and error reports.
    throw e;
  });
