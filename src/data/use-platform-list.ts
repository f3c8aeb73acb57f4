/**
 * A staff screen's list, cache first: what this device last fetched for the
 * signed-in staff member shows at once (with its age), then the API is asked
 * when the browser is online and the answer replaces it and is stored. A
 * failed refresh keeps the cached list on screen and says why; a refresh
 * that could not reach the server marks the screen as disconnected, so
 * actions that need the server can say so instead of failing.
 */
import { useCallback, useEffect, useState } from 'react';
import { useOnline } from '../lib/use-online';
import {
  describeListAge,
  platformListKey,
  readPlatformList,
  refreshPlatformList,
  type CachedPlatformList,
  type PlatformList,
} from './platform-cache';
import { ProductApiError } from './product-api';

export interface PlatformListView<T> {
  data: T | null;
  /** ISO time of the list on screen, null before the first answer. */
  fetchedAt: string | null;
  /** "Last updated 5 minutes ago", null before the first answer. */
  age: string | null;
  /** Nothing to show yet: the cache is being read or the first answer awaited. */
  loading: boolean;
  refreshing: boolean;
  /** The last refresh's failure, in the API's words (the cached list, if any, stays). */
  error: string | null;
  /** That failure as thrown, for screens that word some failures their own way (a 502 from a tenant). */
  failure: unknown;
  /** False offline or when the last refresh could not reach the server. */
  connected: boolean;
  /** Why actions that need the server are off, null while connected. */
  disconnectedReason: string | null;
  reload: () => void;
}

const AGE_TICK_MS = 30_000;

export const PLATFORM_LIST_MESSAGES = {
  offline: 'You are offline. This needs a connection to the server.',
  unreachable: 'The server could not be reached. This needs a connection to the server.',
} as const;

/** A failure that says nothing about the data: no answer came at all. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof ProductApiError) return error.status === 0;
  const message = error instanceof Error ? error.message : String(error);
  return /failed to fetch|networkerror|load failed|network request failed/i.test(message);
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/**
 * `load` must be stable (a module function or useCallback): it is an effect
 * dependency. A per-tenant list (PER_TENANT_LISTS) takes the tenant's id.
 */
export function usePlatformList<T>(userId: string, kind: PlatformList, load: () => Promise<T>, tenantId?: string): PlatformListView<T> {
  const list = platformListKey(kind, tenantId);
  const online = useOnline();
  const now = useNow(AGE_TICK_MS);
  const [stored, setEntry] = useState<CachedPlatformList<T> | null>(null);
  // Which list's stored copy has been read: a per-tenant list changes key when another tenant is opened.
  const [cacheReadFor, setCacheReadFor] = useState<string | null>(null);
  const cacheKey = `${userId}:${list}`;
  const entry = stored && `${stored.userId}:${stored.list}` === cacheKey ? stored : null;
  const cacheRead = cacheReadFor === cacheKey;
  const [version, setVersion] = useState(0);
  const [settled, setSettled] = useState<{ key: string; error: unknown } | null>(null);
  // Each return of the network asks again, as a new request (its old failure no longer holds).
  const [onlineEpoch, setOnlineEpoch] = useState(0);
  useEffect(() => {
    const back = () => setOnlineEpoch((n) => n + 1);
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);
  const requestKey = `${userId}:${list}:${version}:${onlineEpoch}`;

  useEffect(() => {
    let live = true;
    readPlatformList<T>(userId, list)
      .then((row) => {
        // A fresh answer that came first wins over the stored one.
        if (live && row) setEntry((current) => (current && current.userId === userId && current.list === list ? current : row));
      })
      .catch(() => undefined)
      .finally(() => live && setCacheReadFor(`${userId}:${list}`));
    return () => {
      live = false;
    };
  }, [userId, list]);

  useEffect(() => {
    if (!online) return;
    let live = true;
    refreshPlatformList(userId, list, load)
      .then((row) => {
        if (!live) return;
        setEntry(row);
        setSettled({ key: requestKey, error: null });
      })
      .catch((error: unknown) => live && setSettled({ key: requestKey, error }));
    return () => {
      live = false;
    };
  }, [online, load, userId, list, requestKey]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const current = settled?.key === requestKey ? settled : null;
  const refreshing = online && !current;
  const failure = current?.error ?? null;
  const unreachable = failure !== null && isConnectionFailure(failure);
  const disconnectedReason = !online ? PLATFORM_LIST_MESSAGES.offline : unreachable ? PLATFORM_LIST_MESSAGES.unreachable : null;
  return {
    data: entry?.data ?? null,
    fetchedAt: entry?.fetchedAt ?? null,
    age: entry ? describeListAge(entry.fetchedAt, Math.max(now, Date.parse(entry.fetchedAt))) : null,
    loading: !entry && (!cacheRead || refreshing),
    refreshing,
    error: failure === null ? null : messageOf(failure),
    failure,
    connected: disconnectedReason === null,
    disconnectedReason,
    reload,
  };
}
