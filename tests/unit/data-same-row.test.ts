/** sameRow (src/data/same-row.ts): a pull skips a row only when the cache holds exactly it. */
import { describe, expect, it } from 'vitest';
import { sameRow } from '../../src/data/same-row';

describe('sameRow', () => {
  const row = { id: 'a', name: 'Door 1', tags: ['x', 'y'], meta: { floor: 2, notes: null }, updated_at: '2026-11-24T10:00:00Z' };

  it('is true for an equal copy, nested values included', () => {
    expect(sameRow(structuredClone(row), row)).toBe(true);
  });

  it('is false when nothing is stored, or any value, key or nesting differs', () => {
    expect(sameRow(undefined, row)).toBe(false);
    expect(sameRow({ ...row, name: 'Door 2' }, row)).toBe(false);
    expect(sameRow({ ...row, updated_at: '2026-11-24T10:00:01Z' }, row)).toBe(false);
    expect(sameRow({ ...row, tags: ['x'] }, row)).toBe(false);
    expect(sameRow({ ...row, meta: { floor: 2, notes: '' } }, row)).toBe(false);
    expect(sameRow({ ...row, extra: 1 }, row)).toBe(false);
    const { name: _dropped, ...without } = row;
    expect(sameRow({ ...without, other: 'Door 1' }, row)).toBe(false);
    expect(sameRow({ ...row, tags: { 0: 'x', 1: 'y' } }, row)).toBe(false);
    expect(sameRow({ ...row, meta: null }, row)).toBe(false);
  });
});
