/**
 * One permit's details, in a dialog: what the tab's Details button and a
 * scanned permit code (?permit={id}) open. From here the office prints the
 * permit, edits it, suspends or reinstates it (reinstating is refused while
 * another permit in force has the plate or the spot), or removes it.
 */
import { useState } from 'react';
import { getCachedOrganization, updateRow, type CacheRow, type TenantSync } from '../../../data';
import { organizationLabel } from '../../../lib/organizations';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Facts } from '../../../ui/controls';
import { Modal } from '../../../ui/modal';
import { useToast } from '../../../ui/toast';
import { permitStatus } from '../parking-rules';
import { formatDay, permitFileName, permitUrl, reinstateClash, STATUS_LABELS } from './permit-model';
import { StatusBadge } from './status-badge';

function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function saveFile(bytes: Uint8Array, fileName: string): void {
  const href = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked once the browser has surely taken the file.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export function PermitDetailsModal({
  sync,
  permitId,
  permit,
  permits,
  today,
  onClose,
  onEdit,
  onRemove,
}: {
  sync: TenantSync;
  permitId: string;
  /** Undefined when the permit is not in this device's copy. */
  permit: CacheRow | undefined;
  permits: readonly CacheRow[];
  today: string;
  onClose: () => void;
  onEdit: (permit: CacheRow) => void;
  onRemove: (permit: CacheRow) => void;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<'print' | 'status' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (!permit) {
    return (
      <Modal
        open
        onClose={onClose}
        title="Parking permit"
        footer={
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        }
      >
        <Alert tone="warning">This permit is not on this device.</Alert>
        <p className="mt-3 text-sm text-slate-700">
          It may not have synced to this device yet, or it was removed. Permit reference: <span className="font-mono">{permitId}</span>
        </p>
      </Modal>
    );
  }

  const slug = sync.db.binding.slug;
  const shown = permitStatus(permit, today);
  const stored = text(permit.status);
  const plate = text(permit.license_plate);

  const print = async () => {
    setBusy('print');
    setProblem(null);
    try {
      const org = getCachedOrganization(slug);
      // The PDF and QR libraries load only now, never with the page.
      const { buildPermitPdf } = await import('./permit-pdf');
      const bytes = await buildPermitPdf({
        organization: org ? organizationLabel(org) : slug,
        slug,
        studentName: text(permit.student_name),
        studentId: text(permit.student_id),
        grade: text(permit.grade),
        plate,
        vehicle: text(permit.vehicle_description),
        spot: text(permit.parking_spot_number),
        validFrom: formatDay(permit.issued_on),
        validTo: formatDay(permit.expires_on),
        status: STATUS_LABELS[shown],
        url: permitUrl(window.location.origin, slug, permit.id),
      });
      saveFile(bytes, permitFileName(permit));
    } catch (e) {
      setProblem(`The permit could not be printed: ${describe(e)}`);
    } finally {
      setBusy(null);
    }
  };

  const setStatus = async (status: 'active' | 'suspended') => {
    setProblem(null);
    if (status === 'active') {
      const clash = reinstateClash(permit, permits, today);
      if (clash) {
        setProblem(`This permit cannot be reinstated: ${clash.message}.`);
        return;
      }
    }
    setBusy('status');
    try {
      await updateRow(sync.db, 'parking_permits', permit.id, { status });
      toast.show({ message: `Permit for ${plate} ${status === 'active' ? 'reinstated' : 'suspended'}`, tone: 'success' });
    } catch (e) {
      setProblem(`The permit was not changed: ${describe(e)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Parking permit ${plate}`}
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={() => onRemove(permit)}>
            Remove
          </Button>
          {stored === 'suspended' ? (
            <Button variant="secondary" busy={busy === 'status'} onClick={() => void setStatus('active')}>
              Reinstate
            </Button>
          ) : shown === 'active' ? (
            <Button variant="secondary" busy={busy === 'status'} onClick={() => void setStatus('suspended')}>
              Suspend
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => onEdit(permit)}>
            Edit
          </Button>
          <Button busy={busy === 'print'} onClick={() => void print()}>
            {busy === 'print' ? 'Preparing permit...' : 'Print permit'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {problem && <Alert tone="error">{problem}</Alert>}
        <Facts
          items={[
            ['Student', text(permit.student_name)],
            ['Student ID', text(permit.student_id)],
            ['Grade', text(permit.grade) || '—'],
            ['License plate', plate],
            ['Vehicle', text(permit.vehicle_description) || '—'],
            ['Parking spot', text(permit.parking_spot_number) || '—'],
            ['Valid from', formatDay(permit.issued_on)],
            ['Valid to', formatDay(permit.expires_on)],
            ['Status', <StatusBadge key="status" status={shown} />],
          ]}
        />
        {stored === 'active' && shown === 'expired' && (
          <p className="text-sm text-slate-700">This permit ended on {formatDay(permit.expires_on)}. Issue a new permit to renew it.</p>
        )}
      </div>
    </Modal>
  );
}
