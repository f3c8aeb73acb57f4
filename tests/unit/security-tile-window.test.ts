/**
 * The door grid's windowing (src/features/security/tile-window.ts): which
 * rows a campus renders for where its grid sits in the viewport, and how
 * keyboard focus grows the range.
 */
import { describe, expect, it } from 'vitest';
import { includeTile, keepFocusedTile, rowCount, sameRange, tileSpan, visibleRows } from '../../src/features/security/tile-window';

const grid = { count: 1000, columns: 4, rowStride: 100 };

describe('visibleRows', () => {
  it('renders the rows the viewport shows plus the overscan, none outside the grid', () => {
    expect(rowCount(grid)).toBe(250);
    // First row 50 px below the top of a 900 px viewport: rows 0..8 show.
    expect(visibleRows(grid, 50, 900, 2)).toEqual({ start: 0, end: 12 });
    // Scrolled 1,050 px into the grid: rows 10..19 show, the first and last in part.
    expect(visibleRows(grid, -1050, 900, 2)).toEqual({ start: 8, end: 22 });
  });

  it('a grid below the viewport renders its first screen, one above it its last', () => {
    expect(visibleRows(grid, 5000, 900, 3)).toEqual({ start: 0, end: 13 });
    expect(visibleRows(grid, -1_000_000, 900, 3)).toEqual({ start: 237, end: 250 });
  });

  it('a grid shorter than the viewport renders every row', () => {
    const small = { count: 10, columns: 4, rowStride: 100 };
    expect(visibleRows(small, 0, 900, 3)).toEqual({ start: 0, end: 3 });
    expect(tileSpan({ start: 0, end: 3 }, small)).toEqual({ from: 0, to: 10 });
  });

  it('an empty grid renders nothing', () => {
    expect(visibleRows({ count: 0, columns: 4, rowStride: 100 }, 0, 900, 3)).toEqual({ start: 0, end: 0 });
  });
});

describe('includeTile', () => {
  it('grows the range to the focused tile’s row and a margin, and keeps the same object when it holds them already', () => {
    const range = { start: 0, end: 11 };
    // Tile 43 is on row 10: one row of margin takes the range to row 11 inclusive.
    expect(includeTile(range, grid, 43, 1)).toEqual({ start: 0, end: 12 });
    expect(includeTile(range, grid, 5, 1)).toBe(range);
    expect(includeTile({ start: 20, end: 30 }, grid, 76, 1)).toEqual({ start: 18, end: 30 });
    expect(includeTile({ start: 240, end: 250 }, grid, 999, 1)).toEqual({ start: 240, end: 250 });
  });
});

describe('keepFocusedTile', () => {
  it('keeps the focused tile’s row and the next one in the rows a scroll measured, while it is near them', () => {
    // Scrolled so rows 10-25 show: tile 47 (row 11) focused needs rows 10-12, which the range holds already.
    const shown = { start: 10, end: 26 };
    expect(keepFocusedTile(shown, grid, 47)).toBe(shown);
    // Tile 59 (row 14) focused while rows 0-14 are measured: row 15, where Tab goes next, stays.
    expect(keepFocusedTile({ start: 0, end: 15 }, grid, 59)).toEqual({ start: 0, end: 16 });
    // Focused above the rows now shown, within their length: the range reaches back to it.
    expect(keepFocusedTile({ start: 30, end: 45 }, grid, 4 * 20)).toEqual({ start: 19, end: 45 });
  });

  it('lets a tile scrolled far away go, so the rows rendered stay a few screens', () => {
    const far = { start: 200, end: 215 };
    expect(keepFocusedTile(far, grid, 0)).toBe(far);
    expect(keepFocusedTile({ start: 0, end: 15 }, grid, 4 * 100)).toEqual({ start: 0, end: 15 });
  });
});

describe('tileSpan and sameRange', () => {
  it('maps rows to tile indexes, the last row possibly short', () => {
    expect(tileSpan({ start: 2, end: 5 }, grid)).toEqual({ from: 8, to: 20 });
    expect(tileSpan({ start: 2, end: 4 }, { count: 14, columns: 4, rowStride: 1 })).toEqual({ from: 8, to: 14 });
    expect(sameRange({ start: 1, end: 2 }, { start: 1, end: 2 })).toBe(true);
    expect(sameRange({ start: 1, end: 2 }, { start: 1, end: 3 })).toBe(false);
  });
});
