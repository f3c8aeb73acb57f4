/**
 * The window's scroll position kept per history entry, as React Router's
 * <ScrollRestoration /> keeps it (restored on back, forward and reload, reset
 * to the top on a new page, an anchor scrolled to), without its layout read
 * as the page is left: that component reads window.scrollY on pagehide, and
 * Chromium has the leaving page's style invalidated whole by then, so the
 * read restyled every element of it before the next page could start (24-43
 * ms at 4x on the security dashboard, measured in the page). The position is
 * kept from the window's scroll events instead, when layout is clean anyway.
 *
 * The data router's own contexts are the only way to its scroll state
 * (restoreScrollPosition, preventScrollReset) and its enableScrollRestoration;
 * <ScrollRestoration /> uses the same two.
 */
import { useContext, useEffect, useLayoutEffect } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation } from 'react-router-dom';

const STORAGE_KEY = 'lockstep:scroll-positions';

/** Each history entry's last scroll position (its location key). */
let positions: Record<string, number> = {};
/** The window's scroll position as of its last scroll event: a scroll that moves the page fires one. */
let lastY = 0;

function loadPositions(): void {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (stored && typeof stored === 'object') positions = stored as Record<string, number>;
  } catch {
    // Storage blocked or a damaged entry: restoring starts afresh.
  }
}

export function AppScrollRestoration() {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  const location = useLocation();
  const idle = state?.navigation.state === 'idle';

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      lastY = window.scrollY;
    };
    addEventListener('scroll', onScroll, { passive: true });
    return () => {
      removeEventListener('scroll', onScroll);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const onPageHide = () => {
      if (idle) positions[location.key] = lastY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or blocked: a reload starts at the top.
      }
      // A page restored from the back-forward cache keeps its own position.
      window.history.scrollRestoration = 'auto';
    };
    addEventListener('pagehide', onPageHide);
    return () => removeEventListener('pagehide', onPageHide);
  }, [idle, location.key]);

  useLayoutEffect(() => {
    loadPositions();
    // The router asks for the position as a navigation starts, and restores the saved one on back, forward and reload.
    return router?.enableScrollRestoration(positions, () => lastY);
  }, [router]);

  const restore = state?.restoreScrollPosition;
  const keepScroll = state?.preventScrollReset;
  useLayoutEffect(() => {
    if (restore === false || restore === undefined) return;
    if (typeof restore === 'number') {
      // Not returned: Chromium's scroll methods may return a promise, which React would take for a cleanup.
      window.scrollTo(0, restore);
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable id: nothing to scroll to.
      }
    }
    if (keepScroll !== true) window.scrollTo(0, 0);
  }, [location, restore, keepScroll]);

  return null;
}
