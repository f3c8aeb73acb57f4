/**
 * Door QR images (spec §9): PNG downloads and a printable campus sheet. The
 * qrcode and jspdf libraries are imported when a code is made, never with
 * the screens that offer the buttons; the sheet itself is qr-sheet-pdf.ts.
 */
import { encodeDoorQr, type DoorQrPayload } from './model';
import { logoPlacement, QR_IMAGE, qrPngFileName, qrSheetFileName } from './qr-layout';
import { sheetImageFromPixels, type SheetImage } from './qr-sheet-images';

/** What a door's code is drawn with (spec §5): its logo, or an uploaded QR image that replaces generation. */
export interface DoorQrArt {
  logo?: string | null;
  qrImage?: string | null;
}

/** Decoded before it is drawn (off the main thread where the browser can), so drawing does not decode. */
async function loadImage(src: string, what: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = src;
  try {
    await img.decode();
  } catch {
    throw new Error(`The ${what} could not be read.`);
  }
  return img;
}

function squareCanvas(): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D | null } {
  const canvas = document.createElement('canvas');
  canvas.width = QR_IMAGE.size;
  canvas.height = QR_IMAGE.size;
  return { canvas, ctx: canvas.getContext('2d') };
}

/** An uploaded code, fitted whole into the 600x600 white square (any image type in). */
async function uploadedQrCanvas(src: string): Promise<HTMLCanvasElement | null> {
  const img = await loadImage(src, 'uploaded QR image');
  const { canvas, ctx } = squareCanvas();
  if (!ctx) return null;
  ctx.fillStyle = QR_IMAGE.light;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const scale = Math.min(canvas.width / img.naturalWidth, canvas.height / img.naturalHeight);
  const w = img.naturalWidth * scale;
  const h = img.naturalHeight * scale;
  ctx.drawImage(img, (canvas.width - w) / 2, (canvas.height - h) / 2, w, h);
  return canvas;
}

async function uploadedQrPng(src: string): Promise<string> {
  return (await uploadedQrCanvas(src))?.toDataURL('image/png') ?? src;
}

/**
 * A 600x600 PNG (data URL) of the door's code: the uploaded QR image when the
 * door has one, else a generated code with the logo centred on a white square.
 */
export async function doorQrPngDataUrl(payload: DoorQrPayload, art: DoorQrArt = {}): Promise<string> {
  if (art.qrImage) return uploadedQrPng(art.qrImage);
  const QRCode = await import('qrcode');
  const { canvas } = squareCanvas();
  await QRCode.toCanvas(canvas, encodeDoorQr(payload), {
    width: QR_IMAGE.size,
    margin: QR_IMAGE.margin,
    errorCorrectionLevel: QR_IMAGE.errorCorrectionLevel,
    color: { dark: QR_IMAGE.dark, light: QR_IMAGE.light },
  });
  if (art.logo) {
    const ctx = canvas.getContext('2d');
    if (ctx) {
      const { backdrop, logo } = logoPlacement(canvas.width);
      ctx.fillStyle = QR_IMAGE.light;
      ctx.fillRect(backdrop.x, backdrop.y, backdrop.size, backdrop.size);
      ctx.drawImage(await loadImage(art.logo, 'logo image'), logo.x, logo.y, logo.size, logo.size);
    }
  }
  return canvas.toDataURL('image/png');
}

function download(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export async function downloadDoorQrPng(payload: DoorQrPayload, art: DoorQrArt = {}): Promise<void> {
  download(await doorQrPngDataUrl(payload, art), qrPngFileName(payload));
}

export interface SheetDoor extends DoorQrArt {
  door_number: string;
}

/**
 * Logos print at 300 px for the 200 px of the PNG (about 400 dpi in a
 * 55 mm code): sharp on paper, and small since each is embedded once.
 */
const SHEET_LOGO_PX = 300;

/** A canvas's pixels as a sheet image (the canvas was filled white first, so opaque). */
async function canvasSheetImage(id: string, canvas: HTMLCanvasElement): Promise<SheetImage> {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('The QR sheet image could not be made.');
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return sheetImageFromPixels(id, data, canvas.width, canvas.height);
}

/** A logo as the PNG draws it (stretched to a square, on white), at the sheet's resolution. */
async function sheetLogo(id: string, src: string): Promise<SheetImage> {
  const img = await loadImage(src, 'logo image');
  const canvas = document.createElement('canvas');
  canvas.width = SHEET_LOGO_PX;
  canvas.height = SHEET_LOGO_PX;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('The logo image could not be drawn.');
  ctx.fillStyle = QR_IMAGE.light;
  ctx.fillRect(0, 0, SHEET_LOGO_PX, SHEET_LOGO_PX);
  ctx.drawImage(img, 0, 0, SHEET_LOGO_PX, SHEET_LOGO_PX);
  return canvasSheetImage(id, canvas);
}

/** An uploaded code exactly as its PNG download has it: 600x600 on white. */
async function sheetUploadedQr(id: string, src: string): Promise<SheetImage> {
  const canvas = await uploadedQrCanvas(src);
  if (!canvas) throw new Error('The uploaded QR image could not be drawn.');
  return canvasSheetImage(id, canvas);
}

/** A macrotask turn, so input and paint run between slices of sheet work. */
function yieldToUi(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Every door of a campus on US Letter pages, 12 per page, door number under
 * each code (each door's own art). Each distinct logo or uploaded image is
 * drawn once, however many doors share it.
 */
export async function printCampusQrSheet(campusName: string, doors: readonly SheetDoor[]): Promise<void> {
  // The PDF library loads while the art is drawn.
  const sheetPdf = import('./qr-sheet-pdf');
  const made = new Map<string, Promise<SheetImage>>();
  const art = (kind: 'logo' | 'qr', src: string): Promise<SheetImage> => {
    const key = `${kind}:${src}`;
    let image = made.get(key);
    if (!image) {
      const id = `${kind}-${made.size}`;
      image = kind === 'logo' ? sheetLogo(id, src) : sheetUploadedQr(id, src);
      made.set(key, image);
    }
    return image;
  };
  const entries = doors.map((d) => ({
    door_number: d.door_number,
    qrImage: d.qrImage ? art('qr', d.qrImage) : null,
    logo: !d.qrImage && d.logo ? art('logo', d.logo) : null,
  }));
  // An image that cannot be read fails the sheet; its promise must not go unhandled meanwhile.
  for (const image of made.values()) image.catch(() => undefined);
  const { buildQrSheet } = await sheetPdf;
  const pdf = await buildQrSheet(campusName, entries, { yieldToUi });
  const href = URL.createObjectURL(new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  download(href, qrSheetFileName(campusName));
  // Revoked once the browser has surely taken the file.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
