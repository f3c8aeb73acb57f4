/**
 * The Door Status board kept up to date door by door: built once from the
 * doors, campuses and each door's latest check, then changed only for the
 * doors whose latest check changed or whose freshness boundary passed
 * (freshness-clock.ts). A change replaces the tiles and cards it touches and
 * keeps every other object, so memoized campus cards do not re-render.
 */
import { compareDoorNumbers, doorLogStatusColor, isRealDoor, type Row } from '../door-checks/index';
import { inactiveCampusIds, onInactiveCampus } from '../../lib/inactive-campuses';
import { compareText } from '../../lib/quick-locale';
import type { CampusCard, DoorStatusBoard, DoorStatusTotals, DoorTile } from './door-status';
import { doorClock } from './freshness-clock';

export interface LatestCheck {
  /** ms of the check */
  at: number;
  status: unknown;
}

export type LatestChecks = ReadonlyMap<string, LatestCheck>;

export interface LiveBoard {
  board: DoorStatusBoard;
  /** Each shown door's campus card and tile position. */
  place: ReadonlyMap<string, readonly [number, number]>;
  /** When each shown door's tile next changes with time alone (ms). */
  nextChange: ReadonlyMap<string, number>;
  intervalHours: number;
}

const UNKNOWN_CAMPUS = 'Unassigned doors';

/** Keeps the newest check of a door: a later time wins, ties keep the first seen. */
export function noteCheck(latest: Map<string, LatestCheck>, log: Row): void {
  const door = log.door_id;
  const at = typeof log.created_at === 'string' ? Date.parse(log.created_at) : Number.NaN;
  if (typeof door !== 'string' || Number.isNaN(at)) return;
  const prev = latest.get(door);
  if (prev === undefined || at > prev.at) latest.set(door, { at, status: log.door_status });
}

function clockedTile(base: DoorTile, latest: LatestCheck | undefined, hours: number, now: number): { tile: DoorTile; next: number } {
  const last = latest ? latest.at : null;
  const clock = doorClock(last, hours, now);
  const lastStatus = latest ? String(latest.status ?? '') || null : null;
  const same =
    base.freshness === clock.freshness &&
    base.lastCheck === last &&
    base.lastStatus === lastStatus &&
    base.activityToday === clock.activityToday;
  const tile = same
    ? base
    : {
        ...base,
        freshness: clock.freshness,
        lastCheck: last,
        lastStatus,
        statusColor: doorLogStatusColor(lastStatus),
        activityToday: clock.activityToday,
      };
  return { tile, next: clock.nextChange };
}

function emptyCard(id: string, name: string): CampusCard {
  return { id, name, tiles: [], totalDoors: 0, activityToday: 0, noActivity: 0 };
}

/** Adds (sign 1) or takes away (sign -1) a tile's share of its card's and the board's counts. */
function count(tile: DoorTile, card: CampusCard, totals: DoorStatusTotals, sign: 1 | -1): void {
  card.totalDoors += sign;
  totals.doors += sign;
  if (tile.activityToday) {
    card.activityToday += sign;
    totals.activityToday += sign;
  } else {
    card.noActivity += sign;
    totals.noActivity += sign;
  }
  if (tile.freshness === 'needs-check') totals.needsCheck += sign;
  else if (tile.freshness === 'check-soon') totals.checkSoon += sign;
  else if (tile.freshness === 'recent-check') totals.recentCheck += sign;
}

interface BoardDraft {
  cards: Map<string, CampusCard>;
  inactive: ReturnType<typeof inactiveCampusIds>;
  totals: DoorStatusTotals;
  nextChange: Map<string, number>;
}

type BoardInput = {
  campuses: readonly Row[];
  doors: readonly Row[];
  latest: LatestChecks;
  intervalHours: number;
  now: number;
};

function startBoard(campuses: readonly Row[]): BoardDraft {
  const cards = new Map<string, CampusCard>();
  const active = campuses
    .filter((c) => c.active !== false)
    .sort((a, b) => compareText(String(a.campus_name ?? ''), String(b.campus_name ?? '')));
  for (const c of active) cards.set(String(c.id), emptyCard(String(c.id), String(c.campus_name ?? '')));
  const totals: DoorStatusTotals = { doors: 0, activityToday: 0, noActivity: 0, needsCheck: 0, checkSoon: 0, recentCheck: 0 };
  return { cards, inactive: inactiveCampusIds(campuses), totals, nextChange: new Map() };
}

function addDoors(draft: BoardDraft, input: BoardInput, from: number, to: number): void {
  const { latest, intervalHours: hours, now } = input;
  for (let i = from; i < to; i++) {
    const d = input.doors[i];
    const id = d?.id;
    if (!d || typeof id !== 'string') continue;
    const doorNumber = typeof d.door_number === 'string' ? d.door_number : '';
    if (!isRealDoor({ id, door_number: doorNumber }) || onInactiveCampus(d, draft.inactive)) continue;
    const campusId = typeof d.campus_id === 'string' ? d.campus_id : '';
    let card = draft.cards.get(campusId);
    if (!card) {
      // A campus not on this device (it may be active): keep its doors visible together.
      card = draft.cards.get('') ?? emptyCard('', UNKNOWN_CAMPUS);
      draft.cards.set('', card);
    }
    const base: DoorTile = {
      id,
      doorNumber,
      location: typeof d.location === 'string' ? d.location : null,
      freshness: 'needs-check',
      lastCheck: null,
      lastStatus: null,
      statusColor: 'grey',
      activityToday: false,
    };
    const { tile, next } = clockedTile(base, latest.get(id), hours, now);
    card.tiles.push(tile);
    draft.nextChange.set(id, next);
    count(tile, card, draft.totals, 1);
  }
}

