/** Signed-out visitors are redirected: master pages to /login, tenant pages to /tenant-discovery. */
import { expect, test } from '@playwright/test';

for (const path of [
  '/dashboard',
  '/manage-tenants',
  '/door-management',
  '/tenant-database-management',
  '/admin/verify',
  '/admin/system-health',
  '/admin/staff',
  '/admin/billing',
  '/admin/reports',
]) {
  test(`master page ${path} redirects to /login with returnTo`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?returnTo=${encodeURIComponent(path)}$`));
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });
}

for (const screen of ['dashboard', 'security', 'rounds', 'transportation', 'student-parking']) {
  test(`tenant page ${screen} redirects to /tenant-discovery`, async ({ page }) => {
    await page.goto(`/tenant/lincoln-isd/${screen}`);
    await expect(page).toHaveURL(/\/tenant-discovery$/);
  });
}

test('change-password without pending data goes to the tenant login', async ({ page }) => {
  await page.goto('/tenant/lincoln-isd/change-password');
  await expect(page).toHaveURL(/\/tenant\/lincoln-isd\/login$/);
});

test('an unknown organization shows Organization Not Found with a way home', async ({ page }) => {
  await page.goto('/tenant/no-such-org/login');
  await expect(page.getByRole('heading', { name: 'Organization Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/tenant-login is the unguarded discovery page', async ({ page }) => {
  await page.goto('/tenant-login');
  await expect(page.getByRole('heading', { name: 'Tenant Portal Login' })).toBeVisible();
});
