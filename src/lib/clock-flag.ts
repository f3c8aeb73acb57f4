/**
 * How a check's two times read to people (decision 013): created_at is the
 * server's trusted time; device_created_at is what the officer's device
 * recorded; clock_skew_ms is set only when the server did not trust the
 * device's time, and says by how much it moved it.
 */
type Row = Readonly<Record<string, unknown>>;

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1_000, 'second'],
];

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** A length of time in at most two units, largest first: "2 days 3 hours", "5 minutes", "40 seconds". */
export function humanDuration(ms: number): string {
  let rest = Math.round(Math.abs(ms) / 1000) * 1000;
  const parts: string[] = [];
  for (const [size, unit] of UNITS) {
    if (parts.length === 2) break;
    const n = Math.floor(rest / size);
    // A second unit only right after the first, so "1 day 5 seconds" never reads as precise.
    if (n > 0) parts.push(count(n, unit));
    else if (parts.length === 1) break;
    rest -= n * size;
  }
  return parts.length ? parts.join(' ') : 'less than a second';
}

/** The skew the server recorded, or null when the device's time was trusted. */
export function clockSkewMs(row: Row): number | null {
  const v = row.clock_skew_ms;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** "Device clock off by 2 days (behind)", or null for a check whose time was trusted. */
export function clockFlagText(row: Row): string | null {
  const skew = clockSkewMs(row);
  if (skew === null) return null;
  return `Device clock off by ${humanDuration(skew)} (${skew > 0 ? 'ahead' : 'behind'})`;
}

/** When the device says the check was recorded (its own clock); the trusted time when it sent none. */
export function deviceRecordedAt(row: Row): string | null {
  const d = row.device_created_at;
  if (typeof d === 'string' && d) return d;
  return typeof row.created_at === 'string' ? row.created_at : null;
}

/** When the server received the check; null while it is still only on this device. */
export function serverReceivedAt(row: Row): string | null {
  return typeof row.received_at === 'string' && row.received_at ? row.received_at : null;
}
