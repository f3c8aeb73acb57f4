/**
 * Registers the service worker (workbox-window, loaded once the screen has
 * painted, src/lib/content-ready.ts, so its precache never competes with it) and
 * offers a reload when a new version is waiting. The worker only takes over on
 * the user's say-so, so a half-filled form is never reloaded away.
 */
import { useEffect, useRef, useState } from 'react';
import { whenContentReady } from '../lib/content-ready';
import { askToBeControlled } from './claim-page';
import { keepInstalling, registerLater } from './keep-installing';

type WorkboxLike = { messageSkipWaiting: () => void; addEventListener: (type: 'controlling', cb: () => void) => void };

export function UpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  const wbRef = useRef<WorkboxLike | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const registerAgain = () => navigator.serviceWorker.register('/sw.js', { scope: '/', type: 'classic' });
    const ready = whenContentReady();
    // Whichever registration ends up active (this one, or a retry's), it is asked to control this page.
    void ready.then(() => askToBeControlled(navigator.serviceWorker));
    void ready
      .then(() => import('workbox-window'))
      .then(
        ({ Workbox }) => {
          if (cancelled) return;
          const wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });
          wbRef.current = wb;
          wb.addEventListener('waiting', () => setWaiting(true));
          wb.register().then(
            (reg) => keepInstalling(reg, registerAgain),
            (error: unknown) => {
              console.warn('Service worker registration failed', error);
              registerLater(registerAgain);
            },
          );
          // Look for a new version when the app comes back to the foreground.
          const check = () => {
            if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
          };
          document.addEventListener('visibilitychange', check);
        },
        (error: unknown) => {
          // The prompt's library did not download: offline use matters more than the prompt, so register without it.
          console.warn('Service worker helper failed to load', error);
          if (!cancelled)
            void registerAgain().then(
              (reg) => keepInstalling(reg, registerAgain),
              () => registerLater(registerAgain),
            );
        },
      );
    return () => {
      cancelled = true;
    };
  }, []);

  if (!waiting) return null;
  return (
    <div role="status" aria-live="polite" className="fixed inset-x-0 bottom-0 z-50 flex justify-center p-4">
      <div className="flex w-full max-w-md items-center gap-3 rounded-xl border border-blue-200 bg-white px-4 py-3 shadow-lg">
        <p className="flex-1 text-sm text-slate-900">A new version of Lockstep is available.</p>
        <button
          type="button"
          className="min-h-10 rounded-lg bg-blue-700 px-4 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          onClick={() => {
            const wb = wbRef.current;
            if (!wb) return;
            wb.addEventListener('controlling', () => window.location.reload());
            wb.messageSkipWaiting();
          }}
        >
          Update now
        </button>
        <button
          type="button"
          className="min-h-10 rounded-lg px-3 text-sm text-slate-700 hover:bg-slate-100"
          onClick={() => setWaiting(false)}
        >
          Later
        </button>
      </div>
    </div>
  );
}
