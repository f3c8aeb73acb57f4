/**
 * A door's freshness as numbers, and when it next changes: the board
 * computes each door once, then only again when one of its boundaries
 * passes (Check Soon one hour before due, Needs Check when due, Activity
 * Today ending at the local midnight after its check), instead of every door
 * every minute. Gives doorFreshness's answers (tests/unit hold the two to it).
 */
import type { Freshness } from '../door-checks/index';

const HOUR_MS = 3_600_000;

export interface DoorClock {
  freshness: Freshness;
  /** The latest check fell on today's local date. */
  activityToday: boolean;
  /** The first time after `now` at which freshness or activityToday changes (ms); Infinity if never. */
  nextChange: number;
}

const NEVER: DoorClock = { freshness: 'needs-check', activityToday: false, nextChange: Number.POSITIVE_INFINITY };

function localDayStart(ms: number, plusDays = 0): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + plusDays).getTime();
}

export function doorClock(lastCheck: number | null, intervalHours: number, now: number): DoorClock {
  if (lastCheck === null || Number.isNaN(lastCheck)) return NEVER;
  const due = lastCheck + intervalHours * HOUR_MS;
  const soon = due - HOUR_MS;
  const dayStart = localDayStart(lastCheck);
  const nextDay = localDayStart(lastCheck, 1);
  const activityToday = now >= dayStart && now < nextDay;
  let next = Number.POSITIVE_INFINITY;
  for (const t of [soon, due, dayStart, nextDay]) if (t > now && t < next) next = t;
  const freshness: Freshness = now >= due ? 'needs-check' : now >= soon ? 'check-soon' : activityToday ? 'activity-today' : 'recent-check';
  return { freshness, activityToday, nextChange: next };
}
