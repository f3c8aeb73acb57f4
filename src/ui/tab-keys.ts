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
