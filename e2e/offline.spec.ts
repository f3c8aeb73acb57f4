/** After one visit the installed shell reloads and navigates with the network off. */
import { expect, test, type Page } from '@playwright/test';
import { signInViaDeepLink } from './support';

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
    return reg.active?.state;
  });
}

test('the manifest is installable: name, icons, display, start URL', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(href ?? '/manifest.webmanifest')).json()) as Record<string, unknown>;
  expect(manifest.name).toBe('Lockstep');
  expect(manifest.short_name).toBe('Lockstep');
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/start');
  expect(manifest.id).toBe('/');
  expect(manifest.theme_color).toBeTruthy();
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose?: string }>;
  expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of icons) expect((await request.get(icon.src)).headers()['content-type']).toContain('image/png');
  // Chromium's own installability check, once the worker controls the page.
  await waitForServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
  // Playwright's contexts are incognito-like; nothing else may stand in the way.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});

test('public pages reload and navigate offline after one visit', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stronger security');
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  // Client-side navigation loads route chunks from the precache.
  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  // A full navigation to a screen never visited is answered by the service worker too.
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await page.goto('/tenant-discovery');
  await expect(page.getByRole('heading', { name: 'Tenant Portal Login' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-indicator')).toBeHidden();
});

test('a signed-in officer reopens the app and moves between screens offline', async ({ page, context }) => {
  await signInViaDeepLink(page, 'officer@lincoln-isd.test');
  await expect(page).toHaveURL(/\/rounds$/);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Rounds' })).toBeVisible();
  await expect(page.getByText('Daniel Reyes')).toBeVisible();
  await page.getByRole('link', { name: 'Lincoln ISD' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  // The header's link: the Feature Access card is also named Security once the features load.
  await page.getByRole('link', { name: 'Security Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security Dashboard' })).toBeVisible();
  // The deep link page opens offline from the cached organization record.
  await page.goto('/tenant/lincoln-isd/rounds');
  await expect(page.getByRole('heading', { level: 1, name: 'My Rounds' })).toBeVisible();
});
