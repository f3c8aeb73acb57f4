/**
 * One door's figures under the compliance rule of decision 030. The windows
 * are the same for every door; what differs is the door's life (not
 * required before it was added, nor after it was removed) and its checks.
 * Everything is binary search over sorted arrays, so a report over 5,000
 * doors and 200,000 checks stays near-linear.
 */
import { lowerBound, windowIndexAt, type IntervalWindow, type Period } from './interval-windows';

export interface WindowIndex {
  windows: readonly IntervalWindow[];
  starts: Float64Array;
  ends: Float64Array;
  /** full[k]: how many of windows[0..k) run their whole interval (not cut short by a change or the period's end). */
  full: Uint32Array;
}

const HOUR_MS = 3_600_000;
const isFull = (w: IntervalWindow) => w.end - w.start >= w.hours * HOUR_MS;

export function indexWindows(windows: readonly IntervalWindow[]): WindowIndex {
  const full = new Uint32Array(windows.length + 1);
  windows.forEach((w, k) => (full[k + 1] = full[k]! + (isFull(w) ? 1 : 0)));
  return { windows, starts: Float64Array.from(windows, (w) => w.start), ends: Float64Array.from(windows, (w) => w.end), full };
}

export interface DoorLife {
  /** When the door was added (ms); -Infinity when unknown. */
  addedAt: number;
  /** When it was removed (ms); +Infinity while it stands. */
  removedAt: number;
}

export interface DoorFigures {
  /** Checks of the door in the period. */
  checks: number;
  /** Intervals the door had to be checked in. */
  required: number;
  /** Of those, the intervals that hold at least one check. */
  withCheck: number;
  /** withCheck / required; null when nothing was required. */
  share: number | null;
  /** The door's latest check up to the period's end, even one before the period (ms). */
  lastCheckAt: number | null;
  neverChecked: boolean;
}

/**
 * `times` are all of the door's check times (ms), ascending. An interval is
 * required when it runs its whole length, lies wholly in the door's life and
 * has ended by `now`, or, whatever its place, when it holds a check: so an
 * interval still running, one the door was added part-way through, or one
 * cut short by a change of interval or the period's end counts only once it
 * is met.
 */
export function doorFigures(times: ArrayLike<number>, index: WindowIndex, period: Period, now: number, life: DoorLife): DoorFigures {
  const a = lowerBound(times, period.start);
  const b = lowerBound(times, period.end);
  const first = lowerBound(index.starts, life.addedAt);
  // The last window ended by both the report's time and the door's removal.
  const last = lowerBound(index.ends, Math.min(now, life.removedAt) + 1) - 1;
  // Only whole intervals are owed: one cut short (a change of interval minutes after it began, the period's end)
  // counts, like one the door was added part-way through, once it is met.
  let required = last >= first ? index.full[last + 1]! - index.full[first]! : 0;
  let withCheck = 0;
  let current = -1;
  for (let k = a; k < b; k++) {
    const t = times[k]!;
    if (current >= 0 && t < index.ends[current]!) continue;
    current = windowIndexAt(index.windows, t);
    if (current < 0) continue;
    withCheck++;
    if (current < first || current > last || !isFull(index.windows[current]!)) required++;
  }
  return {
    checks: b - a,
    required,
    withCheck,
    share: required > 0 ? withCheck / required : null,
    lastCheckAt: b > 0 ? times[b - 1]! : null,
    neverChecked: b === a,
  };
}
