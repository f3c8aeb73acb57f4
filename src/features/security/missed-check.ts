/**
 * Missed-check alerts (DESIGN §11, docs/decisions/021): when a door counts
 * as overdue or escalated, and the alert list security and super admins see.
 * public.missed_check_level in the tenant database is the same rule in SQL
 * (migration 20261124000100); tests/db/missed-check-alerts.test.ts holds the
 * two to the same answers on the fixtures of tests/support.
 *
 * All thresholds are whole milliseconds: an interval of N hours and a
 * percentage P give N * 36,000 * P ms exactly (3,600,000 / 100), so the
 * screens and the database never round differently at a boundary.
 */
import { z } from 'zod/mini';

import { compareDoorNumbers, dueAt, isRealDoor, parseSettingInteger, timeOf, type Row } from '../door-checks/index';
import { inactiveCampusIds, onInactiveCampus } from '../../lib/inactive-campuses';

export const GRACE_PERCENT_KEY = 'missed_check_grace_percent';
export const ESCALATE_PERCENT_KEY = 'missed_check_escalate_percent';
export const DEFAULT_GRACE_PERCENT = 25;
export const DEFAULT_ESCALATE_PERCENT = 200;
export const GRACE_PERCENT_RANGE = { min: 0, max: 400 } as const;
export const ESCALATE_PERCENT_RANGE = { min: 100, max: 1000 } as const;

export function parseGracePercent(value: unknown): number {
  return parseSettingInteger(value, GRACE_PERCENT_RANGE.min, GRACE_PERCENT_RANGE.max, DEFAULT_GRACE_PERCENT);
}

export function parseEscalatePercent(value: unknown): number {
  return parseSettingInteger(value, ESCALATE_PERCENT_RANGE.min, ESCALATE_PERCENT_RANGE.max, DEFAULT_ESCALATE_PERCENT);
}

export type MissedCheckLevel = 'ok' | 'overdue' | 'escalated';

export interface MissedCheckPolicy {
  intervalHours: number;
  gracePercent: number;
  escalatePercent: number;
}

export interface MissedCheckStatus {
  level: MissedCheckLevel;
  /** End of the check interval (ms); null when never checked. */
  dueAt: number | null;
  /** When the door becomes overdue (interval plus grace); null when never checked. */
  overdueAt: number | null;
  /** When it escalates (never before overdueAt); null when never checked. */
  escalatesAt: number | null;
  /** How late past the end of the interval (negative: not yet due); Infinity when never checked. */
  lateMs: number;
}

/** Percent of an interval in whole ms (N h x P % = N x 36,000 x P ms). */
function shareOfInterval(intervalHours: number, percent: number): number {
  return intervalHours * 36_000 * percent;
}

/**
 * The rule. Overdue once `now` reaches the end of the interval plus the
 * grace share of it; escalated once it reaches the escalation share of the
 * interval, but never before overdue (an escalation percentage below
 * 100 + grace escalates at the overdue time). Both boundaries count (>=), as
 * doorFreshness's Needs Check does.
 *
 * A door never checked is escalated: nobody has ever confirmed it is
 * secure, which is the case that most needs a super admin's eye, and there is
 * no check time to measure a grace period from. A new door leaves the list
 * with its first check; until then an admin may acknowledge it with a note.
 */
export function missedCheckStatus(lastCheck: number | null, policy: MissedCheckPolicy, now: number): MissedCheckStatus {
  if (lastCheck === null || Number.isNaN(lastCheck)) {
    return { level: 'escalated', dueAt: null, overdueAt: null, escalatesAt: null, lateMs: Number.POSITIVE_INFINITY };
  }
  const due = dueAt(lastCheck, policy.intervalHours);
  const overdueAt = due + shareOfInterval(policy.intervalHours, policy.gracePercent);
  const escalatesAt = Math.max(overdueAt, lastCheck + shareOfInterval(policy.intervalHours, policy.escalatePercent));
  const level: MissedCheckLevel = now >= escalatesAt ? 'escalated' : now >= overdueAt ? 'overdue' : 'ok';
  return { level, dueAt: due, overdueAt, escalatesAt, lateMs: now - due };
}

/** The tenant's policy from its tenant_settings rows (defaults for anything missing or unusable). */
export function missedCheckPolicy(settings: readonly Row[], intervalHours: number): MissedCheckPolicy {
  const value = (key: string) => settings.find((r) => r.setting_key === key && !r.deleted_at)?.setting_value;
  return {
    intervalHours,
    gracePercent: parseGracePercent(value(GRACE_PERCENT_KEY)),
    escalatePercent: parseEscalatePercent(value(ESCALATE_PERCENT_KEY)),
  };
}

