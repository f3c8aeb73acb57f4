/**
 * On a phone every control in the tenant header is at least 44 x 44 px
 * (WCAG 2.5.5, Apple's and Android's guidance), for an officer on the
 * rounds and the scan screen and for a super admin on the dashboard.
 */
import { expect, test, type Page } from '@playwright/test';
import { LINCOLN, signInViaDeepLink } from './support';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const MIN = 44;

async function headerControlsTooSmall(page: Page): Promise<string[]> {
  const controls = page.locator('header').locator('a, button');
  await expect(controls.first()).toBeVisible();
  const small: string[] = [];
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    const name = ((await control.textContent()) ?? '').trim() || ((await control.getAttribute('aria-label')) ?? '?');
    if (!box || box.height < MIN || box.width < MIN) small.push(`${name} ${Math.round(box?.width ?? 0)}x${Math.round(box?.height ?? 0)}`);
  }
  return small;
}

/**
 * Polled: the header's controls re-render once the sync engine has loaded after the first paint, and a control
 * measured while it is swapped reads 0x0 (one CI run saw "Sign Out 0x0"). One too small stays too small.
 */
async function expectHeaderControlsBigEnough(page: Page): Promise<void> {
  await expect.poll(() => headerControlsTooSmall(page), { timeout: 15_000 }).toEqual([]);
}

test('the officer’s header controls are big enough to tap, on the rounds and the scan screen', async ({ page }) => {
  await signInViaDeepLink(page, 'officer@lincoln-isd.test');
  await expect(page).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/rounds$`));
  await expect(page.getByRole('heading', { level: 1, name: 'My Rounds' })).toBeVisible();
  await expectHeaderControlsBigEnough(page);
  await page.goto(`/tenant/${LINCOLN.slug}/scan`);
  await expect(page.getByRole('link', { name: 'My Rounds' })).toBeVisible();
  await expectHeaderControlsBigEnough(page);
});

test('the super admin’s header controls are big enough to tap on the dashboard', async ({ page }) => {
  await signInViaDeepLink(page, 'super@lincoln-isd.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  await expectHeaderControlsBigEnough(page);
});
