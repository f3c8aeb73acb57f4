import { describe, expect, it } from 'vitest';
import { shownTabIndex, tabIndexForKey } from '../../src/ui/tab-keys';

describe('tabIndexForKey', () => {
  it('steps with the arrows and wraps around at both ends', () => {
    expect(tabIndexForKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabIndexForKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 1, 3)).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 0, 3)).toBe(2);
  });

  it('goes to the ends with Home and End', () => {
    expect(tabIndexForKey('Home', 2, 4)).toBe(0);
    expect(tabIndexForKey('End', 0, 4)).toBe(3);
  });

  it('leaves every other key to the browser, and a list without tabs alone', () => {
    for (const key of ['Tab', 'Enter', ' ', 'ArrowDown', 'ArrowUp', 'a']) expect(tabIndexForKey(key, 0, 3)).toBeNull();
    expect(tabIndexForKey('ArrowRight', 0, 0)).toBeNull();
  });

  it('keeps a single tab where it is', () => {
    expect(tabIndexForKey('ArrowRight', 0, 1)).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 0, 1)).toBe(0);
  });
});

describe('shownTabIndex', () => {
  it('shows the tab asked for when there is one, else the first', () => {
    expect(shownTabIndex(2, 3)).toBe(2);
    expect(shownTabIndex(3, 3)).toBe(0);
    expect(shownTabIndex(-1, 3)).toBe(0);
    expect(shownTabIndex(Number.NaN, 3)).toBe(0);
    expect(shownTabIndex(1.5, 3)).toBe(0);
  });
});
