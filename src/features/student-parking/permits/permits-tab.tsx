/**
 * The "Parking Permits" tab (issue 15): the permits on this device with a
 * search (student, plate by its key, spot) and the status each shows today
 * (an active permit past its end shows as Expired without anyone editing
 * it); Add New, edit, suspend, reinstate and remove, written to the cache
 * first and synced; one permit's details and its printable PDF at
 * ?permit={id}, the address its QR code holds.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { softDeleteRow, type CacheRow, type TenantSync } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { SelectField } from '../../../ui/controls';
import { EmptyState } from '../../../ui/empty-state';
import { Field } from '../../../ui/field';
import { Loading } from '../../../ui/loading';
import { Table, type Column } from '../../../ui/table';
import { useToast } from '../../../ui/toast';
import { useParkingData } from '../parking-data';
import { permitStatus } from '../parking-rules';
import { PermitDetailsModal } from './permit-details';
import { PermitFormModal } from './permit-form';
import { filterPermits, formatDay, STATUS_FILTERS, type StatusFilter } from './permit-model';
import { StatusBadge } from './status-badge';

const FILTER_LABELS: Record<StatusFilter, string> = { all: 'All', active: 'Active', suspended: 'Suspended', expired: 'Expired' };

function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

function isStatusFilter(v: string): v is StatusFilter {
  return (STATUS_FILTERS as readonly string[]).includes(v);
}

export default function PermitsTab({ sync }: { sync: TenantSync }) {
  const data = useParkingData(sync.db);
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [editing, setEditing] = useState<CacheRow | 'new' | null>(null);
  const [removing, setRemoving] = useState<CacheRow | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const today = data?.today ?? '';
  const shown = useMemo(() => (data ? filterPermits(data.permits, query, status, today) : []), [data, query, status, today]);

  if (!data) return <Loading label="Loading permits..." />;

  const openId = params.get('permit');
  const openPermit = (id: string | null) => {
    const next = new URLSearchParams(params);
    next.set('tab', 'permits');
    if (id) next.set('permit', id);
    else next.delete('permit');
    setParams(next, { replace: id === null });
  };

  const remove = async (permit: CacheRow) => {
    setRemoveBusy(true);
    setProblem(null);
    try {
      await softDeleteRow(sync.db, 'parking_permits', permit.id);
      toast.show({ message: `Permit for ${text(permit.license_plate)} removed`, tone: 'success' });
      setRemoving(null);
    } catch (e) {
      setProblem(`The permit was not removed: ${e instanceof Error ? e.message : String(e)}`);
      setRemoving(null);
    } finally {
      setRemoveBusy(false);
    }
  };

  const columns: Column<CacheRow>[] = [
    {
      key: 'student',
      header: 'Student',
      cell: (p) => (
        <div>
          <div className="font-semibold text-slate-900">{text(p.student_name)}</div>
          <div className="text-xs text-slate-600">{text(p.student_id)}</div>
        </div>
      ),
    },
    { key: 'grade', header: 'Grade', cell: (p) => text(p.grade) || '—' },
    { key: 'plate', header: 'Plate', cell: (p) => text(p.license_plate), className: 'font-mono whitespace-nowrap' },
    { key: 'vehicle', header: 'Vehicle', cell: (p) => text(p.vehicle_description) || '—' },
    { key: 'spot', header: 'Spot', cell: (p) => text(p.parking_spot_number) || '—', className: 'whitespace-nowrap' },
    {
      key: 'dates',
      header: 'Valid',
      cell: (p) => `${formatDay(p.issued_on)} to ${formatDay(p.expires_on)}`,
      className: 'whitespace-nowrap',
    },
    { key: 'status', header: 'Status', cell: (p) => <StatusBadge status={permitStatus(p, today)} /> },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (p) => (
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => openPermit(p.id)} aria-label={`Details of permit ${text(p.license_plate)}`}>
            Details
          </Button>
          <Button variant="ghost" onClick={() => setEditing(p)} aria-label={`Edit permit ${text(p.license_plate)}`}>
            Edit
          </Button>
        </div>
      ),
    },
  ];

  const total = data.permits.length;
  return (
    <section aria-labelledby="parking-permits" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="parking-permits" className="text-lg font-semibold text-slate-900">
          Parking permits
        </h2>
        <Button onClick={() => setEditing('new')}>Add New</Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Field
          label="Search permits"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          hint="Student ID, student name, plate or spot"
          autoComplete="off"
        />
        <SelectField
          label="Permit status"
          value={status}
          onChange={(e) => {
            const v = e.target.value;
            if (isStatusFilter(v)) setStatus(v);
          }}
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {FILTER_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
      <p role="status" className="text-sm text-slate-700">
        {shown.length === 1 ? '1 permit' : `${shown.length} permits`}
        {shown.length !== total ? ` of ${total}` : ''}
      </p>
      {shown.length === 0 ? (
        <EmptyState title={total === 0 ? 'No permits yet' : 'No permits match'}>
          {total === 0 ? 'Add New issues the first permit.' : 'Try another search or status.'}
        </EmptyState>
      ) : (
        <Table caption="Parking permits" hideCaption columns={columns} rows={shown} rowKey={(p) => p.id} />
      )}

      {openId && (
        <PermitDetailsModal
          key={openId}
          sync={sync}
          permitId={openId}
          permit={data.permitsById.get(openId)}
          permits={data.permits}
          today={today}
          onClose={() => openPermit(null)}
          onEdit={(p) => {
            openPermit(null);
            setEditing(p);
          }}
          onRemove={(p) => {
            openPermit(null);
            setRemoving(p);
          }}
        />
      )}
      {editing && (
        <PermitFormModal
          sync={sync}
          permit={editing === 'new' ? null : editing}
          permits={data.permits}
          today={today}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove permit"
        confirmLabel="Remove"
        busy={removeBusy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      >
        <p>
          Remove the permit for {text(removing?.license_plate)} ({text(removing?.student_name)})? It is removed on every device. To stop it
          for a while, suspend it instead.
        </p>
      </ConfirmDialog>
    </section>
  );
}
