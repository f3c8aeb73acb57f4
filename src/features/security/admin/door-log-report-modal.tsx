/**
 * Door Logs Report (spec §2, §5): filters over the cached door_log rows,
 * a paged results table (a page is rendered, never 200,000 rows), CSV with
 * the spec's columns and file name, and a real PDF (DESIGN §10).
 */
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { useRows, type TenantSync } from '../../../data';
import { Button } from '../../../ui/button';
import { inputClass } from '../../../ui/field';
import { Modal } from '../../../ui/modal';
import { doorLogCsv, doorLogPredicate, doorLogReportFileName, DOOR_LOG_CSV_COLUMNS, type DoorLogFilter } from '../model';
import { downloadBlob } from '../../../lib/download';
import {
  describeFilters,
  doorLogPdfRows,
  doorRangeFilterError,
  formatLogTime,
  joinDoorLogs,
  statusLabel,
  userDisplayName,
} from './door-log-report';
import { MSG } from './messages';
import { AdminTable } from './admin-table';
import { Notice, useNotice } from './notice';
import { live, text } from './row';
import { PhotoGallery, rowThumbnails, useRowsWithPhotos } from '../../photos/index';

/** The checks with photos whose thumbnails a PDF fetches, at most: beyond, the PDF says so. */
const PDF_PHOTO_ROWS = 200;

export const PAGE_SIZE = 50;
/** A PDF of 10,000 rows takes about 2.5 s to build; beyond that the CSV is the format for everything. */
export const PDF_MAX_ROWS = 10_000;

const yesNo = z.enum(['', 'yes', 'no']);
export const doorLogFilterSchema = z
  .object({
    startDate: z.string(),
    endDate: z.string(),
    doorRange: z.string(),
    campus: z.string(),
    status: z.string(),
    userId: z.string(),
    problem: yesNo,
    maintenance: yesNo,
  })
  .superRefine((f, ctx) => {
    const e = doorRangeFilterError(f.doorRange);
    if (e) ctx.addIssue({ code: 'custom', message: e, path: ['doorRange'] });
    if (f.startDate && f.endDate && f.startDate > f.endDate)
      ctx.addIssue({ code: 'custom', message: 'The end date must not be before the start date', path: ['endDate'] });
  });
type FilterForm = z.infer<typeof doorLogFilterSchema>;
const EMPTY: FilterForm = { startDate: '', endDate: '', doorRange: '', campus: '', status: '', userId: '', problem: '', maintenance: '' };

export interface DoorLogReportModalProps {
  open: boolean;
  onClose: () => void;
  sync: TenantSync;
  /** Shown in the PDF header, e.g. the organization's display name or slug. */
  tenantName: string;
}

export function DoorLogReportModal({ open, onClose, sync, tenantName }: DoorLogReportModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Door Logs Report" size="xl">
      {open && <DoorLogReport sync={sync} tenantName={tenantName} />}
    </Modal>
  );
}

