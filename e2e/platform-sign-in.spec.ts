/** /login: platform staff sign-in, its states and messages, and where each staff kind lands. */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillCredentials, PASSWORD, signInPlatform } from './support';

test('a staff admin signs in and reaches /dashboard', async ({ page }) => {
  await signInPlatform(page, 'admin@lockstep.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/Welcome back, Avery Admin/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage Tenants' })).toBeVisible();
  // Signed-in staff visiting /login go on to /dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  // Sign out goes home, and master pages send the visitor back to /login.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
});

test('staff without the admin flag are sent to /tenant-discovery', async ({ page }) => {
  await signInPlatform(page, 'staff@lockstep.test');
  await expect(page).toHaveURL(/\/tenant-discovery$/);
  await expect(page.getByRole('heading', { name: 'Tenant Portal Login' })).toBeVisible();
});

test('an account with no staff record sees Access Denied, and can go to the tenant login or try another account', async ({ page }) => {
  await signInPlatform(page, 'former@lockstep.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage Tenants' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByRole('link', { name: 'Go to Tenant Login' })).toHaveAttribute('href', '/tenant-discovery');
  await page.getByRole('button', { name: 'Try Different Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Signed out: the dashboard sends the visitor back to /login.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
});

test('a Staff lookup that never answers gives up after 30 s (Database timeout) and shows Access Denied', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  // The platform's Staff read hangs; everything else answers. The page's clock
  // is paused and moved in 100 ms steps until that read is sent (its 30 s
  // timer starts then), so fake time depends on the test alone, never on how
  // busy the machine is.
  let sent = false;
  await page.route('**/platform/rest/v1/Staff**', () => {
    sent = true;
  });
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 1000));
  await signInPlatform(page, 'admin@lockstep.test');
  await expect
    .poll(async () => {
      if (!sent) await page.clock.runFor(100);
      return sent;
    })
    .toBe(true);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Loading dashboard...')).toBeVisible();
  await page.clock.fastForward(29_000);
  await expect(page.getByText('Loading dashboard...')).toBeVisible();
  await page.clock.fastForward(2_000);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  expect(logs.some((l) => l.includes('Database timeout'))).toBe(true);
});

test('a wrong password shows the spec message', async ({ page }) => {
  await signInPlatform(page, 'admin@lockstep.test', 'Wrong-password1!');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('the button reads Signing in... while busy, and empty fields are refused', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.route('**/platform/auth/v1/token**', async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await fillCredentials(page, 'admin@lockstep.test', PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the password toggle shows and hides the password', async ({ page }) => {
  await page.goto('/login');
  const field = page.getByRole('textbox', { name: 'Password', exact: true });
  await field.fill('secret');
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(field).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(field).toHaveAttribute('type', 'password');
});

test('returnTo: Admin Login from discovery comes back to /tenant-discovery', async ({ page }) => {
  await page.goto('/tenant-discovery');
  await page.getByRole('link', { name: 'Admin Login' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Ftenant-discovery$/);
  await fillCredentials(page, 'admin@lockstep.test');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/tenant-discovery$/);
});

test('the note points tenant users to the tenant portal; axe finds nothing serious', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: /tenant portal/ })).toHaveAttribute('href', '/tenant-discovery');
  await expectNoSeriousA11yViolations(page);
});
