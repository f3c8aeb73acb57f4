/** The trusted time (the server's clock as this device knows it, decision 013), ticking. */
import { useEffect, useState } from 'react';
import { trustedNow } from '../../../data';

export function useTrustedNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date(trustedNow()));
  useEffect(() => {
    const t = setInterval(() => setNow(new Date(trustedNow())), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