function shownCards(draft: BoardDraft): CampusCard[] {
  return [...draft.cards.values()].filter((c) => c.id !== '' || c.totalDoors > 0);
}

function finishBoard(draft: BoardDraft, campuses: CampusCard[], hours: number): LiveBoard {
  const place = new Map<string, readonly [number, number]>();
  campuses.forEach((c, ci) => c.tiles.forEach((t, ti) => place.set(t.id, [ci, ti])));
  return { board: { campuses, totals: draft.totals }, place, nextChange: draft.nextChange, intervalHours: hours };
}

/**
 * Campus cards (active campuses by name, then doors whose campus is not on
 * this device), door tiles in door order, non-door ids filtered out, each
 * door's freshness from its latest check. Doors of an inactive campus are
 * neither shown nor counted (src/lib/inactive-campuses.ts).
 */
export function buildLiveBoard(input: BoardInput): LiveBoard {
  const draft = startBoard(input.campuses);
  addDoors(draft, input, 0, input.doors.length);
  const campuses = shownCards(draft);
  for (const c of campuses) sortTiles(c.tiles);
  return finishBoard(draft, campuses, input.intervalHours);
}

/** Doors taken into the board between two yields: about 10 ms of work on a phone. */
const DOORS_PER_STEP = 500;

/**
 * buildLiveBoard's board, built a few hundred doors (or one campus's sort)
 * at a time with `pause` between the steps, so 5,000 doors are no single
 * long task on a phone; null when `stopped()` turned true on the way.
 */
export async function buildLiveBoardInSteps(
  input: BoardInput,
  pause: () => Promise<void>,
  stopped: () => boolean,
): Promise<LiveBoard | null> {
  const draft = startBoard(input.campuses);
  for (let from = 0; from < input.doors.length; from += DOORS_PER_STEP) {
    addDoors(draft, input, from, Math.min(input.doors.length, from + DOORS_PER_STEP));
    await pause();
    if (stopped()) return null;
  }
  const campuses = shownCards(draft);
  let sortedSincePause = 0;
  for (const c of campuses) {
    sortTiles(c.tiles);
    sortedSincePause += c.tiles.length;
    if (sortedSincePause >= DOORS_PER_STEP) {
      sortedSincePause = 0;
      await pause();
      if (stopped()) return null;
    }
  }
  return finishBoard(draft, campuses, input.intervalHours);
}

/** Door order, each door number split once rather than on every comparison. */
function sortTiles(tiles: DoorTile[]): void {
  const ranked = new Map<string, number>();
  const numbers = [...new Set(tiles.map((t) => t.doorNumber))].sort(compareDoorNumbers);
  numbers.forEach((n, i) => ranked.set(n, i));
  tiles.sort((a, b) => (ranked.get(a.doorNumber) ?? 0) - (ranked.get(b.doorNumber) ?? 0));
}

/** The doors whose tile changes with time by `now`. */
export function doorsDue(live: LiveBoard, now: number): string[] {
  const due: string[] = [];
  for (const [id, t] of live.nextChange) if (t <= now) due.push(id);
  return due;
}

/** The next time any tile changes with time alone (ms); Infinity when none will. */
export function nextBoardChange(live: LiveBoard): number {
  let next = Number.POSITIVE_INFINITY;
  for (const t of live.nextChange.values()) if (t < next) next = t;
  return next;
}

/** The doors whose latest check differs between two readings. */
export function changedDoors(before: LatestChecks, after: LatestChecks): string[] {
  const changed: string[] = [];
  for (const [id, check] of after) {
    const prev = before.get(id);
    if (!prev || prev.at !== check.at || prev.status !== check.status) changed.push(id);
  }
  for (const id of before.keys()) if (!after.has(id)) changed.push(id);
  return changed;
}

/**
 * The board with these doors' tiles computed again at `now`; the same
 * object when none of them changed, else new objects only for the tiles,
 * cards and totals touched.
 */
export function refreshDoors(live: LiveBoard, ids: Iterable<string>, latest: LatestChecks, now: number): LiveBoard {
  const nextChange = new Map(live.nextChange);
  let campuses: CampusCard[] | null = null;
  let totals: DoorStatusTotals | null = null;
  const copied = new Set<number>();
  for (const id of ids) {
    const at = live.place.get(id);
    if (!at) continue;
    const [ci, ti] = at;
    const card = (campuses ?? live.board.campuses)[ci];
    const old = card?.tiles[ti];
    if (!card || !old) continue;
    const { tile, next } = clockedTile(old, latest.get(id), live.intervalHours, now);
    nextChange.set(id, next);
    if (tile === old) continue;
    campuses ??= [...live.board.campuses];
    totals ??= { ...live.board.totals };
    let target = campuses[ci] ?? card;
    if (!copied.has(ci)) {
      target = { ...target, tiles: [...target.tiles] };
      campuses[ci] = target;
      copied.add(ci);
    }
    count(old, target, totals, -1);
    target.tiles[ti] = tile;
    count(tile, target, totals, 1);
  }
  if (!campuses || !totals) return { ...live, nextChange };
  return { ...live, board: { campuses, totals }, nextChange };
}
