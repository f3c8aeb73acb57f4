/**
 * The QR image and sheet layout rules (spec §9). Only the QR image module,
 * which loads with its libraries on first use, needs them: kept out of the
 * model so the scan path does not carry them.
 */
import type { DoorQrPayload } from './model';

/** Spec §9: QR images are 600x600, margin 4, highest error correction, black on white. */
export const QR_IMAGE = {
  size: 600,
  margin: 4,
  errorCorrectionLevel: 'H',
  dark: '#000000',
  light: '#ffffff',
  logoSize: 200,
  logoBackdrop: 216,
} as const;

/** Where the optional logo goes: a white square of 216 with the 200 logo, both centred. */
export function logoPlacement(size: number = QR_IMAGE.size): {
  backdrop: { x: number; y: number; size: number };
  logo: { x: number; y: number; size: number };
} {
  const b = QR_IMAGE.logoBackdrop;
  const l = QR_IMAGE.logoSize;
  return {
    backdrop: { x: (size - b) / 2, y: (size - b) / 2, size: b },
    logo: { x: (size - l) / 2, y: (size - l) / 2, size: l },
  };
}

function fileSafe(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'door'
  );
}

export function qrPngFileName(payload: DoorQrPayload): string {
  return `qr-${fileSafe(payload.campus)}-${fileSafe(payload.door_number)}.png`;
}

export function qrSheetFileName(campusName: string): string {
  return `qr-codes-${fileSafe(campusName)}.pdf`;
}

export interface SheetCell {
  page: number;
  x: number;
  y: number;
  size: number;
  /** Baseline of the door number under the code. */
  labelY: number;
}

/**
 * A campus label sheet in millimetres (US Letter, 215.9 x 279.4): 3 codes
 * of 55 mm per row, 4 rows per page, the door number under each code.
 */
export function qrSheetLayout(count: number, page = { width: 215.9, height: 279.4 }, cols = 3, rows = 4, size = 55): SheetCell[] {
  const label = 8;
  const headerH = 18;
  const gapX = (page.width - cols * size) / (cols + 1);
  const gapY = (page.height - headerH - rows * (size + label)) / (rows + 1);
  const perPage = cols * rows;
  return Array.from({ length: count }, (_, i) => {
    const n = i % perPage;
    const col = n % cols;
    const row = Math.floor(n / cols);
    const x = gapX + col * (size + gapX);
    const y = headerH + gapY + row * (size + label + gapY);
    return {
      page: Math.floor(i / perPage),
      x,
      y,
      size,
      labelY: y + size + 5.5,
    };
  });
}
