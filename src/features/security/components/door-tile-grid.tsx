/**
 * A campus's door tiles, 2, 3 or 4 to a row. A large campus renders only
 * the rows near the viewport (tile-window.ts): the rows left out are kept as
 * padding of the same height, so the page is as long as with every tile
 * and nothing moves as rows come and go. Tab from the last rendered tile
 * reaches the next one: focusing a tile renders the rows around it first.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { afterPaint } from '../../../lib/after-paint';
import { cx } from '../../../ui/cx';
import { DOOR_STATUS_LABEL, FRESHNESS_LABEL, type DoorStatus, type Freshness } from '../../door-checks/index';
import type { CampusCard, DoorTile } from '../door-status';
import { includeTile, keepFocusedTile, rowCount, sameRange, tileSpan, visibleRows, type GridGeometry, type RowRange } from '../tile-window';

export const FRESHNESS_TONE: Record<Freshness, string> = {
  'needs-check': 'border-red-300 bg-red-50 text-red-900',
  'check-soon': 'border-amber-300 bg-amber-50 text-amber-900',
  'activity-today': 'border-green-300 bg-green-50 text-green-900',
  'recent-check': 'border-blue-300 bg-blue-50 text-blue-900',
};

/** The latest check's status (spec §4 door log colours) as the tile's left edge. */
const STATUS_EDGE: Record<DoorTile['statusColor'], string> = {
  green: 'border-l-green-600',
  yellow: 'border-l-yellow-400',
  red: 'border-l-red-600',
  grey: 'border-l-slate-400',
};

/** The same state in words, so colour is never the only sign (WCAG 1.4.1): a door out of service must not read as a green tile. */
const STATUS_TEXT_TONE: Record<DoorTile['statusColor'], string> = {
  green: 'text-green-900',
  yellow: 'bg-yellow-100 px-1 text-yellow-900',
  red: 'bg-red-700 px-1 text-white',
  grey: 'text-slate-700',
};

function statusText(tile: DoorTile): string {
  if (tile.lastStatus === null) return 'Not checked';
  return DOOR_STATUS_LABEL[tile.lastStatus as DoorStatus] ?? tile.lastStatus;
}

/** Up to this many tiles a campus renders them all (a small campus, and every campus the journeys use). */
const RENDER_ALL_UP_TO = 96;
const NO_ROWS: RowRange = { start: 0, end: 0 };
/** Rows rendered beyond the viewport on each side. */
const OVERSCAN_ROWS = 3;
/** One tile row: 5rem tall, 0.5rem gap (h-20, gap-2). */
const ROW_REM = 5;
const GAP_REM = 0.5;
/** The list's padding (p-4) above its first row. */
const PAD_REM = 1;

/** Tailwind's sm and lg breakpoints, as the grid's classes apply them. */
function columnsNow(): number {
  if (typeof matchMedia === 'undefined') return 4;
  if (matchMedia('(min-width: 64rem)').matches) return 4;
  return matchMedia('(min-width: 40rem)').matches ? 3 : 2;
}

