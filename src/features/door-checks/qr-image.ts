/**
 * Door QR images (spec §9): PNG downloads and a printable campus sheet. The
 * qrcode and jspdf libraries are imported when a code is made, never with
 * the screens that offer the buttons.
 */
import { compareDoorNumbers, encodeDoorQr, logoPlacement, QR_IMAGE, qrPngFileName, qrSheetFileName, qrSheetLayout, type DoorQrPayload } from './model';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The logo image could not be read.'));
    img.src = src;
  });
}

/** A 600x600 PNG (data URL) of the door's code, with the logo centred on a white square when given. */
export async function doorQrPngDataUrl(payload: DoorQrPayload, logoSrc?: string | null): Promise<string> {
  const QRCode = await import('qrcode');
  const canvas = document.createElement('canvas');
  await QRCode.toCanvas(canvas, encodeDoorQr(payload), {
    width: QR_IMAGE.size,
    margin: QR_IMAGE.margin,
    errorCorrectionLevel: QR_IMAGE.errorCorrectionLevel,
    color: { dark: QR_IMAGE.dark, light: QR_IMAGE.light },
  });
  if (logoSrc) {
    const ctx = canvas.getContext('2d');
    if (ctx) {
      const { backdrop, logo } = logoPlacement(canvas.width);
      ctx.fillStyle = QR_IMAGE.light;
      ctx.fillRect(backdrop.x, backdrop.y, backdrop.size, backdrop.size);
      ctx.drawImage(await loadImage(logoSrc), logo.x, logo.y, logo.size, logo.size);
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

export async function downloadDoorQrPng(payload: DoorQrPayload, logoSrc?: string | null): Promise<void> {
  download(await doorQrPngDataUrl(payload, logoSrc), qrPngFileName(payload));
}

/** Every door of a campus on US Letter pages, 12 per page, door number under each code. */
export async function printCampusQrSheet(campusName: string, doorNumbers: readonly string[], logoSrc?: string | null): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({
    unit: 'mm',
    format: 'letter',
    orientation: 'portrait',
  });
  const sorted = [...doorNumbers].sort(compareDoorNumbers);
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
    const png = await doorQrPngDataUrl({ door_number: sorted[i]!, campus: campusName }, logoSrc);
    doc.addImage(png, 'PNG', cell.x, cell.y, cell.size, cell.size);
    doc.setFontSize(14);
    doc.text(sorted[i]!, cell.x + cell.size / 2, cell.labelY, {
      align: 'center',
    });
  }
  doc.save(qrSheetFileName(campusName));
}
