/**
 * A server answer a tenant screen shows, remembered on the device: the last
 * answer shows at once (offline too, with its time), then the fresh one
 * replaces it; when fetching fails the remembered one stays, with why.
 */
import { useCallback, useEffect, useState } from 'react';
import { ProductApiError, readRemembered, remember, type TenantSync } from '../../../data';

export interface RememberedFetch<T> {
  value: T | null;
  /** When `value` was fetched. */
  at: string | null;
  source: 'server' | 'cache' | 'none';
  loading: boolean;
  error: string | null;
  /** The failed fetch's HTTP status; 0 when no answer came (offline, unreachable). */
  errorStatus: number | null;
  reload: () => void;
}

export function useRememberedFetch<T>(sync: TenantSync | null, key: string, fetcher: (sync: TenantSync) => Promise<T>): RememberedFetch<T> {
  const [state, setState] = useState<Omit<RememberedFetch<T>, 'reload'>>({
    value: null,
    at: null,
    source: 'none',
    loading: true,
    error: null,
    errorStatus: null,
  });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    if (!sync) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    void (async () => {
      const cached = await readRemembered<T>(sync.db, key);
      if (live && cached) setState((s) => (s.source === 'server' ? s : { ...s, value: cached.value, at: cached.at, source: 'cache' }));
      try {
        const saved = await remember(sync.db, key, await fetcher(sync));
        if (live) setState({ value: saved.value, at: saved.at, source: 'server', loading: false, error: null, errorStatus: null });
      } catch (e) {
        if (!live) return;
        const errorStatus = e instanceof ProductApiError ? e.status : null;
        setState((s) => ({ ...s, loading: false, error: e instanceof Error ? e.message : String(e), errorStatus }));
      }
    })();
    return () => {
      live = false;
    };
    // The fetcher is a module-level function per key; the key names it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sync, key, round]);
  return { ...state, reload };
}
