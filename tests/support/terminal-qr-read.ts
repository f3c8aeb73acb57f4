/**
 * Reads back a QR code printed to a terminal in half-block characters (what
 * `npm start -- --lan` prints): follows the escape codes' colours as a
 * terminal would, turns each character into its upper and lower module, and
 * decodes the picture with the same ZXing decoder as the QR sheet tests.
 * Anything drawn in the terminal's own colours counts as light (a quiet zone).
 */
import { decodeGrey } from './qr-sheet-raster';

type Shade = 'dark' | 'light';
const FG: Record<string, Shade> = { '30': 'dark', '37': 'light', '97': 'light' };
const BG: Record<string, Shade> = { '40': 'dark', '47': 'light', '107': 'light' };
const CHARS = new Set([' ', '█', '▀', '▄']);
const ESC = String.fromCharCode(27);
/** An SGR escape sequence (colours), split out of a line. */
const SGR = new RegExp(`(${ESC}\\[[\\d;]*m)`);

/** The module rows of the QR block in `text` (true = dark). */
export function terminalModules(text: string): boolean[][] {
  const rows: boolean[][] = [];
  for (const line of text.split('\n')) {
    if (!/[█▀▄]/.test(line)) continue;
    let fg: Shade = 'light';
    let bg: Shade = 'light';
    const top: boolean[] = [];
    const bottom: boolean[] = [];
    for (const part of line.split(SGR)) {
      const esc = part.startsWith(ESC) ? /\[([\d;]*)m$/.exec(part) : null;
      if (esc) {
        for (const code of (esc[1] || '0').split(';')) {
          if (code === '0') [fg, bg] = ['light', 'light'];
          fg = FG[code] ?? fg;
          bg = BG[code] ?? bg;
        }
        continue;
      }
      for (const ch of part) {
        if (!CHARS.has(ch)) throw new Error(`not a QR block character: ${JSON.stringify(ch)}`);
        top.push((ch === '█' || ch === '▀' ? fg : bg) === 'dark');
        bottom.push((ch === '█' || ch === '▄' ? fg : bg) === 'dark');
      }
    }
    rows.push(top, bottom);
  }
  return rows;
}

/** Decodes the QR block in `text`, drawn `scale` pixels a module inside a four-module quiet zone. */
export function decodeTerminalQr(text: string, scale = 8): string {
  const modules = terminalModules(text);
  const quiet = 4;
  const cols = Math.max(...modules.map((r) => r.length)) + 2 * quiet;
  const width = cols * scale;
  const height = (modules.length + 2 * quiet) * scale;
  const grey = new Uint8ClampedArray(width * height).fill(255);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        grey.fill(
          0,
          ((y + quiet) * scale + dy) * width + (x + quiet) * scale,
          ((y + quiet) * scale + dy) * width + (x + quiet + 1) * scale,
        );
    }),
  );
  return decodeGrey(grey, width, height);
}
