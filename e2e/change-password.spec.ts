/** newhire, an officer (regular_user) with require_password_change, must change the password, then lands on the rounds. */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, LINCOLN, PASSWORD, signInViaDeepLink } from './support';

const NEW_PASSWORD = 'Brand-new-pass2!';

test('newhire changes the password with the live checklist and lands where an officer lands, the rounds', async ({ page }) => {
  await signInViaDeepLink(page, 'newhire@lincoln-isd.test');
  await expect(page).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/change-password$`));
  await expect(page.getByText('Your password has been reset by an administrator.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Tenant pages keep sending the user back here until the password is changed.
  await page.goto(`/tenant/${LINCOLN.slug}/rounds`);
  await expect(page).toHaveURL(/\/change-password$/);

  const submit = page.getByRole('button', { name: 'Update Password' });
  const current = page.getByRole('textbox', { name: 'Current password', exact: true });
  const next = page.getByRole('textbox', { name: 'New password', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Confirm new password', exact: true });
  const checklist = page.locator('#password-checklist li');
  await expect(checklist).toHaveCount(5);
  await expect(submit).toBeDisabled();

  await next.fill('abc');
  await expect(checklist.filter({ hasText: 'At least 8 characters' })).toHaveAttribute('data-ok', 'false');
  await next.fill('Abcdefg1');
  await expect(checklist.filter({ hasText: 'At least 8 characters' })).toHaveAttribute('data-ok', 'true');
  await expect(checklist.filter({ hasText: 'One capital letter' })).toHaveAttribute('data-ok', 'true');
  await expect(checklist.filter({ hasText: 'One number' })).toHaveAttribute('data-ok', 'true');
  await expect(checklist.filter({ hasText: 'One special character' })).toHaveAttribute('data-ok', 'false');
  await expect(submit).toBeDisabled();

  // Checklist passes but the new password equals the current one: the last message of §5.
  await current.fill(PASSWORD);
  await next.fill(PASSWORD);
  await confirm.fill(PASSWORD);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('New password must be different from current password');

  // Wrong current password.
  await current.fill('Not-the-password1!');
  await next.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Current password is incorrect');

  // Toggle on a field.
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(next).toHaveAttribute('type', 'text');

  await current.fill(PASSWORD);
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();
  await expect(page.getByText('Taking you to your rounds...')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/rounds$`), { timeout: 5000 });
  await expect(page.getByRole('heading', { level: 1, name: 'My Rounds' })).toBeVisible();

  // The flag is cleared: signing in again with the new password goes straight to the role's screen.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInViaDeepLink(page, 'newhire@lincoln-isd.test', NEW_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/rounds$`));
});
