import { useOnline } from '../lib/use-online';

/** A thin banner shown while the device is offline; screens keep working from the local store. */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950" data-testid="offline-indicator">
          You are offline. Screens you have opened still work; changes sync when you are back online.
        </p>
      )}
    </div>
  );
}
