/**
 * The maps provider (Nominatim) hears a campus's address only when the user
 * asks: typing in the address (suggestions) or Get Coordinates. Opening a
 * saved campus to edit it sends nothing. The provider is the one thing
 * stubbed (a hosted service); Playwright's clock runs the suggestion
 * debounce, so a busy machine cannot decide the verdict.
 */
import { expect, test } from '@playwright/test';
import { signInViaDeepLink } from './support';

const NOMINATIM = '**/nominatim.openstreetmap.org/search?**';

test('editing a campus sends its address to the maps provider only once the user types', async ({ page }) => {
  const asked: string[] = [];
  await page.route(NOMINATIM, async (route) => {
    asked.push(new URL(route.request().url()).searchParams.get('q') ?? '');
    await route.fulfill({ json: [] });
  });
  await page.clock.install();
  await signInViaDeepLink(page, 'security@lincoln-isd.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Security Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: /^Campuses/ }).click();
  const campuses = page.getByRole('dialog', { name: 'Campuses' });
  await campuses.getByRole('button', { name: 'Edit campus Lincoln High School' }).click();
  const address = campuses.getByRole('combobox', { name: 'Address' });
  await expect(address).toHaveValue('401 W Oak St');
  // Far past the suggestion debounce: nothing may have been asked.
  await page.clock.runFor(5_000);
  await address.fill('401 W Oak Street');
  await page.clock.runFor(1_000);
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  expect(asked).toEqual(['401 W Oak Street']);
});
