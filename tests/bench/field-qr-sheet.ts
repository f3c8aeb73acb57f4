/**
 * Field section, the campus QR sheet (issue 13 §3: 28 doors made a 30 MB PDF
 * in 15 s), measured in the real app: the local stack with demo data serves a
 * production build; a campus of 100 doors is added through the tenant's REST
 * API, 30 of them with one of 3 logos (one photo-like, two flat) and 2 with
 * an uploaded QR image, as an admin would set them up; Debian's Chromium signs
 * in as lincoln-isd's security admin, and the first sync brings them down.
 *   field.qr-sheet-ms    from the click on the campus's Print QR codes to the
 *                        PDF downloaded, the CPU slowed 4x as DESIGN §9 asks
 *                        where time matters; each run the first print after a
 *                        page load (the PDF library loads on that click);
 *                        median of 3 (bar < 3000)
 *   field.qr-sheet-kb    the PDF's size in KB (bar < 2048)
 *   field.qr-sheet-1x-ms the same time at full CPU speed, reported
 *   field.qr-sheet-longest-task-ms  the longest main-thread task while the
 *                        sheet is made at 4x (a page frozen that long), reported
 * `npm run bench -- field-qr-sheet` runs this alone.
 */

import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';
import { pageCount } from '../support/qr-sheet-raster';
import { buildAppInto, serveDemoStack } from './demo-stack';
import { median, round, type BenchResult } from './result';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DIST = join(ROOT, '.bench', 'qr-sheet-dist');
const SLUG = 'lincoln-isd';
const CAMPUS = 'Bench QR Campus';
const DOORS = 100;
const MS_BAR = 3000;
const KB_BAR = 2048;

/** Three 400x400 logos as an admin uploads them (data URLs), drawn by the browser's canvas: one photo-like, two flat. */
async function makeLogos(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const draw = (paint: (ctx: CanvasRenderingContext2D) => void) => {
      const canvas = document.createElement('canvas');
      canvas.width = 400;
      canvas.height = 400;
      paint(canvas.getContext('2d')!);
      return canvas.toDataURL('image/png');
    };
    const photo = draw((ctx) => {
      const g = ctx.createRadialGradient(200, 160, 20, 200, 200, 260);
      g.addColorStop(0, '#f4d03f');
      g.addColorStop(0.5, '#16a085');
      g.addColorStop(1, '#1b2631');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, 400, 400);
      const img = ctx.getImageData(0, 0, 400, 400);
      let seed = 7;
      for (let i = 0; i < img.data.length; i += 4) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const n = (seed % 25) - 12;
        for (let c = 0; c < 3; c++) img.data[i + c] = img.data[i + c]! + n;
      }
      ctx.putImageData(img, 0, 0);
    });
    const flat = (bg: string, fg: string, letter: string) =>
      draw((ctx) => {
        ctx.fillStyle = bg;
        ctx.fillRect(0, 0, 400, 400);
        ctx.fillStyle = fg;
        ctx.beginPath();
        ctx.arc(200, 200, 150, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = bg;
        ctx.font = 'bold 200px sans-serif';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(letter, 200, 210);
      });
    return [photo, flat('#ffffff', '#1f4e79', 'L'), flat('#7b241c', '#ffffff', 'M')];
  });
}

