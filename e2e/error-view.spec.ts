/** The router's error view: "Unexpected Application Error!" with a way home. */
import { expect, test } from '@playwright/test';

test.use({ serviceWorkers: 'block' });

test('a screen that fails to load shows the error view with a way home', async ({ page }) => {
  await page.route(/\/assets\/public-site-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/features');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  await page.unroute(/\/assets\/public-site-[^/]+\.js$/);
  await page.getByRole('link', { name: 'Go to home page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stronger security');
});
