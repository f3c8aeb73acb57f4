/** A once-a-second countdown to a moment, for the support banner and the support dialog's lock. */
import { useEffect, useState } from 'react';
import { secondsLeft } from './support-access';

/** Whole seconds left until `until` (ms since the epoch; null: nothing to count), updated every second until 0. */
export function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return undefined;
    const tick = () => setNow(Date.now());
    // The clock is read again at once (the mount-time reading may be old when `until` changes later), then every second.
    const first = setTimeout(tick, 0);
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [until]);
  return until === null ? 0 : secondsLeft(until, now);
}
