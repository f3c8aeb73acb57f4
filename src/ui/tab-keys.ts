/**
 * Which tab a key moves to in a horizontal tab list (WAI-ARIA APG tabs pattern): the arrows step and wrap around,
 * Home and End go to the ends. Null for any other key, which the list leaves to the browser.
 */
export function tabIndexForKey(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The selected tab's index: the one asked for when it names a tab, else the first (as an out-of-range query string may ask). */
export function shownTabIndex(asked: number, count: number): number {
  return Number.isInteger(asked) && asked >= 0 && asked < count ? asked : 0;
}

/** A tab asked for (by click or key) and the selection shown when it was asked. */
export interface TabAsk {
  index: number;
  from: number;
}

/**
 * Whether a click or key on tab `i` asks for it. A caller that keeps the selection in the URL shows the tab asked
 * for only once its navigation is done, so until the shown selection moves, the tab on its way is the one to compare
 * with: a key pressed meanwhile back to the tab still shown (Home) must ask for it, where comparing with the shown
 * tab would drop it. With nothing on its way, the tab already shown is not asked for again (re-selecting it would
 * drop what the caller keeps beside it, such as an open route). `asked` is forgotten once the shown selection moves
 * (Tabs does that in an effect), so a Back to an earlier selection does not leave a stale ask behind.
 */
export function asksForTab(i: number, selected: number, asked: TabAsk | null): boolean {
  const onItsWay = asked !== null && asked.from === selected ? asked.index : selected;
  return i !== onItsWay;
}
