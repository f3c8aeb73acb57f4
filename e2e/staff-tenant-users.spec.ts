/**
 * The staff user-management panel (issue 11 §1) in real Chromium against the
 * real local stack: from lincoln-isd's row in /manage-tenants the staff admin
 * tests the connection, adds a user (who signs in at once and is made to
 * change the password), edits one, resets one's password (who must then
 * change it) and deactivates one (who can no longer sign in).
 *
 * These journeys change lincoln-isd's demo users, so (as
 * e2e/platform-admin.spec.ts) they run against their own in-process copy of
 * the local stack with fresh demo data, never the stack other specs share.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, LINCOLN, PASSWORD, signInPlatform, signInViaDeepLink } from './support';

const local = stackForFile(LINCOLN.slug);

test.use({ trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: local.base });
  return context.newPage();
}

/** Signs the staff admin in and opens lincoln-isd's user panel. */
async function openUsersPanel(page: Page) {
  await signInPlatform(page, 'admin@lockstep.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/manage-tenants');
  await page.getByRole('button', { name: `Users of ${LINCOLN.company}` }).click();
  const panel = page.getByRole('dialog', { name: `Users of ${LINCOLN.company}` });
  await expect(panel.getByRole('table', { name: `Users of ${LINCOLN.company}` })).toBeVisible();
  return panel;
}

function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ has: page.getByText(email, { exact: true }) });
}

/** Signs a tenant user in, changes the password on the forced screen, and lands inside. */
async function changeForcedPassword(page: Page, current: string, next: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/change-password$`));
  await expect(page.getByText('Your password has been reset by an administrator.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(current);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(next);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(next);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/(dashboard|rounds)$`));
}

