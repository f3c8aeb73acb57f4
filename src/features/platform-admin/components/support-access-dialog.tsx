/**
 * The support access dialog (spec §2, §4 Support access; issue 11): step 1
 * choose a tenant, step 2 confirm the admin password and a reason. The API
 * checks the password, audits the start and answers a 30-minute tenant
 * session, which is stored as the tenant's signed-in session before the
 * browser enters /tenant/{slug}/dashboard?admin=true.
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { enterSupportSession, startSupportSession } from '../../../data';
import { setAdminModeMarkers } from '../../../lib/admin-mode';
import { Modal } from '../../../ui/modal';
import { useResource } from '../hooks/use-resource';
import { fetchSupportTenants, type SupportTenant } from '../support-tenants';
import { SupportAuthStep, type SupportStartInput } from './support-auth-step';
import { SupportTenantStep } from './support-tenant-step';

/** Where a support session lands (spec §2). */
export function supportEntryPath(slug: string): string {
  return `/tenant/${encodeURIComponent(slug)}/dashboard?admin=true`;
}

export function SupportAccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return <SupportAccessFlow onClose={onClose} />;
}

function SupportAccessFlow({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { resource, reload } = useResource(fetchSupportTenants);
  const [tenant, setTenant] = useState<SupportTenant | null>(null);
  const [starting, setStarting] = useState(false);

  const start = useCallback(
    async ({ tenant: chosen, password, reason, details }: SupportStartInput) => {
      setStarting(true);
      try {
        const answer = await startSupportSession({ tenantSlug: chosen.slug, password, reason, ...(details ? { details } : {}) });
        await enterSupportSession(answer);
        setAdminModeMarkers(answer.support.tenant.slug, reason);
        navigate(supportEntryPath(answer.support.tenant.slug));
      } finally {
        setStarting(false);
      }
    },
    [navigate],
  );

  return (
    <Modal
      open
      onClose={() => !starting && onClose()}
      title="Tenant Database Access"
      description={tenant ? 'Step 2 of 2: confirm your identity and give a reason.' : 'Step 1 of 2: choose the organization to support.'}
      size="lg"
    >
      {tenant ? (
        <SupportAuthStep tenant={tenant} onBack={() => setTenant(null)} onStart={start} />
      ) : (
        <SupportTenantStep tenants={resource} onRetry={reload} onChoose={setTenant} />
      )}
    </Modal>
  );
}
