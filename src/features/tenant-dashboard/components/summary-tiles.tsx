import type { ReactNode } from 'react';
import { cx } from '../../../ui/cx';
import { ofTotal, type DashboardFigures } from '../dashboard-model';

export type HealthTile = { percentage: number; status: string } | { failed: string };

function Tile({ label, value, detail, onClick }: { label: string; value: ReactNode; detail: ReactNode; onClick?: () => void }) {
  const body = (
    <>
      <span className="block text-sm font-medium text-slate-600">{label}</span>
      <span className="mt-1 block text-2xl font-bold text-slate-900">{value}</span>
      <span className="mt-1 block text-sm text-slate-600">{detail}</span>
    </>
  );
  const frame = 'block w-full rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm';
  return (
    <li>
      {onClick ? (
        <button
          type="button"
          onClick={onClick}
          className={cx(frame, 'hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700')}
        >
          {body}
        </button>
      ) : (
        <div className={frame}>{body}</div>
      )}
    </li>
  );
}

/** Spec §2: the four summary tiles (security doors, transportation, users, system health). */
export function SummaryTiles({
  figures,
  unavailable,
  health,
  onOpenHealth,
}: {
  figures: DashboardFigures | null;
  /** Why there are no figures and none are coming (nothing synced to this device, the cache unreadable). */
  unavailable?: string | null;
  health: HealthTile | null;
  onOpenHealth: () => void;
}) {
  const dash = unavailable ? '—' : '…';
  const waiting = unavailable ?? 'Loading…';
  return (
    <ul aria-label="Summary" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Tile
        label="Security"
        value={figures ? figures.doors.toLocaleString() : dash}
        detail={figures ? `${ofTotal(figures.doorsOperational, figures.doors)} doors operational` : waiting}
      />
      <Tile
        label="Transportation"
        value={figures ? figures.vehicles.toLocaleString() : dash}
        detail={figures ? `${ofTotal(figures.vehiclesActive, figures.vehicles)} vehicles active` : waiting}
      />
      <Tile
        label="Users"
        value={figures ? figures.users.toLocaleString() : dash}
        detail={figures || !unavailable ? 'organization users' : waiting}
      />
      <Tile
        label="System Health"
        value={!health ? dash : 'failed' in health ? '—' : `${health.percentage}%`}
        detail={!health ? 'Loading…' : 'failed' in health ? health.failed : <span className="capitalize">{health.status}</span>}
        onClick={onOpenHealth}
      />
    </ul>
  );
}
