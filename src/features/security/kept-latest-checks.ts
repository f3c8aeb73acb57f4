/**
 * Each door's latest check, kept in the device's store between visits to the
 * board. Reading the window's door logs again (about 15,000 on a district's
 * device) was the largest read before a phone painted the tiles; the kept
 * answer is a few columns read in one request.
 *
 * It is kept with the window's start and a mark of where the door logs stood:
 * how many, the newest by created_at, and the pull's watermark (which moves
 * when the server's version of a log replaces the device's, with the
 * server's time, at the same count). While the mark stands the answer
 * stands; for a window starting later it is the kept answer without the
 * checks before the new start. When the logs moved, the logs from the kept
 * newest on are read before the paint and the whole window after it
 * (use-live-board.ts).
 */
import { readRemembered, remember, countRows, watermarkText, type TenantDb } from '../../data';
import type { LatestCheck, LatestChecks } from './live-board';

const KEY = 'security-latest-checks';
/** A change to what is kept, or to how a latest check is worked out, is a new version: older answers are not used. */
const VERSION = 1;
/** The status codes are 16-bit. */
const MAX_STATUSES = 65_536;

/** Where the door logs stood when an answer was read. */
export interface DoorLogMark {
  count: number;
  /** The id and created_at of the newest log by created_at, null when none. */
  newest: string | null;
  newestAt: string | null;
  /** The pull's watermark for door_log (updated_at and id), null before the first pull. */
  pulled: string | null;
}

/**
 * The stored shape: columns rather than an object per door, so storing and
 * reading 5,000 doors clones one string and two typed arrays. Door ids are
 * Postgres text, which cannot hold NUL, so NUL separates them.
 */
interface KeptColumns {
  version: number;
  from: string;
  mark: DoorLogMark;
  doors: string;
  at: Float64Array;
  statusOf: Uint16Array;
  statuses: unknown[];
}

export interface KeptLatestChecks {
  /** The kept answer, for the window asked for. */
  latest: LatestChecks;
  /** True when the door logs still stand where they did: nothing to read again. */
  upToDate: boolean;
  /** Where the door logs stand now. */
  mark: DoorLogMark;
  /** Where the logs not yet in the answer start (created_at): the kept newest log's time, or the window's start. */
  readFrom: string;
}

export async function doorLogMark(db: TenantDb): Promise<DoorLogMark> {
  const [count, newest, state] = await Promise.all([
    countRows(db, 'door_log'),
    db.cache('door_log').orderBy('created_at').last(),
    db.sync_state.get('door_log'),
  ]);
  return {
    count,
    newest: newest?.id ?? null,
    newestAt: typeof newest?.created_at === 'string' ? newest.created_at : null,
    pulled: watermarkText(state),
  };
}

export function sameMark(a: DoorLogMark, b: DoorLogMark): boolean {
  return a.count === b.count && a.newest === b.newest && a.newestAt === b.newestAt && a.pulled === b.pulled;
}

/** `kept` with each door's check from `newer` where it is the later one. */
export function withNewer(kept: LatestChecks, newer: LatestChecks): LatestChecks {
  if (newer.size === 0) return kept;
  const merged = new Map(kept);
  for (const [door, check] of newer) {
    const before = merged.get(door);
    if (!before || check.at > before.at) merged.set(door, check);
  }
  return merged;
}

function encode(from: string, mark: DoorLogMark, latest: LatestChecks): KeptColumns | null {
  const ids: string[] = [];
  const at = new Float64Array(latest.size);
  const statusOf = new Uint16Array(latest.size);
  const statuses: unknown[] = [];
  const code = new Map<unknown, number>();
  for (const [door, check] of latest) {
    let c = code.get(check.status);
    if (c === undefined) {
      if (statuses.length >= MAX_STATUSES) return null;
      c = statuses.length;
      code.set(check.status, c);
      statuses.push(check.status);
    }
    at[ids.length] = check.at;
    statusOf[ids.length] = c;
    ids.push(door);
  }
  return { version: VERSION, from, mark, doors: ids.join('\0'), at, statusOf, statuses };
}

function decode(kept: Partial<KeptColumns>, since: number): Map<string, LatestCheck> | null {
  const { doors, at, statusOf, statuses } = kept;
  if (typeof doors !== 'string' || !(at instanceof Float64Array) || !(statusOf instanceof Uint16Array) || !Array.isArray(statuses))
    return null;
  const ids = doors === '' ? [] : doors.split('\0');
  if (ids.length !== at.length || ids.length !== statusOf.length) return null;
  const latest = new Map<string, LatestCheck>();
  for (let i = 0; i < ids.length; i++) {
    const when = at[i] ?? Number.NaN;
    const code = statusOf[i] ?? statuses.length;
    if (code >= statuses.length) return null;
    if (when >= since) latest.set(ids[i] ?? '', { at: when, status: statuses[code] });
  }
  return latest;
}

function isMark(m: unknown): m is DoorLogMark {
  if (!m || typeof m !== 'object') return false;
  const { count, newest, newestAt, pulled } = m as Partial<DoorLogMark>;
  const text = (v: unknown) => v === null || typeof v === 'string';
  return typeof count === 'number' && text(newest) && text(newestAt) && text(pulled);
}

/**
 * The kept answer for the window starting at `from`, or null when none is
 * kept, it is unreadable or of another version, or it was read for a window
 * starting later (it lacks the checks before its own start).
 */
export async function readKeptLatestChecks(db: TenantDb, from: string): Promise<KeptLatestChecks | null> {
  const [kept, mark] = await Promise.all([readRemembered<Partial<KeptColumns>>(db, KEY), doorLogMark(db)]);
  const v = kept?.value;
  if (!v || v.version !== VERSION || typeof v.from !== 'string' || !isMark(v.mark)) return null;
  const since = Date.parse(from);
  const keptSince = Date.parse(v.from);
  if (!(since >= keptSince)) return null;
  const latest = decode(v, since);
  if (!latest) return null;
  const keptNewest = v.mark.newestAt;
  // Index order is string order: the reader pages created_at as the index holds it.
  const readFrom = keptNewest !== null && keptNewest > from ? keptNewest : from;
  return { latest, upToDate: sameMark(v.mark, mark), mark, readFrom };
}

/** Keeps `latest`, read from the window starting at `from` when the door logs stood at `mark` (not kept when it cannot be). */
export async function keepLatestChecks(db: TenantDb, from: string, mark: DoorLogMark, latest: LatestChecks): Promise<void> {
  const columns = encode(from, mark, latest);
  if (columns) await remember(db, KEY, columns);
}
