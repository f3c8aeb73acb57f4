/**
 * A row's photos as thumbnails (door details, incident and maintenance
 * details): this device's own at once and offline, the server's while
 * online. A thumbnail opens the full photo; one still waiting to upload or
 * refused by the server says so.
 */
import { useEffect, useMemo, useState } from 'react';
import type { PhotoTable, TenantSync } from '../../data';
import { Modal } from '../../ui/modal';
import { Button } from '../../ui/button';
import { useObjectUrls } from './object-urls';
import { useRowPhotos, type RowPhoto } from './use-row-photos';

const STATE_NOTE: Partial<Record<RowPhoto['state'], string>> = {
  pending: 'Waiting to upload',
  attention: 'Refused by the server',
};

export function PhotoGallery({
  sync,
  table,
  rowId,
  label,
  onCount,
}: {
  sync: TenantSync | null;
  table: PhotoTable;
  rowId: string;
  label: string;
  /** How many photos the record has, for a picker beside the gallery (the limit is per record). */
  onCount?: (n: number) => void;
}) {
  const { photos } = useRowPhotos(sync, table, rowId);
  useEffect(() => onCount?.(photos.length), [onCount, photos.length]);
  const thumbs = useMemo(() => photos.map((p) => ({ key: p.key, bytes: p.thumb })), [photos]);
  const thumbUrls = useObjectUrls(thumbs);
  const fulls = useMemo(() => photos.map((p) => ({ key: p.key, bytes: p.bytes })), [photos]);
  const fullUrls = useObjectUrls(fulls);
  const [open, setOpen] = useState<RowPhoto | null>(null);
  if (photos.length === 0) return null;
  const fullOf = (p: RowPhoto) => fullUrls.get(p.key) ?? p.url;
  return (
    <>
      <ul className="mt-1 flex flex-wrap gap-2" aria-label={label}>
        {photos.map((p, i) => {
          const src = thumbUrls.get(p.key) ?? p.url;
          const note = STATE_NOTE[p.state];
          return (
            <li key={p.key}>
              <button
                type="button"
                className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                onClick={() => setOpen(p)}
                aria-label={`Open photo ${i + 1}${p.takenAt ? `, taken ${new Date(p.takenAt).toLocaleString()}` : ''}${note ? ` (${note})` : ''}`}
              >
                {src ? (
                  <img
                    src={src}
                    alt=""
                    width={64}
                    height={64}
                    crossOrigin="anonymous"
                    className="size-16 rounded-lg object-cover ring-1 ring-slate-300"
                  />
                ) : (
                  <span className="flex size-16 items-center justify-center rounded-lg bg-slate-100 text-xs text-slate-600">Photo</span>
                )}
                {note && <span className="mt-0.5 block max-w-16 text-[11px] leading-tight text-slate-700">{note}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {open && (
        <Modal
          open
          onClose={() => setOpen(null)}
          title="Photo"
          description={open.takenAt ? `Taken ${new Date(open.takenAt).toLocaleString()}` : undefined}
          footer={<Button onClick={() => setOpen(null)}>Close</Button>}
        >
          {fullOf(open) ? (
            <img
              src={fullOf(open)!}
              alt="Evidence, full size"
              crossOrigin="anonymous"
              className="max-h-[70vh] w-full rounded-lg object-contain"
            />
          ) : (
            <p className="text-slate-700">The full photo is on the server: it shows once this device is online.</p>
          )}
          {open.reason && <p className="mt-2 text-sm text-red-700">{open.reason}</p>}
        </Modal>
      )}
    </>
  );
}
