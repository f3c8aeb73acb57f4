/**
 * Calendar days in a time zone: the tenant's IANA zone when the report names
 * one, else the device's own. A day is found from its civil date (year,
 * month, day), never by adding 24 hours, so the days either side of a
 * daylight-saving change (23 or 25 hours long) still start at midnight.
 *
 * Intl is asked only per day boundary, never per check: a report places
 * 200,000 checks into days by binary search over the day starts.
 */
export interface CivilDate {
  y: number;
  /** 1 to 12 */
  m: number;
  d: number;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's wall clock at `ms`, as if it were UTC (seconds kept, milliseconds dropped). */
function wallClockAsUtc(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** The civil date at `ms` in `timeZone` (undefined: the device's zone). */
export function civilDateAt(ms: number, timeZone?: string): CivilDate {
  if (!timeZone) {
    const d = new Date(ms);
    return { y: d.getFullYear(), m: d.getMonth() + 1, d: d.getDate() };
  }
  const d = new Date(wallClockAsUtc(ms, timeZone));
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

/** The date `days` after (or before) `date`; months and years roll over. */
export function addDays(date: CivilDate, days: number): CivilDate {
  const d = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

/** Whole days since 1970-01-01 of a civil date: subtracting two gives calendar days between them. */
export function dayNumber(date: CivilDate): number {
  return Math.round(Date.UTC(date.y, date.m - 1, date.d) / DAY_MS);
}

/** 0 Sunday to 6 Saturday. */
export function weekday(date: CivilDate): number {
  return new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay();
}

export function dayKey(date: CivilDate): string {
  return `${date.y}-${String(date.m).padStart(2, '0')}-${String(date.d).padStart(2, '0')}`;
}

/** The instant a civil date begins in the zone (its midnight, or the first moment after it where midnight is skipped). */
export function startOfDay(date: CivilDate, timeZone?: string): number {
  if (!timeZone) return new Date(date.y, date.m - 1, date.d).getTime();
  const wall = Date.UTC(date.y, date.m - 1, date.d);
  // The offset at a first guess, then at the instant it gives: right on both sides of a change.
  let t = wall - (wallClockAsUtc(wall, timeZone) - wall);
  t = wall - (wallClockAsUtc(t, timeZone) - t);
  // Where midnight does not exist (a change at 00:00) the guess falls in the day before: the day starts when the clock jumps.
  for (let i = 0; i < 4 && dayNumber(civilDateAt(t, timeZone)) < dayNumber(date); i++) t += 1_800_000;
  return t;
}

/** Whole calendar days from `from` to `to` in the zone (0 on the same day, never negative). */
export function calendarDaysBetween(from: number, to: number, timeZone?: string): number {
  return Math.max(0, dayNumber(civilDateAt(to, timeZone)) - dayNumber(civilDateAt(from, timeZone)));
}

export interface ZonedDay {
  key: string;
  date: CivilDate;
  start: number;
}

/** The days that [start, end) touches, in order, each with the instant it starts. */
export function daysOfPeriod(start: number, end: number, timeZone?: string): ZonedDay[] {
  if (!(end > start)) return [];
  const first = civilDateAt(start, timeZone);
  const count = dayNumber(civilDateAt(end - 1, timeZone)) - dayNumber(first) + 1;
  const out: ZonedDay[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(first, i);
    out.push({ key: dayKey(date), date, start: startOfDay(date, timeZone) });
  }
  return out;
}
