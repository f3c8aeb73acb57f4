/**
 * Owns the header's sync badge: one control that always says where the
 * device's changes are (synced, N pending with the age of the oldest,
 * offline, sign in needed, N need attention, photos pending). With refused
 * changes or photos it opens a list showing the server's message for each,
 * with retry and discard.
 * While the queue is paused for sign-in it is a link to the tenant's login:
 * the session is not touched there, so the device's data and queue stay,
 * and the queue resumes once the badge is back with a new session.
 * Plain React and Tailwind; announced politely to screen readers.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { getCachedOrganization } from '../auth-orgs';
import type { PersistAnswer } from '../storage';
import { discardRejected, listRejected, retryRejected } from '../rejected-entries';
import type { TenantSync } from '../tenant-sync';
import { useSyncStatus } from '../use-sync-status';
import { PhotoAttentionList } from './photo-attention-list';

const TONE: Record<string, string> = {
  synced: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  pending: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  offline: 'bg-slate-100 text-slate-800 ring-slate-500/30',
  'sign-in': 'bg-orange-50 text-orange-900 ring-orange-600/30',
  attention: 'bg-red-50 text-red-800 ring-red-600/30',
};

export function SyncStatusBadge({ sync }: { sync: TenantSync | null }) {
  const status = useSyncStatus(sync);
  const [open, setOpen] = useState(false);
  const badgeRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const descId = useId();
  const db = sync?.db ?? null;
  const rejected = useLiveQuery(() => (db && open ? listRejected(db) : []), [db, open]) ?? [];
  const canOpen = status.kind === 'attention';
  const signIn = status.kind === 'sign-in' && !status.loading;
  const slug = sync?.endpoint.slug ?? '';
  // Back from signing in again, the engine picks up the new session on its
  // next cycle; ask for one now rather than at the next poll. While the
  // session is still gone this reads the stored session and sends nothing.
  useEffect(() => {
    if (signIn) void sync?.engine.requestSync();
  }, [sync, signIn]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      badgeRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const persist = usePersistAnswer(sync);
  const storageNote =
    persist === 'best-effort'
      ? 'This browser has not promised to keep offline data: it may clear it when the device runs low on space. Sync when you can.'
      : '';
  const pill = `inline-flex items-center gap-2 rounded-full px-3 py-1 font-medium ring-1 ring-inset ${TONE[status.kind] ?? ''}`;
  const description = (
    <span id={descId} className="sr-only">
      {status.detail} {storageNote}
    </span>
  );

  const label = status.loading ? 'Checking sync…' : status.label;
  const organization = signIn ? getCachedOrganization(slug) : null;
  // One live region for every state: a region that appears with its text
  // already in it (as when the button turns into the sign-in link) is not read.
  return (
    <div className="relative inline-block text-sm">
      <span role="status" className="sr-only">
        {label}
      </span>
      {signIn ? (
        <Link
          to={`/tenant/${encodeURIComponent(slug)}/login`}
          // reauth: the login page shows its form even though a session is stored.
          state={{ ...(organization ? { organization } : {}), reauth: true }}
          className={`${pill} underline-offset-4 hover:underline`}
          aria-describedby={descId}
          title={status.detail}
        >
          {label}
        </Link>
      ) : (
        <button
          ref={badgeRef}
          type="button"
          className={pill}
          aria-describedby={descId}
          title={storageNote || undefined}
          aria-expanded={canOpen ? open : undefined}
          aria-controls={canOpen ? listId : undefined}
          onClick={() => {
            if (canOpen) setOpen((o) => !o);
            else void sync?.engine.requestSync();
          }}
        >
          {label}
        </button>
      )}
      {description}
      {!signIn && canOpen && open ? (
        // On a phone the badge sits mid-header: a panel anchored to its right edge
        // would start off-screen, so there it spans the screen's width instead.
        <div
          id={listId}
          role="region"
          aria-label="Changes the server refused"
          className="fixed inset-x-2 top-2 z-30 max-h-[calc(100dvh-1rem)] overflow-y-auto rounded-lg bg-white p-3 shadow-lg ring-1 ring-black/10 sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:max-h-[70vh] sm:w-96"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <p className="font-semibold text-slate-900">{status.rejected > 0 ? 'Changes the server refused' : 'Needs attention'}</p>
            <button
              type="button"
              className="min-h-11 rounded px-3 text-slate-800 ring-1 ring-slate-400/60"
              onClick={() => {
                setOpen(false);
                badgeRef.current?.focus();
              }}
            >
              Close
            </button>
          </div>
          <ul className="space-y-3">
            {rejected.map((r) => (
              <li key={r.id} className="rounded border border-slate-200 p-2">
                <p className="font-medium text-slate-900">
                  {r.entry.op} in {r.table}
                </p>
                <p className="text-slate-700">{r.error.message}</p>
                <p className="text-xs text-slate-500">
                  Code {r.error.code || 'none'} · HTTP {r.error.status} · {new Date(r.rejected_at).toLocaleString()}
                </p>
                <div className="mt-2 flex gap-2">
                  <button
                    type="button"
                    className="min-h-11 rounded bg-slate-900 px-3 text-white"
                    onClick={() => db && r.id !== undefined && void retryRejected(db, r.id)}
                  >
                    Retry
                  </button>
                  <button
                    type="button"
                    className="min-h-11 rounded px-3 text-red-700 ring-1 ring-red-600/40"
                    onClick={() => db && r.id !== undefined && void discardRejected(db, r.id)}
                  >
                    Discard
                  </button>
                </div>
              </li>
            ))}
          </ul>
          {db && <PhotoAttentionList db={db} onRetry={() => void sync?.engine.photos.request()} />}
        </div>
      ) : null}
    </div>
  );
}

function usePersistAnswer(sync: TenantSync | null): PersistAnswer | null {
  const [answer, setAnswer] = useState<PersistAnswer | null>(null);
  useEffect(() => {
    let live = true;
    void sync?.storage.then((a) => live && setAnswer(a));
    return () => {
      live = false;
    };
  }, [sync]);
  return answer;
}
