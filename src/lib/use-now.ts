/** The time, ticking every `everyMs`: for screens that show ages or judge freshness. */
import { useEffect, useState } from 'react';

export function useNow(everyMs: number, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const t = setInterval(() => setNow(clock()), everyMs);
    return () => clearInterval(t);
  }, [everyMs, clock]);
  return now;
}
