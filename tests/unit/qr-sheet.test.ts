import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { compareDoorNumbers, encodeDoorQr } from '../../src/features/door-checks/model';
import { QR_IMAGE, qrSheetLayout } from '../../src/features/door-checks/qr-layout';
import { darkModuleRects, qrModuleRects } from '../../src/features/door-checks/qr-modules';
import { buildQrSheet, sheetLogoPlacement, type SheetEntry } from '../../src/features/door-checks/qr-sheet-pdf';
import { codeBlocks, imageCount, PageRaster, pageContents, pageCount } from '../support/qr-sheet-raster';

const CAMPUS = 'Lincoln Middle School';
const LETTER_PT = { width: 612, height: 792 };
/** A printer's resolution: a 55 mm code of 49 modules gets about 13 dots a module. */
const DPI = 300;

function coverage(size: number, rects: readonly { x: number; y: number; w: number; h: number }[]): number[] {
  const hits = new Array<number>(size * size).fill(0);
  for (const r of rects)
    for (let y = r.y; y < r.y + r.h; y++)
      for (let x = r.x; x < r.x + r.w; x++) {
        expect(x >= 0 && y >= 0 && x < size && y < size).toBe(true);
        hits[y * size + x]!++;
      }
  return hits;
}

async function sheetBytes(doors: readonly SheetEntry[]): Promise<Buffer> {
  const doc = await buildQrSheet(CAMPUS, doors);
  return Buffer.from(doc.output('arraybuffer'));
}

/** A small real PNG to stand for a logo (the app rasterizes logos in the browser). */
async function logoPng(): Promise<Uint8Array> {
  return new Uint8Array(await QRCode.toBuffer('a logo', { width: 120, margin: 0 }));
}

describe('door code rectangles', () => {
  it('cover exactly the dark modules of the code the PNG draws, each once', () => {
    for (const door_number of ['EA1', 'D108', 'GYM-NORTH-17', 'Ä1']) {
      const text = encodeDoorQr({ door_number, campus: CAMPUS });
      const qr = QRCode.create(text, { errorCorrectionLevel: 'H' });
      const { size, rects } = qrModuleRects(text);
      expect(size).toBe(qr.modules.size);
      const hits = coverage(size, rects);
      for (let row = 0; row < size; row++)
        for (let col = 0; col < size; col++) expect(hits[row * size + col]).toBe(qr.modules.get(row, col) ? 1 : 0);
      // Merged: far fewer shapes than dark modules.
      expect(rects.length).toBeLessThan(hits.filter(Boolean).length / 2);
    }
  });

  it('merge runs only where whole runs line up', () => {
    const grid = ['##.##', '##.#.', '.....', '#####', '#####'];
    const rects = darkModuleRects(5, (r, c) => grid[r]![c] === '#');
    expect(rects).toEqual(
      expect.arrayContaining([
        { x: 0, y: 0, w: 2, h: 2 },
        { x: 3, y: 0, w: 2, h: 1 },
        { x: 3, y: 1, w: 1, h: 1 },
        { x: 0, y: 3, w: 5, h: 2 },
      ]),
    );
    expect(rects).toHaveLength(4);
  });
});

