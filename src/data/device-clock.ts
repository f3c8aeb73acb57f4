/**
 * Owns the device's idea of the time (DESIGN §7 "Time",
 * docs/decisions/013-trusted-time.md). The server is the clock of record: it
 * measures each push's offset from the x-client-time header and moves a
 * check from a device whose clock is off into its own frame. The device
 * learns the same offset (the sync engine asks the server's time once per
 * pull) so a phone two days behind neither stamps its checks two days back
 * nor judges other officers' checks as fresh against its own wrong clock.
 * Until it has learned one it uses its own clock, and the server corrects.
 */

/** Sent with every request: the device's clock (epoch ms) when it was sent. */
export const CLIENT_TIME_HEADER = 'x-client-time';

const STORAGE_KEY = 'lockstep-clock-offset-ms';
/** A measurement whose round trip took longer than this says too little about the server's clock. */
const MAX_ROUND_TRIP_MS = 10_000;

/** Device clock minus server clock, in ms. */
let offsetMs = readStored();

function readStored(): number {
  try {
    const v = Number(globalThis.localStorage?.getItem(STORAGE_KEY));
    return Number.isFinite(v) ? v : 0;
  } catch {
    // No localStorage (a worker) or access denied: start from the device's clock.
    return 0;
  }
}

/** The current time in the server's frame, as best this device knows it (epoch ms). */
export function trustedNow(): number {
  return Date.now() - offsetMs;
}

/** The device clock minus the server clock, as last learned (0 until then). */
export function clockOffsetMs(): number {
  return offsetMs;
}

export interface ServerTimeSample {
  /** The server's clock when it answered. */
  serverMs: number;
  /** The device clock when the request left and when its answer came back. */
  sentMs: number;
  receivedMs: number;
}

/**
 * The offset a sample shows, assuming the server answered halfway through
 * the round trip; null for a sample too slow or too odd to trust.
 */
export function offsetFromSample(s: ServerTimeSample): number | null {
  const trip = s.receivedMs - s.sentMs;
  if (!Number.isFinite(s.serverMs) || trip < 0 || trip > MAX_ROUND_TRIP_MS) return null;
  return Math.round(s.sentMs + trip / 2 - s.serverMs);
}

/** Takes a new measurement of the server's clock. */
export function learnServerTime(sample: ServerTimeSample): void {
  const next = offsetFromSample(sample);
  if (next === null) return;
  offsetMs = next;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, String(next));
  } catch {
    // Not persisted: the next sync learns it again.
  }
}

/** Tests: forget what was learned. */
export function resetDeviceClock(offset = 0): void {
  offsetMs = offset;
}
