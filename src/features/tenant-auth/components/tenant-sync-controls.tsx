/**
 * The right side of a tenant header: the offline core's sync badge and the
 * Sign Out button. Signing out first asks the local store whether changes are
 * still unsent and, if so, says so and asks before going on (DESIGN §7);
 * the queue itself stays on the device. Loaded lazily with the offline core.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  checkBeforeSignOut,
  closeTenantSync,
  getCachedOrganization,
  openTenantSync,
  signOutTenant,
  SyncStatusBadge,
  type TenantSync,
} from '../../../data';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { SyncBadgePlaceholder } from './sync-badge-placeholder';

export default function TenantSyncControls({ slug, userId }: { slug: string; userId: string }) {
  const navigate = useNavigate();
  const [sync, setSync] = useState<TenantSync | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // No badge at all when the engine cannot start (no organization on this device, or it failed).
  const [starting, setStarting] = useState(() => Boolean(userId && getCachedOrganization(slug)));

  useEffect(() => {
    const org = getCachedOrganization(slug);
    if (!org || !userId) return;
    let live = true;
    openTenantSync({ slug, supabase_url: org.supabase_url, supabase_anon_key: org.supabase_anon_key }, userId)
      .then((s) => {
        if (live) setSync(s);
      })
      .catch((error: unknown) => {
        console.warn('Sync could not start', error);
        if (live) setStarting(false);
      });
    return () => {
      live = false;
    };
  }, [slug, userId]);

  const finishSignOut = async () => {
    setBusy(true);
    if (sync) await closeTenantSync(sync).catch(() => undefined);
    await signOutTenant(slug);
    await navigate('/', { replace: true });
  };

  const requestSignOut = async () => {
    if (sync) {
      const check = await checkBeforeSignOut(sync.db).catch(() => null);
      if (check?.warning) {
        setWarning(check.warning);
        return;
      }
    }
    await finishSignOut();
  };

  return (
    <>
      {sync ? <SyncStatusBadge sync={sync} /> : starting && <SyncBadgePlaceholder />}
      <Button variant="secondary" size="sm" busy={busy} onClick={() => void requestSignOut()}>
        {busy ? 'Signing out...' : 'Sign Out'}
      </Button>
      <Modal
        open={warning !== null}
        onClose={() => setWarning(null)}
        title="Sign out with unsent changes?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setWarning(null)}>
              Stay signed in
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void finishSignOut()}>
              Sign out anyway
            </Button>
          </>
        }
      >
        <p className="text-slate-800">{warning}</p>
      </Modal>
    </>
  );
}