test('connection test, the table, and a new user who signs in and must change the password', async ({ browser }) => {
  const page = await newPage(browser);
  const panel = await openUsersPanel(page);

  for (const header of ['User', 'Admin', 'Department', 'Organization', 'Created', 'Actions']) {
    await expect(panel.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(userRow(page, 'super@lincoln-isd.test')).toContainText('Maria Gonzalez');
  await expectNoSeriousA11yViolations(page);

  // The connection test: held on its way to the server so the testing state can be seen, then connected, then idle again
  // (the 3 s itself is checked on a controlled clock in the last test).
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/api/admin/tenants/*/connection-test', async (route) => {
    await held;
    await route.continue();
  });
  const testButton = panel.getByRole('button', { name: 'Test Connection' });
  await testButton.click();
  const button = panel.locator('button[data-state]');
  await expect(button).toHaveAttribute('data-state', 'testing');
  await expect(button).toHaveText('Testing...');
  release();
  await expect(button).toHaveAttribute('data-state', 'connected');
  await expect(button).toHaveText('Connected');
  await expect(panel.getByText(`Connected to ${LINCOLN.company}'s database`)).toBeVisible();
  // Spec §9: back to idle after 3 s (waited for, not timed).
  await expect(button).toHaveText('Test Connection');
  await page.unroute('**/api/admin/tenants/*/connection-test');

  // Add New User: Review & Create waits for the whole checklist.
  await panel.getByRole('button', { name: 'Add New User' }).click();
  const add = page.getByRole('dialog', { name: 'Add New User' });
  await expect(add.getByRole('textbox', { name: 'First Name' })).toBeFocused();
  await add.getByRole('textbox', { name: 'First Name' }).fill('Jordan');
  await add.getByRole('textbox', { name: 'Username' }).fill('Jordan.Rivers@gmail.com');
  // The organization's domain is forced onto the username.
  await expect(add.getByText('jordan.rivers@lincoln-isd.test')).toBeVisible();
  const review = add.getByRole('button', { name: 'Review & Create' });
  await expect(review).toBeDisabled();
  await add.getByRole('textbox', { name: 'Password', exact: true }).fill('Welcome2026');
  await add.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Welcome2026');
  await expect(add.locator('li[data-ok="false"]')).toHaveText([/One special character/]);
  await expect(review).toBeDisabled();
  await add.getByRole('textbox', { name: 'Password', exact: true }).fill('Welcome-2026!');
  await add.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Welcome-2026!');
  await expect(review).toBeEnabled();
  // The last name is missing: spec §5's message.
  await review.click();
  await expect(add.getByRole('alert')).toHaveText('Please fill in all required fields before proceeding.');
  await add.getByRole('textbox', { name: 'Last Name' }).fill('Rivers');
  // The phone is formatted while typing.
  const phone = add.getByRole('textbox', { name: 'Phone Number' });
  await phone.pressSequentially('5551234567');
  await expect(phone).toHaveValue('(555)-123-4567');
  await add.getByLabel('Department').selectOption('IT');
  await expectNoSeriousA11yViolations(page);
  await review.click();

  const confirm = page.getByRole('dialog', { name: 'Confirm User Details' });
  await expect(confirm.getByRole('heading', { name: 'Please check the new user’s details' })).toBeFocused();
  await expect(confirm).toContainText('jordan.rivers@lincoln-isd.test');
  await expect(confirm).toContainText('(555)-123-4567');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Create User' }).click();

  await expect(panel.getByText('User created successfully!')).toBeVisible();
  await expect(panel.getByTestId('created-user-email')).toHaveText('jordan.rivers@lincoln-isd.test');
  await expect(panel.getByTestId('created-user-password')).toHaveText('Welcome-2026!');
  const row = userRow(page, 'jordan.rivers@lincoln-isd.test');
  await expect(row).toContainText('Jordan Rivers');
  await expect(row).toContainText('Must change password');
  await expect(row.getByRole('cell').nth(2)).toHaveText('IT');

  // The same username again: the server refuses, in spec §8's words.
  await panel.getByRole('button', { name: 'Add New User' }).click();
  const again = page.getByRole('dialog', { name: 'Add New User' });
  await again.getByRole('textbox', { name: 'First Name' }).fill('Jordan');
  await again.getByRole('textbox', { name: 'Last Name' }).fill('Rivers');
  await again.getByRole('textbox', { name: 'Username' }).fill('jordan.rivers');
  await again.getByRole('textbox', { name: 'Password', exact: true }).fill('Welcome-2026!');
  await again.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Welcome-2026!');
  await again.getByRole('button', { name: 'Review & Create' }).click();
  const confirmAgain = page.getByRole('dialog', { name: 'Confirm User Details' });
  await confirmAgain.getByRole('button', { name: 'Create User' }).click();
  await expect(confirmAgain.getByRole('alert')).toContainText(/^Failed to create user: /);
  await page.keyboard.press('Escape');
  await expect(confirmAgain).toBeHidden();

  // The new user signs in at once and is made to change the password, then gets in.
  const tenant = await newPage(browser);
  await signInViaDeepLink(tenant, 'jordan.rivers@lincoln-isd.test', 'Welcome-2026!');
  await changeForcedPassword(tenant, 'Welcome-2026!', 'Jordan-own-pass9!');
  await tenant.context().close();
  await page.context().close();
});

test('edit, reset a password (changed at next sign-in) and deactivate (no more sign-in); offline the actions need the server', async ({
  browser,
}) => {
  const page = await newPage(browser);
  const panel = await openUsersPanel(page);

  // Edit: names, department, phone formatted while typing, role; the email is read-only.
  await panel.getByRole('button', { name: 'Edit Patricia Moore' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
  await edit.getByRole('textbox', { name: 'First Name' }).fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('First name is required')).toBeVisible();
  await edit.getByRole('textbox', { name: 'First Name' }).fill('Pat');
  const phone = edit.getByRole('textbox', { name: 'Phone Number' });
  await phone.fill('');
  await phone.pressSequentially('214555');
  await expect(phone).toHaveValue('(214)-555');
  await phone.pressSequentially('0199');
  await expect(phone).toHaveValue('(214)-555-0199');
  await edit.getByLabel('Department').selectOption('Facilities');
  await edit.getByLabel('Role').selectOption('security_admin');
  await expectNoSeriousA11yViolations(page);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(panel.getByText('User updated successfully!')).toBeVisible();
  const office = userRow(page, 'office@lincoln-isd.test');
  await expect(office).toContainText('Pat Moore');
  await expect(office).toContainText('Security Admin');
  await expect(office.getByRole('cell').nth(1)).toHaveText('Yes');
  await expect(office.getByRole('cell').nth(2)).toHaveText('Facilities');

  // Reset a password: the checklist, then a prompt that shows the password first.
  await panel.getByRole('button', { name: 'Reset password of Daniel Reyes' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  const submit = reset.getByRole('button', { name: 'Reset Password' });
  await reset.getByRole('textbox', { name: 'New Password', exact: true }).fill('Reset-pass-42!');
  await expect(submit).toBeDisabled();
  await reset.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill('Reset-pass-42!');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(reset.getByRole('heading', { name: 'Set this password for Daniel Reyes?' })).toBeFocused();
  await expect(reset.getByText('Reset-pass-42!', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await reset.getByRole('button', { name: 'Confirm Reset' }).click();
  await expect(panel.getByText('Password reset successful!')).toBeVisible();
  await expect(userRow(page, 'officer@lincoln-isd.test')).toContainText('Must change password');

  const officer = await newPage(browser);
  await signInViaDeepLink(officer, 'officer@lincoln-isd.test', 'Reset-pass-42!');
  await changeForcedPassword(officer, 'Reset-pass-42!', 'Daniel-own-pass7!');
  await officer.context().close();

  // Deactivate with a confirmation that starts on Cancel.
  await panel.getByRole('button', { name: 'Deactivate Linda Nguyen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate User' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(panel.getByText('User Linda Nguyen has been deactivated.')).toBeVisible();
  const transport = userRow(page, 'transport@lincoln-isd.test');
  await expect(transport).toContainText('Inactive');
  // Focus comes back to the row's button, which now says so and does nothing.
  const deactivated = transport.getByRole('button', { name: 'Linda Nguyen is deactivated' });
  await expect(deactivated).toBeFocused();
  await expect(deactivated).toHaveAttribute('aria-disabled', 'true');
  await expect(transport.getByRole('button', { name: 'Reset password of Linda Nguyen' })).toBeDisabled();

  const linda = await newPage(browser);
  await signInViaDeepLink(linda, 'transport@lincoln-isd.test');
  await expect(linda.getByRole('alert')).toBeVisible();
  await expect(linda).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/login$`));
  await linda.context().close();

  // Offline: the panel says its actions need the server.
  await page.context().setOffline(true);
  await expect(panel.getByText('You are offline. Managing users needs a connection to the server.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add New User' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Edit Maria Gonzalez' })).toBeDisabled();
  await page.context().setOffline(false);
  await expect(panel.getByRole('button', { name: 'Add New User' })).toBeEnabled();
  await page.context().close();
});

/** The staff admin's platform token, for the API calls a test makes itself. */
async function staffToken(): Promise<string> {
  const config = (await (await fetch(`${local.base}/app-config.json`)).json()) as { platformUrl: string; platformAnonKey: string };
  const signIn = await fetch(`${config.platformUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: config.platformAnonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@lockstep.test', password: PASSWORD }),
  });
  return ((await signIn.json()) as { access_token: string }).access_token;
}

test('the connection test keeps its result for exactly 3 s, and a tenant without a service key fails it', async ({ browser }) => {
  // A tenant registered without a service key: the API answers its connection test with ok: false.
  const company = 'Keyless Academy';
  const created = await fetch(`${local.base}/api/admin/tenants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await staffToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      slug: 'keyless-academy',
      company_name: company,
      email_domain: 'keyless-academy.test',
      status: 'active',
      plan_name: 'Basic',
      plan_interval: 'monthly',
      plan_amount_cents: 2900,
      seats: 10,
      subscription_status: 'active',
      paid_until: '2030-06-30',
      require_license: false,
      project: {
        mode: 'register',
        supabase_url: 'https://keyless-academy.supabase.test',
        supabase_anon_key: 'anon-key-of-keyless-academy-0000',
      },
    }),
  });
  expect(created.status).toBe(201);

  const page = await newPage(browser);
  // The page's clock is the test's from the first load on, so the 3 s are counted, not waited for.
  await page.clock.install();
  const panel = await openUsersPanel(page);
  const button = panel.locator('button[data-state]');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await panel.getByRole('button', { name: 'Test Connection' }).click();
  await expect(button).toHaveAttribute('data-state', 'connected');
  await expect(button).toHaveText('Connected');
  await page.clock.runFor(2999);
  await expect(button).toHaveText('Connected');
  await page.clock.runFor(1);
  await expect(button).toHaveText('Test Connection');
  await expect(button).toHaveAttribute('data-state', 'idle');
  // The result stays written below the button.
  await expect(panel.getByText(`Connected to ${LINCOLN.company}'s database`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.clock.resume();
  await page.getByRole('button', { name: `Users of ${company}` }).click();
  const keyless = page.getByRole('dialog', { name: `Users of ${company}` });
  await expect(keyless.getByText('Service role key is required to list users. Please configure it first.')).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await keyless.getByRole('button', { name: 'Test Connection' }).click();
  const failed = keyless.locator('button[data-state]');
  await expect(failed).toHaveAttribute('data-state', 'failed');
  await expect(failed).toHaveText('Failed');
  await expect(keyless.getByText('Service role key is required for the connection test. Please configure it first.')).toBeVisible();
  await page.clock.runFor(2999);
  await expect(failed).toHaveText('Failed');
  await page.clock.runFor(1);
  await expect(failed).toHaveText('Test Connection');
  // axe runs on the page's timers, so only once the clock runs again.
  await page.clock.resume();
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});
