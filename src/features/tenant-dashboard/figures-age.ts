/**
 * How old the dashboard's figures are: the oldest last pull among the tables
 * they count, since a figure is only as fresh as its stalest input.
 */
import { formatAge, type PullState } from '../../data';

const COUNTED = new Set(['doors', 'users', 'vehicles', 'maintenance_records', 'incidents', 'door_log']);
/** Older than this, the page says how old its figures are even online. */
export const STALE_AFTER_MS = 10 * 60_000;

export function figuresAge(states: readonly PullState[] | undefined, now: number): { text: string; stale: boolean } {
  const pulls = (states ?? []).filter((s) => COUNTED.has(s.table)).map((s) => (s.last_pull_at ? Date.parse(s.last_pull_at) : Number.NaN));
  if (pulls.length === 0 || pulls.some((t) => Number.isNaN(t))) {
    return { text: 'These figures are from this device and have not been synced with the server yet.', stale: true };
  }
  const oldest = Math.min(...pulls);
  return { text: `Figures from the last sync, ${formatAge(now - oldest)} ago.`, stale: now - oldest > STALE_AFTER_MS };
}
