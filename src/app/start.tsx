/**
 * The app's start once React is loaded (src/main.tsx): evaluated in a task after react-dom's, so a new tab on a phone,
 * which compiles every function afresh, does not run both modules' top-level code in one task.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { nextTask } from '../lib/next-task';
import { App } from './app';
import { appRouter } from './router';

export function start(root: HTMLElement): void {
  const reactRoot = createRoot(root);
  // Two tasks more: the router's creation (route matching, which then asks for the first route's chunks, each in a
  // task of its own); React's first render, which render() schedules.
  void nextTask().then(() => {
    appRouter();
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