describe('the campus QR sheet', () => {
  const doors: SheetEntry[] = Array.from({ length: 14 }, (_, i) => ({ door_number: `EA${14 - i}` }));

  it('prints every door, in door order, as a code that scans back to its exact payload at print resolution', async () => {
    const logo = { id: 'logo-0', png: await logoPng() };
    const withLogos = doors.map((d, i) => (i % 3 === 0 ? { ...d, logo } : d));
    const pdf = await sheetBytes(withLogos);
    expect(pageCount(pdf)).toBe(2);
    const pages = pageContents(pdf);
    expect(pages).toHaveLength(2);
    const sorted = [...withLogos].sort((a, b) => compareDoorNumbers(a.door_number, b.door_number));
    const cells = qrSheetLayout(sorted.length);
    const rasters = pages.map((content) => {
      const r = new PageRaster(LETTER_PT.width, LETTER_PT.height, DPI);
      r.paint(content);
      return r;
    });
    for (let i = 0; i < sorted.length; i++) {
      const door = sorted[i]!;
      const cell = cells[i]!;
      const raster = rasters[cell.page]!;
      const text = encodeDoorQr({ door_number: door.door_number, campus: CAMPUS });
      // Scans: the cell (its quiet zone included) decodes to the door's payload.
      expect(raster.decodeMm(cell.x - 2, cell.y - 2, cell.size + 4)).toBe(text);
      // Where the spec puts it: every module centre of the code, the quiet
      // zone of 4 white modules around it, in this cell, is as the matrix says
      // (the logo's backdrop excepted).
      const qr = QRCode.create(text, { errorCorrectionLevel: 'H' });
      const n = qr.modules.size;
      const m = cell.size / (n + 2 * QR_IMAGE.margin);
      const { backdrop } = sheetLogoPlacement(cell);
      for (let row = -QR_IMAGE.margin; row < n + QR_IMAGE.margin; row++)
        for (let col = -QR_IMAGE.margin; col < n + QR_IMAGE.margin; col++) {
          const x = cell.x + (col + QR_IMAGE.margin + 0.5) * m;
          const y = cell.y + (row + QR_IMAGE.margin + 0.5) * m;
          const underLogo =
            door.logo && x > backdrop.x && x < backdrop.x + backdrop.size && y > backdrop.y && y < backdrop.y + backdrop.size;
          if (underLogo) continue;
          const dark = row >= 0 && col >= 0 && row < n && col < n && qr.modules.get(row, col) !== 0;
          if (raster.darkAtMm(x, y) !== dark)
            throw new Error(`${door.door_number}: module ${row},${col} should be ${dark ? 'dark' : 'light'}`);
        }
    }
  });

  it('draws the logo on its white backdrop in the PNG’s proportions, and the code still scans with an opaque logo', async () => {
    const logo = { id: 'logo-0', png: await logoPng() };
    const pdf = await sheetBytes([{ door_number: 'EA1', logo }]);
    const [content] = pageContents(pdf);
    const [cell] = qrSheetLayout(1);
    const { backdrop, logo: at } = sheetLogoPlacement(cell!);
    expect(backdrop.size / cell!.size).toBeCloseTo(216 / 600, 6);
    expect(at.size / cell!.size).toBeCloseTo(200 / 600, 6);
    expect(at.x - cell!.x + at.size / 2).toBeCloseTo(cell!.size / 2, 6);
    const raster = new PageRaster(LETTER_PT.width, LETTER_PT.height, DPI);
    raster.paint(content!);
    // The logo painted solid black: its centre dark, the backdrop's rim white.
    expect(raster.darkAtMm(at.x + at.size / 2, at.y + at.size / 2)).toBe(true);
    expect(raster.darkAtMm(backdrop.x + 0.3, backdrop.y + backdrop.size / 2)).toBe(false);
    expect(raster.decodeMm(cell!.x, cell!.y, cell!.size)).toBe(encodeDoorQr({ door_number: 'EA1', campus: CAMPUS }));
  });

  it('embeds a logo or uploaded image once however many doors use it, and stays small for 100 doors', async () => {
    const logo = { id: 'logo-0', png: await logoPng() };
    const other = { id: 'logo-1', png: new Uint8Array(await QRCode.toBuffer('another logo', { width: 150, margin: 0 })) };
    const uploaded = { id: 'qr-0', png: new Uint8Array(await QRCode.toBuffer('uploaded', { width: 600, margin: 4 })) };
    const hundred: SheetEntry[] = Array.from({ length: 100 }, (_, i) => ({
      door_number: `D${i + 1}`,
      logo: i % 4 === 0 ? logo : i % 4 === 1 ? other : null,
      qrImage: i === 7 ? uploaded : null,
    }));
    const pdf = await sheetBytes(hundred);
    expect(pageCount(pdf)).toBe(9);
    expect(imageCount(pdf)).toBe(3);
    // 100 codes: the 30 MB problem was 1 MB a door; the bar is 2 MB in all.
    expect(pdf.length).toBeLessThan(300 * 1024);
    const codes = pageContents(pdf).flatMap(codeBlocks);
    expect(codes).toHaveLength(99);
  });
});
