/**
 * A QR code as vector rectangles (spec §9 settings): printed PDFs (the door
 * sheet, the parking permit) draw these instead of a bitmap, so a code costs
 * a few kilobytes and stays sharp at any print resolution.
 */
import QRCode, { type QRCodeErrorCorrectionLevel } from 'qrcode';

/** A block of dark modules, in modules from the symbol's top-left corner (the quiet zone is outside). */
export interface ModuleRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface QrModules {
  /** Modules per side, without the quiet zone. */
  size: number;
  rects: ModuleRect[];
}

/**
 * Horizontal runs of dark modules, a run stacked on an identical run of the
 * row above joining it in one rectangle (finder patterns become a few blocks):
 * fewer, larger shapes keep the page stream small.
 */
export function darkModuleRects(size: number, isDark: (row: number, col: number) => boolean): ModuleRect[] {
  const done: ModuleRect[] = [];
  let open = new Map<number, ModuleRect>();
  for (let row = 0; row < size; row++) {
    const next = new Map<number, ModuleRect>();
    let col = 0;
    while (col < size) {
      if (!isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && isDark(row, col)) col++;
      const w = col - start;
      // Keyed by start and width: only a run of the same span extends a rectangle.
      const key = start * (size + 1) + w;
      const above = open.get(key);
      if (above) {
        above.h++;
        open.delete(key);
        next.set(key, above);
      } else next.set(key, { x: start, y: row, w, h: 1 });
    }
    for (const r of open.values()) done.push(r);
    open = next;
  }
  for (const r of open.values()) done.push(r);
  return done;
}

/**
 * The code for `text` as rectangles, at spec §9's highest error correction
 * unless told otherwise. One byte segment: payloads are JSON or URLs, which
 * the encoder's search for a cheaper mix of modes (a third of its time) ends
 * up writing as bytes anyway.
 */
export function qrModuleRects(text: string, errorCorrectionLevel: QRCodeErrorCorrectionLevel = 'H'): QrModules {
  const qr = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel });
  const { size } = qr.modules;
  return { size, rects: darkModuleRects(size, (row, col) => qr.modules.get(row, col) !== 0) };
}
