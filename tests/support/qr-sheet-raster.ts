/**
 * Reads a campus QR sheet PDF back the way a printer would: inflates its page
 * streams, paints the codes' rectangles (and white logo backdrops, and any
 * placed image as a solid block) onto a bitmap at print resolution, and
 * decodes codes from that bitmap with the ZXing decoder the app's camera
 * library ships (html5-qrcode's third_party/zxing-js). Shared by the unit test
 * and the e2e journey, which reads the PDF the browser downloaded.
 */
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

/** The part of ZXing used here (its bundled typings describe only the browser entry). */
interface ZXingDecoder {
  RGBLuminanceSource: new (luminances: Uint8ClampedArray, width: number, height: number) => object;
  HybridBinarizer: new (source: object) => object;
  BinaryBitmap: new (binarizer: object) => object;
  QRCodeReader: new () => { decode(bitmap: object, hints?: Map<number, unknown>): { getText(): string } };
  DecodeHintType: { PURE_BARCODE: number };
}

const ZXing = createRequire(import.meta.url)('html5-qrcode/third_party/zxing-js.umd.js') as ZXingDecoder;

/** Every stream of the PDF that inflates (page contents, images), in file order. */
export function inflatedStreams(pdf: Buffer): Buffer[] {
  const text = pdf.toString('latin1');
  const out: Buffer[] = [];
  const re = /stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    try {
      out.push(inflateSync(pdf.subarray(start, end)));
    } catch {
      // Not deflated (or not a stream): not a page the sheet drew.
    }
    re.lastIndex = end + 'endstream'.length;
  }
  return out;
}

/** The pages' content streams (the ones that write text), in page order. */
export function pageContents(pdf: Buffer): string[] {
  return inflatedStreams(pdf)
    .map((b) => b.toString('latin1'))
    .filter((s) => /\bBT\b/.test(s) && /\bTf\b/.test(s));
}

export function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

/** Image XObjects embedded in the file (each distinct logo or uploaded code once). */
export function imageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Subtype \/Image\b/g) ?? []).length;
}

export interface CodeBlock {
  /** The matrix the rectangles are drawn in: module size and the symbol's top-left, in points (y up). */
  modulePt: number;
  xPt: number;
  yPt: number;
  rects: { x: number; y: number; w: number; h: number }[];
}

/** Filled boxes in page points (y up). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const NUM = '(-?[\\d.]+)';

/** The codes drawn as black rectangles under a scaling matrix. */
export function codeBlocks(content: string): CodeBlock[] {
  const re = new RegExp(
    `q\\n0 g\\n${NUM} 0 0 -${NUM} ${NUM} ${NUM} cm\\n((?:\\d+ \\d+ \\d+ \\d+ re\\n)*\\d+ \\d+ \\d+ \\d+ re)\\nf\\nQ`,
    'g',
  );
  return [...content.matchAll(re)].map((m) => ({
    modulePt: Number(m[1]),
    xPt: Number(m[3]),
    yPt: Number(m[4]),
    rects: m[5]!.split('\n').map((line) => {
      const [x, y, w, h] = line.split(' ').map(Number);
      return { x: x!, y: y!, w: w!, h: h! };
    }),
  }));
}

/** White filled rectangles (the logo backdrops). */
export function whiteBoxes(content: string): Box[] {
  const re = new RegExp(`q\\n1 g\\n${NUM} ${NUM} ${NUM} ${NUM} re\\nf\\nQ`, 'g');
  return [...content.matchAll(re)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]), h: Number(m[4]) }));
}

export interface PdfImage {
  width: number;
  height: number;
  colorSpace: string;
  /** The inflated samples, 8 bits each. */
  samples: Buffer;
}

/** The image XObjects of the file, inflated. */
export function pdfImages(pdf: Buffer): PdfImage[] {
  const text = pdf.toString('latin1');
  const out: PdfImage[] = [];
  const re = /\/Subtype \/Image\b/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const open = text.indexOf('stream', m.index);
    const dict = text.slice(m.index, open);
    const start = open + (text[open + 6] === '\r' ? 8 : 7);
    const end = text.indexOf('endstream', start);
    out.push({
      width: Number(/\/Width (\d+)/.exec(dict)?.[1]),
      height: Number(/\/Height (\d+)/.exec(dict)?.[1]),
      colorSpace: /\/ColorSpace \/(\w+)/.exec(dict)?.[1] ?? '',
      samples: inflateSync(pdf.subarray(start, end)),
    });
  }
  return out;
}