function remPx(): number {
  const size = typeof getComputedStyle === 'undefined' ? NaN : parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

/** `rows` as the focused tile of `list` keeps them (keepFocusedTile): the measure after a focus must not drop the row Tab goes to next. */
function keepFocused(rows: RowRange, g: GridGeometry, list: HTMLElement): RowRange {
  const focused = document.activeElement;
  const index = focused && list.contains(focused) ? tileIndexOf(focused) : null;
  return index === null ? rows : keepFocusedTile(rows, g, index);
}

/** The index of the tile `el` is in (its list item's data-index), or null outside a tile. */
function tileIndexOf(el: Element): number | null {
  const index = Number(el.closest('li')?.dataset.index);
  return Number.isInteger(index) ? index : null;
}

function geometryNow(count: number): GridGeometry {
  return { count, columns: columnsNow(), rowStride: (ROW_REM + GAP_REM) * remPx() };
}

const Tile = memo(function Tile({
  tile,
  index,
  count,
  onOpen,
}: {
  tile: DoorTile;
  index: number;
  count: number;
  onOpen: (tile: DoorTile) => void;
}) {
  // A tile far from the viewport is not styled, laid out or painted until scrolled near (content-visibility): the
  // rows rendered past the first screen cost the frame that adds them next to nothing (that frame styled and laid
  // out 313 elements, 38-50 ms traced at 4x; 73 with this). The grid's tracks give the item its size meanwhile. The
  // item clips its painting, so the tile's focus ring is drawn inside the tile.
  return (
    <li aria-setsize={count} aria-posinset={index + 1} data-index={index} className="[content-visibility:auto]">
      <button
        type="button"
        data-testid="door-tile"
        data-door={tile.doorNumber}
        data-freshness={tile.freshness}
        data-state={tile.lastStatus ?? 'none'}
        className={cx(
          'flex h-full w-full flex-col items-start overflow-hidden rounded-xl border border-l-8 px-3 py-2 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700',
          FRESHNESS_TONE[tile.freshness],
          STATUS_EDGE[tile.statusColor],
        )}
        onClick={() => onOpen(tile)}
      >
        <span className="max-w-full truncate font-bold">{tile.doorNumber}</span>
        <span className="text-xs font-semibold">{FRESHNESS_LABEL[tile.freshness]}</span>
        <span className={cx('mt-0.5 rounded text-xs font-bold', STATUS_TEXT_TONE[tile.statusColor])} data-testid="door-tile-state">
          {statusText(tile)}
        </span>
      </button>
    </li>
  );
});

export function DoorTileGrid({
  campus,
  id,
  onOpenDoor,
  onShown,
}: {
  campus: CampusCard;
  id: string;
  onOpenDoor: (tile: DoorTile, campus: CampusCard) => void;
  /** Called once the grid's first tiles are committed (at once when it has none). */
  onShown?: () => void;
}) {
  const tiles = campus.tiles;
  const windowed = tiles.length > RENDER_ALL_UP_TO;
  const list = useRef<HTMLUListElement>(null);
  const [geometry, setGeometry] = useState(() => geometryNow(tiles.length));
  const g = useMemo(() => (geometry.count === tiles.length ? geometry : { ...geometry, count: tiles.length }), [geometry, tiles.length]);
  // A large campus's first render holds no row, only the space they take: its rows come with the first measure, in a
  // task after the page's first frame, which on a phone was one long task when it also styled, laid out and painted
  // a screen of tiles (the first campus's list starts below the first screen on a district's dashboard anyway).
  const [range, setRange] = useState<RowRange>(NO_ROWS);
  const onOpen = useCallback((tile: DoorTile) => onOpenDoor(tile, campus), [onOpenDoor, campus]);

  // On every scroll or resize, in the next frame: the rows the viewport now shows (a state change only when they differ).
  // The first measure runs in a task after the commit's frame has been laid out and painted: read in the commit, or in
  // that frame's animation callback, it forced the page's first layout early, and with the frame's own work made one
  // long task on a phone (57 ms at 4x, profiled). A layout effect asks for that frame: a passive effect runs after it
  // has painted, and waiting for the next frame held the first tiles back ~70 ms at 4x.
  useLayoutEffect(() => {
    if (!windowed) return;
    let frame = 0;
    let live = true;
    let first: ReturnType<typeof setTimeout> | undefined;
    const measure = (overscan: number) => {
      const el = list.current;
      if (!live || !el) return;
      const next = geometryNow(tiles.length);
      setGeometry((old) => (old.columns === next.columns && old.rowStride === next.rowStride && old.count === next.count ? old : next));
      const top = el.getBoundingClientRect().top + PAD_REM * remPx();
      const rows = keepFocused(visibleRows(next, top, innerHeight, overscan), next, el);
      setRange((old) => (sameRange(old, rows) ? old : rows));
    };
    const schedule = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          measure(OVERSCAN_ROWS);
        });
    };
    // The first rows are the screen's alone, the rows beyond it a frame later: a fifth fewer tiles created in the
    // commit before the board's paint, one of React's tasks of up to 66 ms at 4x (Long Animation Frames).
    frame = requestAnimationFrame(() => {
      frame = 0;
      first = setTimeout(() => {
        measure(0);
        afterPaint(() => measure(OVERSCAN_ROWS));
      }, 0);
    });
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    return () => {
      live = false;
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
      clearTimeout(first);
    };
  }, [windowed, tiles.length]);

  const onFocus = useCallback(
    (e: FocusEvent<HTMLUListElement>) => {
      const index = tileIndexOf(e.target as Element);
      if (index !== null) setRange((old) => includeTile(old, g, index, 1));
    },
    [g],
  );

  const rows = rowCount(g);
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || !onShown || (windowed && range.end <= range.start && rows > 0)) return;
    shown.current = true;
    onShown();
  }, [onShown, windowed, range, rows]);

  const { from, to } = windowed ? tileSpan(range, g) : { from: 0, to: tiles.length };
  const span = windowed ? { start: Math.min(range.start, rows), end: Math.min(range.end, rows) } : { start: 0, end: rows };
  const stride = ROW_REM + GAP_REM;
  return (
    <ul
      ref={list}
      id={id}
      className="grid auto-rows-[5rem] grid-cols-2 gap-2 border-t border-slate-200 p-4 sm:grid-cols-3 lg:grid-cols-4"
      style={
        windowed
          ? { paddingTop: `${PAD_REM + span.start * stride}rem`, paddingBottom: `${PAD_REM + (rows - span.end) * stride}rem` }
          : undefined
      }
      aria-label={`Doors of ${campus.name}`}
      onFocus={windowed ? onFocus : undefined}
    >
      {tiles.slice(from, to).map((tile, i) => (
        <Tile key={tile.id} tile={tile} index={from + i} count={tiles.length} onOpen={onOpen} />
      ))}
    </ul>
  );
}
