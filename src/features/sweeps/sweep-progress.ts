/**
 * A sweep as the board and the officers' phones show it: x of y secured,
 * per door who and when, the doors not yet reached (in door-number order)
 * and the time since it began. The stored outcome is sweep_doors, written
 * by the server from synced checks (decision 030); this device's own checks
 * that have not synced yet are laid over it, so an offline officer sees the
 * sweep move at once.
 */
import { checkFails, compareDoorNumbers, timeOf, type Row } from '../door-checks/index';
import { formatDuration } from '../../lib/duration';

export type SweepKind = 'lockdown_drill' | 'fire_drill' | 'lockup' | 'other';
export type SweepOutcome = 'secured' | 'problem';

export const SWEEP_KIND_LABEL: Record<SweepKind, string> = {
  lockdown_drill: 'Lockdown drill',
  fire_drill: 'Fire drill',
  lockup: 'End-of-day lock-up',
  other: 'Other',
};

export function sweepKindLabel(kind: unknown): string {
  return typeof kind === 'string' && kind in SWEEP_KIND_LABEL ? SWEEP_KIND_LABEL[kind as SweepKind] : 'Sweep';
}

/** As the server decides it (public.sweep_outcome): a check that fails is a problem, any other secures the door. */
export function checkOutcome(check: Row): SweepOutcome {
  return checkFails(check) ? 'problem' : 'secured';
}

/** As public.sweep_problem words it: the problem noted, else the door's status. */
function problemText(check: Row): string {
  const noted = typeof check.door_problem === 'string' ? check.door_problem.trim() : '';
  const status = typeof check.door_status === 'string' ? check.door_status : 'operational';
  return noted || `Door reported ${status.replace(/_/g, ' ')}`;
}

export interface SweepDoorProgress {
  doorId: string;
  doorNumber: string;
  outcome: SweepOutcome | null;
  checkedAt: number | null;
  checkedBy: string | null;
  problem: string | null;
  /** The outcome comes from a check on this device that the server has not seen yet. */
  pending: boolean;
}

export interface SweepProgress {
  sweepId: string;
  running: boolean;
  total: number;
  secured: number;
  problems: number;
  remaining: number;
  /** "12 of 40 secured" */
  securedText: string;
  /** Every door of the sweep, in door-number order. */
  doors: SweepDoorProgress[];
  /** The doors not yet reached, in door-number order (the order an officer walks them). */
  remainingDoors: SweepDoorProgress[];
  startedAt: number;
  endedAt: number | null;
  elapsedMs: number;
  elapsedText: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function storedDoor(row: Row): SweepDoorProgress {
  const outcome = row.outcome === 'secured' || row.outcome === 'problem' ? row.outcome : null;
  const checkedAt = timeOf(row.checked_at);
  return {
    doorId: String(row.door_id),
    doorNumber: str(row.door_number) ?? '',
    outcome,
    checkedAt: outcome && !Number.isNaN(checkedAt) ? checkedAt : null,
    checkedBy: outcome ? str(row.checked_by_name) : null,
    problem: outcome ? str(row.problem) : null,
    pending: false,
  };
}

/**
 * `pendingChecks` are door_log rows from this device's store; only those of
 * the sweep's doors inside its window (start to end, or to `now` while it
 * runs, both ends included) count, and a later check replaces an earlier
 * one, as on the server. `nameOf` names a pending check's officer.
 */
export function sweepProgress(
  sweep: Row,
  sweepDoors: readonly Row[],
  pendingChecks: readonly Row[],
  now: number,
  nameOf: (userId: string | null) => string = () => 'This device',
): SweepProgress {
  const sweepId = String(sweep.id);
  const startedAt = timeOf(sweep.started_at);
  const ended = timeOf(sweep.ended_at);
  const endedAt = Number.isNaN(ended) ? null : ended;
  const windowEnd = endedAt ?? now;
  const byDoor = new Map<string, SweepDoorProgress>();
  const storedCheckIds = new Set<string>();
  for (const row of sweepDoors) {
    if (row.sweep_id !== sweepId) continue;
    const door = storedDoor(row);
    byDoor.set(door.doorId, door);
    const logId = str(row.door_log_id);
    if (logId) storedCheckIds.add(logId);
  }
  for (const check of pendingChecks) {
    const door = byDoor.get(String(check.door_id));
    const at = timeOf(check.created_at);
    if (!door || Number.isNaN(at) || at < startedAt || at > windowEnd) continue;
    if (storedCheckIds.has(String(check.id))) continue;
    if (door.checkedAt !== null && at < door.checkedAt) continue;
    door.outcome = checkOutcome(check);
    door.checkedAt = at;
    door.checkedBy = nameOf(str(check.user_id));
    door.problem = door.outcome === 'problem' ? problemText(check) : null;
    door.pending = true;
  }
  const doors = [...byDoor.values()].sort((x, y) => compareDoorNumbers(x.doorNumber, y.doorNumber));
  const secured = doors.filter((d) => d.outcome === 'secured').length;
  const problems = doors.filter((d) => d.outcome === 'problem').length;
  const remainingDoors = doors.filter((d) => d.outcome === null);
  const elapsedMs = Math.max(0, windowEnd - startedAt);
  return {
    sweepId,
    running: endedAt === null,
    total: doors.length,
    secured,
    problems,
    remaining: remainingDoors.length,
    securedText: `${secured} of ${doors.length} secured`,
    doors,
    remainingDoors,
    startedAt,
    endedAt,
    elapsedMs,
    elapsedText: formatDuration(elapsedMs),
  };
}

/** The sweep running on a campus (no end yet); the server allows one, the newest wins if the cache briefly holds two. */
export function activeSweep(sweeps: readonly Row[], campusId: string): Row | null {
  let found: Row | null = null;
  for (const s of sweeps) {
    if (s.campus_id !== campusId || str(s.ended_at) || s.deleted_at) continue;
    if (!found || timeOf(s.started_at) > timeOf(found.started_at)) found = s;
  }
  return found;
}
