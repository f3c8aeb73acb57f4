/**
 * HEIC/HEIF photos: told apart by MIME type or by the ISO-BMFF `ftyp` box's
 * major brand, and decoded by heic-worker.ts when the browser cannot decode
 * them itself (Chromium cannot; Safari can, and never gets here). The worker
 * and libheif-js (about 3 MB) load only then: they are in no bundle the app
 * loads up front, and the service worker fetches them after sign-in with the
 * other later files (scripts/precache-tiers.ts), so they work offline too.
 */
import { HEIC_NOT_CONVERTED, PhotoFormatError } from './errors';
import type { HeicDecoded, HeicFailed } from './heic-worker';

const HEIC_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

function fourcc(b: Uint8Array, at: number): string {
  return String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
}

/** Whether a file with this MIME type and these first bytes is HEIC/HEIF. */
export function isHeic(type: string, head: Uint8Array): boolean {
  if (HEIC_TYPES.has(type.toLowerCase())) return true;
  return head.length >= 12 && fourcc(head, 4) === 'ftyp' && HEIC_BRANDS.has(fourcc(head, 8));
}

/** The HEIC's primary image, decoded off the main thread; PhotoFormatError when it cannot be. */
export async function decodeHeic(file: Blob): Promise<ImageBitmap> {
  const worker = new Worker(new URL('./heic-worker.ts', import.meta.url), { type: 'module', name: 'heic-decoder' });
  try {
    const buffer = await file.arrayBuffer();
    const result = await new Promise<HeicDecoded | HeicFailed>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<HeicDecoded | HeicFailed>) => resolve(e.data);
      // The worker's script could not load (offline before it was ever cached) or threw.
      worker.onerror = (e) => {
        e.preventDefault();
        reject(new Error(e.message || 'the HEIC decoder did not start'));
      };
      worker.onmessageerror = () => reject(new Error('the HEIC decoder answered with unreadable data'));
      worker.postMessage(buffer, [buffer]);
    });
    if (!result.ok) throw new Error(result.reason);
    return await createImageBitmap(new ImageData(new Uint8ClampedArray(result.pixels), result.width, result.height));
  } catch (e) {
    throw new PhotoFormatError(HEIC_NOT_CONVERTED, { cause: e });
  } finally {
    worker.terminate();
  }
}