export interface AlertAck {
  id: string;
  note: string;
  level: 'overdue' | 'escalated';
  byName: string | null;
  at: number;
}

export interface MissedCheckAlert {
  doorId: string;
  doorNumber: string;
  campusId: string | null;
  lastCheck: number | null;
  status: MissedCheckStatus;
  /** The acknowledgement that covers this alert now, if any (the latest). */
  ack: AlertAck | null;
  /** Earlier acknowledgements of this check episode that no longer cover it (made while only overdue). */
  earlierAcks: AlertAck[];
}

/** The same instant? Server and device write times in different forms ("Z", "+00:00"). */
function sameCheck(ackLastCheck: unknown, lastCheck: number | null): boolean {
  if (ackLastCheck === null || ackLastCheck === undefined) return lastCheck === null;
  return lastCheck !== null && timeOf(ackLastCheck) === lastCheck;
}

function toAck(row: Row): AlertAck {
  return {
    id: String(row.id),
    note: String(row.note ?? ''),
    level: row.level === 'escalated' ? 'escalated' : 'overdue',
    byName: typeof row.acknowledged_by_name === 'string' ? row.acknowledged_by_name : null,
    at: timeOf(row.created_at),
  };
}

/**
 * An ack applies only to the check episode it names (the door's latest check
 * when it was made): a new check ends the episode and its acks. An ack made
 * at the overdue level does not cover the escalation that follows, so
 * acknowledging early cannot keep a door from super admins; an ack at the
 * escalated level covers the rest of the episode.
 */
function coveringAck(level: MissedCheckLevel, acks: AlertAck[]): { ack: AlertAck | null; earlier: AlertAck[] } {
  const sorted = [...acks].sort((a, b) => b.at - a.at);
  const ack = sorted.find((a) => a.level === 'escalated' || level === 'overdue') ?? null;
  return { ack, earlier: sorted.filter((a) => a !== ack) };
}

/** Most late first: never checked, then by lateness; ties in door order. */
export function compareAlerts(a: MissedCheckAlert, b: MissedCheckAlert): number {
  if (a.status.lateMs !== b.status.lateMs) {
    if (a.status.lateMs === Number.POSITIVE_INFINITY) return -1;
    if (b.status.lateMs === Number.POSITIVE_INFINITY) return 1;
    return b.status.lateMs - a.status.lateMs;
  }
  return compareDoorNumbers(a.doorNumber, b.doorNumber);
}

/** Each door's latest check time (ms): a Map, or a view of one kept in another shape (the board's latest checks). */
export interface LatestTimes {
  has(doorId: string): boolean;
  get(doorId: string): number | undefined;
}

export interface MissedCheckInput {
  doors: readonly Row[];
  campuses: readonly Row[];
  latest: LatestTimes;
  /** Latest checks found outside `latest`'s window, read first (doors with none in it). */
  older?: LatestTimes;
  acks: readonly Row[];
  policy: MissedCheckPolicy;
  now: number;
}

interface AlertDraft {
  acksByDoor: Map<string, Row[]>;
  inactive: ReturnType<typeof inactiveCampusIds>;
  out: MissedCheckAlert[];
}

function acksByDoor(acks: readonly Row[]): Map<string, Row[]> {
  const byDoor = new Map<string, Row[]>();
  for (const a of acks) {
    if (typeof a.door_id !== 'string' || a.deleted_at) continue;
    const list = byDoor.get(a.door_id);
    if (list) list.push(a);
    else byDoor.set(a.door_id, [a]);
  }
  return byDoor;
}

/** The acks of a door's current check episode: the one that covers its alert, and the rest. */
function episodeAcks(byDoor: ReadonlyMap<string, Row[]>, doorId: string, lastCheck: number | null, level: MissedCheckLevel) {
  const episode = (byDoor.get(doorId) ?? []).filter((a) => sameCheck(a.last_check_at, lastCheck)).map(toAck);
  return coveringAck(level, episode);
}

function startAlerts(input: MissedCheckInput): AlertDraft {
  return { acksByDoor: acksByDoor(input.acks), inactive: inactiveCampusIds(input.campuses), out: [] };
}

