/**
 * The check intervals a report period is cut into (decision 030): from the
 * period's start, each as long as the check interval in force when it
 * begins; a change of interval ends the current one and starts a new one;
 * the period's end cuts the last. Windows are half-open, [start, end): a
 * check exactly on a boundary belongs to the interval it begins.
 */
import { DEFAULT_CHECK_INTERVAL_HOURS, parseCheckInterval, timeOf, type Row } from '../door-checks/index';

const HOUR_MS = 3_600_000;

export interface Period {
  /** ms, included */
  start: number;
  /** ms, excluded */
  end: number;
}

export interface IntervalChange {
  hours: number;
  effectiveAt: number;
}

export interface IntervalWindow {
  start: number;
  end: number;
  hours: number;
}

/** check_interval_changes rows, oldest first; rows without a usable time are left out, hours read as the setting is. */
export function intervalHistory(rows: readonly Row[]): IntervalChange[] {
  const out: IntervalChange[] = [];
  for (const r of rows) {
    const effectiveAt = timeOf(r.effective_at);
    if (Number.isNaN(effectiveAt) || r.deleted_at) continue;
    out.push({ hours: parseCheckInterval(r.hours), effectiveAt });
  }
  // Stable: of two changes at one instant the later row wins.
  return out.sort((a, b) => a.effectiveAt - b.effectiveAt);
}

/**
 * The interval in force at `at`: the latest change at or before it. Before
 * the first change, that first one (the migration writes the value current
 * then as effective from the beginning, so this only covers odd data); with
 * no history at all, the default.
 */
function changeIndexAt(history: readonly IntervalChange[], at: number): number {
  let lo = 0;
  let hi = history.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (history[mid]!.effectiveAt <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export function intervalWindows(period: Period, history: readonly IntervalChange[]): IntervalWindow[] {
  const out: IntervalWindow[] = [];
  let start = period.start;
  let i = changeIndexAt(history, start);
  while (start < period.end) {
    const hours = history[Math.max(i, 0)]?.hours ?? DEFAULT_CHECK_INTERVAL_HOURS;
    const nextChange = history[i + 1]?.effectiveAt ?? Number.POSITIVE_INFINITY;
    const end = Math.min(start + hours * HOUR_MS, nextChange, period.end);
    out.push({ start, end, hours });
    start = end;
    while (history[i + 1] && history[i + 1]!.effectiveAt <= start) i++;
  }
  return out;
}

/** Index of the window holding `t`, or -1 outside them all. */
export function windowIndexAt(windows: readonly IntervalWindow[], t: number): number {
  let lo = 0;
  let hi = windows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const w = windows[mid]!;
    if (t < w.start) hi = mid - 1;
    else if (t >= w.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** The first index whose value is >= x in an ascending array (its length when none is). */
export function lowerBound(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
