/** The live sync status in words (synced, N pending, offline...), loaded lazily with the sync engine. */
import { useEffect, useState } from 'react';
import { useSyncStatus, type TenantSync } from '../../../data';
import { openSync } from '../sync-actions';

export default function SyncStatusLine({ slug, userId }: { slug: string; userId: string }) {
  const [sync, setSync] = useState<TenantSync | null>(null);
  useEffect(() => {
    let live = true;
    openSync(slug, userId)
      .then((s) => live && setSync(s))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [slug, userId]);
  const status = useSyncStatus(sync);
  return <>{sync && !status.loading ? status.label : 'Checking sync…'}</>;
}
