/**
 * The user list the screen shows: the users synced to this device first (so
 * it opens offline), replaced by the API's list once it answers (it is the
 * server's word on who may sign in now). Says how old what it shows is.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  describeListAge,
  isConnectionFailure,
  useRows,
  useSyncStates,
  type TenantDb,
  type TenantOwnUsersApi,
  type TenantUser,
} from '../../../data';
import { useNow } from '../../../lib/use-now';
import { useOnline } from '../../../lib/use-online';
import { loadFailure } from '../../../ui/user-admin';
import { sortUsers, userFromCacheRow } from './users-list';

export interface UsersListView {
  /** undefined while neither the cache nor the server has answered. */
  users: TenantUser[] | undefined;
  source: 'server' | 'cache';
  /** "Last updated 5 minutes ago", or that nothing has been synced yet. */
  age: string;
  refreshing: boolean;
  /** Why the server's list could not be read (online only), or null. */
  failure: string | null;
  reload: () => void;
  /** Puts a user the server just returned into the list at once. */
  replace: (user: TenantUser) => void;
}

const NEVER_SYNCED = 'Not yet synced to this device';
const RETRY_MS = 3_000;

export function useUsersList(db: TenantDb | null, api: TenantOwnUsersApi, company: string): UsersListView {
  const online = useOnline();
  const now = useNow(30_000);
  const rows = useRows(db, 'users');
  const states = useSyncStates(db);
  const cached = useMemo(
    () => (rows ? sortUsers(rows.map(userFromCacheRow).filter((u): u is TenantUser => u !== null)) : undefined),
    [rows],
  );
  const lastPull = states?.find((s) => s.table === 'users')?.last_pull_at ?? null;

  const [server, setServer] = useState<{ users: TenantUser[]; at: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  // Which request last answered: the list is refreshing while the latest one has not.
  const [answered, setAnswered] = useState(-1);
  const refreshing = online && answered < asked;
  const reload = useCallback(() => setAsked((n) => n + 1), []);

  useEffect(() => {
    if (!online) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    api
      .list()
      .then((users) => {
        if (!live) return;
        setServer({ users: sortUsers(users), at: new Date().toISOString() });
        setFailure(null);
      })
      .catch((e: unknown) => {
        if (!live) return;
        setFailure(loadFailure(e, company, navigator.onLine));
        // The browser says "online" a moment before requests go through (and a
        // dead server never says otherwise): ask again rather than wait for a reload.
        if (isConnectionFailure(e)) retry = setTimeout(() => setAsked((n) => n + 1), RETRY_MS);
      })
      .finally(() => {
        if (live) setAnswered(asked);
      });
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [api, company, online, asked]);

  const replace = useCallback((user: TenantUser) => {
    setServer((s) => s && { ...s, users: sortUsers([...s.users.filter((u) => u.id !== user.id), user]) });
  }, []);

  if (server) return { users: server.users, source: 'server', age: describeListAge(server.at, now), refreshing, failure, reload, replace };
  return {
    users: cached,
    source: 'cache',
    age: lastPull ? describeListAge(lastPull, now) : NEVER_SYNCED,
    refreshing,
    failure: online ? failure : null,
    reload,
    replace,
  };
}
