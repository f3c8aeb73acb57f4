/**
 * Who opens /tenant/{slug}/student-parking (issue 15, decision 025), in real
 * Chromium: transport@ is refused with a way home; office@ gets the staff
 * tabs; officer@ (a regular user) gets the plate lookup with no tabs; with
 * the tenant's student_parking add-on off, the page says so. The spec runs
 * its own stack so it can turn the add-on off in the platform database.
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
  await page.goto(`/tenant/${LINCOLN.slug}/student-parking`);
  return page;
}

async function setStudentParking(enabled: boolean): Promise<void> {
  await local.stack.platform.engine.query(
    `update public.tenant_features set enabled = $2
      where feature_name = 'student_parking' and tenant_id = (select id from public."Tenants" where slug = $1)`,
    [LINCOLN.slug, enabled],
  );
}

test('transport@ is refused the page, with a way to their own screen', async ({ browser }) => {
  const page = await openAs(browser, 'transport@lincoln-isd.test', /\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'You do not have access to Student Parking' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to your home screen' })).toHaveAttribute('href', '/tenant/lincoln-isd/dashboard');
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test('officer@ gets the plate lookup alone, with no tabs', async ({ browser }) => {
  const page = await openAs(browser, 'officer@lincoln-isd.test', /\/rounds$/);
  await expect(page.getByRole('heading', { name: 'Student Parking Management' })).toBeVisible({ timeout: 30_000 });
  const lookup = page.getByRole('region', { name: 'Plate lookup' });
  await expect(lookup).toBeVisible({ timeout: 30_000 });
  await expect(lookup.getByRole('textbox', { name: 'License plate' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /do not have access|not enabled/ })).toHaveCount(0);
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.context().close();
});

test('office@ gets the staff tabs; with the add-on off the page says so and links the upgrade', async ({ browser }) => {
  const page = await openAs(browser, 'office@lincoln-isd.test', /\/dashboard$/);
  const tabs = page.getByRole('tablist', { name: 'Student parking' });
  await expect(tabs).toBeVisible({ timeout: 30_000 });
  for (const name of ['Parking Permits', 'Violations', 'Plate Lookup', 'Reports']) {
    await expect(tabs.getByRole('tab', { name })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/tenant/lincoln-isd/dashboard');

  await setStudentParking(false);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'The Student Parking add-on is not enabled' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Upgrade to enable' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await setStudentParking(true);
  }
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Reports' })).toBeVisible({ timeout: 30_000 });
  await page.context().close();
});

test("office@'s tabs follow the tabs pattern: one tab in the Tab order, the arrows, Home and End select, panels labelled", async ({
  browser,
}) => {
  const page = await openAs(browser, 'office@lincoln-isd.test', /\/dashboard$/);
  const tabs = page.getByRole('tablist', { name: 'Student parking' });
  const tab = (name: string) => tabs.getByRole('tab', { name, exact: true });
  await expect(tab('Parking Permits')).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  // Only the selected tab is in the Tab order, and each tab names the panel it controls.
  await expect(tabs.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  await expect(tabs.locator('[role="tab"][tabindex="-1"]')).toHaveCount(3);
  for (const name of ['Parking Permits', 'Violations', 'Plate Lookup', 'Reports']) {
    const controls = await tab(name).getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    await expect(page.locator(`[id="${controls}"]`)).toHaveAttribute('role', 'tabpanel');
  }

  await tab('Parking Permits').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Violations')).toBeFocused();
  await expect(tab('Violations')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]tab=violations\b/);
  await expect(page.getByRole('tabpanel', { name: 'Violations' })).toBeVisible();
  await expect(tabs.locator('[role="tab"][tabindex="0"]')).toHaveText('Violations');

  await page.keyboard.press('End');
  await expect(tab('Reports')).toBeFocused();
  await expect(page).toHaveURL(/[?&]tab=reports\b/);
  await page.keyboard.press('ArrowRight');
  await expect(tab('Parking Permits')).toBeFocused();
  await expect(tab('Parking Permits')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Reports')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tab('Parking Permits')).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Parking Permits' })).toBeVisible();
  // Other keys are the browser's: Tab leaves the list for the panel.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Parking Permits' })).toBeFocused();

  // A click selects too, and only the selected panel is rendered: the others are empty hidden panels.
  await tab('Plate Lookup').click();
  await expect(page).toHaveURL(/[?&]tab=lookup\b/);
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
  await expect(page.locator('[role="tabpanel"][hidden]')).toHaveCount(3);
  for (const hidden of await page.locator('[role="tabpanel"][hidden]').all()) await expect(hidden).toBeEmpty();

  // Back to an earlier selection leaves no stale ask behind: a permit's details push a history entry, its close
  // replaces it, a tab replaces it again, and after Back the same tab is asked for anew.
  await tab('Parking Permits').click();
  await page
    .getByRole('button', { name: /^Details of permit / })
    .first()
    .click();
  await expect(page).toHaveURL(/[?&]permit=/);
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page).not.toHaveURL(/[?&]permit=/);
  await tab('Violations').click();
  await expect(tab('Violations')).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(tab('Parking Permits')).toHaveAttribute('aria-selected', 'true');
  await tab('Violations').click();
  await expect(tab('Violations')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]tab=violations\b/);
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});
