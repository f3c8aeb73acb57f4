/**
 * Photo compression (src/lib/photos/compress.ts, issue 17) in Debian's
 * Chromium, on a bare page built and served by tests/support/photo-page.ts
 * under the app's Content-Security-Policy. Fixtures are drawn there with the
 * canvas; EXIF is spliced in by hand (tests/support/exif-builder.ts).
 *
 *   a 12-megapixel camera JPEG with EXIF Orientation 6 and DateTimeOriginal
 *     → 1200×1600, rotated as the camera meant (marker corners), at most
 *     800 KB, no EXIF left in the photo or its thumbnail, takenAt from EXIF
 *   a small PNG → same size (never enlarged), transparency on white
 *   no EXIF → takenAt is the file's lastModified
 *   garbage → PhotoFormatError with the officer's message
 *   a real HEIC (tests/fixtures/photos) → decoded by the libheif worker,
 *     takenAt from its Exif item
 *   a file that calls itself HEIC but is not → the HEIC message
 */
import { readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { HEIC_NOT_CONVERTED, NOT_A_PHOTO } from '../src/lib/photos/errors';
import { MARKER_GREEN, MARKER_RED, type PhotoFailure, type PhotoSummary } from '../tests/support/photo-page-types';
import { openPhotoPage, photos, servePhotoPage, type PhotoPage } from '../tests/support/photo-page';

const ROOT = resolve(import.meta.dirname, '..');
const PAGE_DIR = join(ROOT, '.data', `photo-page-${process.pid}`);

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let served: PhotoPage;
let page: Page;
let problems: string[];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  served = await servePhotoPage(PAGE_DIR);
  page = await browser.newPage();
  ({ problems } = await openPhotoPage(page, served.url));
  // The page runs under the app's CSP: a worker from a blob: URL (what heic-to and heic2any start) is refused there.
  const blobWorker = await page.evaluate(async () => {
    const refused = new Promise<string>((done) => document.addEventListener('securitypolicyviolation', (e) => done(e.violatedDirective)));
    try {
      new Worker(URL.createObjectURL(new Blob(['postMessage(1)'], { type: 'text/javascript' })));
    } catch {
      return 'refused at once';
    }
    return Promise.race([refused, new Promise<string>((done) => setTimeout(() => done('allowed'), 2000))]);
  });
  expect(blobWorker).not.toBe('allowed');
  problems.length = 0;
});

test.afterAll(async () => {
  await page?.close();
  await served?.close();
  await rm(PAGE_DIR, { recursive: true, force: true });
});

test.afterEach(() => {
  expect(problems, 'page errors and CSP violations').toEqual([]);
});

type Rgb = [number, number, number];
const near = (got: Rgb, want: Rgb, tolerance = 40) => got.every((c, i) => Math.abs(c - want[i]!) <= tolerance);

function succeeded(r: PhotoSummary | PhotoFailure): PhotoSummary {
  if (!r.ok) throw new Error(`compressPhoto failed: ${r.name}: ${r.message}`);
  return r;
}

test('a 12-megapixel camera JPEG with EXIF rotation comes out 1200×1600, upright, small and without metadata', async () => {
  const fixture = await photos(page, 'cameraJpeg', {
    width: 4000,
    height: 3000,
    noise: 24,
    quality: 0.92,
    exif: { orientation: 6, dateTimeOriginal: '2024:05:06 07:08:09', offsetTimeOriginal: '+02:00' },
  });
  expect(fixture.bytes).toBeGreaterThan(1_000_000);
  const r = succeeded(
    await photos(page, 'compress', fixture.key, { type: 'image/jpeg', name: 'IMG_0001.JPG', lastModified: Date.UTC(2025, 0, 1) }),
  );
  console.log(
    `12 MP (${(fixture.bytes / 1e6).toFixed(2)} MB) → ${r.width}×${r.height}, ${(r.bytes / 1024).toFixed(0)} KB, thumb ${(r.thumb.bytes / 1024).toFixed(1)} KB, ${r.ms.toFixed(0)} ms`,
  );
  expect([r.width, r.height]).toEqual([1200, 1600]);
  expect(r.type).toBe('image/jpeg');
  expect(r.bytes).toBeLessThanOrEqual(800 * 1024);
  // Orientation 6 turns the stored picture 90° clockwise: stored top-left (red) is shown top-right, stored bottom-left (green) top-left.
  expect(near(r.corners.topRight, MARKER_RED), `top right ${r.corners.topRight}`).toBe(true);
  expect(near(r.corners.topLeft, MARKER_GREEN), `top left ${r.corners.topLeft}`).toBe(true);
  expect(near(r.corners.bottomLeft, MARKER_RED) || near(r.corners.bottomRight, MARKER_RED)).toBe(false);
  // No APP1 (EXIF or XMP) in the photo or its thumbnail, not even as stray bytes.
  expect(r.markers).not.toContain(0xe1);
  expect(r.hasExif).toBe(false);
  expect(r.thumb.markers).not.toContain(0xe1);
  expect(r.thumb.hasExif).toBe(false);
  expect([r.thumb.width, r.thumb.height]).toEqual([240, 320]);
  expect(r.takenAt).toBe('2024-05-06T05:08:09.000Z');
});

