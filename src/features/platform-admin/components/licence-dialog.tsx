/**
 * A tenant's licence (spec §2, §4, §8, §9): the active key's last 4
 * characters, Generate when none is active or Replace (the current key
 * stops working), the new key shown once, Revoke (irreversible), and the
 * history.
 */
import { useCallback, useState } from 'react';
import type { TenantListRow } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { Table } from '../../../ui/table';
import { maskedLicence } from '../../../../supabase/functions/_shared/licence-key';
import { adminApi, errorText, type IssuedLicenceView, type LicenceView } from '../api';
import { useResource } from '../hooks/use-resource';
import { ResourceStatus } from './resource-status';
import { formatDateTime, humanize } from '../model';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CopyValue } from '../../../ui/copy-value';

type Confirming = 'replace' | 'revoke' | null;

export function LicenceDialog({ tenant, onClose, onChanged }: { tenant: TenantListRow; onClose: () => void; onChanged: () => void }) {
  const load = useCallback(() => adminApi.listLicences(tenant.id), [tenant.id]);
  const { resource, reload } = useResource(load);
  const [issued, setIssued] = useState<IssuedLicenceView | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const licences = resource.status === 'ready' ? resource.data : [];
  const active = licences.find((l) => l.status === 'active') ?? null;

  const afterChange = () => {
    reload();
    onChanged();
  };

  const generate = async (replace: boolean) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const answer = await adminApi.generateLicence(tenant.id, replace);
      setIssued(answer.licence);
      setConfirming(null);
      afterChange();
    } catch (e) {
      setConfirming(null);
      setError(`Failed to generate license: ${errorText(e, 'unknown error')}`);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (licence: LicenceView) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await adminApi.revokeLicence(licence.id);
      setIssued(null);
      setConfirming(null);
      setNotice(`The licence ending ${licence.key_last4} was revoked.`);
      afterChange();
    } catch (e) {
      setConfirming(null);
      setError(`Failed to revoke license: ${errorText(e, 'unknown error')}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Licence of ${tenant.company_name}`}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
        {issued && (
          <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4">
            <p className="text-sm text-amber-950">
              <strong>Shown once.</strong> Copy the new key now: only its last 4 characters are kept.
            </p>
            <CopyValue label="New licence key" value={issued.key} testId="new-licence-key" />
          </div>
        )}
        <ResourceStatus resource={resource} reload={reload} what="licences" />
        {resource.status === 'ready' && (
          <>
            <section
              aria-label="Active licence"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4"
            >
              <div>
                <p className="text-sm font-medium text-slate-700">Active licence</p>
                <p className="font-mono text-lg text-slate-900">
                  {active ? (
                    <>
                      <span aria-hidden="true">{maskedLicence(active.key_last4)}</span>
                      <span className="sr-only">ending {active.key_last4}</span>
                    </>
                  ) : (
                    'None'
                  )}
                </p>
                {active && <p className="text-sm text-slate-600">Issued {formatDateTime(active.issued_at)}</p>}
                {!active && tenant.require_license && (
                  <p className="text-sm text-amber-900">This tenant requires a licence: no one can sign in until one is generated.</p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                {active ? (
                  <>
                    <Button variant="secondary" onClick={() => setConfirming('replace')}>
                      Replace Licence
                    </Button>
                    <Button variant="danger" onClick={() => setConfirming('revoke')}>
                      Revoke Licence
                    </Button>
                  </>
                ) : (
                  <Button busy={busy} onClick={() => void generate(false)}>
                    {busy ? 'Generating...' : 'Generate Licence'}
                  </Button>
                )}
              </div>
            </section>
            <Table
              caption="Licence history"
              columns={[
                { key: 'status', header: 'Status', cell: (l: LicenceView) => humanize(l.status) },
                {
                  key: 'key',
                  header: 'Key',
                  cell: (l: LicenceView) => <span className="whitespace-nowrap font-mono">…{l.key_last4}</span>,
                },
                { key: 'issued', header: 'Issued', cell: (l: LicenceView) => formatDateTime(l.issued_at) },
                { key: 'notes', header: 'Notes', cell: (l: LicenceView) => l.notes ?? '—' },
              ]}
              rows={licences}
              rowKey={(l) => l.id}
              empty="No licences issued yet."
            />
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirming === 'replace'}
        title="Replace the licence?"
        confirmLabel="Replace Licence"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void generate(true)}
      >
        <p>The current key (ending {active?.key_last4}) stops working at once and is revoked; a new key is generated and shown once.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'revoke'}
        title="Revoke the licence?"
        confirmLabel="Revoke Licence"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => active && void revoke(active)}
      >
        <p>The key ending {active?.key_last4} will stop working. This cannot be undone: a revoked licence can never be reactivated.</p>
        {tenant.require_license && <p>{tenant.company_name} requires a licence, so no one can sign in until a new one is generated.</p>}
      </ConfirmDialog>
    </Modal>
  );
}
