/**
 * Onboarding through the real app (issue 10), in real Chromium: the staff
 * admin creates a tenant whose project the stack provisions, copies the
 * licence key and the first super admin's temporary password (shown once),
 * and that admin signs in to the new tenant and changes the password; the
 * staff admin registers, edits and deletes a tenant, revokes and regenerates
 * a licence, verifies features and enables transportation for
 * riverside-college. Staff without the admin flag cannot use these screens.
 *
 * These journeys create and delete tenants and enable an add-on, so (as
 * e2e/security-admin.spec.ts) they run against their own in-process copy of
 * the local stack with fresh demo data, never the stack other specs share.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, fillCredentials, PASSWORD, signInPlatform } from './support';

const LICENCE_KEY = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;
const local = stackForFile('riverside-college');

test.use({ trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function staffContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: local.base });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: local.base });
  return context;
}

async function openManageTenants(page: Page): Promise<void> {
  await signInPlatform(page, 'admin@lockstep.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Manage Tenants' }).click();
  await expect(page).toHaveURL(/\/manage-tenants$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Tenants' })).toBeVisible();
  await expect(tenantRow(page, 'Riverside Community College')).toBeVisible();
}

function tenantRow(page: Page, company: string) {
  return page.getByRole('row').filter({ has: page.getByText(company, { exact: true }) });
}

async function copied(page: Page, button: string): Promise<string> {
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByText('Copied').first()).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

test('the staff admin creates a provisioned tenant; its first super admin signs in and changes the temporary password', async ({
  browser,
}) => {
  const context = await staffContext(browser);
  const page = await context.newPage();
  await openManageTenants(page);

  // Real figures: two demo tenants, both with active subscriptions, no trial.
  const figures = page.getByRole('region', { name: 'Tenant figures' });
  await expect(figures.getByRole('listitem').filter({ hasText: 'Total tenants' })).toContainText('2');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Active subscriptions' })).toContainText('2');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Trial tenants' })).toContainText('0');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Total users' })).not.toContainText('Loading');
  // The table shows only the last 4 characters of the licence.
  await expect(tenantRow(page, 'Riverside Community College')).toContainText('••••-••••-••••-4J7C');
  await expect(page.getByText('RVSD-K8P2-W5NB-4J7C')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Search and status filter.
  await page.getByRole('searchbox', { name: 'Search tenants' }).fill('RIVERSIDE');
  await expect(page.getByText('1 of 2 tenants')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search tenants' }).fill('');
  await page.getByLabel('Status', { exact: true }).selectOption('trial');
  await expect(page.getByText('No tenants found')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('all');

  await page.getByRole('button', { name: 'Add Tenant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Tenant' });
  await expect(dialog.getByRole('heading', { name: 'Add Tenant' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Company Name', { exact: true }).fill('Maple Grove Schools');
  await expect(dialog.getByLabel('Slug', { exact: true })).toHaveValue('maple-grove-schools');
  await dialog.getByLabel('Email Domain', { exact: true }).fill('maplegrove.test');
  await dialog.getByLabel('Plan', { exact: true }).selectOption('Professional');
  await expect(dialog.getByLabel('Billing Interval')).toHaveValue('monthly');
  await expect(dialog.getByLabel('Amount (USD)')).toHaveValue('99.00');
  await dialog.getByLabel('Billing Interval').selectOption('yearly');
  await expect(dialog.getByLabel('Amount (USD)')).toHaveValue('990.00');
  await dialog.getByLabel('Seats', { exact: true }).fill('30');
  await expect(dialog.getByRole('radio', { name: 'Create a new project (provisioned)' })).toBeChecked();
  await expect(dialog.getByLabel('Require licence')).toBeChecked();
  await dialog.getByLabel('Admin First Name').fill('Pat');
  await dialog.getByLabel('Admin Last Name').fill('Principal');
  // The first admin's email must be on the tenant's domain: the API's own rule, checked in the form.
  await dialog.getByLabel('Admin Email').fill('pat@elsewhere.test');
  await dialog.getByRole('button', { name: 'Create Tenant' }).click();
  await expect(dialog.getByText("The first admin's email must be on maplegrove.test")).toBeVisible();
  await dialog.getByLabel('Admin Email').fill('pat@maplegrove.test');
  await dialog.getByRole('button', { name: 'Create Tenant' }).click();

  const created = page.getByRole('dialog', { name: 'Tenant Created' });
  await expect(created.getByText('Database: Connected')).toBeVisible({ timeout: 30_000 });
  await expect(created.getByText(/Shown once/)).toBeVisible();
  const key = (await created.getByTestId('licence-key').textContent()) ?? '';
  expect(key).toMatch(LICENCE_KEY);
  expect(await copied(page, 'Copy licence key')).toBe(key);
  const password = await copied(page, 'Copy temporary password');
  expect(password).toBe(await created.getByTestId('temporary-password').textContent());
  expect(password.length).toBeGreaterThanOrEqual(8);
  await expectNoSeriousA11yViolations(page);
  // Closing asks first (Escape too): the secrets cannot be shown again.
  await page.keyboard.press('Escape');
  await expect(created.getByText(/cannot be shown again/).first()).toBeVisible();
  await created.getByRole('button', { name: 'Keep open' }).click();
  await expect(created.getByTestId('licence-key')).toHaveText(key);
  await created.getByRole('button', { name: 'Done' }).click();
  await created.getByRole('button', { name: 'Close anyway' }).click();

  const row = tenantRow(page, 'Maple Grove Schools');
  await expect(row).toContainText('maple-grove-schools');
  await expect(row).toContainText('Connected');
  await expect(row).toContainText('Professional · $990.00 / Yearly');
  await expect(row).toContainText(`••••-••••-••••-${key.slice(-4)}`);
  await expect(figures.getByRole('listitem').filter({ hasText: 'Total tenants' })).toContainText('3');
  await context.close();

  // The first super admin, in a browser of their own.
  const adminContext = await browser.newContext({ baseURL: local.base });
  const tenantPage = await adminContext.newPage();
  await tenantPage.goto('/tenant/maple-grove-schools/login');
  await expect(tenantPage.getByRole('heading', { level: 1, name: 'Maple Grove Schools' })).toBeVisible();
  await fillCredentials(tenantPage, 'pat@maplegrove.test', password);
  await tenantPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(tenantPage).toHaveURL(/\/tenant\/maple-grove-schools\/change-password$/);
  await expectNoSeriousA11yViolations(tenantPage);
  const next = 'Maple-grove-new1!';
  await tenantPage.getByRole('textbox', { name: 'Current password', exact: true }).fill(password);
  await tenantPage.getByRole('textbox', { name: 'New password', exact: true }).fill(next);
  await tenantPage.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(next);
  await tenantPage.getByRole('button', { name: 'Update Password' }).click();
  await expect(tenantPage.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();
  await expect(tenantPage).toHaveURL(/\/tenant\/maple-grove-schools\/dashboard$/);
  await expect(tenantPage.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  await tenantPage.getByRole('button', { name: 'Sign Out' }).click();
  await expect(tenantPage).toHaveURL(/\/$/);

  // The licence rule: with its licence revoked, the tenant signs nobody in, and says why; a new licence restores it.
  const staff = await staffContext(browser);
  const staffPage = await staff.newPage();
  await openManageTenants(staffPage);
  await staffPage.getByRole('button', { name: 'Licence of Maple Grove Schools' }).click();
  const licence = staffPage.getByRole('dialog', { name: 'Licence of Maple Grove Schools' });
  await licence.getByRole('button', { name: 'Revoke Licence' }).click();
  await staffPage.getByRole('dialog', { name: 'Revoke the licence?' }).getByRole('button', { name: 'Revoke Licence' }).click();
  await expect(licence.getByText(/was revoked\./)).toBeVisible();
  await tenantPage.goto('/tenant/maple-grove-schools/login');
  await fillCredentials(tenantPage, 'pat@maplegrove.test', next);
  await tenantPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(tenantPage.getByRole('alert')).toHaveText(
    "This organization's licence is not active, so no one can sign in. Please contact your administrator.",
  );
  await licence.getByRole('button', { name: 'Generate Licence' }).click();
  await expect(licence.getByTestId('new-licence-key')).toHaveText(LICENCE_KEY);
  await tenantPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(tenantPage).toHaveURL(/\/tenant\/maple-grove-schools\/dashboard$/);
  await staff.close();
  await adminContext.close();
});

test('the staff admin registers, edits and deletes a tenant, and revokes and regenerates its licence', async ({ browser }) => {
  const context = await staffContext(browser);
  const page = await context.newPage();
  await openManageTenants(page);
  const company = 'Hill Valley Academy';
  const slug = 'hill-valley-academy';

  await page.getByRole('button', { name: 'Add Tenant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Tenant' });
  await dialog.getByLabel('Company Name', { exact: true }).fill(company);
  await dialog.getByLabel('No Domain').check();
  await dialog.getByRole('radio', { name: 'Register an existing project' }).check();
  await dialog.getByLabel('Supabase URL').fill('https://hill-valley.supabase.co');
  await dialog.getByLabel('Anon Key').fill('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.hill-valley-anon');
  await expect(dialog.getByLabel('Service role key (optional)')).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Create Tenant' }).click();
  const created = page.getByRole('dialog', { name: 'Tenant Created' });
  await expect(created.getByTestId('licence-key')).toHaveText(LICENCE_KEY);
  await expect(created.getByTestId('temporary-password')).toHaveCount(0);
  await created.getByRole('button', { name: 'Done' }).click();
  await created.getByRole('button', { name: 'Close anyway' }).click();
  const row = tenantRow(page, company);
  await expect(row).toContainText('Connected');

  // Details: where the project lives.
  await page.getByRole('button', { name: `Details of ${company}` }).click();
  const details = page.getByRole('dialog', { name: company });
  await expect(details.getByText('Registered existing project')).toBeVisible();
  await expect(details.getByText('No Domain')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await details.getByRole('button', { name: 'Close' }).first().click();

  // Edit: only what changed is sent; canceled is offered on edit.
  await page.getByRole('button', { name: `Edit ${company}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${company}` });
  await expect(edit.getByLabel('Supabase URL')).toHaveValue('https://hill-valley.supabase.co');
  await expectNoSeriousA11yViolations(page);
  await edit.getByLabel('Seats', { exact: true }).fill('12');
  await edit.getByLabel('Status', { exact: true }).selectOption('canceled');
  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/api/admin/tenants/'));
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  expect((await patch).postDataJSON()).toEqual({ status: 'canceled', seats: 12 });
  await expect(page.getByText(`${company} was updated.`)).toBeVisible();
  await expect(row).toContainText('Canceled');
  await expect(row.getByRole('cell').nth(4)).toHaveText('12');

  // Licence: revoke (irreversible, confirmed), then generate a new one.
  await page.getByRole('button', { name: `Licence of ${company}` }).click();
  const licence = page.getByRole('dialog', { name: `Licence of ${company}` });
  await expect(licence.getByText(/ending [A-Z0-9]{4}/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await licence.getByRole('button', { name: 'Revoke Licence' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke the licence?' });
  await expect(confirm).toContainText('This cannot be undone');
  await confirm.getByRole('button', { name: 'Revoke Licence' }).click();
  await expect(licence.getByText(/The licence ending [A-Z0-9]{4} was revoked\./)).toBeVisible();
  await expect(licence.getByRole('row').filter({ hasText: 'Revoked' })).toHaveCount(1);
  await licence.getByRole('button', { name: 'Generate Licence' }).click();
  const fresh = (await licence.getByTestId('new-licence-key').textContent()) ?? '';
  expect(fresh).toMatch(LICENCE_KEY);
  await expect(licence.getByRole('row').filter({ hasText: 'Active' })).toHaveCount(1);
  await licence.getByRole('button', { name: 'Close' }).first().click();
  await expect(row).toContainText(`••••-••••-••••-${fresh.slice(-4)}`);

  // Delete: the dialog says what happens to the project, and the slug must be typed.
  await page.getByRole('button', { name: `Delete ${company}` }).click();
  const del = page.getByRole('dialog', { name: `Delete ${company}?` });
  await expect(del).toContainText('its Supabase project is not touched; Lockstep forgets it');
  const go = del.getByRole('button', { name: 'Delete Tenant' });
  await expect(go).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await del.getByLabel(`Type ${slug} to confirm`).fill('hill-valley');
  await expect(go).toBeDisabled();
  await del.getByLabel(`Type ${slug} to confirm`).fill(slug);
  await go.click();
  await expect(page.getByText(`${company} was deleted. Its Supabase project was not touched.`)).toBeVisible();
  await expect(tenantRow(page, company)).toHaveCount(0);

  // A provisioned tenant's deletion says its database goes with it.
  await page.getByRole('button', { name: 'Delete Maple Grove Schools' }).click();
  const delMaple = page.getByRole('dialog', { name: 'Delete Maple Grove Schools?' });
  await expect(delMaple).toContainText('its database and all its data are permanently deleted');
  await delMaple.getByLabel('Type maple-grove-schools to confirm').fill('maple-grove-schools');
  await delMaple.getByRole('button', { name: 'Delete Tenant' }).click();
  await expect(page.getByText('Maple Grove Schools was deleted. Its database was deleted.')).toBeVisible();
  await context.close();
});

test('the staff admin verifies features and enables transportation for riverside-college', async ({ browser }) => {
  const context = await staffContext(browser);
  const page = await context.newPage();
  await signInPlatform(page, 'admin@lockstep.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Verification' })).toBeVisible();
  const riverside = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Riverside Community College' }) });
  await expect(riverside).toContainText('riverside-college');
  await riverside.getByRole('button', { name: 'Verify Features' }).click();
  const features = riverside.getByRole('table', { name: 'Features of Riverside Community College' });
  await expect(features.getByRole('row').filter({ hasText: 'Security Core' })).toContainText('Enabled');
  await expect(features.getByRole('row').filter({ hasText: 'Transportation' })).toHaveCount(0);
  await expect(riverside.getByRole('table', { name: 'Subscriptions of Riverside Community College' })).toContainText('student_parking');
  await expect(riverside.getByRole('button', { name: 'Student Parking Enabled' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await riverside.getByRole('button', { name: 'Enable Transportation' }).click();
  await expect(riverside.getByRole('button', { name: 'Transportation Enabled' })).toBeDisabled();
  await expect(features.getByRole('row').filter({ hasText: 'Transportation' })).toContainText('Enabled');
  await expect(riverside.getByRole('table', { name: 'Subscriptions of Riverside Community College' })).toContainText('transportation');
  await context.close();
});

test('staff without the admin flag cannot use these screens, and /tenant-config exists only in development', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: local.base });
  const page = await context.newPage();
  await signInPlatform(page, 'staff@lockstep.test', PASSWORD);
  await expect(page).toHaveURL(/\/tenant-discovery$/);
  for (const path of ['/manage-tenants', '/admin/verify']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/tenant-discovery$/);
    await expect(page.getByRole('button', { name: 'Add Tenant' })).toHaveCount(0);
  }
  // The API refuses the same account whatever a screen does.
  const config = (await (await fetch(`${local.base}/app-config.json`)).json()) as { platformUrl: string; platformAnonKey: string };
  const signIn = await fetch(`${config.platformUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: config.platformAnonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'staff@lockstep.test', password: PASSWORD }),
  });
  const { access_token } = (await signIn.json()) as { access_token: string };
  const stats = await fetch(`${local.base}/api/admin/stats`, { headers: { authorization: `Bearer ${access_token}` } });
  expect(stats.status).toBe(403);
  expect(await stats.json()).toEqual({ error: 'Not authenticated as a master admin' });

  // The stack here is not in development mode: /tenant-config is the not-found page.
  await page.goto('/tenant-config');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await context.close();
});

test('in development mode /tenant-config saves a tenant configuration that the tenant login then uses', async ({ browser }) => {
  // The stack says development: true only under `npm run dev`; here the flag is added to its answer.
  const context = await browser.newContext({ baseURL: local.base, serviceWorkers: 'block' });
  let development = true;
  await context.route('**/app-config.json', async (route) => {
    const answer = await route.fetch();
    const config = (await answer.json()) as Record<string, unknown>;
    await route.fulfill({ response: answer, json: development ? { ...config, development: true } : config });
  });
  const page = await context.newPage();
  await page.goto('/tenant-config');
  await expect(page.getByRole('heading', { level: 1, name: 'Tenant Configuration' })).toBeVisible();
  await expect(page.getByText('Development Only')).toBeVisible();
  await expect(page.getByLabel('Tenant Slug')).toHaveValue('springfield-school-district');
  await expect(page.getByLabel('Company Name')).toHaveValue('Springfield School District');
  await expect(page.getByLabel('Anonymous Key', { exact: true })).toHaveAttribute('type', 'password');

  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(page.getByText('Database URL is required')).toBeVisible();
  await expect(page.getByText('Anonymous key is required')).toBeVisible();
  await page.getByLabel('Database URL').fill('not a url');
  await page.getByLabel('Anonymous Key', { exact: true }).fill('dev-anon-key-WXYZ');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(page.getByText('Database URL must be a valid URL')).toBeVisible();
  await page.getByLabel('Database URL').fill(`${local.base}/t/riverside-college`);
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  const saved = page.getByRole('region', { name: 'Configuration saved' });
  await expect(saved).toContainText('springfield-school-district');
  await expect(saved).toContainText(`${local.base}/t/riverside-college`);
  await expect(saved).toContainText('••••••••WXYZ');
  await expect(saved).not.toContainText('dev-anon-key');
  await expectNoSeriousA11yViolations(page);

  // The tenant login for that slug finds the saved configuration.
  await saved.getByRole('link', { name: 'Sign in to Springfield School District' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Springfield School District' })).toBeVisible();

  // Outside development mode the same saved configuration is ignored.
  development = false;
  await page.goto('/tenant/springfield-school-district/login');
  await expect(page.getByRole('heading', { name: 'Organization Not Found' })).toBeVisible();
  await context.close();
});