test('a small PNG is never enlarged, and transparency comes out white', async () => {
  const fixture = await photos(page, 'png', 300, 200);
  const lastModified = Date.UTC(2025, 6, 4, 12, 30);
  const r = succeeded(await photos(page, 'compress', fixture.key, { type: 'image/png', name: 'sketch.png', lastModified }));
  expect([r.width, r.height]).toEqual([300, 200]);
  expect([r.thumb.width, r.thumb.height]).toEqual([300, 200]);
  expect(near(r.corners.topLeft, MARKER_RED)).toBe(true);
  expect(near(r.corners.bottomLeft, [255, 255, 255], 10), `bottom left ${r.corners.bottomLeft}`).toBe(true);
  expect(r.takenAt).toBe(new Date(lastModified).toISOString());
});

test('a JPEG without EXIF takes its time from the file', async () => {
  const fixture = await photos(page, 'cameraJpeg', { width: 1000, height: 800, noise: 10, quality: 0.85 });
  const lastModified = Date.UTC(2025, 2, 3, 4, 5, 6, 789);
  const r = succeeded(await photos(page, 'compress', fixture.key, { type: 'image/jpeg', name: 'plain.jpg', lastModified }));
  expect([r.width, r.height]).toEqual([1000, 800]);
  expect([r.thumb.width, r.thumb.height]).toEqual([320, 256]);
  expect(r.takenAt).toBe('2025-03-03T04:05:06.789Z');
  // Upright as stored: no EXIF, no rotation.
  expect(near(r.corners.topLeft, MARKER_RED)).toBe(true);
  expect(near(r.corners.bottomLeft, MARKER_GREEN)).toBe(true);
});

test('a file that is not a picture is refused with a message the officer can act on', async () => {
  for (const [bytes, type, name] of [
    [Buffer.from('%PDF-1.7 this is not a photo at all').toString('base64'), 'image/jpeg', 'scan.jpg'],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2, 3]).toString('base64'), 'image/jpeg', 'cut.jpg'],
    ['', 'image/png', 'empty.png'],
  ] as const) {
    const key = await photos(page, 'fromBase64', bytes);
    const r = await photos(page, 'compress', key, { type, name });
    expect(r.ok, name).toBe(false);
    if (r.ok) continue;
    expect(r.isPhotoFormatError, `${name}: ${r.name}: ${r.message}`).toBe(true);
    expect(r.message).toBe(NOT_A_PHOTO);
  }
});

test('a HEIC photo is converted in the browser by the lazily started libheif worker', async () => {
  const heic = await readFile(join(ROOT, 'tests', 'fixtures', 'photos', 'red-corner-96x64.heic'));
  const key = await photos(page, 'fromBase64', heic.toString('base64'));
  // Pickers often give HEIC no MIME type: the ftyp brand tells.
  for (const type of ['image/heic', '']) {
    const r = succeeded(await photos(page, 'compress', key, { type, name: 'IMG_4242.HEIC', lastModified: Date.UTC(2025, 4, 1) }));
    expect([r.width, r.height]).toEqual([96, 64]);
    expect(near(r.corners.topLeft, [220, 38, 38])).toBe(true);
    expect(near(r.corners.bottomRight, [30, 64, 175])).toBe(true);
    expect(r.hasExif).toBe(false);
    // From the HEIC's own Exif item, not the file time.
    expect(r.takenAt).toBe('2024-05-06T05:08:09.000Z');
  }
});

test('a file that claims to be HEIC but cannot be decoded gets the HEIC advice', async () => {
  const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64, 7)]);
  const key = await photos(page, 'fromBase64', fake.toString('base64'));
  const r = await photos(page, 'compress', key, { type: '', name: 'IMG_4243.HEIC' });
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.isPhotoFormatError).toBe(true);
  expect(r.message).toBe(HEIC_NOT_CONVERTED);
});