function DoorLogReport({ sync, tenantName }: { sync: TenantSync; tenantName: string }) {
  const db = sync.db;
  const logs = useRows(db, 'door_log');
  const doors = useRows(db, 'doors');
  const users = useRows(db, 'users');
  const campuses = useRows(db, 'campus');
  const [form, setForm] = useState<FilterForm>(EMPTY);
  const [page, setPage] = useState(0);
  const [busy, setBusy] = useState<'pdf' | null>(null);
  const withPhotos = useRowsWithPhotos(sync, 'door_log');
  const [photosOf, setPhotosOf] = useState<{ id: string; title: string } | null>(null);
  const [pdfPhotos, setPdfPhotos] = useState(false);
  const [pdfProgress, setPdfProgress] = useState<string | null>(null);
  const { notice, say, clear } = useNotice();
  const ids = useId();

  const joined = useMemo(
    () => (logs && doors && users && campuses ? joinDoorLogs(logs, doors, users, campuses) : null),
    [logs, doors, users, campuses],
  );
  const parsed = doorLogFilterSchema.safeParse(form);
  const errors: Partial<Record<keyof FilterForm, string>> = {};
  if (!parsed.success) for (const i of parsed.error.issues) errors[i.path[0] as keyof FilterForm] ??= i.message;
  // A half-typed range keeps the last valid filter instead of emptying the table.
  const [lastValid, setLastValid] = useState<FilterForm>(EMPTY);
  if (parsed.success && JSON.stringify(parsed.data) !== JSON.stringify(lastValid)) setLastValid(parsed.data);
  const filter = useDeferredValue(lastValid);
  const results = useMemo(() => {
    if (!joined) return null;
    const f: DoorLogFilter = { ...filter };
    const p = doorLogPredicate(f);
    return joined.filter(p);
  }, [joined, filter]);

  const campusNames = useMemo(
    () =>
      [
        ...new Set(
          live(campuses)
            .map((c) => text(c, 'campus_name'))
            .filter(Boolean),
        ),
      ].sort(),
    [campuses],
  );
  const userOptions = useMemo(
    () =>
      live(users)
        .map((u) => ({ id: String(u.id), name: userDisplayName(u) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [users],
  );

  if (!results || !joined) return <p role="status">Loading door logs...</p>;

  const pages = Math.max(1, Math.ceil(results.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = results.slice(current * PAGE_SIZE, current * PAGE_SIZE + PAGE_SIZE);

  const set = (key: keyof FilterForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setPage(0);
    clear();
  };

  const exportCsv = () => {
    if (results.length === 0) return say('warning', MSG.noDataToExport);
    downloadBlob(doorLogCsv(results, formatLogTime), doorLogReportFileName(new Date(), 'csv'), 'text/csv;charset=utf-8');
  };
  const exportPdf = async () => {
    if (results.length === 0) return say('warning', MSG.noDataToExport);
    setBusy('pdf');
    try {
      const { buildPdfReport, PHOTOS_PER_ROW } = await import('../../../lib/pdf-report');
      const nameOf = (id: string) => userOptions.find((u) => u.id === id)?.name ?? 'Unknown User';
      const capped = results.length > PDF_MAX_ROWS;
      const filters = describeFilters(filter, nameOf);
      if (capped)
        filters.push(['Rows', `newest ${PDF_MAX_ROWS.toLocaleString()} of ${results.length.toLocaleString()} (export CSV for all)`]);
      const exported = results.slice(0, PDF_MAX_ROWS);
      let photos: Map<number, Uint8Array[]> | undefined;
      if (pdfPhotos) {
        const withAny = exported.filter((r) => withPhotos.has(r.id));
        const { byRow, missing } = await rowThumbnails(
          sync,
          'door_log',
          withAny.slice(0, PDF_PHOTO_ROWS).map((r) => r.id),
          PHOTOS_PER_ROW,
          (done, of) => setPdfProgress(`Photos of ${done} of ${of} checks...`),
        );
        photos = new Map(exported.flatMap((r, i) => (byRow.has(r.id) ? [[i, byRow.get(r.id)!] as [number, Uint8Array[]]] : [])));
        const notes = [
          withAny.length > PDF_PHOTO_ROWS ? `thumbnails for the newest ${PDF_PHOTO_ROWS} of ${withAny.length} checks with photos` : '',
          missing ? `${missing} photo${missing === 1 ? '' : 's'} could not be loaded (offline?)` : '',
        ].filter(Boolean);
        filters.push(['Photos', notes.length ? notes.join('; ') : `up to ${PHOTOS_PER_ROW} per check`]);
      }
      const bytes = buildPdfReport({
        title: 'Door Logs Report',
        tenant: tenantName,
        filters,
        columns: DOOR_LOG_CSV_COLUMNS,
        rows: doorLogPdfRows(exported),
        generatedAt: new Date(),
        photos,
      });
      downloadBlob(bytes, doorLogReportFileName(new Date(), 'pdf'), 'application/pdf');
      if (capped)
        say(
          'info',
          `The PDF holds the newest ${PDF_MAX_ROWS.toLocaleString()} of ${results.length.toLocaleString()} logs. Narrow the filters, or export CSV for all of them.`,
        );
    } catch (e) {
      say('error', `The PDF could not be made: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(null);
      setPdfProgress(null);
    }
  };

  const field = (key: keyof FilterForm, label: string, control: ReactNode) => (
    <div className="space-y-1">
      <label htmlFor={`${ids}-${key}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control}
      {errors[key] && (
        <p id={`${ids}-${key}-error`} className="text-sm font-medium text-red-700">
          {errors[key]}
        </p>
      )}
    </div>
  );
  const inputProps = (key: keyof FilterForm) => ({
    id: `${ids}-${key}`,
    value: form[key],
    onChange: set(key),
    className: inputClass,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${ids}-${key}-error` : undefined,
  });

  return (
    <div className="space-y-4">
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Door log filters"
        onSubmit={(e) => e.preventDefault()}
      >
        {field('startDate', 'Start Date', <input type="date" {...inputProps('startDate')} />)}
        {field('endDate', 'End Date', <input type="date" {...inputProps('endDate')} />)}
        {field('doorRange', 'Door Range (A-B)', <input type="text" placeholder="EA1-EA10" {...inputProps('doorRange')} />)}
        {field(
          'campus',
          'Campus',
          <select {...inputProps('campus')}>
            <option value="">All Campuses</option>
            {campusNames.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>,
        )}
        {field(
          'status',
          'Status',
          <select {...inputProps('status')}>
            <option value="">All Statuses</option>
            <option value="operational">Operational</option>
            <option value="maintenance">Maintenance</option>
            <option value="out_of_service">Out of Service</option>
          </select>,
        )}
        {field(
          'userId',
          'User',
          <select {...inputProps('userId')}>
            <option value="">All Users</option>
            {userOptions.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>,
        )}
        {field(
          'problem',
          'Problem',
          <select {...inputProps('problem')}>
            <option value="">All</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>,
        )}
        {field(
          'maintenance',
          'Maintenance',
          <select {...inputProps('maintenance')}>
            <option value="">All</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>,
        )}
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700" role="status" aria-live="polite">
          {results.length.toLocaleString()} of {joined.length.toLocaleString()} logs
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setForm(EMPTY)}>
            Clear Filters
          </Button>
          <Button variant="secondary" onClick={exportCsv}>
            Export CSV
          </Button>
          <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={pdfPhotos} onChange={(e) => setPdfPhotos(e.target.checked)} className="size-5" />
            Photos in PDF
          </label>
          <Button onClick={() => void exportPdf()} busy={busy === 'pdf'}>
            {busy === 'pdf' ? (pdfProgress ?? 'Making PDF...') : 'Export PDF'}
          </Button>
        </div>
      </div>
      <Notice notice={notice} />
      <AdminTable
        caption="Door logs, newest first"
        headers={[...DOOR_LOG_CSV_COLUMNS, 'Photos']}
        rows={shown}
        empty="No door logs match these filters."
        paged
      >
        {(r) => (
          <tr key={r.id}>
            <td className="whitespace-nowrap px-3 py-2">{formatLogTime(r.created_at)}</td>
            <td className="px-3 py-2 font-medium">{r.door_number}</td>
            <td className="px-3 py-2">{r.campus ?? ''}</td>
            <td className="px-3 py-2">{statusLabel(r.door_status)}</td>
            <td className="px-3 py-2">{r.door_problem ?? ''}</td>
            <td className="px-3 py-2">{r.maintenance ?? ''}</td>
            <td className="px-3 py-2">{r.user_name}</td>
            <td className="max-w-xs truncate px-3 py-2" title={r.notes ?? ''}>
              {r.notes ?? ''}
            </td>
            <td className="whitespace-nowrap px-3 py-2">{r.device_recorded_at ? formatLogTime(r.device_recorded_at) : ''}</td>
            <td className="whitespace-nowrap px-3 py-2">{r.received_at ? formatLogTime(r.received_at) : 'Not yet synced'}</td>
            <td className="px-3 py-2">{r.clock_note && <span className="font-semibold text-amber-800">{r.clock_note}</span>}</td>
            <td className="px-3 py-2">
              {withPhotos.has(r.id) && (
                <button
                  type="button"
                  className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
                  aria-label={`Photos of the check of ${r.door_number} at ${formatLogTime(r.created_at)}`}
                  onClick={() => setPhotosOf({ id: r.id, title: `${r.door_number} · ${formatLogTime(r.created_at)}` })}
                >
                  <CameraIcon />
                </button>
              )}
            </td>
          </tr>
        )}
      </AdminTable>
      {photosOf && (
        <Modal open onClose={() => setPhotosOf(null)} title="Photos" description={photosOf.title}>
          <PhotoGallery sync={sync} table="door_log" rowId={photosOf.id} label={`Photos of ${photosOf.title}`} />
        </Modal>
      )}
      <nav className="flex items-center justify-end gap-2" aria-label="Result pages">
        <Button variant="secondary" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
          Previous
        </Button>
        <span className="text-sm text-slate-700">
          Page {current + 1} of {pages}
        </span>
        <Button variant="secondary" size="sm" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
          Next
        </Button>
      </nav>
    </div>
  );
}

function CameraIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={2}>
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}
