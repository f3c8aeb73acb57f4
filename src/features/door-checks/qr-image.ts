/**
 * Door QR images (spec §9): PNG downloads and a printable campus sheet. The
 * qrcode and jspdf libraries are imported when a code is made, never with
 * the screens that offer the buttons.
 */
import { compareDoorNumbers, encodeDoorQr, type DoorQrPayload } from './model';
import { logoPlacement, QR_IMAGE, qrPngFileName, qrSheetFileName, qrSheetLayout } from './qr-layout';

/** What a door's code is drawn with (spec §5): its logo, or an uploaded QR image that replaces generation. */
export interface DoorQrArt {
  logo?: string | null;
  qrImage?: string | null;
}

function loadImage(src: string, what: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`The ${what} could not be read.`));
    img.src = src;
  });
}

function squareCanvas(): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D | null } {
  const canvas = document.createElement('canvas');
  canvas.width = QR_IMAGE.size;
  canvas.height = QR_IMAGE.size;
  return { canvas, ctx: canvas.getContext('2d') };
}

/** An uploaded code, fitted whole into the 600x600 white square (any image type in, PNG out). */
async function uploadedQrPng(src: string): Promise<string> {
  const img = await loadImage(src, 'uploaded QR image');
  const { canvas, ctx } = squareCanvas();
  if (!ctx) return src;
  ctx.fillStyle = QR_IMAGE.light;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const scale = Math.min(canvas.width / img.naturalWidth, canvas.height / img.naturalHeight);
  const w = img.naturalWidth * scale;
  const h = img.naturalHeight * scale;
  ctx.drawImage(img, (canvas.width - w) / 2, (canvas.height - h) / 2, w, h);
  return canvas.toDataURL('image/png');
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

/** Every door of a campus on US Letter pages, 12 per page, door number under each code (each door's own art). */
export async function printCampusQrSheet(campusName: string, doors: readonly SheetDoor[]): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({
    unit: 'mm',
    format: 'letter',
    orientation: 'portrait',
  });
  const sorted = [...doors].sort((a, b) => compareDoorNumbers(a.door_number, b.door_number));
  const cells = qrSheetLayout(sorted.length);
  let page = 0;
  const header = () => {
    doc.setFontSize(12);
    doc.text(`${campusName}: door QR codes`, 12, 12);
  };
  header();
  for (let i = 0; i < sorted.length; i++) {
    const cell = cells[i]!;
    if (cell.page !== page) {
      doc.addPage();
      page = cell.page;
      header();
    }
    const door = sorted[i]!;
    const png = await doorQrPngDataUrl({ door_number: door.door_number, campus: campusName }, door);
    doc.addImage(png, 'PNG', cell.x, cell.y, cell.size, cell.size);
    doc.setFontSize(14);
    doc.text(door.door_number, cell.x + cell.size / 2, cell.labelY, {
      align: 'center',
    });
  }
  doc.save(qrSheetFileName(campusName));
}
