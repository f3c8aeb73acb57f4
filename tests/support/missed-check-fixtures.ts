/**
 * The missed-check rule's boundaries, as data: the unit test runs them
 * through the TS rule and tests/db/missed-check-alerts.test.ts through the
 * SQL twin (public.missed_check_level) on both engines; both assert the same
 * `level`. Times are whole milliseconds from a fixed instant.
 */
const H = 3_600_000;
export const BASE = Date.parse('2026-11-20T08:00:00.000Z');

export interface MissedCheckFixture {
  name: string;
  /** ms after BASE of the last check; null: never checked. */
  lastCheck: number | null;
  intervalHours: number;
  gracePercent: number;
  escalatePercent: number;
  /** ms after BASE of the moment judged. */
  at: number;
  level: 'ok' | 'overdue' | 'escalated';
}

const f = (
  name: string,
  intervalHours: number,
  gracePercent: number,
  escalatePercent: number,
  elapsedMs: number,
  level: MissedCheckFixture['level'],
): MissedCheckFixture => ({ name, lastCheck: 0, intervalHours, gracePercent, escalatePercent, at: elapsedMs, level });

export const MISSED_CHECK_FIXTURES: MissedCheckFixture[] = [
  // Defaults, 24 h: overdue at 30 h, escalated at 48 h.
  f('24 h, just checked', 24, 25, 200, 0, 'ok'),
  f('24 h, at the end of the interval (due, within grace)', 24, 25, 200, 24 * H, 'ok'),
  f('24 h, 1 ms before interval + grace', 24, 25, 200, 30 * H - 1, 'ok'),
  f('24 h, exactly at interval + grace', 24, 25, 200, 30 * H, 'overdue'),
  f('24 h, 1 ms after interval + grace', 24, 25, 200, 30 * H + 1, 'overdue'),
  f('24 h, 1 ms before escalation', 24, 25, 200, 48 * H - 1, 'overdue'),
  f('24 h, exactly at escalation', 24, 25, 200, 48 * H, 'escalated'),
  f('24 h, long past', 24, 25, 200, 30 * 24 * H, 'escalated'),
  // Hourly: overdue at 75 min, escalated at 2 h.
  f('1 h, 1 ms before 75 min', 1, 25, 200, 75 * 60_000 - 1, 'ok'),
  f('1 h, exactly 75 min', 1, 25, 200, 75 * 60_000, 'overdue'),
  f('1 h, 1 ms before 2 h', 1, 25, 200, 2 * H - 1, 'overdue'),
  f('1 h, exactly 2 h', 1, 25, 200, 2 * H, 'escalated'),
  // No grace: overdue the moment the interval ends.
  f('grace 0, 1 ms before the interval ends', 6, 0, 200, 6 * H - 1, 'ok'),
  f('grace 0, exactly at the interval end', 6, 0, 200, 6 * H, 'overdue'),
  // Escalation below interval + grace: escalates when it becomes overdue, never before.
  f('escalate 120 < 100 + grace 50, 1 ms before overdue', 4, 50, 120, 6 * H - 1, 'ok'),
  f('escalate 120 < 100 + grace 50, at overdue', 4, 50, 120, 6 * H, 'escalated'),
  f('escalate 100 with grace 0, at the interval end', 2, 0, 100, 2 * H, 'escalated'),
  // Odd shares: 24 h x (100 + 133) % = 55.92 h, 12 h x 1000 % = 120 h.
  f('grace 133, 1 ms before 55.92 h', 24, 133, 1000, 24 * 36_000 * 233 - 1, 'ok'),
  f('grace 133, at 55.92 h', 24, 133, 1000, 24 * 36_000 * 233, 'overdue'),
  f('escalate 1000, 12 h, 1 ms before 120 h', 12, 25, 1000, 120 * H - 1, 'overdue'),
  f('escalate 1000, 12 h, at 120 h', 12, 25, 1000, 120 * H, 'escalated'),
  f('168 h, grace 400, at 840 h', 168, 400, 1000, 840 * H, 'overdue'),
  f('168 h, grace 400, at 1680 h', 168, 400, 1000, 1680 * H, 'escalated'),
  // A check in the future (a clock far off): not overdue.
  f('a check after the moment judged', 24, 25, 200, -H, 'ok'),
  // Never checked.
  { name: 'never checked', lastCheck: null, intervalHours: 24, gracePercent: 25, escalatePercent: 200, at: 0, level: 'escalated' },
  {
    name: 'never checked, hourly, no grace',
    lastCheck: null,
    intervalHours: 1,
    gracePercent: 0,
    escalatePercent: 100,
    at: 0,
    level: 'escalated',
  },
];

/** Stored setting values and what both parsers read from them (min..max, fallback). */
export const SETTING_FIXTURES: { value: string | null; min: number; max: number; fallback: number; parsed: number }[] = [
  { value: '25', min: 0, max: 400, fallback: 25, parsed: 25 },
  { value: '0', min: 0, max: 400, fallback: 25, parsed: 0 },
  { value: ' 40 ', min: 0, max: 400, fallback: 25, parsed: 40 },
  { value: '\t7\n', min: 0, max: 400, fallback: 25, parsed: 7 },
  { value: '007', min: 0, max: 400, fallback: 25, parsed: 7 },
  { value: '400', min: 0, max: 400, fallback: 25, parsed: 400 },
  { value: '401', min: 0, max: 400, fallback: 25, parsed: 25 },
  { value: '99999999999999', min: 0, max: 400, fallback: 25, parsed: 25 },
  { value: '', min: 0, max: 400, fallback: 25, parsed: 25 },
  { value: null, min: 0, max: 400, fallback: 25, parsed: 25 },
  { value: '-5', min: 0, max: 400, fallback: 25, parsed: 25 },
  { value: '+5', min: 0, max: 400, fallback: 25, parsed: 25 },
  { value: '2.5', min: 0, max: 400, fallback: 25, parsed: 25 },
  { value: '1e2', min: 0, max: 400, fallback: 25, parsed: 25 },
  { value: 'abc', min: 0, max: 400, fallback: 25, parsed: 25 },
  { value: '99', min: 100, max: 1000, fallback: 200, parsed: 200 },
  { value: '100', min: 100, max: 1000, fallback: 200, parsed: 100 },
  { value: '0', min: 1, max: 168, fallback: 24, parsed: 24 },
  { value: '168', min: 1, max: 168, fallback: 24, parsed: 168 },
];
