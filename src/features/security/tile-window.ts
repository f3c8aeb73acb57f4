/**
 * Which rows of a campus's door grid to render: the rows the viewport
 * shows plus a few either side, so a campus of 1,000 doors costs what its
 * first screen costs. Rows are of one fixed height (the grid's), so the
 * rows left out are space the list keeps as padding and nothing moves when
 * the page scrolls them in.
 */

export interface RowRange {
  /** First row rendered. */
  start: number;
  /** One past the last row rendered. */
  end: number;
}

export interface GridGeometry {
  count: number;
  columns: number;
  /** Row height plus the gap below it (px). */
  rowStride: number;
}

export function rowCount(g: GridGeometry): number {
  return Math.ceil(g.count / Math.max(1, g.columns));
}

/**
 * The rows to render when the grid's first row starts `top` px below the
 * viewport's top (negative once scrolled past) in a viewport `height` px
 * tall: a screen of rows from the first one showing, and `overscan` more on
 * either side. A grid below the viewport renders its first screen, one
 * above it its last, so scrolling or jumping to it lands on tiles.
 */
export function visibleRows(g: GridGeometry, top: number, height: number, overscan: number): RowRange {
  const rows = rowCount(g);
  if (rows === 0 || g.rowStride <= 0) return { start: 0, end: rows };
  // A row partly shown at either edge counts: one more than the height holds.
  const screen = Math.ceil(height / g.rowStride) + 1;
  const first = Math.min(Math.max(0, Math.floor(-top / g.rowStride)), Math.max(0, rows - screen));
  return { start: Math.max(0, first - overscan), end: Math.min(rows, first + screen + overscan) };
}

/** The range grown to hold the row of tile `index` and `margin` rows around it (keyboard focus moving past the rendered rows). */
export function includeTile(range: RowRange, g: GridGeometry, index: number, margin: number): RowRange {
  const row = Math.floor(index / Math.max(1, g.columns));
  const start = Math.max(0, Math.min(range.start, row - margin));
  const end = Math.min(rowCount(g), Math.max(range.end, row + margin + 1));
  return start === range.start && end === range.end ? range : { start, end };
}

/**
 * The range kept around a focused tile `index` as the page scrolls: grown to
 * hold its row and the next (includeTile) while that row is within the
 * range's own length of it; otherwise the range as it is, so a tile
 * scrolled far away is let go and the rows rendered stay a few screens.
 */
export function keepFocusedTile(range: RowRange, g: GridGeometry, index: number): RowRange {
  const row = Math.floor(index / Math.max(1, g.columns));
  const span = range.end - range.start;
  return row < range.start - span || row >= range.end + span ? range : includeTile(range, g, index, 1);
}

/** Tile indexes [from, to) of a row range. */
export function tileSpan(range: RowRange, g: GridGeometry): { from: number; to: number } {
  return { from: Math.min(g.count, range.start * g.columns), to: Math.min(g.count, range.end * g.columns) };
}

export function sameRange(a: RowRange, b: RowRange): boolean {
  return a.start === b.start && a.end === b.end;
}
