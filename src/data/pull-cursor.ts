/**
 * Owns the pure arithmetic of the pull keyset: ordering (updated_at, id)
 * pairs the way Postgres does (timestamps compared as instants with their
 * microseconds, not as strings, since the server's text form varies with its
 * time zone and drops trailing zeros), and the overlap start that re-reads a
 * window before the watermark so late commits with an older updated_at are
 * not skipped.
 */

export interface Cursor {
  updated_at: string;
  id: string;
}

/** Microseconds since the epoch of an ISO-like timestamp, keeping digits Date drops. */
export function timestampMicros(ts: string): number {
  const m = /^(.*?:\d\d)(?:\.(\d+))?(Z|[+-]\d\d(?::?\d\d)?)?$/.exec(ts.trim().replace(' ', 'T'));
  if (!m) return Number.NaN;
  const base = Date.parse(`${m[1]}${m[3] ?? 'Z'}`.replace(/([+-]\d\d)$/, '$1:00'));
  const frac = (m[2] ?? '').padEnd(6, '0').slice(0, 6);
  return base * 1000 + Number(frac);
}

export function compareCursor(a: Cursor, b: Cursor): number {
  const d = timestampMicros(a.updated_at) - timestampMicros(b.updated_at);
  if (d !== 0) return d < 0 ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The instant `overlapMs` before the watermark, as ISO text PostgREST accepts. */
export function overlapStart(watermark: string, overlapMs: number): string {
  const micros = timestampMicros(watermark) - overlapMs * 1000;
  const ms = Math.floor(micros / 1000);
  const rest = String(Math.round(micros - ms * 1000)).padStart(3, '0');
  return new Date(ms).toISOString().replace('Z', `${rest}+00:00`);
}
