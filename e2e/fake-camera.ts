/**
 * Chromium's fake camera filming a QR code: a YUV4MPEG2 video of the code
 * (what --use-file-for-fake-video-capture plays in a loop), drawn from the
 * payload with the settings the app's PNGs use (margin 4, level H).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export function writeQrVideo(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'H' });
  const n = qr.modules.size;
  const margin = 4;
  const W = 640;
  const H = 480;
  const cell = Math.floor(300 / (n + 2 * margin));
  const side = cell * (n + 2 * margin);
  const ox = Math.floor((W - side) / 2);
  const oy = Math.floor((H - side) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      if (!qr.modules.get(r, c)) continue;
      for (let dy = 0; dy < cell; dy++) {
        const row = oy + (r + margin) * cell + dy;
        y.fill(16, row * W + ox + (c + margin) * cell, row * W + ox + (c + margin + 1) * cell);
      }
    }
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const file = join(mkdtempSync(join(tmpdir(), 'lockstep-qr-')), 'door-qr.y4m');
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 10 }, () => frame)]),
  );
  return file;
}

/** Launch options for Chromium whose fake camera films the QR code of `payload`. */
export function filmingCamera(payload: string) {
  return {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${writeQrVideo(payload)}`],
  };
}
