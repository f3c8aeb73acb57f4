/**
 * The Violations tab (issue 15): every violation on this device, newest
 * first, searched by student, plate (by its key, so "tx rbn4471" finds
 * "TX RBN-4471"), type or location and filtered by status; written, corrected,
 * resolved and reopened through the offline core, so the office works from
 * its copy with or without a connection.
 */
import { useMemo, useState } from 'react';
import { updateRow, useRowSyncStates, type CacheRow, type TenantSync } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/controls';
import { EmptyState } from '../../../ui/empty-state';
import { Field } from '../../../ui/field';
import { Loading } from '../../../ui/loading';
import { Table, type Column } from '../../../ui/table';
import { useToast } from '../../../ui/toast';
import { useParkingData } from '../parking-data';
import { violationTypeLabel } from '../parking-rules';
import { ViolationFormModal } from './violation-form';
import { formatWhen, newestFirst, violationMatches, violationTime, type StatusFilter } from './violation-model';

function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function studentOf(v: CacheRow): string {
  const name = text(v.student_name);
  const id = text(v.student_id);
  return name && id ? `${name} (${id})` : name || id || '—';
}

/** How a row is named to assistive tech in its buttons. */
function rowName(v: CacheRow): string {
  return `${violationTypeLabel(v.violation_type)}, ${text(v.license_plate) || studentOf(v)}`;
}

export default function ViolationsTab({ sync }: { sync: TenantSync }) {
  const data = useParkingData(sync.db);
  const pending = useRowSyncStates(sync.db, 'parking_violations');
  const toast = useToast();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [editing, setEditing] = useState<CacheRow | 'new' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const sorted = useMemo(() => (data ? [...data.violations].sort(newestFirst) : []), [data]);
  const shown = useMemo(() => sorted.filter((v) => violationMatches(v, query, status)), [sorted, query, status]);

  if (!data) return <Loading label="Loading violations..." />;

  const setViolationStatus = async (v: CacheRow, next: 'open' | 'resolved') => {
    setBusyId(v.id);
    setProblem(null);
    try {
      // resolved_at is the server's; set here only so the row shows it before the sync.
      await updateRow(sync.db, 'parking_violations', v.id, {
        status: next,
        resolved_at: next === 'resolved' ? new Date().toISOString() : null,
      });
      toast.show({ message: `Violation ${next === 'resolved' ? 'resolved' : 'reopened'}: ${rowName(v)}`, tone: 'success' });
    } catch (e) {
      setProblem(`The violation was not changed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusyId(null);
    }
  };

  const columns: Column<CacheRow>[] = [
    {
      key: 'type',
      header: 'Type',
      cell: (v) => <span className="font-medium text-slate-900">{violationTypeLabel(v.violation_type)}</span>,
    },
    { key: 'plate', header: 'Plate', cell: (v) => text(v.license_plate) || '—', className: 'whitespace-nowrap' },
    { key: 'student', header: 'Student', cell: studentOf },
    { key: 'location', header: 'Location', cell: (v) => text(v.location) || '—' },
    { key: 'when', header: 'When', cell: (v) => formatWhen(violationTime(v)), className: 'whitespace-nowrap' },
    {
      key: 'status',
      header: 'Status',
      cell: (v) => (
        <span className="whitespace-nowrap">
          {v.status === 'resolved' ? 'Resolved' : <span className="font-semibold text-red-800">Open</span>}
          {pending?.has(v.id) && <span className="block text-xs text-slate-600">Saved on this device</span>}
        </span>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (v) => (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing(v)} aria-label={`Edit violation: ${rowName(v)}`}>
            Edit
          </Button>
          {v.status === 'resolved' ? (
            <Button
              variant="ghost"
              busy={busyId === v.id}
              onClick={() => void setViolationStatus(v, 'open')}
              aria-label={`Reopen violation: ${rowName(v)}`}
            >
              Reopen
            </Button>
          ) : (
            <Button
              variant="secondary"
              busy={busyId === v.id}
              onClick={() => void setViolationStatus(v, 'resolved')}
              aria-label={`Resolve violation: ${rowName(v)}`}
            >
              Resolve
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="parking-violations" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="parking-violations" className="text-lg font-semibold text-slate-900">
          Violations
        </h2>
        <Button onClick={() => setEditing('new')}>Add New</Button>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <Field
          label="Search violations"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          hint="Student, plate, type or location"
          className="min-w-64"
        />
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
          <option value="all">All</option>
          <option value="open">Open</option>
          <option value="resolved">Resolved</option>
        </SelectField>
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
      {sorted.length === 0 ? (
        <EmptyState
          title="No violations recorded yet"
          action={<Button onClick={() => setEditing('new')}>Write the first violation</Button>}
        >
          Violations written here or by officers in the lot show up as soon as they reach this device.
        </EmptyState>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-700">
            {shown.length === 1 ? '1 violation' : `${shown.length} violations`}
            {shown.length !== sorted.length ? ` of ${sorted.length}` : ''}
          </p>
          <Table
            caption="Violations"
            hideCaption
            columns={columns}
            rows={shown}
            rowKey={(v) => v.id}
            empty="No violations match the search and status."
          />
        </>
      )}
      {editing && (
        <ViolationFormModal sync={sync} violation={editing === 'new' ? null : editing} officer={false} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
