/** The System Health modal's pieces: a status badge, a progress bar and a card of figures. */
import type { ReactNode } from 'react';
import { progressWidth, type HealthStatus } from '../../../../supabase/functions/_shared/health';
import { cx } from '../../../ui/cx';
import { BADGE_CLASSES, BAR_CLASSES, STATUS_COLOURS, STATUS_LABELS } from './health-view';

export function StatusBadge({ status, children }: { status: HealthStatus; children?: ReactNode }) {
  return (
    <span
      className={cx('inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold', BADGE_CLASSES[status])}
      data-status={status}
      data-colour={STATUS_COLOURS[status]}
    >
      {children ?? STATUS_LABELS[status]}
    </span>
  );
}

export function ProgressBar({ label, percent, status }: { label: string; percent: number; status: HealthStatus }) {
  const width = progressWidth(percent);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(width)}
      aria-valuetext={`${Math.round(width)}%, ${STATUS_LABELS[status]}`}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className={cx('h-full rounded-full', BAR_CLASSES[status])} style={{ width: `${width}%` }} />
    </div>
  );
}

export interface Figure {
  label: string;
  value: ReactNode;
}

export function HealthCard({
  title,
  status,
  percent,
  figures,
  note,
}: {
  title: string;
  status: HealthStatus | null;
  /** Shown as a progress bar when given. */
  percent?: number;
  figures: Figure[];
  note?: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        {status && <StatusBadge status={status} />}
      </div>
      {percent !== undefined && status && (
        <div className="mt-3 space-y-1">
          <p className="text-sm font-semibold text-slate-900">{percent}%</p>
          <ProgressBar label={`${title} health`} percent={percent} status={status} />
        </div>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        {figures.map((f) => (
          <div key={f.label} className="contents">
            <dt className="text-slate-600">{f.label}</dt>
            <dd className="text-right font-medium text-slate-900">{f.value}</dd>
          </div>
        ))}
      </dl>
      {note && <p className="mt-2 text-sm text-slate-700">{note}</p>}
    </section>
  );
}