/**
 * Decodes the one QR code in a grey image (0 black, 255 white). The camera
 * detector first; this ZXing build's detector misjudges some perfectly sharp
 * synthetic symbols at some scales (it fails on qrcode's own matrix drawn at
 * 10 px a module), so a miss is retried as a pure barcode, the reading ZXing
 * has for exactly such images. The module-by-module checks stay exact either way.
 */
export function decodeGrey(samples: Uint8Array | Uint8ClampedArray, width: number, height: number): string {
  const lum = new Uint8ClampedArray(samples.buffer, samples.byteOffset, samples.length);
  const bitmap = () => new ZXing.BinaryBitmap(new ZXing.HybridBinarizer(new ZXing.RGBLuminanceSource(lum, width, height)));
  try {
    return new ZXing.QRCodeReader().decode(bitmap()).getText();
  } catch {
    return new ZXing.QRCodeReader().decode(bitmap(), new Map([[ZXing.DecodeHintType.PURE_BARCODE, true]])).getText();
  }
}

/** Where images are painted (jsPDF's addImage: a scale-and-move matrix, then Do). */
export function imageBoxes(content: string): Box[] {
  const re = new RegExp(`q\\n${NUM} 0 0 ${NUM} ${NUM} ${NUM} cm\\n/I\\d+ Do\\nQ`, 'g');
  return [...content.matchAll(re)].map((m) => ({ x: Number(m[3]), y: Number(m[4]), w: Number(m[1]), h: Number(m[2]) }));
}

/** A page painted at `dpi`, white paper, 0 = black; pixel (0,0) is the page's top-left. */
export class PageRaster {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8ClampedArray;
  private readonly scale: number;

  constructor(
    private readonly pageWidthPt: number,
    private readonly pageHeightPt: number,
    readonly dpi: number,
  ) {
    this.scale = dpi / 72;
    this.width = Math.round(pageWidthPt * this.scale);
    this.height = Math.round(pageHeightPt * this.scale);
    this.pixels = new Uint8ClampedArray(this.width * this.height).fill(255);
  }

  /** Fills a box given in points (y up), pixel by pixel centre as a printer's rasterizer does. */
  fill(box: Box, value: number): void {
    const x0 = Math.max(0, Math.round(box.x * this.scale));
    const x1 = Math.min(this.width, Math.round((box.x + box.w) * this.scale));
    const top = Math.max(0, Math.round((this.pageHeightPt - box.y - box.h) * this.scale));
    const bottom = Math.min(this.height, Math.round((this.pageHeightPt - box.y) * this.scale));
    for (let y = top; y < bottom; y++) this.pixels.fill(value, y * this.width + x0, y * this.width + x1);
  }

  /** Paints a page's content: codes black, white backdrops, then images as solid black (a fully opaque logo, the worst case). */
  paint(content: string): void {
    for (const b of codeBlocks(content))
      for (const r of b.rects)
        this.fill({ x: b.xPt + r.x * b.modulePt, y: b.yPt - (r.y + r.h) * b.modulePt, w: r.w * b.modulePt, h: r.h * b.modulePt }, 0);
    for (const w of whiteBoxes(content)) this.fill(w, 255);
    for (const i of imageBoxes(content)) this.fill(i, 0);
  }

  /** Whether the pixel under a point given in millimetres from the page's top-left is dark. */
  darkAtMm(xMm: number, yMm: number): boolean {
    const px = Math.floor((xMm / 25.4) * this.dpi);
    const py = Math.floor((yMm / 25.4) * this.dpi);
    return (this.pixels[py * this.width + px] ?? 255) < 128;
  }

  /** Decodes the one QR code inside a region given in millimetres (x, y from the top-left, square side). */
  decodeMm(xMm: number, yMm: number, sideMm: number): string {
    const toPx = (mm: number) => Math.round((mm / 25.4) * this.dpi);
    const x0 = Math.max(0, toPx(xMm));
    const y0 = Math.max(0, toPx(yMm));
    const side = Math.min(toPx(sideMm), this.width - x0, this.height - y0);
    const crop = new Uint8ClampedArray(side * side);
    for (let y = 0; y < side; y++) crop.set(this.pixels.subarray((y0 + y) * this.width + x0, (y0 + y) * this.width + x0 + side), y * side);
    return decodeGrey(crop, side, side);
  }
}
