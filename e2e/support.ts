/** Shared helpers for the journeys: demo accounts, sign-in steps, axe. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Lockstep-demo1!';
export const LINCOLN = {
  slug: 'lincoln-isd',
  company: 'Lincoln Independent School District',
  display: 'Lincoln ISD',
  domain: 'lincoln-isd.test',
};

/** Each Lincoln demo role and the screen it lands on after sign-in. */
export const LINCOLN_ROLES = [
  { email: 'super@lincoln-isd.test', role: 'super_admin', lands: 'dashboard', heading: 'Super Admin Dashboard' },
  { email: 'security@lincoln-isd.test', role: 'security_admin', lands: 'security', heading: 'Security Dashboard' },
  { email: 'transport@lincoln-isd.test', role: 'transportation_admin', lands: 'dashboard', heading: 'Super Admin Dashboard' },
  { email: 'office@lincoln-isd.test', role: 'office_staff', lands: 'dashboard', heading: 'Super Admin Dashboard' },
  { email: 'officer@lincoln-isd.test', role: 'regular_user', lands: 'rounds', heading: 'My Rounds' },
] as const;

export async function chooseOrganization(page: Page, search: string, company: string): Promise<void> {
  await page.getByTestId('organization-picker').click();
  await page.getByRole('combobox', { name: 'Search organizations' }).fill(search);
  await page.getByRole('option', { name: new RegExp(company) }).click();
  await expect(page.getByTestId('organization-picker')).toContainText(company);
}

export async function fillCredentials(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
}

export async function signInViaDiscovery(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/tenant-discovery');
  await chooseOrganization(page, 'lincoln', LINCOLN.company);
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await signInSettled(page);
}

/**
 * Waits for the sign-in request to be answered, however long a busy machine
 * takes to hash a password (no verdict may depend on load); what the page
 * then shows is the caller's to check.
 */
export async function signInSettled(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Signing in...' })).toHaveCount(0, { timeout: 50_000 });
}

export async function signInViaDeepLink(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`/tenant/${LINCOLN.slug}/login`);
  await expect(page.getByRole('heading', { level: 1, name: LINCOLN.display })).toBeVisible();
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await signInSettled(page);
}

export async function signInPlatform(page: Page, email: string, password = PASSWORD, path = '/login'): Promise<void> {
  await page.goto(path);
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** No serious or critical axe violations on the current page. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Colours read mid-transition (a button fading from one state's colour to the next) are not what anyone reads.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
