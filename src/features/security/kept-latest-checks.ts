/**
 * Each door's latest check, kept in the device's store between visits to the
 * board. Reading the window's door logs again (about 15,000 on a district's
 * device) was half the main thread's work before a phone painted the tiles;
 * the kept answer is a few columns read in one request.
 *
 * It is kept with the window's start and a mark of the door logs it was read
 * at (how many, and the newest by created_at). Door logs are only ever added,
 * so while the mark stands the answer stands; for a window starting later it
 * is the kept answer without the checks before the new start. Any other
 * change is read again (use-live-board.ts), with the kept answer on screen
 * meanwhile.
 */
import { readRemembered, remember, countRows, type TenantDb } from '../../data';
import type { LatestCheck, LatestChecks } from './live-board';

const KEY = 'security-latest-checks';

/** Where the door logs stood when an answer was read. */
export interface DoorLogMark {
  count: number;
  /** The id of the newest log by created_at, null when none. */
  newest: string | null;
}

/**
 * The stored shape: columns rather than an object per door, so storing and
 * reading 5,000 doors clones one string and two typed arrays. Door ids are
 * Postgres text, which cannot hold NUL, so NUL separates them.
 */
interface KeptColumns {
  from: string;
  mark: DoorLogMark;
  doors: string;
  at: Float64Array;
  statusOf: Uint16Array;
  statuses: unknown[];
}

export interface KeptLatestChecks {
  latest: LatestChecks;
  /** True when the door logs still stand where they did: nothing to read again. */
  upToDate: boolean;
  /** Where the door logs stand now. */
  mark: DoorLogMark;
  /** How many logs were added since, when only added (0 when none or unknown). */
  added: number;
}

export async function doorLogMark(db: TenantDb): Promise<DoorLogMark> {
  const [count, newest] = await Promise.all([
    countRows(db, 'door_log'),
    db.cache('door_log').orderBy('created_at').reverse().limit(1).primaryKeys(),
  ]);
  return { count, newest: newest[0] ?? null };
}

function encode(from: string, mark: DoorLogMark, latest: LatestChecks): KeptColumns {
  const ids: string[] = [];
  const at = new Float64Array(latest.size);
  const statusOf = new Uint16Array(latest.size);
  const statuses: unknown[] = [];
  const code = new Map<unknown, number>();
  for (const [door, check] of latest) {
    let c = code.get(check.status);
    if (c === undefined) {
      c = statuses.length;
      code.set(check.status, c);
      statuses.push(check.status);
    }
    at[ids.length] = check.at;
    statusOf[ids.length] = c;
    ids.push(door);
  }
  return { from, mark, doors: ids.join('\0'), at, statusOf, statuses };
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
  const { count, newest } = m as Partial<DoorLogMark>;
  return typeof count === 'number' && (newest === null || typeof newest === 'string');
}

/**
 * The kept answer for the window starting at `from`, or null when none is
 * kept, it is unreadable, or it was read for a window starting later (it
 * lacks the checks before its own start).
 */
export async function readKeptLatestChecks(db: TenantDb, from: string): Promise<KeptLatestChecks | null> {
  const [kept, mark] = await Promise.all([readRemembered<Partial<KeptColumns>>(db, KEY), doorLogMark(db)]);
  const v = kept?.value;
  if (!v || typeof v.from !== 'string' || !isMark(v.mark)) return null;
  const since = Date.parse(from);
  const keptSince = Date.parse(v.from);
  if (!(since >= keptSince)) return null;
  const latest = decode(v, since);
  if (!latest) return null;
  const upToDate = v.mark.count === mark.count && v.mark.newest === mark.newest;
  return { latest, upToDate, mark, added: upToDate ? 0 : Math.max(0, mark.count - v.mark.count) };
}

/** Keeps `latest`, read from the window starting at `from` when the door logs stood at `mark`. */
export async function keepLatestChecks(db: TenantDb, from: string, mark: DoorLogMark, latest: LatestChecks): Promise<void> {
  await remember(db, KEY, encode(from, mark, latest));
}