async function seedCampus(base: string, serviceKey: string, logos: readonly string[]): Promise<void> {
  const rest = async <T>(path: string, body: unknown): Promise<T> => {
    const r = await fetch(`${base}/t/${SLUG}/rest/v1/${path}`, {
      method: 'POST',
      headers: {
        apikey: serviceKey,
        authorization: `Bearer ${serviceKey}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
  const [campus] = await rest<Array<{ id: string }>>('campus', { campus_name: CAMPUS, active: true });
  if (!campus) throw new Error('the bench campus was not created');
  const uploaded = (n: string) =>
    QRCode.toDataURL(JSON.stringify({ door_number: n, campus: CAMPUS }), { width: 600, margin: 4, errorCorrectionLevel: 'H' });
  const prefixes = ['EA', 'D', 'G', 'W'];
  const doors = await Promise.all(
    Array.from({ length: DOORS }, async (_, i) => {
      const door_number = `${prefixes[i % 4]}${Math.floor(i / 4) + 1}`;
      return {
        campus_id: campus.id,
        door_number,
        logo: i % 10 < 3 ? logos[i % 3] : null,
        qr_image: i === 41 || i === 77 ? await uploaded(door_number) : null,
      };
    }),
  );
  await rest('doors', doors);
}

/** One print after a fresh page load: [ms from the click to the file saved, bytes, longest task ms]. */
async function printOnce(page: Page, dashboard: string, throttle: number): Promise<{ ms: number; bytes: number; longestTaskMs: number }> {
  await page.goto(dashboard);
  const card = page.getByTestId('campus-card').filter({ hasText: CAMPUS });
  await card
    .getByText(`${DOORS} doors`)
    .waitFor({ timeout: 60_000 })
    .catch(async (e: unknown) => {
      if (process.env.QR_BENCH_SHOT) await page.screenshot({ path: process.env.QR_BENCH_SHOT, fullPage: true });
      throw e;
    });
  const button = card.getByRole('button', { name: 'Print QR codes' });
  await button.waitFor();
  // The admin looks at a dashboard that has loaded: its first sync after the
  // load is done and the page idle, as when someone reaches for the button.
  await page.getByRole('button', { name: 'Synced' }).waitFor({ timeout: 60_000 });
  await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 2000 })));
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number };
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
    }).observe({ type: 'longtask' });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  try {
    // Clicked through its element: Playwright's own locator checks would run
    // on the throttled page inside the measured time.
    const element = await button.elementHandle();
    if (!element) throw new Error('no Print QR codes button');
    const t0 = performance.now();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      element.evaluate((b) => (b as HTMLButtonElement).click()),
    ]);
    const path = await download.path();
    const ms = performance.now() - t0;
    const pdf = await readFile(path);
    // A figure of the whole sheet only: 100 doors, 12 a page.
    if (pageCount(pdf) !== Math.ceil(DOORS / 12)) throw new Error(`the sheet has ${pageCount(pdf)} pages`);
    const bytes = pdf.length;
    const longestTaskMs = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
    return { ms, bytes, longestTaskMs };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

export async function runQrSheetBench(): Promise<BenchResult[]> {
  await buildAppInto(DIST);
  const demo = await serveDemoStack(DIST);
  const { stack, base } = demo;
  let browser: Browser | null = null;
  try {
    const tenant = await stack.tenant(SLUG);
    if (!tenant) throw new Error(`${SLUG} was not seeded`);

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    // tsx keeps function names with a __name helper that page.evaluate's copies would lack.
    await context.addInitScript('globalThis.__name = (f) => f;');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await seedCampus(base, tenant.keys.serviceKey, await makeLogos(page));

    await page.goto(`/tenant/${SLUG}/login`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('security@lincoln-isd.test');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/security$/, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Synced' }).waitFor({ timeout: 120_000 });

    const dashboard = page.url();
    await printOnce(page, dashboard, 1); // warm-up: the service worker caches the lazy chunks once
    const slow = [];
    for (let i = 0; i < 3; i++) slow.push(await printOnce(page, dashboard, 4));
    const fast = [];
    for (let i = 0; i < 3; i++) fast.push(await printOnce(page, dashboard, 1));
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    console.log(
      `  qr sheet of ${DOORS} doors, 4x (ms): ${slow.map((r) => round(r.ms)).join(', ')}; 1x: ${fast.map((r) => round(r.ms)).join(', ')}; ` +
        `longest task 4x (ms): ${slow.map((r) => round(r.longestTaskMs)).join(', ')}; bytes: ${slow.map((r) => r.bytes).join(', ')}`,
    );
    const ms = round(median(slow.map((r) => r.ms)), 1);
    const kb = round(Math.max(...slow.map((r) => r.bytes)) / 1024, 1);
    return [
      { id: 'field.qr-sheet-ms', figure: ms, unit: 'ms', bar: `< ${MS_BAR} (CPU 4x slower)`, ok: ms < MS_BAR },
      { id: 'field.qr-sheet-kb', figure: kb, unit: 'KB', bar: `< ${KB_BAR}`, ok: kb < KB_BAR },
      { id: 'field.qr-sheet-1x-ms', figure: round(median(fast.map((r) => r.ms)), 1), unit: 'ms', bar: 'reported', ok: true },
      {
        id: 'field.qr-sheet-longest-task-ms',
        figure: round(Math.max(...slow.map((r) => r.longestTaskMs)), 1),
        unit: 'ms',
        bar: 'reported (CPU 4x slower)',
        ok: true,
      },
    ];
  } finally {
    await browser?.close();
    await demo.close();
  }
}
