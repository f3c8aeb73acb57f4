/**
 * Door images live inline in each doors row as data URLs, pulled by every
 * officer's phone and pushed through request-body limits (a refused 413 is
 * permanent to the sync engine). So an upload that passed the spec's type and
 * size checks is decoded and redrawn no larger than it is ever drawn: the
 * logo within 400x400, an uploaded QR image within 600x600 (the size
 * door-checks renders it at). Never upscaled; always PNG out.
 */
export const IMAGE_BOX = { logo: 400, qr: 600 } as const;
export type DoorImageKind = keyof typeof IMAGE_BOX;

/** The size to draw a width x height image at to fit a box x box square, keeping its shape; null when it has no size. */
export function fitWithin(width: number, height: number, box: number): { width: number; height: number } | null {
  if (!Number.isFinite(width) || !Number.isFinite(height) || width <= 0 || height <= 0) return null;
  const scale = Math.min(1, box / width, box / height);
  const side = (n: number) => Math.min(box, Math.max(1, Math.round(n * scale)));
  return { width: side(width), height: side(height) };
}

/**
 * The PNG data URL to store for an uploaded door image, or null when the file
 * is not an image the browser can decode.
 */
export async function normalizeDoorImage(file: Blob, kind: DoorImageKind): Promise<string | null> {
  const url = URL.createObjectURL(file);
  try {
    // An <img> rather than createImageBitmap: it also decodes SVG logos.
    const img = new Image();
    img.src = url;
    const decoded = await img.decode().then(
      () => true,
      () => false,
    );
    // An SVG with only a viewBox can decode with no intrinsic size in some
    // browsers: it scales to any size, so draw it at the full box.
    const scalable = decoded && file.type === 'image/svg+xml' && (img.naturalWidth === 0 || img.naturalHeight === 0);
    const size = scalable
      ? { width: IMAGE_BOX[kind], height: IMAGE_BOX[kind] }
      : decoded
        ? fitWithin(img.naturalWidth, img.naturalHeight, IMAGE_BOX[kind])
        : null;
    if (!size) return null;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('This browser cannot prepare images (no canvas).');
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(img, 0, 0, size.width, size.height);
    return canvas.toDataURL('image/png');
  } finally {
    URL.revokeObjectURL(url);
  }
}
