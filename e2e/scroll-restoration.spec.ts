/**
 * The window's scroll position per history entry (src/app/scroll-restoration.tsx): a new page opens at the top, back
 * and reload return to where the reader was, with the position kept from scroll events rather than read as the page
 * is left.
 */
import { expect, test, type Page } from '@playwright/test';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function scrollLandingDown(page: Page): Promise<number> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 600));
  // The position is taken from the scroll event, which comes with the next frame.
  await expect.poll(() => scrollY(page)).toBe(600);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return 600;
}

test('a new page opens at the top, and back returns to where the reader was', async ({ page }) => {
  const y = await scrollLandingDown(page);
  // Clicked in the page: Playwright's own click would scroll the footer into view first.
  await page
    .locator('footer')
    .getByRole('link', { name: 'Features' })
    .evaluate((a: HTMLElement) => a.click());
  await expect(page).toHaveURL(/\/features$/);
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => scrollY(page)).toBe(y);
});

test('a reload keeps the position', async ({ page }) => {
  const y = await scrollLandingDown(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(y);
  // Restored from what the app kept as the page was left, not only by the browser's own restoration.
  const kept = await page.evaluate(() => Object.values(JSON.parse(sessionStorage.getItem('lockstep:scroll-positions') ?? '{}') as object));
  expect(kept).toContain(y);
});
