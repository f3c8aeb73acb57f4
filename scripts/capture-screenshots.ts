/**
 * Captures the web manifest's screenshots from a running stack (Chromium at
 * /usr/bin/chromium): the landing page wide (1280x720) and narrow (540x960).
 *   BASE_URL=http://localhost:4173 node --import tsx scripts/capture-screenshots.ts
 */
import { chromium } from '@playwright/test';

const base = process.env.BASE_URL ?? 'http://localhost:4173';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  for (const [name, width, height] of [
    ['wide', 1280, 720],
    ['narrow', 540, 960],
  ] as const) {
    const page = await browser.newPage({ viewport: { width, height }, serviceWorkers: 'block' });
    await page.goto(`${base}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.screenshot({ path: `public/screenshots/${name}.png` });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log('screenshots written');
