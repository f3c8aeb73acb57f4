/**
 * Pure rules of door checks: QR payloads, check freshness, today's window,
 * check-interval labels, door tile order and which ids are not doors.
 */
import { z } from 'zod';

export { compareDoorNumbers } from '../../lib/door-numbers';

/** What a Lockstep door QR code holds (spec §7): the door number and campus name. */
export const doorQrPayloadSchema = z.object({
  door_number: z.string().trim().min(1).max(64),
  campus: z.string().trim().min(1).max(200),
});
export type DoorQrPayload = z.infer<typeof doorQrPayloadSchema>;

export type QrParseResult = { ok: true; payload: DoorQrPayload } | { ok: false; reason: 'not-json' | 'not-a-door' };

/** Never throws: a scanned string is untrusted input. */
export function parseDoorQr(text: string): QrParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  const parsed = doorQrPayloadSchema.safeParse(json);
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, reason: 'not-a-door' };
}

export function encodeDoorQr(payload: DoorQrPayload): string {
  return JSON.stringify({ door_number: payload.door_number, campus: payload.campus });
}

export type Freshness = 'needs-check' | 'check-soon' | 'activity-today' | 'recent-check';

export const FRESHNESS_LABEL: Record<Freshness, string> = {
  'needs-check': 'Needs Check',
  'check-soon': 'Check Soon',
  'activity-today': 'Activity Today',
  'recent-check': 'Recent Check',
};

const HOUR_MS = 3_600_000;

/** The local calendar day containing `now`: 00:00:00.000 to 23:59:59.999. */
export function todayWindow(now: Date): { start: Date; end: Date } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, 0, 0, 0);
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999);
  return { start, end };
}

export function isToday(when: Date, now: Date): boolean {
  const { start, end } = todayWindow(now);
  return when >= start && when <= end;
}

/**
 * Spec §4, computed from the door's latest log: no check, or N hours or more
 * since it, is Needs Check; N-1 hours or more is Check Soon (the last hour of
 * the interval); otherwise Activity Today if that check was today, else
 * Recent Check.
 */
export function doorFreshness(lastCheck: Date | null, intervalHours: number, now: Date): Freshness {
  if (!lastCheck || Number.isNaN(lastCheck.getTime())) return 'needs-check';
  const elapsed = now.getTime() - lastCheck.getTime();
  if (elapsed >= intervalHours * HOUR_MS) return 'needs-check';
  if (elapsed >= (intervalHours - 1) * HOUR_MS) return 'check-soon';
  return isToday(lastCheck, now) ? 'activity-today' : 'recent-check';
}

export const CHECK_INTERVAL_OPTIONS = [1, 2, 4, 6, 12, 24] as const;
export const DEFAULT_CHECK_INTERVAL_HOURS = 24;

export function checkIntervalLabel(hours: number): string {
  if (hours === 1) return 'Hourly';
  if (hours === 12) return 'Twice Daily';
  if (hours === 24) return 'Once Daily';
  return `Every ${hours} Hours`;
}

/** Parses a stored check_interval_hours setting; anything unusable gives the default. */
export function parseCheckInterval(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  return Number.isInteger(n) && n >= 1 && n <= 168 ? n : DEFAULT_CHECK_INTERVAL_HOURS;
}

const ALL_ZERO_ID = '00000000-0000-0000-0000-000000000000';

/** Spec §9: the all-zero id, ids starting with campus-, and GLOBAL_DEFAULT are not doors. */
export function isRealDoor(door: { id: string; door_number?: string | null }): boolean {
  return door.id !== ALL_ZERO_ID && !door.id.startsWith('campus-') && door.door_number !== 'GLOBAL_DEFAULT';
}
