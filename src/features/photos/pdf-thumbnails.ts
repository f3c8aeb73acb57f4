/**
 * Thumbnails of rows' photos for a PDF report (issue 17, "thumbnails on
 * request"): this device's own thumbnails as they are, and while online the
 * server's photos fetched through signed URLs and scaled down here. Loaded
 * only when a report asks for photos; a photo that cannot be had (offline,
 * gone) is counted, not fatal.
 */
import type { PhotoTable, TenantSync } from '../../data';
import { drawScaled, encodeJpeg, fitWithin, releaseCanvas } from '../../lib/photos/canvas';

const PDF_THUMB_SIDE = 160;
const PDF_THUMB_QUALITY = 0.7;
const AT_ONCE = 4;

export interface RowThumbnails {
  byRow: Map<string, Uint8Array<ArrayBuffer>[]>;
  /** Photos the server lists that could not be fetched or read. */
  missing: number;
}

async function scaled(blob: Blob): Promise<Uint8Array<ArrayBuffer>> {
  const bitmap = await createImageBitmap(blob);
  try {
    const size = fitWithin(bitmap.width, bitmap.height, PDF_THUMB_SIDE);
    const canvas = drawScaled(bitmap, size.width, size.height);
    const bytes = await encodeJpeg(canvas, PDF_THUMB_QUALITY);
    releaseCanvas(canvas);
    return new Uint8Array(bytes);
  } finally {
    bitmap.close();
  }
}

export async function rowThumbnails(
  sync: TenantSync,
  table: PhotoTable,
  rowIds: readonly string[],
  perRow: number,
  onProgress?: (done: number, of: number) => void,
): Promise<RowThumbnails> {
  const byRow = new Map<string, Uint8Array<ArrayBuffer>[]>();
  let missing = 0;
  let done = 0;
  const transport = sync.engine.transport;
  const work = [...rowIds];
  const one = async (rowId: string) => {
    const local = (await sync.db.photos.where('[table+row_id]').equals([table, rowId]).toArray()).sort((a, b) =>
      a.created_at.localeCompare(b.created_at),
    );
    const thumbs = local.slice(0, perRow).map((p) => new Uint8Array(p.thumb));
    const held = new Set(local.map((p) => p.path));
    if (thumbs.length < perRow && transport.listPhotos && transport.signPhotos) {
      const paths = ((await transport.listPhotos(`${table}/${rowId}`).catch(() => null)) ?? []).filter((p) => !held.has(p));
      const wanted = paths.slice(0, perRow - thumbs.length);
      const signed = await transport.signPhotos(wanted, 300).catch(() => new Map<string, string>());
      for (const path of wanted) {
        const url = signed.get(path);
        try {
          if (!url) throw new Error('not signed');
          const res = await fetch(url);
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          thumbs.push(await scaled(await res.blob()));
        } catch {
          missing++;
        }
      }
    }
    if (thumbs.length) byRow.set(rowId, thumbs);
    onProgress?.(++done, rowIds.length);
  };
  const workers = Array.from({ length: Math.min(AT_ONCE, work.length) }, async () => {
    for (let id = work.shift(); id !== undefined; id = work.shift()) await one(id);
  });
  await Promise.all(workers);
  return { byRow, missing };
}
