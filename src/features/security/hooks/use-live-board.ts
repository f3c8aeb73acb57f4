/**
 * The Door Status board, live and incremental: each door's latest check is
 * read once in chunks (latest-checks-reader.ts) and read again only when the
 * door logs move. The answer is kept on the device (kept-latest-checks.ts):
 * the next visit paints from it, with the logs made since read first, and
 * reads the whole window again after the paint when the logs moved. The
 * tiles are computed again only for the doors whose latest check changed,
 * or, by a timer set for the next freshness boundary of any door, whose
 * boundary passed. Nothing recomputes every door every minute. A full build
 * (doors or campuses changed) runs a few hundred doors per step between
 * yields and is rendered as a transition, so a phone sees no long task
 * (live-board.ts, buildLiveBoardInSteps).
 */
import { startTransition, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { trustedNow, watchCacheWrites, type CacheRow, type TenantDb } from '../../../data';
import { whenContentReady } from '../../../lib/content-ready';
import type { DoorStatusBoard } from '../door-status';
import { freshnessWindowStart } from '../door-status';
import {
  buildLiveBoardInSteps,
  changedDoors,
  doorsDue,
  nextBoardChange,
  refreshDoors,
  type LatestChecks,
  type LiveBoard,
} from '../live-board';
import { noteNewestLogs, readLatestChecks, yieldToMain } from '../latest-checks-reader';
import { doorLogMark, keepLatestChecks, readKeptLatestChecks, sameMark, withNewer, type DoorLogMark } from '../kept-latest-checks';
import { BOARD_DOOR_FIELDS } from '../kept-doors';
import { useSameRows } from './use-same-rows';

const CAMPUS_FIELDS = ['id', 'campus_name', 'active'] as const;
/** Up to this many new logs are noted from the newest at once, before the window is read again. */
const NEWEST_AT_ONCE = 500;
/** setTimeout's longest delay. */
const MAX_DELAY_MS = 2_147_483_647;

interface Board {
  live: LiveBoard;
  campuses: readonly CacheRow[];
  doors: readonly CacheRow[];
  hours: number;
  latest: LatestChecks;
}

export interface LiveBoardView {
  board: DoorStatusBoard | null;
  /** Each door's latest check time in the freshness window (the missed-check alerts reuse it). */
  latest: LatestChecks | null;
  /**
   * The door rows, the same array while what the board shows of them is unchanged. Painted from the kept view, a
   * row holds only the fields the board reads (BOARD_DOOR_FIELDS).
   */
  doors: readonly CacheRow[] | undefined;
  error: string | null;
}

function localDate(ms: number): string {
  return new Date(ms).toDateString();
}

export function useLiveBoard(
  db: TenantDb,
  campusRows: readonly CacheRow[] | undefined,
  doorRows: readonly CacheRow[] | undefined,
  hours: number | null,
): LiveBoardView {
  // A pull re-sends rows unchanged every few seconds: only a change the board shows builds it again.
  const campuses = useSameRows(campusRows, CAMPUS_FIELDS);
  const doors = useSameRows(doorRows, BOARD_DOOR_FIELDS);
  // The window moves on with the local date; within a date, a window reaching back further changes no door's freshness.
  const [windowAt, setWindowAt] = useState(trustedNow);
  const from = useMemo(() => (hours === null ? null : freshnessWindowStart(new Date(windowAt), hours)), [hours, windowAt]);
  const [latest, setLatest] = useState<LatestChecks | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (from === null) return;
    let stopped = false;
    let reading = false;
    let again = false;
    let current: LatestChecks | null = null;
    const show = (l: LatestChecks) => {
      current = l;
      setLatest(l);
    };
    const fail = (e: unknown) => {
      if (!stopped) setError(e instanceof Error ? e.message : String(e));
    };
    // Where the door logs stood for the answer on screen: a write that leaves them there (a pull sending rows
    // again, its overlap window) changes nothing. Null while the answer on screen is not a whole window's read.
    let seen: DoorLogMark | null = null;
    const readAll = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const mark = await doorLogMark(db);
          const l = await readLatestChecks(db, from, () => stopped);
          if (l) {
            seen = mark;
            show(l);
            // Best effort, after the answer is on screen: the next visit paints from it.
            void keepLatestChecks(db, from, mark, l).catch(() => undefined);
          }
        } while (again && !stopped);
        setError(null);
      } catch (e) {
        fail(e);
      } finally {
        reading = false;
      }
    };
    const onWrite = async () => {
      if (reading) {
        again = true;
        return;
      }
      const mark = await doorLogMark(db);
      const before = seen;
      if (stopped || (before && sameMark(mark, before))) return;
      const base = current;
      const added = before ? mark.count - before.count : 0;
      if (base && added > 0 && added <= NEWEST_AT_ONCE) {
        const next = await noteNewestLogs(db, base, added);
        if (!stopped && current === base && next !== base) show(next);
      }
      await readAll();
    };
    /** The start's answer before the paint: the kept one, brought up to date with the checks made since. */
    const paintFirst = async (): Promise<'current' | 'read-after-paint' | 'read-now'> => {
      const kept = await readKeptLatestChecks(db, from).catch(() => null);
      if (stopped || !kept) return 'read-now';
      if (kept.upToDate) {
        seen = kept.mark;
        show(kept.latest);
        return 'current';
      }
      // The logs moved since the last visit: those from its newest log on (the checks made since) are read
      // before the paint; the whole window, for a late log older than that or one changed in place, after it.
      const newer = await readLatestChecks(db, kept.readFrom, () => stopped);
      if (!newer) return 'read-now';
      show(withNewer(kept.latest, newer));
      await whenContentReady();
      return 'read-after-paint';
    };
    const start = async () => {
      // Until the start's answer is on screen, a write is only noted: it is read after it (`again`).
      reading = true;
      let next: Awaited<ReturnType<typeof paintFirst>>;
      try {
        next = await paintFirst();
      } finally {
        reading = false;
      }
      if (stopped) return;
      if (next !== 'current') await readAll();
      else if (again) {
        again = false;
        await onWrite();
      }
    };
    void start().catch(fail);
    const stop = watchCacheWrites(db, ['door_log'], () => void onWrite().catch(fail));
    return () => {
      stopped = true;
      stop();
    };
  }, [db, from]);

  const [state, setState] = useState<Board | null>(null);
  // The build starts from the latest checks of its moment; any read after it is applied door by door below.
  const latestNow = useEffectEvent(() => latest);
  const hasLatest = latest !== null;
  useEffect(() => {
    const at = latestNow();
    if (!campuses || !doors || !at || hours === null) return;
    let stopped = false;
    const input = { campuses, doors, latest: at, intervalHours: hours, now: trustedNow() };
    buildLiveBoardInSteps(input, yieldToMain, () => stopped)
      .then((live) => {
        // A transition: React renders the tiles in slices too, rather than in one long task.
        if (live && !stopped) startTransition(() => setState({ live, campuses, doors, hours, latest: at }));
      })
      .catch((e: unknown) => {
        if (!stopped) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      stopped = true;
    };
  }, [campuses, doors, hours, hasLatest]);

  let board = state;
  const current = board !== null && board.campuses === campuses && board.doors === doors && board.hours === hours;
  if (board && current && latest && board.latest !== latest) {
    const live = refreshDoors(board.live, changedDoors(board.latest, latest), latest, trustedNow());
    board = { ...board, live, latest };
    setState(board);
  }

  const live = state?.live ?? null;
  useEffect(() => {
    if (!live) return;
    const next = nextBoardChange(live);
    if (next === Number.POSITIVE_INFINITY) return;
    const timer = setTimeout(
      () => {
        const now = trustedNow();
        setWindowAt((at) => (localDate(at) === localDate(now) ? at : now));
        setState((s) => (s ? { ...s, live: refreshDoors(s.live, doorsDue(s.live, now), s.latest, now) } : s));
      },
      // A millisecond past the boundary, so the tiles due then are due by the time it fires.
      Math.min(MAX_DELAY_MS, Math.max(0, next - trustedNow() + 1)),
    );
    return () => clearTimeout(timer);
  }, [live]);

  return { board: board?.live.board ?? null, latest: board?.latest ?? null, doors, error };
}
