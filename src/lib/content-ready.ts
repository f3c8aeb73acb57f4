/**
 * "The screen the user opened has painted": the moment the app starts its
 * background work (the sync engine with supabase-js, the support banner, the
 * service worker's registration and precache), so none of it competes with
 * what the user is waiting for on a phone (DESIGN §9). The root layout marks
 * it once the first route has rendered; a screen whose content needs more
 * (the check form reads the device's doors first) holds it until then. A
 * hold that is never released gives way after FALLBACK_MS, so the sync
 * engine always starts: it is what fills an empty device.
 */
import { useEffect } from 'react';
import { afterPaint } from './after-paint';
import { endStartMarks } from './start-mark';

const FALLBACK_MS = 4000;

let marked = false;
let holds = 0;
let fired = false;
let fallback: ReturnType<typeof setTimeout> | null = null;
const waiters: Array<() => void> = [];

/** Named in the page's performance timeline so a measurement can tell a screen's release from the fallback. */
export const BACKGROUND_START_MARK = 'lockstep:background-start';

function fire(reason: 'content' | 'fallback'): void {
  if (fired) return;
  fired = true;
  if (fallback) clearTimeout(fallback);
  performance.mark(BACKGROUND_START_MARK, { detail: { reason } });
  endStartMarks();
  afterPaint(() => {
    for (const w of waiters.splice(0)) w();
  });
}

function check(): void {
  // After the commit's other effects: a screen releasing one hold and taking
  // the next (its loading state giving way to a child's) is still holding.
  queueMicrotask(() => {
    if (marked && holds === 0) fire('content');
  });
}

/** The first route has rendered (src/app/root-layout.tsx). */
export function markContentReady(): void {
  marked = true;
  check();
}

/** Keeps the background work waiting until the returned release is called. */
export function holdContentReady(): () => void {
  if (fired) return () => undefined;
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    check();
  };
}

/** Resolves once the screen's content has painted (at once after that). */
export function whenContentReady(): Promise<void> {
  if (fired) return Promise.resolve();
  fallback ??= setTimeout(() => fire('fallback'), FALLBACK_MS);
  return new Promise((resolve) => waiters.push(resolve));
}

/** Holds the background work while `holding` (a screen still loading its own content). */
export function useHoldContentReady(holding: boolean): void {
  useEffect(() => (holding ? holdContentReady() : undefined), [holding]);
}
