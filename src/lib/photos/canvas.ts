/**
 * Scaling and JPEG encoding on a canvas: an OffscreenCanvas where the
 * browser has one (never attached to the page, encodes asynchronously), else
 * a detached DOM canvas. Re-encoding writes a fresh JPEG with no metadata.
 */

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;

/** The size of `width`×`height` scaled to fit `maxSide` on its longest side, never enlarged. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function makeCanvas(width: number, height: number): AnyCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

/** `source` drawn at `width`×`height` with the browser's best smoothing, on white (JPEG has no transparency). */
export function drawScaled(source: CanvasImageSource, width: number, height: number): AnyCanvas {
  const canvas = makeCanvas(width, height);
  const ctx = canvas.getContext('2d', { alpha: false }) as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!ctx) throw new Error('no 2D canvas on this device');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, width, height);
  return canvas;
}

export async function encodeJpeg(canvas: AnyCanvas, quality: number): Promise<ArrayBuffer> {
  const blob =
    'convertToBlob' in canvas
      ? await canvas.convertToBlob({ type: 'image/jpeg', quality })
      : await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', quality));
  if (blob?.type !== 'image/jpeg') throw new Error('this browser could not encode a JPEG');
  return blob.arrayBuffer();
}

/** Gives the canvas's pixel memory back at once (iOS caps the memory of all canvases together). */
export function releaseCanvas(canvas: AnyCanvas): void {
  canvas.width = 0;
  canvas.height = 0;
}
