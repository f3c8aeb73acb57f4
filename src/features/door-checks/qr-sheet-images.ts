/**
 * Logos and uploaded QR images for the printed sheet, as PDF image data made
 * here rather than by jsPDF's PNG support: that decodes and re-filters every
 * pixel in script (about 0.6 s an image on a phone-class CPU). Here the
 * canvas's pixels are packed (grey when the image has no colour, as uploaded
 * codes are: a third of the bytes) and deflated by the platform's
 * CompressionStream, whose output is the zlib data PDF's FlateDecode reads.
 */

/** An image drawn on the sheet: its pixels, deflated, and the id it is embedded under once. */
export interface SheetImage {
  id: string;
  width: number;
  height: number;
  colorSpace: 'DeviceGray' | 'DeviceRGB';
  /** zlib-deflated samples, 8 bits each, rows top to bottom. */
  deflated: Uint8Array;
}

/** Samples of opaque RGBA pixels: one grey byte a pixel when every pixel is grey, else three. */
export function packPixels(rgba: Uint8ClampedArray | Uint8Array): { colorSpace: SheetImage['colorSpace']; samples: Uint8Array } {
  const pixels = rgba.length / 4;
  let grey = true;
  for (let i = 0; i < rgba.length; i += 4)
    if (rgba[i] !== rgba[i + 1] || rgba[i] !== rgba[i + 2]) {
      grey = false;
      break;
    }
  if (grey) {
    const samples = new Uint8Array(pixels);
    for (let p = 0; p < pixels; p++) samples[p] = rgba[p * 4]!;
    return { colorSpace: 'DeviceGray', samples };
  }
  const samples = new Uint8Array(pixels * 3);
  for (let p = 0, o = 0; p < pixels; p++) {
    samples[o++] = rgba[p * 4]!;
    samples[o++] = rgba[p * 4 + 1]!;
    samples[o++] = rgba[p * 4 + 2]!;
  }
  return { colorSpace: 'DeviceRGB', samples };
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A sheet image from opaque RGBA pixels (a canvas's getImageData, drawn on white). */
export async function sheetImageFromPixels(
  id: string,
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
): Promise<SheetImage> {
  if (rgba.length !== width * height * 4) throw new Error('The image data does not match its size.');
  const { colorSpace, samples } = packPixels(rgba);
  return { id, width, height, colorSpace, deflated: await deflate(samples) };
}
