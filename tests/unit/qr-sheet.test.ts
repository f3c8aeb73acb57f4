import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { compareDoorNumbers, encodeDoorQr } from '../../src/features/door-checks/model';
import { QR_IMAGE, qrSheetLayout } from '../../src/features/door-checks/qr-layout';
import { darkModuleRects, qrModuleRects } from '../../src/lib/qr-modules';
import { sheetImageFromPixels, type SheetImage } from '../../src/features/door-checks/qr-sheet-images';
import { buildQrSheet, sheetLogoPlacement, type SheetEntry } from '../../src/features/door-checks/qr-sheet-pdf';
import { codeBlocks, decodeGrey, imageCount, PageRaster, pageContents, pageCount, pdfImages } from '../support/qr-sheet-raster';

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
  return Buffer.from(await buildQrSheet(CAMPUS, doors));
}

/** A coloured logo's pixels as the browser's canvas gives them (RGBA, opaque). */
function logo(id: string, side: number, hue: number): Promise<SheetImage> {
  const rgba = new Uint8Array(side * side * 4);
  for (let i = 0; i < side * side; i++) rgba.set([(i * hue) % 256, (i >> 3) % 256, 200, 255], i * 4);
  return sheetImageFromPixels(id, rgba, side, side);
}

/** An uploaded code as the browser draws it for the sheet: 600x600, black on white. */
function uploadedCode(id: string, text: string): Promise<SheetImage> {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'H' });
  const n = qr.modules.size;
  const px = 600 / (n + 8);
  const rgba = new Uint8Array(600 * 600 * 4).fill(255);
  for (let y = 0; y < 600; y++)
    for (let x = 0; x < 600; x++) {
      const row = Math.floor(y / px) - 4;
      const col = Math.floor(x / px) - 4;
      if (row >= 0 && col >= 0 && row < n && col < n && qr.modules.get(row, col)) rgba.fill(0, (y * 600 + x) * 4, (y * 600 + x) * 4 + 3);
    }
  return sheetImageFromPixels(id, rgba, 600, 600);
}

describe('door code rectangles', () => {
  it('cover exactly the dark modules of the door’s code (one byte segment, level H), each once', () => {
    for (const door_number of ['EA1', 'D108', 'GYM-NORTH-17', 'Ä1', '1200345']) {
      const text = encodeDoorQr({ door_number, campus: CAMPUS });
      const qr = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'H' });
      expect(qr.errorCorrectionLevel.bit).toBe(QRCode.create('x', { errorCorrectionLevel: 'H' }).errorCorrectionLevel.bit);
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
    const crest = await logo('logo-0', 120, 7);
    const withLogos = doors.map((d, i): SheetEntry => (i % 3 === 0 ? { ...d, logo: crest } : d));
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
    const pdf = await sheetBytes([{ door_number: 'EA1', logo: await logo('logo-0', 120, 7) }]);
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

  it('is a well-formed file after its streams are deflated: each xref offset at its object, each length exact', async () => {
    const pdf = await sheetBytes([...doors, { door_number: 'LOGO1', logo: await logo('logo-0', 64, 3) }]);
    const text = pdf.toString('latin1');
    const xref = Number(/startxref\n(\d+)\n%%EOF$/.exec(text)?.[1]);
    expect(text.startsWith('xref\n', xref)).toBe(true);
    const entries = text.slice(xref).split('\n').slice(3);
    const size = Number(/^xref\n0 (\d+)\n/.exec(text.slice(xref))?.[1]);
    expect(size).toBeGreaterThan(5);
    for (let n = 1; n < size; n++) {
      const offset = Number(entries[n - 1]!.slice(0, 10));
      expect(text.startsWith(`${n} 0 obj\n`, offset)).toBe(true);
    }
    const streams = [...text.matchAll(/<<\n([^]*?)\n>>\nstream\n/g)];
    expect(streams.length).toBeGreaterThanOrEqual(3);
    for (const m of streams) {
      expect(m[1]).toContain('/Filter /FlateDecode');
      const length = Number(/\/Length (\d+)/.exec(m[1]!)?.[1]);
      expect(text.startsWith('\nendstream\nendobj\n', m.index + m[0].length + length)).toBe(true);
    }
  });

  it('embeds a logo or uploaded image once however many doors use it, and stays small for 100 doors', async () => {
    const crest = await logo('logo-0', 300, 7);
    const other = await logo('logo-1', 300, 13);
    const uploadedText = encodeDoorQr({ door_number: 'D8', campus: 'Where it was made' });
    const uploaded = await uploadedCode('qr-0', uploadedText);
    const hundred: SheetEntry[] = Array.from({ length: 100 }, (_, i) => ({
      door_number: `D${i + 1}`,
      logo: i % 4 === 0 ? crest : i % 4 === 1 ? other : null,
      qrImage: i === 7 ? uploaded : null,
    }));
    const pdf = await sheetBytes(hundred);
    expect(pageCount(pdf)).toBe(9);
    expect(imageCount(pdf)).toBe(3);
    // Each image as given: the logos in colour at their size, the uploaded
    // code in grey at 600x600, pixel for pixel, so it scans as its PNG does.
    const embedded = pdfImages(pdf);
    expect(embedded.map((i) => [i.width, i.height, i.colorSpace])).toEqual(
      expect.arrayContaining([
        [300, 300, 'DeviceRGB'],
        [300, 300, 'DeviceRGB'],
        [600, 600, 'DeviceGray'],
      ]),
    );
    const code = embedded.find((i) => i.colorSpace === 'DeviceGray')!;
    expect(code.samples).toHaveLength(600 * 600);
    expect(decodeGrey(code.samples, 600, 600)).toBe(uploadedText);
    // 100 codes: the 30 MB problem was 1 MB a door; the bar is 2 MB in all.
    expect(pdf.length).toBeLessThan(300 * 1024);
    const codes = pageContents(pdf).flatMap(codeBlocks);
    expect(codes).toHaveLength(99);
  });
});
