/**
 * Draws the Lockstep app icons (a white padlock on the brand blue) as PNGs
 * with no image library: a signed-distance rasterizer with 4x4 supersampling
 * and a minimal PNG encoder (zlib from Node). Run once; the PNGs are committed.
 *   node --import tsx scripts/generate-icons.ts
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

type RGBA = [number, number, number, number];
const BLUE: RGBA = [30, 58, 138, 255];
const WHITE: RGBA = [255, 255, 255, 255];
const CLEAR: RGBA = [0, 0, 0, 0];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function encodePng(w: number, h: number, px: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 4 + 1)] = 0;
    Buffer.from(px.buffer, px.byteOffset + y * w * 4, w * 4).copy(raw, y * (w * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Signed distances in unit space (0..1).
const sdRoundRect = (x: number, y: number, cx: number, cy: number, hw: number, hh: number, r: number) => {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
};

/** Colour at a point: background shape, then the padlock scaled by `s` around the centre. */
function shade(x: number, y: number, maskable: boolean, s: number): RGBA {
  const bg = maskable ? -1 : sdRoundRect(x, y, 0.5, 0.5, 0.5, 0.5, 0.22);
  if (bg > 0) return CLEAR;
  // Padlock in a local frame centred at 0.5,0.5.
  const lx = (x - 0.5) / s + 0.5;
  const ly = (y - 0.5) / s + 0.5;
  const body = sdRoundRect(lx, ly, 0.5, 0.62, 0.26, 0.2, 0.06);
  // Shackle: an arch (ring top half) plus two legs.
  const ringR = 0.17;
  const thick = 0.055;
  const dRing = Math.abs(Math.hypot(lx - 0.5, ly - 0.38) - ringR) - thick / 2;
  const arch = ly <= 0.38 ? dRing : Math.min(Math.abs(lx - (0.5 - ringR)), Math.abs(lx - (0.5 + ringR))) - thick / 2 + (ly > 0.46 ? 1 : 0);
  const keyhole = Math.min(Math.hypot(lx - 0.5, ly - 0.59) - 0.045, sdRoundRect(lx, ly, 0.5, 0.66, 0.018, 0.05, 0.01));
  if (body <= 0) return keyhole <= 0 ? BLUE : WHITE;
  if (arch <= 0) return WHITE;
  return BLUE;
}

function render(size: number, maskable: boolean, scale: number): Buffer {
  const px = new Uint8Array(size * size * 4);
  const n = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = shade((x + (sx + 0.5) / n) / size, (y + (sy + 0.5) / n) / size, maskable, scale);
          const a = c[3] / 255;
          acc[0]! += c[0] * a;
          acc[1]! += c[1] * a;
          acc[2]! += c[2] * a;
          acc[3]! += a;
        }
      }
      const i = (y * size + x) * 4;
      const a = acc[3]!;
      px[i] = a ? Math.round(acc[0]! / a) : 0;
      px[i + 1] = a ? Math.round(acc[1]! / a) : 0;
      px[i + 2] = a ? Math.round(acc[2]! / a) : 0;
      px[i + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return encodePng(size, size, px);
}

const out = new URL('../public/', import.meta.url);
writeFileSync(new URL('icons/icon-192.png', out), render(192, false, 0.9));
writeFileSync(new URL('icons/icon-512.png', out), render(512, false, 0.9));
// Maskable: full-bleed background, padlock inside the 80% safe zone.
writeFileSync(new URL('icons/maskable-192.png', out), render(192, true, 0.7));
writeFileSync(new URL('icons/maskable-512.png', out), render(512, true, 0.7));
writeFileSync(new URL('apple-touch-icon.png', out), render(180, true, 0.75));
console.log('icons written');
