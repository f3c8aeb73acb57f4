/** Entry point: mounts the router; everything else is loaded per route. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { appRouter } from './app/router';
import { nextTask } from './lib/next-task';
import './app/styles.css';

// Zod probes eval support with `new Function`, which the app's CSP refuses
// and reports as a violation (decision 016). jitless skips the probe; zod reads
// this shared object whether its core loaded before this line or after.
const zodConfig = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
zodConfig.jitless = true;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const reactRoot = createRoot(root);
// Three tasks rather than one on a phone: this module's evaluation; the router's creation (route matching, which then
// asks for the first route's chunks, each in a task of its own); React's first render, which render() schedules.
void nextTask().then(() => {
  appRouter();
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
