/**
 * Where a new tenant's project stands. While it is being created the screen
 * asks the API to go on every 3 s (a hosted project takes minutes); on error
 * it shows the database error and a Retry that makes the same call.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Loading } from '../../../ui/loading';
import { adminApi, errorText, type ProvisioningView } from '../api';
import { provisioningStepLabel } from '../model';

export const PROVISION_POLL_MS = 3000;

export function ProvisioningStatus({ tenantId, slug, initial }: { tenantId: string; slug: string; initial: ProvisioningView }) {
  const [view, setView] = useState<ProvisioningView>(initial);
  const [pollError, setPollError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    if (view.database_status !== 'creating') return;
    let live = true;
    const timer = setTimeout(() => {
      adminApi.provision(tenantId).then(
        (r) => {
          if (!live) return;
          setPollError(null);
          setView(r.provisioning);
        },
        (e: unknown) => {
          if (!live) return;
          setPollError(errorText(e, 'The server did not answer'));
          // A new object schedules the next attempt.
          setView((v) => ({ ...v }));
        },
      );
    }, PROVISION_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [view, tenantId]);

  const retry = async () => {
    setRetrying(true);
    try {
      const r = await adminApi.provision(tenantId);
      setPollError(null);
      setView(r.provisioning);
    } catch (e) {
      setPollError(errorText(e, 'The server did not answer'));
    } finally {
      setRetrying(false);
    }
  };

  if (view.database_status === 'creating') {
    return (
      <div className="rounded-lg border border-blue-200 bg-blue-50">
        <Loading label={`Creating the database: ${provisioningStepLabel(view.step)}...`} className="justify-start p-3" />
        {view.detail && <p className="px-3 pb-3 text-sm text-slate-700">{view.detail}</p>}
        {pollError && <p className="px-3 pb-3 text-sm text-amber-900">Still trying: {pollError}</p>}
      </div>
    );
  }
  if (view.database_status === 'error') {
    return (
      <Alert tone="error">
        <p className="font-semibold">The database could not be created ({provisioningStepLabel(view.step)}).</p>
        <p className="mt-1">{view.detail ?? 'Unknown error'}</p>
        {pollError && <p className="mt-1">{pollError}</p>}
        <Button className="mt-2" size="sm" variant="secondary" busy={retrying} onClick={() => void retry()}>
          {retrying ? 'Retrying...' : 'Retry'}
        </Button>
      </Alert>
    );
  }
  return (
    <Alert tone="success">
      Database: Connected. The first super admin signs in at{' '}
      <Link to={`/tenant/${slug}/login`} className="font-semibold underline">
        /tenant/{slug}/login
      </Link>
      .
    </Alert>
  );
}
