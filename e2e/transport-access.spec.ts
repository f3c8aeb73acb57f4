/**
 * Who opens /tenant/{slug}/transportation (issue 14, decision 024), in real
 * Chromium: office@ and officer@ (a regular user who drives no bus) are
 * refused with a way home; transport@ gets the dashboard's tabs; with the
 * tenant's transportation add-on off, the page says so with the dashboard
 * card's Upgrade link. The spec runs its own stack so it can turn the
 * add-on off in the platform database.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startLocal, type Local } from './network-cut';
import { expectNoSeriousA11yViolations, LINCOLN, signInViaDeepLink } from './support';

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let local: Local;

test.beforeAll(async () => {
  local = await startLocal();
});

test.afterAll(async () => {
  await local?.close();
});

async function openAs(browser: Browser, email: string, lands: RegExp): Promise<Page> {
  const context = await browser.newContext({ baseURL: local.base });
  const page = await context.newPage();
  await signInViaDeepLink(page, email);
  await expect(page).toHaveURL(lands, { timeout: 50_000 });
  await page.goto(`/tenant/${LINCOLN.slug}/transportation`);
  return page;
}

async function setTransportation(enabled: boolean): Promise<void> {
  await local.stack.platform.engine.query(
    `update public.tenant_features set enabled = $2
      where feature_name = 'transportation' and tenant_id = (select id from public."Tenants" where slug = $1)`,
    [LINCOLN.slug, enabled],
  );
}

test('office@ and officer@ are refused the page, with a way to their own screen', async ({ browser }) => {
  for (const [email, lands, home] of [
    ['office@lincoln-isd.test', /\/dashboard$/, '/tenant/lincoln-isd/dashboard'],
    ['officer@lincoln-isd.test', /\/rounds$/, '/tenant/lincoln-isd/rounds'],
  ] as const) {
    const page = await openAs(browser, email, lands);
    await expect(page.getByRole('heading', { name: 'You do not have access to Transportation' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to your home screen' })).toHaveAttribute('href', home);
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  }
});

test('transport@ gets the dashboard; with the add-on off the page says so and links the upgrade', async ({ browser }) => {
  const page = await openAs(browser, 'transport@lincoln-isd.test', /\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/tenant/lincoln-isd/dashboard');

  await setTransportation(false);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'The Transportation add-on is not enabled' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Upgrade to enable' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await setTransportation(true);
  }
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible({ timeout: 30_000 });
  await page.context().close();
});
