/**
 * The browser side of the photo compression test page (tests/support/
 * photo-page.ts builds and serves it): makes camera-like fixtures with the
 * canvas, runs the real compressPhoto on them and describes what came out,
 * so the spec and the bench only pass small JSON across the DevTools protocol.
 */
import { compressPhoto, PhotoFormatError } from '../../src/lib/photos/compress';
import { containsExifHeader, exifApp1, insertAfterSoi, segmentMarkers } from './exif-builder';
import {
  MARKER_GREEN,
  MARKER_RED,
  type CameraJpegOptions,
  type FileSpec,
  type PhotoFailure,
  type PhotoPageApi,
  type PhotoSummary,
  type Rgb,
  type TimedRuns,
} from './photo-page-types';

const blobs = new Map<string, Uint8Array<ArrayBuffer>>();
let nextKey = 0;
const keep = (bytes: Uint8Array<ArrayBuffer>) => {
  const key = `f${nextKey++}`;
  blobs.set(key, bytes);
  return key;
};

/** xorshift32: the same fixture on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

async function cameraJpeg(o: CameraJpegOptions): Promise<{ key: string; bytes: number }> {
  const canvas = new OffscreenCanvas(o.width, o.height);
  const ctx = canvas.getContext('2d')!;
  const rnd = random(o.width * 31 + o.height);
  // A scene: sky-to-floor gradient, a wall with doors and windows, soft light.
  const sky = ctx.createLinearGradient(0, 0, 0, o.height);
  sky.addColorStop(0, '#8fb4d9');
  sky.addColorStop(0.55, '#d9d2c0');
  sky.addColorStop(1, '#5a4a3a');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, o.width, o.height);
  for (let i = 0; i < 40; i++) {
    const x = rnd() * o.width;
    const y = rnd() * o.height;
    const w = (0.05 + rnd() * 0.2) * o.width;
    const h = (0.05 + rnd() * 0.3) * o.height;
    const g = ctx.createLinearGradient(x, y, x + w, y + h);
    g.addColorStop(0, `hsl(${Math.floor(rnd() * 360)} 35% ${30 + Math.floor(rnd() * 40)}%)`);
    g.addColorStop(1, `hsl(${Math.floor(rnd() * 360)} 25% ${20 + Math.floor(rnd() * 50)}%)`);
    ctx.fillStyle = g;
    ctx.fillRect(x, y, w, h);
  }
  // Fine detail (brick, gravel, leaves) that survives scaling down, as a real scene's does.
  for (let i = 0; i < 60_000; i++) {
    ctx.fillStyle = `hsl(${Math.floor(rnd() * 360)} ${Math.floor(rnd() * 40)}% ${15 + Math.floor(rnd() * 70)}% / 0.35)`;
    ctx.fillRect(rnd() * o.width, rnd() * o.height, 2 + rnd() * 22, 2 + rnd() * 22);
  }
  const light = ctx.createRadialGradient(o.width * 0.7, o.height * 0.3, 10, o.width * 0.7, o.height * 0.3, o.width * 0.6);
  light.addColorStop(0, 'rgba(255,250,230,0.35)');
  light.addColorStop(1, 'rgba(0,0,0,0.25)');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, o.width, o.height);
  if (o.noise > 0) {
    // Grain in bands of rows, so 12 megapixels never sit in one ImageData twice.
    const band = 250;
    for (let y = 0; y < o.height; y += band) {
      const h = Math.min(band, o.height - y);
      const img = ctx.getImageData(0, y, o.width, h);
      const d = img.data;
      for (let i = 0; i < d.length; i += 4) {
        const n = (rnd() - 0.5) * o.noise;
        d[i] = d[i]! + n + (rnd() - 0.5) * o.noise * 0.3;
        d[i + 1] = d[i + 1]! + n;
        d[i + 2] = d[i + 2]! + n + (rnd() - 0.5) * o.noise * 0.3;
      }
      ctx.putImageData(img, 0, y);
    }
  }
  const side = Math.round(Math.min(o.width, o.height) / 8);
  ctx.fillStyle = `rgb(${MARKER_RED.join(',')})`;
  ctx.fillRect(0, 0, side, side);
  ctx.fillStyle = `rgb(${MARKER_GREEN.join(',')})`;
  ctx.fillRect(0, o.height - side, side, side);
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: o.quality });
  let bytes = new Uint8Array(await blob.arrayBuffer());
  if (o.exif) bytes = insertAfterSoi(bytes, exifApp1(o.exif));
  return { key: keep(bytes), bytes: bytes.length };
}

async function png(width: number, height: number): Promise<{ key: string; bytes: number }> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = `rgb(${MARKER_RED.join(',')})`;
  ctx.fillRect(0, 0, width, height);
  // The bottom third left transparent.
  ctx.clearRect(0, Math.floor((height * 2) / 3), width, height);
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return { key: keep(bytes), bytes: bytes.length };
}

function fromBase64(b64: string): string {
  return keep(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
}

function fileOf(key: string, spec: FileSpec): File {
  const bytes = blobs.get(key);
  if (!bytes) throw new Error(`no fixture ${key}`);
  return new File([bytes], spec.name, { type: spec.type, ...(spec.lastModified !== undefined ? { lastModified: spec.lastModified } : {}) });
}

async function corners(jpeg: ArrayBuffer): Promise<PhotoSummary['corners']> {
  const bitmap = await createImageBitmap(new Blob([jpeg], { type: 'image/jpeg' }));
  const { width: w, height: h } = bitmap;
  const ctx = new OffscreenCanvas(w, h).getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const at = (x: number, y: number): Rgb => {
    const d = ctx.getImageData(x, y, 8, 8).data;
    const sum: Rgb = [0, 0, 0];
    for (let i = 0; i < d.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += d[i + c]!;
    return sum.map((s) => Math.round(s / 64)) as Rgb;
  };
  // 4 px in from each edge: the scaler blends the outermost pixels.
  return { topLeft: at(4, 4), topRight: at(w - 12, 4), bottomLeft: at(4, h - 12), bottomRight: at(w - 12, h - 12) };
}

async function compress(key: string, spec: FileSpec): Promise<PhotoSummary | PhotoFailure> {
  const file = fileOf(key, spec);
  const t0 = performance.now();
  try {
    const out = await compressPhoto(file);
    const ms = performance.now() - t0;
    const bytes = new Uint8Array(out.bytes);
    const thumb = new Uint8Array(out.thumb);
    const thumbBitmap = await createImageBitmap(new Blob([out.thumb], { type: 'image/jpeg' }));
    const summary: PhotoSummary = {
      ok: true,
      ms,
      width: out.width,
      height: out.height,
      bytes: bytes.length,
      type: out.type,
      takenAt: out.takenAt,
      markers: segmentMarkers(bytes),
      hasExif: containsExifHeader(bytes),
      corners: await corners(out.bytes),
      thumb: {
        width: thumbBitmap.width,
        height: thumbBitmap.height,
        bytes: thumb.length,
        markers: segmentMarkers(thumb),
        hasExif: containsExifHeader(thumb),
      },
    };
    thumbBitmap.close();
    // The declared size must be the real one.
    const real = await createImageBitmap(new Blob([out.bytes], { type: 'image/jpeg' }));
    if (real.width !== out.width || real.height !== out.height)
      throw new Error(`says ${out.width}x${out.height}, is ${real.width}x${real.height}`);
    real.close();
    return summary;
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    return {
      ok: false,
      ms: performance.now() - t0,
      name: err.name,
      message: err.message,
      isPhotoFormatError: e instanceof PhotoFormatError,
    };
  }
}

function base64(bytes: ArrayBuffer): string {
  const b = new Uint8Array(bytes);
  let s = '';
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s);
}

async function time(key: string, spec: FileSpec, runs: number): Promise<TimedRuns> {
  const ms: number[] = [];
  let last: Awaited<ReturnType<typeof compressPhoto>> | null = null;
  for (let i = 0; i < runs; i++) {
    const file = fileOf(key, spec);
    const t0 = performance.now();
    last = await compressPhoto(file);
    ms.push(performance.now() - t0);
  }
  if (!last) throw new Error('no run');
  return {
    ms,
    width: last.width,
    height: last.height,
    bytes: last.bytes.byteLength,
    thumbBytes: last.thumb.byteLength,
    sample: base64(last.bytes),
  };
}

const api: PhotoPageApi = { cameraJpeg, png, fromBase64, compress, time };
(window as unknown as { photos: PhotoPageApi }).photos = api;
document.body.dataset.ready = 'true';
