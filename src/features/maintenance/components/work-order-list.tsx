/**
 * Work orders as a list of links, one per record, big enough to tap on a
 * phone: door and campus, the issue, its badges, who has it and by when.
 */
import { Link } from 'react-router-dom';
import type { CacheRow } from '../../../data';
import { assigneeName, campusLabel, doorLabel, type WorkOrderContext } from '../model';
import { WorkOrderBadges } from './work-order-badges';

export function formatDate(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '—';
  // A due date is a calendar day: shown as that day wherever the device is.
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00`) : new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString();
}

export function WorkOrderList({
  rows,
  ctx,
  today,
  hrefOf,
  label,
}: {
  rows: readonly CacheRow[];
  ctx: WorkOrderContext;
  today: string;
  hrefOf: (row: CacheRow) => string;
  label: string;
}) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
      {rows.map((r) => {
        const campus = campusLabel(r, ctx);
        const who = assigneeName(r, ctx);
        return (
          <li key={r.id}>
            <Link to={hrefOf(r)} className="block min-h-11 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50">
              <span className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-900">
                  Door {doorLabel(r, ctx)}
                  {campus && <span className="font-normal text-slate-600"> · {campus}</span>}
                </span>
                <WorkOrderBadges row={r} today={today} />
              </span>
              <span className="mt-1 block text-sm text-slate-800">
                {typeof r.description === 'string' && r.description ? r.description : 'No description'}
              </span>
              <span className="mt-1 block text-sm text-slate-600">
                {who ? `Assigned to ${who}` : 'Unassigned'} · Due {formatDate(r.due_date)} · Opened {formatDate(r.created_at)}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
