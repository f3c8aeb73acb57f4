import { useCallback, useEffect, useState } from 'react';

export type Resource<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/**
 * Loads once, and again on reload(); a reload keeps the data on screen until
 * the new answer arrives. `load` must be stable (a module function or useCallback).
 */
export function useResource<T>(load: () => Promise<T>): { resource: Resource<T>; reload: () => void } {
  const [resource, setResource] = useState<Resource<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setResource({ status: 'ready', data }),
      (error: unknown) => live && setResource({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [load, version]);
  const reload = useCallback(() => {
    setResource((r) => (r.status === 'ready' ? r : { status: 'loading' }));
    setVersion((v) => v + 1);
  }, []);
  return { resource, reload };
}
