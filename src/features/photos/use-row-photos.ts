/**
 * The photos of one row: those on this device (with their thumbnails, shown
 * offline, and where their upload stands) and those on the server that this
 * device never held (another officer's), shown through signed URLs. The
 * server's listing and its URLs are remembered on the device, and the
 * service worker keeps each image by its path once loaded, so a gallery
 * seen online opens offline too.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { parsePhotoName, readRemembered, remember, type LocalPhoto, type PhotoTable, type TenantSync } from '../../data';
import { useOnline } from '../../lib/use-online';

/** How long a signed URL lasts: a gallery left open an hour still loads its full images. */
const SIGNED_SECONDS = 3600;

export interface RowPhoto {
  key: string;
  path: string;
  takenAt: string | null;
  /** Where the photo stands on this device; 'server' for one only the server holds. */
  state: LocalPhoto['state'] | 'server';
  thumb: ArrayBuffer | null;
  /** The full photo's bytes when this device still holds them. */
  bytes: ArrayBuffer | null;
  /** A signed URL of the server's copy, when one was asked for. */
  url: string | null;
  reason: string | null;
}

export function useRowPhotos(sync: TenantSync | null, table: PhotoTable, rowId: string): { photos: RowPhoto[]; loading: boolean } {
  const db = sync?.db ?? null;
  const online = useOnline();
  const local = useLiveQuery(
    async () => (db ? db.photos.where('[table+row_id]').equals([table, rowId]).toArray() : []),
    [db, table, rowId],
  );
  const [remote, setRemote] = useState<Map<string, string>>(new Map());
  const localPaths = useMemo(() => (local ?? []).map((p) => p.path).join('\n'), [local]);

  useEffect(() => {
    const transport = sync?.engine.transport;
    if (!db || local === undefined) return;
    let live = true;
    const held = new Set(localPaths.split('\n'));
    const key = `photos:${table}/${rowId}`;
    void (async () => {
      const names = online && transport?.listPhotos ? await transport.listPhotos(`${table}/${rowId}`).catch(() => null) : null;
      if (names === null || !transport?.signPhotos) {
        // Offline (or the server did not answer): the listing seen last, whose images the service worker kept.
        const seen = await readRemembered<Record<string, string>>(db, key);
        if (live && seen) setRemote(new Map(Object.entries(seen.value)));
        return;
      }
      // Photos whose bytes this device dropped for room load from the server too.
      const wanted = names.filter((p) => !held.has(p) || (local ?? []).some((l) => l.path === p && !l.bytes));
      const signed = await transport.signPhotos(wanted, SIGNED_SECONDS).catch(() => new Map<string, string>());
      if (signed.size || wanted.length === 0) await remember(db, key, Object.fromEntries(signed));
      if (live) setRemote(signed);
    })();
    return () => {
      live = false;
    };
    // `local` changes identity on every live-query run; its paths are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sync, online, table, rowId, localPaths, local === undefined]);

  const photos = useMemo(() => {
    const out: RowPhoto[] = (local ?? [])
      .slice()
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map((p) => ({
        key: p.id,
        path: p.path,
        takenAt: p.taken_at,
        state: p.state,
        thumb: p.thumb,
        bytes: p.bytes,
        url: remote.get(p.path) ?? null,
        reason: p.state === 'attention' ? (p.error?.message ?? null) : null,
      }));
    const held = new Set(out.map((p) => p.path));
    for (const [path, url] of remote) {
      if (held.has(path)) continue;
      const name = path.slice(path.lastIndexOf('/') + 1);
      out.push({ key: path, path, takenAt: parsePhotoName(name).takenAt, state: 'server', thumb: null, bytes: null, url, reason: null });
    }
    return out;
  }, [local, remote]);
  return { photos, loading: local === undefined };
}
