/**
 * Entry point. Each step's modules are evaluated in a task of their own, since in a new tab nothing comes compiled
 * (module scripts get no code cache there, decision 031): react-dom's, then the router's and the app shell's, then
 * the root, the router's creation and React's first render (src/app/start.tsx). index.html preloads both steps' chunks
 * (scripts/preload-start-plugin.ts), so this order costs no round trip.
 */
import { nextTask } from './lib/next-task';
import './app/styles.css';

// Zod probes eval support with `new Function`, which the app's CSP refuses
// and reports as a violation (decision 016). jitless skips the probe; zod reads
// this shared object whether its core loaded before this line or after.
const zodConfig = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
zodConfig.jitless = true;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void import('react-dom/client')
  .then(nextTask)
  .then(() => import('./app/start'))
  .then((m) => m.start(root))
  .catch((e: unknown) => {
    // React itself may be what did not load: plain DOM, in the words of the router's error view.
    const main = document.createElement('main');
    main.className = 'mx-auto flex min-h-[80vh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center';
    const text = document.createElement('p');
    text.className = 'text-slate-700';
    text.textContent = 'Lockstep could not be loaded. If you are offline, open it again once you are back online.';
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.className = 'inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-5 font-semibold text-slate-900';
    reload.textContent = 'Reload';
    reload.addEventListener('click', () => window.location.reload());
    main.append(text, reload);
    root.replaceChildren(main);
    throw e;
  });
