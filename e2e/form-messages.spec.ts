/**
 * Old messages leave a form once they no longer describe what is in it (issue
 * 13 §3), in real Chromium: an error goes when the user edits a field it
 * blames, a "... saved" goes once the user starts another edit, and an error
 * about a field the user has not touched stays. Each message is still
 * announced while it is there (role alert or status), and axe stays clean.
 *
 * The spec runs its own in-process stack (as e2e/security-admin.spec.ts), so
 * the campus it saves never meets another spec's data.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, PASSWORD } from './support';

const SLUG = 'lincoln-isd';
const MIDDLE = 'Lincoln Middle School';
const NOMINATIM = '**/nominatim.openstreetmap.org/**';

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const local = stackForFile(SLUG);

async function openLogin(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: local.base });
  const page = await context.newPage();
  await page.goto(`${local.base}/tenant/${SLUG}/login`);
  return page;
}

/** Signs in as the security admin and waits for the first full pull (the forms need the server's rows). */
async function signInSecurity(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const page = await openLogin(browser);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The maps provider is never needed here: nothing may reach it.
  await page.route(NOMINATIM, (route) => route.abort('blockedbyclient'));
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('security@lincoln-isd.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/security$/, { timeout: 50_000 });
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  return { page, errors };
}

test('tenant sign-in: a wrong password’s error goes when the password is typed again; a wrong domain’s stays until the email changes', async ({
  browser,
}) => {
  const page = await openLogin(browser);
  const form = page.getByRole('form', { name: 'Organization sign in' });
  const email = form.getByRole('textbox', { name: 'Email', exact: true });
  const password = form.getByRole('textbox', { name: 'Password', exact: true });

  await email.fill('super@lincoln-isd.test');
  await password.fill('Wrong-password1!');
  await form.getByRole('button', { name: 'Sign In' }).click();
  const wrong = form.getByRole('alert');
  await expect(wrong).toHaveText('Invalid email or password', { timeout: 50_000 });
  await expectNoSeriousA11yViolations(page);
  await password.fill('Wrong-password');
  await expect(form.getByText('Invalid email or password')).toHaveCount(0);

  // The domain rule blames the email: editing the password leaves it, editing the email takes it away.
  const domain = form.getByText('Please use your lincoln-isd.test email address');
  await email.fill('super@riverside.test');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(domain).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await password.fill(PASSWORD);
  await expect(domain).toBeVisible();
  await email.fill('super@lincoln-isd.test');
  await expect(domain).toHaveCount(0);
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await page.context().close();
});

test('security admin: "Campus updated" goes when the next edit starts, and "enter an address first" once an address is typed', async ({
  browser,
}) => {
  const { page, errors } = await signInSecurity(browser);
  await page.getByRole('button', { name: /^Campuses/ }).click();
  const campuses = page.getByRole('dialog', { name: 'Campuses' });
  const edit = campuses.getByRole('button', { name: `Edit campus ${MIDDLE}` });

  await edit.click();
  await campuses.getByRole('button', { name: 'Update Campus' }).click();
  const saved = campuses.getByRole('status').filter({ hasText: 'Campus updated successfully!' });
  await expect(saved).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await edit.click();
  await expect(campuses.getByRole('form', { name: 'Edit Campus' })).toBeVisible();
  await expect(campuses.getByText('Campus updated successfully!')).toHaveCount(0);

  // The lookup's message blames the address: another field leaves it, the address takes it away.
  const address = campuses.getByRole('combobox', { name: 'Address' });
  await address.fill('');
  await campuses.getByRole('button', { name: 'Get Coordinates from Address' }).click();
  const first = campuses.getByRole('status').filter({ hasText: 'Please enter an address first' });
  await expect(first).toBeVisible();
  await campuses.getByRole('textbox', { name: 'Campus Name' }).fill(`${MIDDLE} `);
  await expect(first).toBeVisible();
  await address.fill('1');
  await expect(campuses.getByText('Please enter an address first')).toHaveCount(0);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('security admin: a fixed threshold loses its error, the other field’s stays; "Password is required" goes once one is typed', async ({
  browser,
}) => {
  const { page, errors } = await signInSecurity(browser);
  const thresholds = page.getByRole('form', { name: 'Missed-check alerts' });
  const grace = thresholds.getByRole('textbox', { name: 'Grace period (% of the interval)' });
  const escalate = thresholds.getByRole('textbox', { name: 'Escalate at (% of the interval)' });
  await expect(grace).toBeEnabled({ timeout: 60_000 });
  await grace.fill('abc');
  await escalate.fill('abc');
  await thresholds.getByRole('button', { name: 'Save thresholds' }).click();
  const graceError = thresholds.getByText(/^The grace period must be a whole number/);
  const escalateError = thresholds.getByText(/^The escalation threshold must be a whole number/);
  await expect(graceError).toBeVisible();
  await expect(escalateError).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await grace.fill('25');
  await expect(graceError).toHaveCount(0);
  await expect(grace).not.toHaveAttribute('aria-invalid', 'true');
  await expect(escalateError).toBeVisible();
  await escalate.fill('50');
  await expect(escalateError).toHaveCount(0);

  await page.getByRole('button', { name: /^Security Users/ }).click();
  const users = page.getByRole('dialog', { name: 'Security User Management' });
  await users.getByRole('button', { name: 'Add New User' }).click();
  await users.getByRole('textbox', { name: 'First Name' }).fill('New');
  await users.getByRole('textbox', { name: 'Last Name' }).fill('Person');
  await users.getByRole('textbox', { name: 'Email' }).fill('new.person@lincoln-isd.test');
  await users.getByRole('button', { name: 'Create User' }).click();
  const required = users.getByRole('alert').filter({ hasText: 'Password is required for new users' });
  await expect(required).toBeVisible();
  await users.getByRole('textbox', { name: 'Phone Number' }).fill('5125550100');
  await expect(required).toBeVisible();
  await users.getByLabel('Password', { exact: true }).fill('Lockstep-new1!');
  await expect(users.getByText('Password is required for new users')).toHaveCount(0);
  // What creating is refused for is not the typed input: it stays while the user edits.
  await users.getByRole('button', { name: 'Create User' }).click();
  const refused = users.getByRole('alert').filter({ hasText: 'New user creation requires password setup.' });
  await expect(refused).toBeVisible();
  await users.getByRole('textbox', { name: 'First Name' }).fill('Newer');
  await expect(refused).toBeVisible();
  expect(errors).toEqual([]);
  await page.context().close();
});
