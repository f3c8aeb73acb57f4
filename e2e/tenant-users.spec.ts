/**
 * A tenant super admin's own user management (issue 12) in real Chromium
 * against the real local stack: super@lincoln-isd.test searches and filters
 * the list, adds a user who signs in and must change the password, resets a
 * password, deactivates a user (who can no longer sign in) and reactivates
 * them, invites one by link; offline the list opens from the device with its
 * age and the actions say they need the server. A security admin is sent
 * away from the screen.
 *
 * These journeys change lincoln-isd's demo users, so they run against their
 * own in-process copy of the local stack with fresh demo data.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, LINCOLN, PASSWORD, signInViaDeepLink } from './support';

const local = stackForFile(LINCOLN.slug);
const USERS = `/tenant/${LINCOLN.slug}/users`;
const OFFLINE = 'You are offline. This needs a connection to the server.';

test.use({ trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: local.base });
  return context.newPage();
}

/** Signs super@ in and opens the users screen with the server's list. */
async function openUsers(page: Page): Promise<void> {
  await signInViaDeepLink(page, 'super@lincoln-isd.test');
  await expect(page).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/dashboard$`));
  await page.goto(USERS);
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(page.getByRole('table', { name: `Users of ${LINCOLN.display}` })).toBeVisible();
  await expect(page.getByTestId('list-age')).toHaveText('Last updated just now');
}

/** When this device last pulled the users table (what the screen reads offline), or null before the first pull. */
async function usersPulledAt(page: Page): Promise<string | null> {
  return page.evaluate(async (slug) => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith(`lockstep-${slug}-`));
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => done(r.result);
        r.onerror = () => fail(r.error);
      });
      try {
        if (!db.objectStoreNames.contains('sync_state')) continue;
        const state = await new Promise<{ last_pull_at?: string | null } | undefined>((done, fail) => {
          const r = db.transaction('sync_state').objectStore('sync_state').get('users');
          r.onsuccess = () => done(r.result as { last_pull_at?: string | null } | undefined);
          r.onerror = () => fail(r.error);
        });
        if (state?.last_pull_at) return state.last_pull_at;
      } finally {
        db.close();
      }
    }
    return null;
  }, LINCOLN.slug);
}

function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ has: page.getByText(email, { exact: true }) });
}

async function expectForcedChange(page: Page, current: string, next: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/change-password$`));
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(current);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(next);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(next);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();
}

