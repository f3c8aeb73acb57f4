/**
 * Photo evidence, made small in the browser before it is stored (issue 17):
 * the picked file is decoded with its EXIF orientation applied, scaled to at
 * most 1600 px on its longest side (never enlarged) and re-encoded as a JPEG
 * of about 80% quality, which drops every metadata block (GPS position,
 * camera serial, embedded thumbnails); a 320 px thumbnail is made beside it.
 * The one thing kept from the metadata is when the photo was taken.
 *
 * HEIC photos that the browser cannot decode go through heic.ts. Anything
 * else that does not decode is a PhotoFormatError with a message the
 * officer can act on.
 */
import { drawScaled, encodeJpeg, fitWithin, releaseCanvas } from './canvas';
import { NOT_A_PHOTO, PhotoFormatError } from './errors';
import { readCaptureTime, takenAtOf } from './capture-time';
import { EXIF_SCAN_BYTES } from './exif';
import { decodeHeic, isHeic } from './heic';

export { PhotoFormatError } from './errors';

export const PHOTO_MAX_SIDE = 1600;
export const THUMB_MAX_SIDE = 320;
export const PHOTO_QUALITY = 0.8;
export const THUMB_QUALITY = 0.7;

export interface CompressedPhoto {
  /** JPEG, longest side at most PHOTO_MAX_SIDE, no metadata at all. */
  bytes: ArrayBuffer;
  type: 'image/jpeg';
  width: number;
  height: number;
  /** JPEG, longest side at most THUMB_MAX_SIDE. */
  thumb: ArrayBuffer;
  /** ISO 8601 UTC: EXIF DateTimeOriginal (JPEG or HEIC) when the file has it, else the file's last-modified time, else now. */
  takenAt: string;
}

async function decode(file: File, head: Uint8Array): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // Safari decodes HEIC itself; elsewhere it is converted.
    if (isHeic(file.type, head)) return decodeHeic(file);
    throw new PhotoFormatError(NOT_A_PHOTO);
  }
}

export async function compressPhoto(file: File): Promise<CompressedPhoto> {
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, EXIF_SCAN_BYTES).arrayBuffer());
  } catch (e) {
    // The file vanished or may no longer be read (a revoked picker grant).
    throw new PhotoFormatError(NOT_A_PHOTO, { cause: e });
  }
  const takenAt = takenAtOf(await readCaptureTime(file, head), file.lastModified);
  const bitmap = await decode(file, head);
  try {
    const size = fitWithin(bitmap.width, bitmap.height, PHOTO_MAX_SIDE);
    const photo = drawScaled(bitmap, size.width, size.height);
    bitmap.close();
    const thumbSize = fitWithin(size.width, size.height, THUMB_MAX_SIDE);
    // From the scaled photo: a fifth of the way down rather than from 12 megapixels.
    const thumbCanvas = drawScaled(photo, thumbSize.width, thumbSize.height);
    const [bytes, thumb] = await Promise.all([encodeJpeg(photo, PHOTO_QUALITY), encodeJpeg(thumbCanvas, THUMB_QUALITY)]);
    releaseCanvas(photo);
    releaseCanvas(thumbCanvas);
    return { bytes, type: 'image/jpeg', width: size.width, height: size.height, thumb, takenAt };
  } finally {
    bitmap.close();
  }
}
