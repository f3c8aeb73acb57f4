import { describe, expect, it } from 'vitest';
import { asksForTab, shownTabIndex, tabIndexForKey } from '../../src/ui/tab-keys';

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

describe('asksForTab', () => {
  it('with nothing on its way, asks for any tab but the one shown', () => {
    expect(asksForTab(1, 0, null)).toBe(true);
    expect(asksForTab(0, 0, null)).toBe(false);
  });

  it('while a tab is on its way, compares with it: back to the tab still shown asks, the same tab again does not', () => {
    // Asked for tab 3 while tab 0 was shown, and 0 is still shown (the caller's navigation is not done).
    const asked = { index: 3, from: 0 };
    expect(asksForTab(0, 0, asked)).toBe(true);
    expect(asksForTab(3, 0, asked)).toBe(false);
    expect(asksForTab(1, 0, asked)).toBe(true);
  });

  it('an ask made from a selection no longer shown is over: the shown tab decides', () => {
    // Asked for 1 from 0; the page has since shown another selection (1, then 0 again by Back, say).
    expect(asksForTab(1, 2, { index: 1, from: 0 })).toBe(true);
    expect(asksForTab(2, 2, { index: 1, from: 0 })).toBe(false);
  });
});
