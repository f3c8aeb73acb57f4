/**
 * A cached platform list's states on a staff screen: loading, nothing saved
 * while offline, a failed first load (with Retry), and, once there is data,
 * its age ("Last updated 5 minutes ago") and why it may be stale.
 */
import type { ReactNode } from 'react';
import type { PlatformListView } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Loading } from '../../../ui/loading';

export function CachedList<T>({ view, what, children }: { view: PlatformListView<T>; what: string; children: (data: T) => ReactNode }) {
  if (view.data === null) {
    if (view.loading) return <Loading label={`Loading ${what}...`} />;
    if (view.disconnectedReason) {
      return (
        <Alert tone="warning">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>
              This device has no saved copy of the {what} yet. {view.disconnectedReason}
            </span>
            <TryAgain view={view} />
          </div>
        </Alert>
      );
    }
    return (
      <Alert tone="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>
            Failed to load the {what}: {view.error ?? 'unknown error'}
          </span>
          <Button size="sm" variant="secondary" onClick={view.reload}>
            Retry
          </Button>
        </div>
      </Alert>
    );
  }
  return (
    <div className="space-y-3">
      <ListFreshness view={view} what={what} />
      {children(view.data)}
    </div>
  );
}

/** The age of the list on screen, and why it may not be the newest. */
export function ListFreshness<T>({ view, what }: { view: PlatformListView<T>; what: string }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700" data-testid="list-age">
        {view.age}
        {view.refreshing && view.connected ? ' · Refreshing...' : ''}
      </p>
      {view.disconnectedReason ? (
        <Alert tone="warning">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>
              Showing the {what} saved on this device. {view.disconnectedReason}
            </span>
            <TryAgain view={view} />
          </div>
        </Alert>
      ) : (
        view.error && (
          <Alert tone="error">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>
                Failed to refresh the {what}: {view.error}
              </span>
              <Button size="sm" variant="secondary" onClick={view.reload}>
                Retry
              </Button>
            </div>
          </Alert>
        )
      )}
    </div>
  );
}

/** Offline, the browser's return asks again by itself; an unreachable server only when someone asks. */
function TryAgain<T>({ view }: { view: PlatformListView<T> }) {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  return (
    <Button size="sm" variant="secondary" onClick={view.reload} busy={view.refreshing}>
      Try again
    </Button>
  );
}
