/**
 * The app's start once React is loaded (src/main.tsx): evaluated in a task after react-dom's, so a new tab on a phone,
 * which compiles every function afresh, does not run both modules' top-level code in one task.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { nextTask } from '../lib/next-task';
import { markStart } from '../lib/start-mark';
import { App } from './app';
import { makeAppRouter } from './router';

export async function start(root: HTMLElement): Promise<void> {
  // Each step a task of its own, as each is long on a phone when nothing is compiled yet: the root (React listens
  // to every event it handles); the router's creation, itself in three (router.tsx: the history, the route
  // matching, then its start, which asks for the first route's chunks, each in a task of its own); the first
  // render, as a transition so React renders it in slices, yielding between them, instead of in one task (there
  // is nothing on screen yet for a transition to keep).
  await nextTask();
  const reactRoot = createRoot(root);
  markStart('root');
  await nextTask();
  await makeAppRouter();
  markStart('router');
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  markStart('render-asked');
}
