/**
 * The photos the server refused, in the sync status panel beside refused
 * changes: what the photo was for, the server's reason, and retry (after the
 * cause is dealt with) or discard. Read without their bytes' use: the list
 * only needs the reason and the time.
 */
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TenantDb } from '../local-db';
import type { PhotoTable } from '../photo-types';
import { discardPhoto, retryPhoto } from '../photo-upload';

const FOR: Record<PhotoTable, string> = {
  door_log: 'a door check',
  incidents: 'an incident',
  maintenance_records: 'a maintenance record',
  parking_violations: 'a parking violation',
};

export function PhotoAttentionList({ db, onRetry }: { db: TenantDb; onRetry: () => void }) {
  const refused =
    useLiveQuery(
      () => db.photos.where('[state+created_at]').between(['attention', Dexie.minKey], ['attention', Dexie.maxKey]).toArray(),
      [db],
    ) ?? [];
  if (refused.length === 0) return null;
  return (
    <>
      <p className="mt-3 mb-2 font-semibold text-slate-900">Photos the server refused</p>
      <ul className="space-y-3">
        {refused.map((p) => (
          <li key={p.id} className="rounded border border-slate-200 p-2">
            <p className="font-medium text-slate-900">Photo for {FOR[p.table]}</p>
            <p className="text-slate-700">{p.error?.message ?? 'Refused without a reason.'}</p>
            <p className="text-xs text-slate-500">
              HTTP {p.error?.status ?? 0} · taken {new Date(p.taken_at).toLocaleString()}
            </p>
            <div className="mt-2 flex gap-2">
              <button
                type="button"
                className="min-h-11 rounded bg-slate-900 px-3 text-white"
                onClick={() => void retryPhoto(db, p.id).then(onRetry)}
              >
                Retry
              </button>
              <button
                type="button"
                className="min-h-11 rounded px-3 text-red-700 ring-1 ring-red-600/40"
                onClick={() => void discardPhoto(db, p.id)}
              >
                Discard
              </button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
