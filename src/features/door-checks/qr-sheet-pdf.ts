/**
 * A campus's printable QR sheet (spec §9 layout) as a PDF. Generated codes
 * are drawn as filled rectangles, not bitmaps: a 600x600 PNG per door stored
 * raw made 30 MB for 28 doors, where vectors take a few kilobytes a door and
 * print sharp at any resolution. Logos and uploaded QR images are rasters,
 * each distinct one embedded once, deflated, however many doors show it
 * (qr-sheet-images.ts).
 * No DOM here: the caller rasterizes the art, so this also runs in Node.
 */
import { jsPDF } from 'jspdf';
import { compareDoorNumbers, encodeDoorQr } from './model';
import { deflatePdfStreams } from '../../lib/pdf-deflate';
import { moduleRectsOps, num, pageWriter } from '../../lib/pdf-qr-ops';
import { qrModuleRects } from '../../lib/qr-modules';
import { logoPlacement, QR_IMAGE, qrSheetLayout, type SheetCell } from './qr-layout';
import type { SheetImage } from './qr-sheet-images';

export type { SheetImage };

/** The addImage format of SheetImage data; jsPDF calls `process<FORMAT>` to turn it into an image object. */
const FORMAT = 'SHEET_PIXELS';
const images = new WeakMap<Uint8Array, SheetImage>();

/** jsPDF keeps stream data as a string of byte values; apply() in chunks is several times faster than spreading. */
function binaryString(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]);
  return out;
}

/**
 * Teaches jsPDF the sheet's images through its image plugin hook: the data
 * is already deflated, so jsPDF writes it as is, marked FlateDecode.
 */
function registerSheetImages(): void {
  const api = jsPDF.API as unknown as Record<string, unknown>;
  if (typeof api[`process${FORMAT}`] === 'function') return;
  api[`process${FORMAT}`] = (data: Uint8Array, index: number, alias: string) => {
    const img = images.get(data);
    if (!img) throw new Error('An image of the QR sheet was lost.');
    return {
      data: binaryString(img.deflated),
      width: img.width,
      height: img.height,
      colorSpace: img.colorSpace,
      bitsPerComponent: 8,
      filter: 'FlateDecode',
      index,
      alias,
    };
  };
}

export interface SheetEntry {
  door_number: string;
  /**
   * An uploaded code that replaces generation (spec §5), fitted in the cell.
   * Images may still be in the making: codes are drawn while they are.
   */
  qrImage?: SheetImage | Promise<SheetImage> | null;
  logo?: SheetImage | Promise<SheetImage> | null;
}

export interface QrSheetOptions {
  /** Called between doors so a long sheet leaves the page responsive. */
  yieldToUi?: () => Promise<void>;
}

/** Where a generated code's modules go in a cell: the PNG's proportions, quiet zone of QR_IMAGE.margin modules. */
export function codeGeometry(cell: Pick<SheetCell, 'x' | 'y' | 'size'>, modules: number): { x: number; y: number; module: number } {
  const module = cell.size / (modules + 2 * QR_IMAGE.margin);
  return { x: cell.x + QR_IMAGE.margin * module, y: cell.y + QR_IMAGE.margin * module, module };
}

/** Where the logo and its white backdrop go in a cell: the PNG's 216 and 200 of 600, centred. */
export function sheetLogoPlacement(cell: Pick<SheetCell, 'x' | 'y' | 'size'>): ReturnType<typeof logoPlacement> {
  const f = cell.size / QR_IMAGE.size;
  const p = logoPlacement(QR_IMAGE.size);
  const at = (b: { x: number; y: number; size: number }) => ({ x: cell.x + b.x * f, y: cell.y + b.y * f, size: b.size * f });
  return { backdrop: at(p.backdrop), logo: at(p.logo) };
}

/** The PDF file: every door of a campus on US Letter pages, 12 per page, door number under each code. */
export async function buildQrSheet(campusName: string, doors: readonly SheetEntry[], options: QrSheetOptions = {}): Promise<Uint8Array> {
  // jsPDF copies its plugin API onto each document it makes: register first.
  registerSheetImages();
  // Written uncompressed, then deflated natively (src/lib/pdf-deflate.ts).
  const doc = new jsPDF({ unit: 'mm', format: 'letter', orientation: 'portrait', putOnlyUsedFonts: true });
  const write = pageWriter(doc);
  const k = doc.internal.scaleFactor;
  const pageHeightPt = doc.internal.pageSize.getHeight() * k;
  const sorted = [...doors].sort((a, b) => compareDoorNumbers(a.door_number, b.door_number));
  const cells = qrSheetLayout(sorted.length);
  const header = () => {
    doc.setFontSize(12);
    doc.text(`${campusName}: door QR codes`, 12, 12);
  };
  const image = (img: SheetImage, x: number, y: number, size: number) => {
    images.set(img.deflated, img);
    doc.addImage(img.deflated, FORMAT, x, y, size, size, img.id);
  };
  let page = 0;
  let sliceStart = performance.now();
  header();
  for (let i = 0; i < sorted.length; i++) {
    const cell = cells[i]!;
    const door = sorted[i]!;
    if (cell.page !== page) {
      doc.addPage();
      page = cell.page;
      header();
    }
    if (door.qrImage) image(await door.qrImage, cell.x, cell.y, cell.size);
    else {
      const { size, rects } = qrModuleRects(
        encodeDoorQr({ door_number: door.door_number, campus: campusName }),
        QR_IMAGE.errorCorrectionLevel,
      );
      const g = codeGeometry(cell, size);
      write(moduleRectsOps(rects, { xPt: g.x * k, yPt: pageHeightPt - g.y * k, modulePt: g.module * k }));
      if (door.logo) {
        const { backdrop, logo } = sheetLogoPlacement(cell);
        const b = backdrop.size * k;
        write(`q\n1 g\n${num(backdrop.x * k)} ${num(pageHeightPt - backdrop.y * k - b)} ${num(b)} ${num(b)} re\nf\nQ`);
        image(await door.logo, logo.x, logo.y, logo.size);
      }
    }
    doc.setFontSize(14);
    doc.text(door.door_number, cell.x + cell.size / 2, cell.labelY, { align: 'center' });
    // Give the page a frame every ~30 ms of work rather than after every door.
    if (options.yieldToUi && performance.now() - sliceStart > 30) {
      await options.yieldToUi();
      sliceStart = performance.now();
    }
  }
  await options.yieldToUi?.();
  return deflatePdfStreams(doc.output());
}
