/**
 * What the page shows when the app's own modules did not load (src/main.tsx). Plain DOM, as React itself may be
 * what failed; in the words of the router's error view, with a way to try again.
 */
export function showStartFailed(root: HTMLElement): void {
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
}
