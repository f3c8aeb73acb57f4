/** The router's error view: "Unexpected Application Error!" with a way home; and the app's own start failing. */
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

test('the app itself failing to load says so and offers a reload', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // react-dom's client: the first step of src/main.tsx, before React can render anything.
  await page.route(/\/assets\/client-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByText('Lockstep could not be loaded. If you are offline, open it again once you are back online.')).toBeVisible();
  expect(errors.length).toBeGreaterThan(0);
  await page.unroute(/\/assets\/client-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stronger security');
});
