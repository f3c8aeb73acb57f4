/** The trusted time (the server's clock as this device knows it, decision 013), ticking. */
import { useMemo } from 'react';
import { trustedNow } from '../../../data';
import { useNow } from '../../../lib/use-now';

export function useTrustedNow(everyMs: number): Date {
  const ms = useNow(everyMs, trustedNow);
  return useMemo(() => new Date(ms), [ms]);
}