test('search and role filter; a new user with a temporary password signs in and must change it', async ({ browser }) => {
  const page = await newPage(browser);
  await openUsers(page);
  await expect(page.getByRole('link', { name: 'Back to Tenant Dashboard' })).toHaveAttribute('href', `/tenant/${LINCOLN.slug}/dashboard`);
  for (const header of ['User', 'Role', 'Department', 'Status', 'Last sign-in', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const maria = userRow(page, 'super@lincoln-isd.test');
  await expect(maria).toContainText('Maria Gonzalez');
  await expect(maria).toContainText('Active');
  // super@ just signed in, so the server knows when.
  await expect(maria.getByRole('cell').nth(4)).not.toHaveText('Never');
  // Her own row: no Deactivate.
  await expect(maria.getByRole('button', { name: /Deactivate/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Search, live and case-insensitive, by name or email.
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill('LINDA');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(userRow(page, 'transport@lincoln-isd.test')).toBeVisible();
  await search.fill('officer@');
  await expect(userRow(page, 'officer@lincoln-isd.test')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await search.fill('nobody at all');
  await expect(page.getByText('No users match your search.')).toBeVisible();
  await search.fill('');

  // The role filter, alone and with the search.
  const role = page.getByRole('combobox', { name: 'Role' });
  await expect(role.locator('option')).toHaveText([
    'All Roles',
    'Regular User',
    'Office Staff',
    'Security Admin',
    'Transportation Admin',
    'Super Admin',
  ]);
  await role.selectOption({ label: 'Security Admin' });
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(userRow(page, 'security@lincoln-isd.test')).toContainText('Security Admin');
  await search.fill('maria');
  await expect(page.getByText('No users match your search.')).toBeVisible();
  await search.fill('');
  await role.selectOption({ label: 'All Roles' });
  await expect(maria).toBeVisible();

  // Add User with a temporary password.
  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add New User' });
  await expect(add.getByRole('textbox', { name: 'First Name' })).toBeFocused();
  await add.getByRole('textbox', { name: 'First Name' }).fill('Riley');
  await add.getByRole('textbox', { name: 'Last Name' }).fill('Park');
  await add.getByRole('textbox', { name: 'Username' }).fill('Riley.Park@gmail.com');
  await expect(add.getByText('riley.park@lincoln-isd.test')).toBeVisible();
  await add.getByLabel('Role').selectOption({ label: 'Office Staff' });
  await add.getByLabel('Department').selectOption('Operations');
  await add.getByRole('textbox', { name: 'Phone Number' }).pressSequentially('5550001111');
  await expect(add.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('(555)-000-1111');
  const review = add.getByRole('button', { name: 'Review & Create' });
  await add.getByRole('textbox', { name: 'Password', exact: true }).fill('Welcome2026');
  await add.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Welcome2026');
  await expect(review).toBeDisabled();
  await add.getByRole('textbox', { name: 'Password', exact: true }).fill('Welcome-2026!');
  await add.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Welcome-2026!');
  await expect(review).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await review.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm User Details' });
  await expect(confirm).toContainText('riley.park@lincoln-isd.test');
  await expect(confirm).toContainText('Office Staff');
  await confirm.getByRole('button', { name: 'Create User' }).click();

  const notice = page.getByTestId('users-notice');
  await expect(notice).toContainText('User created successfully!');
  await expect(notice.getByTestId('created-user-email')).toHaveText('riley.park@lincoln-isd.test');
  await expect(notice.getByTestId('created-user-password')).toHaveText('Welcome-2026!');
  await expect(notice.getByRole('button', { name: 'Copy password' })).toBeVisible();
  const riley = userRow(page, 'riley.park@lincoln-isd.test');
  await expect(riley).toContainText('Riley Park');
  await expect(riley).toContainText('Office Staff');
  await expect(riley).toContainText('Must change password');
  await expect(riley.getByRole('cell').nth(4)).toHaveText('Never');

  // The same username again: the server's refusal, in an alert, and the form is kept.
  await page.getByRole('button', { name: 'Add User' }).click();
  const again = page.getByRole('dialog', { name: 'Add New User' });
  await again.getByRole('textbox', { name: 'First Name' }).fill('Riley');
  await again.getByRole('textbox', { name: 'Last Name' }).fill('Park');
  await again.getByRole('textbox', { name: 'Username' }).fill('riley.park');
  await again.getByRole('textbox', { name: 'Password', exact: true }).fill('Welcome-2026!');
  await again.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Welcome-2026!');
  await again.getByRole('button', { name: 'Review & Create' }).click();
  const confirmAgain = page.getByRole('dialog', { name: 'Confirm User Details' });
  await confirmAgain.getByRole('button', { name: 'Create User' }).click();
  await expect(confirmAgain.getByRole('alert')).toContainText(/^Failed to create user: /);
  await confirmAgain.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New User' }).getByRole('textbox', { name: 'Username' })).toHaveValue('riley.park');
  await page.keyboard.press('Escape');

  // The new user signs in and is sent to change the password.
  const tenant = await newPage(browser);
  await signInViaDeepLink(tenant, 'riley.park@lincoln-isd.test', 'Welcome-2026!');
  await expectForcedChange(tenant, 'Welcome-2026!', 'Riley-own-pass9!');
  await tenant.context().close();
  await page.context().close();
});

test('reset a password, deactivate (no more sign-in) and reactivate; edit; the own row keeps its role', async ({ browser }) => {
  const page = await newPage(browser);
  await openUsers(page);

  // Reset Daniel's password: he must change it at his next sign-in.
  await page.getByRole('button', { name: 'Reset password of Daniel Reyes' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await reset.getByRole('textbox', { name: 'New Password', exact: true }).fill('Reset-pass-42!');
  await reset.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill('Reset-pass-42!');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await reset.getByRole('button', { name: 'Confirm Reset' }).click();
  await expect(page.getByTestId('users-notice')).toContainText('Password reset successful!');
  await expect(userRow(page, 'officer@lincoln-isd.test')).toContainText('Must change password');
  const daniel = await newPage(browser);
  await signInViaDeepLink(daniel, 'officer@lincoln-isd.test', 'Reset-pass-42!');
  await expectForcedChange(daniel, 'Reset-pass-42!', 'Daniel-own-pass7!');
  await daniel.context().close();

  // Deactivate Linda after a confirmation that starts on Cancel.
  await page.getByRole('button', { name: 'Deactivate Linda Nguyen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate User' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByTestId('users-notice')).toContainText('User Linda Nguyen has been deactivated.');
  const linda = userRow(page, 'transport@lincoln-isd.test');
  await expect(linda).toContainText('Inactive');
  // Focus comes back to the row's button, which now reactivates.
  await expect(linda.getByRole('button', { name: 'Reactivate Linda Nguyen' })).toBeFocused();
  await expect(linda.getByRole('button', { name: 'Reset password of Linda Nguyen' })).toBeDisabled();
  const lindaPage = await newPage(browser);
  await signInViaDeepLink(lindaPage, 'transport@lincoln-isd.test');
  await expect(lindaPage.getByRole('alert')).toBeVisible();
  await expect(lindaPage).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/login$`));

  // Reactivate: she signs in again.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('users-notice')).toContainText('User Linda Nguyen has been reactivated.');
  await expect(linda).toContainText('Active');
  await expect(linda.getByRole('button', { name: 'Deactivate Linda Nguyen' })).toBeVisible();
  await signInViaDeepLink(lindaPage, 'transport@lincoln-isd.test', PASSWORD);
  await expect(lindaPage).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/dashboard$`));
  await lindaPage.context().close();

  // Edit: names, department, role; the email is read-only.
  await page.getByRole('button', { name: 'Edit Patricia Moore' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
  await edit.getByRole('textbox', { name: 'First Name' }).fill('Pat');
  await edit.getByLabel('Department').selectOption('Facilities');
  await edit.getByLabel('Role').selectOption({ label: 'Security Admin' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('users-notice')).toContainText('User updated successfully!');
  const pat = userRow(page, 'office@lincoln-isd.test');
  await expect(pat).toContainText('Pat Moore');
  await expect(pat).toContainText('Security Admin');
  await expect(pat.getByRole('cell').nth(2)).toHaveText('Facilities');

  // Her own row: the role cannot be changed.
  await page.getByRole('button', { name: 'Edit Maria Gonzalez' }).click();
  const own = page.getByRole('dialog', { name: 'Edit User' });
  await expect(own.getByLabel('Role')).toBeDisabled();
  await expect(own.getByText('You cannot change your own role.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await page.context().close();
});

test('offline: the list opens from the device with its age and the actions need the server', async ({ browser }) => {
  const page = await newPage(browser);
  await openUsers(page);
  // The users reach the device's copy through sync (and the app shell the service worker); then the network goes.
  await expect.poll(() => usersPulledAt(page), { timeout: 50_000 }).not.toBeNull();
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  await page.context().setOffline(true);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add User' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Reset password of Daniel Reyes' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Edit Daniel Reyes' })).toHaveAttribute('aria-disabled', 'true');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(page.getByTestId('list-age')).toContainText(/^Saved on this device\. Last updated/);
  await expect(userRow(page, 'super@lincoln-isd.test')).toContainText('Maria Gonzalez');
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivate Daniel Reyes' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Back online the engine pulls at once; on a loaded machine that pull can take well past the default 10 s.
  await page.context().setOffline(false);
  await expect(page.getByTestId('list-age')).toHaveText('Last updated just now', { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Add User' })).toBeEnabled({ timeout: 60_000 });
  await page.context().close();
});

test('an invitation link instead of a password, shown once to copy', async ({ browser }) => {
  const page = await newPage(browser);
  await openUsers(page);
  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add New User' });
  await add.getByRole('textbox', { name: 'First Name' }).fill('Quinn');
  await add.getByRole('textbox', { name: 'Last Name' }).fill('Adams');
  await add.getByRole('textbox', { name: 'Username' }).fill('quinn.adams');
  await add.getByRole('checkbox', { name: 'Send an invitation link instead' }).check();
  await expect(add.getByRole('textbox', { name: 'Password', exact: true })).toHaveCount(0);
  await add.getByRole('button', { name: 'Review & Create' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm User Details' });
  await expect(confirm).toContainText('an invitation link lets the person choose their own');
  await confirm.getByRole('button', { name: 'Create User' }).click();

  const notice = page.getByTestId('users-notice');
  await expect(notice).toContainText('User created successfully!');
  await expect(notice).toContainText('The link works once and expires in 24 hours.');
  const link = notice.getByRole('textbox', { name: 'Invitation link' });
  await expect(link).toHaveAttribute('readonly', '');
  await expect(link).toHaveValue(/^https?:\/\//);
  await expect(notice.getByRole('button', { name: 'Copy invitation link' })).toBeVisible();
  await expect(notice.getByTestId('created-user-password')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The person opens the link and is asked to choose a password.
  const invited = await newPage(browser);
  await invited.goto(await link.inputValue());
  await expect(invited).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/accept-invite`));
  await expect(invited.getByRole('textbox', { name: /password/i }).first()).toBeVisible();
  await invited.context().close();
  await page.context().close();
});

test('a security admin is sent away from user management', async ({ browser }) => {
  const page = await newPage(browser);
  await signInViaDeepLink(page, 'security@lincoln-isd.test');
  await expect(page).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/security$`));
  await page.goto(USERS);
  await expect(page).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/security$`));
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toHaveCount(0);
  await page.context().close();
});
