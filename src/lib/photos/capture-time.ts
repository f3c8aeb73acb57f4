/**
 * When a photo was taken: EXIF DateTimeOriginal (exif.ts) from a JPEG's APP1
 * segment or a HEIC's Exif item (heif-exif.ts), else the file's last-modified
 * time, else now.
 */
import { exifCaptureTimeToIso, readCaptureTimeFromTiff, readExifCaptureTime, type ExifCaptureTime } from './exif';
import { findHeifExif, tiffOfExifItem } from './heif-exif';

/** An Exif item larger than this is not one a camera wrote. */
const MAX_HEIF_EXIF_BYTES = 256 * 1024;

/** The EXIF capture time of `file` (whose first bytes are `head`), or null. Never throws. */
export async function readCaptureTime(file: Blob, head: Uint8Array): Promise<ExifCaptureTime | null> {
  const fromJpeg = readExifCaptureTime(head);
  if (fromJpeg) return fromJpeg;
  const range = findHeifExif(head);
  if (!range || range.length > MAX_HEIF_EXIF_BYTES || range.offset + range.length > file.size) return null;
  try {
    const end = range.offset + range.length;
    // iPhones put the Exif item at the start of the media data, often inside what was read already.
    const item = end <= head.length ? head.subarray(range.offset, end) : new Uint8Array(await file.slice(range.offset, end).arrayBuffer());
    const tiff = tiffOfExifItem(item);
    return tiff ? readCaptureTimeFromTiff(tiff) : null;
  } catch {
    return null;
  }
}

/** ISO 8601 UTC of the best evidence: EXIF, then the file time (0 means it was lost on the way), then now. */
export function takenAtOf(exif: ExifCaptureTime | null, lastModified: number, now = Date.now()): string {
  const fromExif = exif ? exifCaptureTimeToIso(exif) : null;
  if (fromExif) return fromExif;
  return new Date(Number.isFinite(lastModified) && lastModified > 0 ? lastModified : now).toISOString();
}
