/**
 * Which rows of a table have photos: those this device holds, and while
 * online those the server holds (one listing of the table's folder), so a
 * report can mark them without asking per row.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import type { PhotoTable, TenantSync } from '../../data';
import { useOnline } from '../../lib/use-online';

export function useRowsWithPhotos(sync: TenantSync | null, table: PhotoTable): ReadonlySet<string> {
  const db = sync?.db ?? null;
  const online = useOnline();
  const local = useLiveQuery(
    async () =>
      db
        ? new Set(
            (await db.photos.where('[table+row_id]').between([table, ''], [table, '\uffff']).keys()).map(
              (k) => (k as unknown as [string, string])[1],
            ),
          )
        : new Set<string>(),
    [db, table],
  );
  const [remote, setRemote] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const transport = sync?.engine.transport;
    if (!online || !transport?.rowsWithPhotos) return;
    let live = true;
    void transport
      .rowsWithPhotos(table)
      .catch(() => null)
      .then((rows) => live && rows && setRemote(rows));
    return () => {
      live = false;
    };
  }, [sync, online, table]);
  return useMemo(() => new Set([...(local ?? []), ...remote]), [local, remote]);
}
