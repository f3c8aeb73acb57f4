/**
 * In place of the spec's "DB Connected / Using Mock Data" badge (DESIGN §10:
 * mock data is never shown): "Connected" while the server answers, otherwise
 * how old the fleet data on this device is, from the last time its tables
 * were pulled. A dead server leaves the browser "online", so the sync
 * engine's last answer counts too.
 */
import { useSyncStates, type TenantSync } from '../../data';
import { useServerReachable } from '../tenant-dashboard/index';

function newestPull(states: ReadonlyArray<{ table: string; last_pull_at: string | null }>, tables: readonly string[]): string | null {
  let newest: string | null = null;
  for (const s of states) {
    if (tables.includes(s.table) && s.last_pull_at && (!newest || s.last_pull_at > newest)) newest = s.last_pull_at;
  }
  return newest;
}

export function dataAgeLabel(online: boolean, lastPullAt: string | null): string {
  if (online) return 'Connected';
  if (!lastPullAt) return 'Offline: no data on this device yet';
  const at = new Date(lastPullAt);
  return `Offline: data from ${at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`;
}

export function DataAgeBadge({ sync, tables }: { sync: TenantSync | null; tables: readonly string[] }) {
  const online = useServerReachable(sync);
  const states = useSyncStates(sync?.db ?? null);
  const label = dataAgeLabel(online, states ? newestPull(states, tables) : null);
  return (
    <span
      role="status"
      className={`inline-flex min-h-9 items-center rounded-full px-3 text-sm font-semibold ${
        online ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'
      }`}
    >
      {label}
    </span>
  );
}
