/**
 * Photos section (issue 17), one function per figure:
 *   photos.compress-ms  compressPhoto (src/lib/photos/compress.ts) on a
 *     12-megapixel camera-like JPEG (4000×3000 drawn in the page: gradients,
 *     shapes, fine detail and sensor grain, about 4.5 MB, EXIF Orientation 6
 *     as a phone held upright writes it) in Debian's Chromium with the CPU
 *     slowed 4× through the DevTools protocol: from the File to the photo
 *     and its thumbnail encoded, median of 5 after one unthrottled warm-up.
 *     Reported. The slowdown applies to the page's main thread; Chromium
 *     decodes the file and encodes the JPEGs partly on threads of its own,
 *     which it does not slow, so a phone takes longer than this says (the
 *     unthrottled times are printed beside it for that reason). The page is
 *     tests/support/photo-page.ts (built by Vite, served under the app's
 *     CSP). The output's size is printed, and the photo written to .bench/.
 * Builds go to .bench/, never to the shared dist/.
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';
import { openPhotoPage, photos, servePhotoPage, type PhotoPage } from '../support/photo-page';
import { median, round, type BenchResult } from './result';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PAGE_DIR = join(ROOT, '.bench', 'photo-page');
/** What came out, to look at. */
const SAMPLE = join(ROOT, '.bench', 'photos-compressed-sample.jpg');
const CPU_SLOWDOWN = 4;
const RUNS = 5;

/** A phone's 12-megapixel photo as its camera writes it. */
const CAMERA_PHOTO = {
  width: 4000,
  height: 3000,
  noise: 24,
  quality: 0.92,
  exif: { orientation: 6, dateTimeOriginal: '2025:09:15 08:12:30', offsetTimeOriginal: '-05:00' },
};

async function compressFigure(browser: Browser, served: PhotoPage): Promise<BenchResult> {
  const page = await browser.newPage();
  try {
    const { problems } = await openPhotoPage(page, served.url);
    const fixture = await photos(page, 'cameraJpeg', CAMERA_PHOTO);
    const file = { type: 'image/jpeg', name: 'IMG_0001.JPG' };
    const unthrottled = await photos(page, 'time', fixture.key, file, 1 + RUNS);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const throttled = await photos(page, 'time', fixture.key, file, RUNS).finally(() =>
      cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }),
    );
    if (problems.length) throw new Error(`photo page: ${problems.join('; ')}`);
    await writeFile(SAMPLE, Buffer.from(throttled.sample, 'base64'));
    const figure = round(median(throttled.ms), 0);
    console.log(
      `  input ${(fixture.bytes / 1e6).toFixed(2)} MB 4000×3000 → ${throttled.width}×${throttled.height} ${round(throttled.bytes / 1024, 0)} KB` +
        ` + thumbnail ${round(throttled.thumbBytes / 1024, 1)} KB (${SAMPLE.slice(ROOT.length + 1)})`,
    );
    console.log(`  ${CPU_SLOWDOWN}× CPU slowdown (ms): ${throttled.ms.map((m) => round(m, 0)).join(', ')}`);
    console.log(
      `  no slowdown, after a warm-up (ms): ${unthrottled.ms
        .slice(1)
        .map((m) => round(m, 0))
        .join(', ')}`,
    );
    return { id: 'photos.compress-ms', figure, unit: 'ms', bar: `reported (12 MP JPEG, ${CPU_SLOWDOWN}x CPU slowdown)`, ok: true };
  } finally {
    await page.close();
  }
}

export async function runPhotosBench(): Promise<BenchResult[]> {
  const served = await servePhotoPage(PAGE_DIR);
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    return [await compressFigure(browser, served)];
  } finally {
    await browser?.close();
    await served.close();
  }
}

// `node --import tsx tests/bench/photos.ts` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  void runPhotosBench().then((r) => {
    for (const x of r)
      console.log(`${x.ok ? 'ok  ' : 'MISS'} ${x.id.padEnd(36)} ${String(x.figure).padStart(10)} ${x.unit.padEnd(3)} bar: ${x.bar}`);
  });
}
