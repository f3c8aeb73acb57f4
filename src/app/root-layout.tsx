import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { markContentReady } from '../lib/content-ready';
import { ToastProvider } from '../ui/toast';
import { OfflineIndicator } from './offline-indicator';
import { AppScrollRestoration } from './scroll-restoration';
import { UpdatePrompt } from './update-prompt';

/** Wraps every screen: skip link, offline banner, update prompt, toasts. */
export function RootLayout() {
  // Mounted with the first route's screen: background work may start once it has painted.
  useEffect(() => markContentReady(), []);
  return (
    <ToastProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <OfflineIndicator />
      <Outlet />
      <UpdatePrompt />
      <AppScrollRestoration />
    </ToastProvider>
  );
}
