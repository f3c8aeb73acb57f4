/**
 * Whether this tab last reached the tenant's server: the browser says it is
 * online and the sync engine's last attempt did not fail for want of a
 * connection. A dead server or captive portal leaves navigator.onLine true,
 * so the engine's own answer is the one that counts.
 */
import { useEffect, useState } from 'react';
import type { TenantSync } from '../../../data';
import { useOnline } from '../../../lib/use-online';

export function useServerReachable(sync: TenantSync | null): boolean {
  const online = useOnline();
  const [engineOk, setEngineOk] = useState(true);
  useEffect(() => {
    if (!sync) return;
    return sync.engine.subscribe((s) => setEngineOk(s.lastError?.status !== 0));
  }, [sync]);
  return online && engineOk;
}
