/**
 * This tenant's local store for the signed-in user, opened on its own
 * (Dexie only) so the scan-and-check path paints and saves without loading
 * the sync engine and supabase-js: those arrive lazily with the header's
 * sync badge and pick up the outbox from the same IndexedDB database.
 * Belongs in src/data; kept here until the offline core exports one.
 */
import { useEffect, useState } from 'react';
import { getCachedOrganization, openTenantDb, type TenantDb } from '../../../data';

const opened = new Map<string, Promise<TenantDb>>();

function openShared(slug: string, url: string, anonKey: string, userId: string): Promise<TenantDb> {
  const key = `${slug}\n${userId}`;
  let p = opened.get(key);
  if (!p) {
    p = openTenantDb({ slug, url, anonKey, userId });
    opened.set(key, p);
    p.catch(() => opened.delete(key));
  }
  return p;
}

export type LocalDbState = { db: TenantDb; error: null } | { db: null; error: string | null };

export function useLocalDb(slug: string, userId: string): LocalDbState {
  const [state, setState] = useState<LocalDbState>({ db: null, error: null });
  const missing = !getCachedOrganization(slug) || !userId;
  useEffect(() => {
    const org = getCachedOrganization(slug);
    if (!org || !userId) return;
    let live = true;
    openShared(slug, org.supabase_url, org.supabase_anon_key, userId)
      .then((db) => live && setState({ db, error: null }))
      .catch(
        (e: unknown) =>
          live &&
          setState({
            db: null,
            error: e instanceof Error ? e.message : 'The local store could not be opened.',
          }),
      );
    return () => {
      live = false;
    };
  }, [slug, userId]);
  return missing
    ? {
        db: null,
        error: 'This device has no record of this organization. Sign in again while online.',
      }
    : state;
}
