/**
 * The incremental Door Status board (src/features/security/freshness-clock.ts
 * and live-board.ts): a door's freshness as numbers agrees with
 * doorFreshness, its next change is the first moment its tile changes, and
 * a board refreshed door by door equals one built afresh.
 */
import { describe, expect, it } from 'vitest';
import { doorFreshness, isToday } from '../../src/features/door-checks/index';
import { doorClock } from '../../src/features/security/freshness-clock';
import {
  buildLiveBoard,
  buildLiveBoardInSteps,
  changedDoors,
  doorsDue,
  nextBoardChange,
  refreshDoors,
  type LatestCheck,
} from '../../src/features/security/live-board';

const H = 3_600_000;
const MIN = 60_000;
const noon = new Date(2026, 10, 22, 12, 0, 0, 0).getTime();

describe('doorClock', () => {
  it('gives doorFreshness’s answer and today’s activity, for checks around the boundaries', () => {
    for (const hours of [1, 2, 24]) {
      for (let ago = -2 * H; ago <= 60 * H; ago += 7 * MIN) {
        const last = noon - ago;
        const c = doorClock(last, hours, noon);
        expect(c.freshness).toBe(doorFreshness(new Date(last), hours, new Date(noon)));
        expect(c.activityToday).toBe(isToday(new Date(last), new Date(noon)));
      }
    }
  });

  it('never checked is Needs Check for good', () => {
    expect(doorClock(null, 24, noon)).toEqual({ freshness: 'needs-check', activityToday: false, nextChange: Number.POSITIVE_INFINITY });
  });

  it('nextChange is the first moment the answer changes: the same just before, different at it', () => {
    for (const hours of [1, 4, 24]) {
      for (const ago of [0, 5 * MIN, 3 * H, 11 * H, 23.5 * H, 30 * H]) {
        const last = noon - ago;
        const c = doorClock(last, hours, noon);
        if (c.nextChange === Number.POSITIVE_INFINITY) {
          expect(c.freshness).toBe('needs-check');
          continue;
        }
        const before = doorClock(last, hours, c.nextChange - 1);
        const at = doorClock(last, hours, c.nextChange);
        expect([before.freshness, before.activityToday]).toEqual([c.freshness, c.activityToday]);
        expect([at.freshness, at.activityToday]).not.toEqual([c.freshness, c.activityToday]);
      }
    }
  });

  it('a check this morning with a 24 hour interval changes at midnight (Recent Check), then an hour before due, then when due', () => {
    const last = noon - 3 * H;
    const midnight = new Date(2026, 10, 23, 0, 0, 0, 0).getTime();
    expect(doorClock(last, 24, noon).nextChange).toBe(midnight);
    expect(doorClock(last, 24, midnight).freshness).toBe('recent-check');
    expect(doorClock(last, 24, midnight).nextChange).toBe(last + 23 * H);
    expect(doorClock(last, 24, last + 23 * H).freshness).toBe('check-soon');
    expect(doorClock(last, 24, last + 23 * H).nextChange).toBe(last + 24 * H);
  });
});

const campuses = [
  { id: 'ms', campus_name: 'Lincoln Middle School', active: true },
  { id: 'hs', campus_name: 'Lincoln High School', active: true },
];
const doors = Array.from({ length: 40 }, (_, i) => ({ id: `d${i}`, door_number: `EA${40 - i}`, campus_id: i % 3 ? 'hs' : 'ms' }));
const latestOf = (shift: number) =>
  new Map<string, LatestCheck>(
    doors
      .filter((_, i) => i % 7 !== 0)
      .map((d, i) => [d.id, { at: noon - ((i * 97 * MIN + shift) % (30 * H)), status: i % 4 ? 'operational' : 'maintenance' }]),
  );

describe('live board', () => {
  it('refreshed at later times, door by door as their boundaries pass, equals a board built at that time', () => {
    const latest = latestOf(0);
    let live = buildLiveBoard({ campuses, doors, latest, intervalHours: 4, now: noon });
    for (let now = noon; now < noon + 30 * H; now += 17 * MIN) {
      live = refreshDoors(live, doorsDue(live, now), latest, now);
      expect(live.board).toEqual(buildLiveBoard({ campuses, doors, latest, intervalHours: 4, now }).board);
    }
  });

  it('refreshed for the doors whose latest check changed equals a board built from the new checks, and keeps untouched campus cards', () => {
    const before = latestOf(0);
    const after = new Map(before);
    after.set('d1', { at: noon - MIN, status: 'out_of_service' });
    after.set('d0', { at: noon - 2 * MIN, status: 'operational' });
    after.delete('d2');
    const live = buildLiveBoard({ campuses, doors, latest: before, intervalHours: 24, now: noon });
    const changed = changedDoors(before, after);
    expect(changed.sort()).toEqual(['d0', 'd1', 'd2']);
    const next = refreshDoors(live, changed, after, noon);
    expect(next.board).toEqual(buildLiveBoard({ campuses, doors, latest: after, intervalHours: 24, now: noon }).board);
    expect(refreshDoors(live, [], after, noon).board).toBe(live.board);
    // d1 is a high school door: the middle school's card stays the same object (its memoized section does not re-render).
    const onlyHs = refreshDoors(live, ['d1'], after, noon);
    const ms = live.board.campuses.findIndex((c) => c.id === 'ms');
    const hs = live.board.campuses.findIndex((c) => c.id === 'hs');
    expect(onlyHs.board.campuses[ms]).toBe(live.board.campuses[ms]);
    expect(onlyHs.board.campuses[hs]).not.toBe(live.board.campuses[hs]);
  });

  it('the next board change is the earliest door’s', () => {
    const latest = latestOf(0);
    const live = buildLiveBoard({ campuses, doors, latest, intervalHours: 24, now: noon });
    const next = nextBoardChange(live);
    expect(next).toBe(Math.min(...[...latest.values()].map((c) => doorClock(c.at, 24, noon).nextChange)));
    expect(doorsDue(live, next - 1)).toEqual([]);
    expect(doorsDue(live, next).length).toBeGreaterThan(0);
  });

  it('built in steps, it is the board built at once, pausing between steps, and gives up when stopped', async () => {
    const many = Array.from({ length: 1_300 }, (_, i) => ({
      id: `m${i}`,
      door_number: `W${(i * 37) % 1_300}`,
      campus_id: ['ms', 'hs', 'x'][i % 3],
    }));
    const latest = new Map<string, LatestCheck>(
      many.filter((_, i) => i % 5).map((d, i) => [d.id, { at: noon - ((i * 13 * MIN) % (30 * H)), status: 'operational' }]),
    );
    const input = { campuses, doors: many, latest, intervalHours: 4, now: noon };
    let pauses = 0;
    const pause = () => {
      pauses++;
      return Promise.resolve();
    };
    const stepped = await buildLiveBoardInSteps(input, pause, () => false);
    const once = buildLiveBoard(input);
    expect(stepped?.board).toEqual(once.board);
    expect(stepped?.place).toEqual(once.place);
    expect(stepped?.nextChange).toEqual(once.nextChange);
    // 1,300 doors: three steps of doors and one after sorting the first 500 tiles, at least.
    expect(pauses).toBeGreaterThanOrEqual(4);
    let left = 2;
    expect(await buildLiveBoardInSteps(input, pause, () => --left < 0)).toBeNull();
  });
});
