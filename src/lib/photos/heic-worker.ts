/// <reference lib="webworker" />
/**
 * Decodes one HEIC/HEIF file (iPhones, some Android cameras) to RGBA pixels
 * in a worker of its own, started by heic.ts only when such a file is picked.
 * libheif-js's pure-JavaScript build: no WebAssembly (the app's CSP has no
 * 'wasm-unsafe-eval'), nothing fetched at run time, no eval; being a worker
 * script from our own origin, it passes the CSP's worker-src 'self'. Decoding
 * a 12-megapixel photo takes seconds on a phone: here it never freezes the form.
 *
 * In: the file's bytes (ArrayBuffer). Out: HeicDecoded or HeicFailed.
 */
import libheif from 'libheif-js';

/** A larger image would need hundreds of MB of pixels; no phone camera writes one. */
const MAX_PIXELS = 50_000_000;

export type HeicDecoded = { ok: true; width: number; height: number; pixels: ArrayBuffer };
export type HeicFailed = { ok: false; reason: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

function fail(reason: string): void {
  scope.postMessage({ ok: false, reason } satisfies HeicFailed);
}

scope.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  const images = (() => {
    try {
      return new libheif.HeifDecoder().decode(event.data);
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  })();
  if (typeof images === 'string' || images.length === 0) return fail(typeof images === 'string' ? images : 'no image in the file');
  const image = images.find((i) => i.is_primary()) ?? images[0]!;
  const width = image.get_width();
  const height = image.get_height();
  if (!(width > 0 && height > 0 && width * height <= MAX_PIXELS)) return fail(`unsupported size ${width}x${height}`);
  image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (out) => {
    for (const i of images) i.free();
    if (!out) return fail('the image could not be decoded');
    const pixels = out.data.buffer as ArrayBuffer;
    scope.postMessage({ ok: true, width, height, pixels } satisfies HeicDecoded, [pixels]);
  });
};