function addAlerts(draft: AlertDraft, input: MissedCheckInput, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const d = input.doors[i];
    if (!d || typeof d.id !== 'string' || d.deleted_at || onInactiveCampus(d, draft.inactive)) continue;
    const doorNumber = typeof d.door_number === 'string' ? d.door_number : '';
    if (!isRealDoor({ id: d.id, door_number: doorNumber })) continue;
    const lastCheck = input.older?.get(d.id) ?? input.latest.get(d.id) ?? null;
    const status = missedCheckStatus(lastCheck, input.policy, input.now);
    if (status.level === 'ok') continue;
    const { ack, earlier } = episodeAcks(draft.acksByDoor, d.id, lastCheck, status.level);
    draft.out.push({
      doorId: d.id,
      doorNumber,
      campusId: typeof d.campus_id === 'string' ? d.campus_id : null,
      lastCheck,
      status,
      ack,
      earlierAcks: earlier,
    });
  }
}

/**
 * The alerts of every real, non-removed door that is overdue or escalated,
 * most late first, each with the acks of its current check episode. Doors of
 * an inactive campus raise none (src/lib/inactive-campuses.ts). `latest` is
 * each door's latest check (ms); a door missing from it was never checked.
 */
export function buildMissedCheckAlerts(input: MissedCheckInput): MissedCheckAlert[] {
  const draft = startAlerts(input);
  addAlerts(draft, input, 0, input.doors.length);
  return draft.out.sort(compareAlerts);
}

/**
 * The same alerts with the acks of `acks` instead of those they were built
 * with: the answer buildMissedCheckAlerts gives for them, as an ack changes
 * no alert's door, check or level, nor the order. A pass over the alerts
 * alone, so an acknowledgement shows at once, without the pass over every
 * door.
 */
export function withAcks(alerts: readonly MissedCheckAlert[], acks: readonly Row[]): MissedCheckAlert[] {
  const byDoor = acksByDoor(acks);
  return alerts.map((a) => {
    const { ack, earlier } = episodeAcks(byDoor, a.doorId, a.lastCheck, a.status.level);
    return { ...a, ack, earlierAcks: earlier };
  });
}

/** Doors looked at between two yields: a few ms on a phone. */
const DOORS_PER_STEP = 500;

/**
 * buildMissedCheckAlerts' answer, a few hundred doors at a time with `pause`
 * between the steps: over a campus of 5,000 doors the whole pass was one
 * task of 30-43 ms at 4x, in the render that showed it. Null when
 * `stopped()` turned true on the way.
 */
export async function buildMissedCheckAlertsInSteps(
  input: MissedCheckInput,
  pause: () => Promise<void>,
  stopped: () => boolean,
): Promise<MissedCheckAlert[] | null> {
  const draft = startAlerts(input);
  for (let from = 0; from < input.doors.length; from += DOORS_PER_STEP) {
    addAlerts(draft, input, from, Math.min(input.doors.length, from + DOORS_PER_STEP));
    await pause();
    if (stopped()) return null;
  }
  return draft.out.sort(compareAlerts);
}

/** The alert list split as the screens show it. */
export function splitAlerts(alerts: readonly MissedCheckAlert[]): {
  overdue: MissedCheckAlert[];
  escalated: MissedCheckAlert[];
  acknowledged: MissedCheckAlert[];
} {
  const open = alerts.filter((a) => !a.ack);
  return {
    overdue: open.filter((a) => a.status.level === 'overdue'),
    escalated: open.filter((a) => a.status.level === 'escalated'),
    acknowledged: alerts.filter((a) => a.ack),
  };
}

/** What an acknowledgement must say: a note of 1 to 500 characters once trimmed. */
export const ACK_NOTE_MAX = 500;
export const alertAckNoteSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Write a note saying why (what is being done)'),
    z.maxLength(ACK_NOTE_MAX, 'Keep the note under 500 characters'),
  );

/**
 * The door_alert_acks row an acknowledgement becomes: for the alert's
 * current check episode and level. acknowledged_by and its name are filled
 * in here for the local copy only; the server sets its own from the session.
 */
export function alertAckValues(alert: MissedCheckAlert, note: string, by: { id: string; name: string | null }): Record<string, unknown> {
  return {
    door_id: alert.doorId,
    last_check_at: alert.lastCheck === null ? null : new Date(alert.lastCheck).toISOString(),
    level: alert.status.level === 'escalated' ? 'escalated' : 'overdue',
    note,
    acknowledged_by: by.id,
    acknowledged_by_name: by.name,
  };
}
