/** Every public page renders, its links go where the spec says, and axe finds nothing serious. */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support';

test.describe('landing page', () => {
  test('header links, hero, blurbs, call to action and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Lockstep');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Stronger security');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/under-construction');
    await expect(nav.getByRole('link', { name: 'Admin Login' })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Tenant Login' })).toHaveAttribute('href', '/tenant-discovery');
    await expect(page.getByRole('link', { name: 'Start Free Trial' }).first()).toHaveAttribute('href', '/under-construction');
    for (const blurb of ['Mobile-First Operations', 'Multi-Tenant Architecture', 'Enterprise Security']) {
      await expect(page.getByRole('heading', { name: blurb })).toBeVisible();
    }
    await expect(page.getByText('© 2024 Lockstep')).toBeVisible();
    const footer = page.locator('footer');
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of ['/tenant-discovery', '/login', '/features', '/support', '/privacy', '/contact']) expect(hrefs).toContain(href);
    // No dead buttons: every footer entry is a link with a target.
    expect(hrefs.every((h) => h && h.length > 0)).toBe(true);
  });

  test('Get Started scrolls to the get-started section', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Started' }).click();
    await expect(page.getByRole('heading', { name: 'Ready to secure every door?' })).toBeInViewport();
    await expect(page).toHaveURL(/\/$/);
  });

  test('header links navigate', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/under-construction$/);
    await expect(page.getByRole('heading', { name: 'Under Construction' })).toBeVisible();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tenant Login' }).click();
    await expect(page).toHaveURL(/\/tenant-discovery$/);
    await expect(page.getByRole('heading', { name: 'Tenant Portal Login' })).toBeVisible();
  });
});

test('features: highlights and Get Started to tenant discovery', async ({ page }) => {
  await page.goto('/features');
  await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/tenant-discovery$/);
});

test('support: email card, sales link to /pricing, FAQ on the page, outage note', async ({ page }) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByRole('link', { name: /support@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('link', { name: 'Sales and billing' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('href', '#faq');
  await expect(page.getByText(/tenant name/)).toBeVisible();
  await expect(page.getByText(/within 24 hours/)).toBeVisible();
  await expect(page.getByText(/invite you or provision your account/)).toBeVisible();
  await expect(page.getByText(/migrate/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Sales and billing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { name: 'Under Construction' })).toBeVisible();
});

test('privacy: 16 numbered sections, a table of contents, the date and a Back link', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Last updated: October 3, 2025')).toBeVisible();
  const toc = page.getByRole('navigation', { name: 'Table of contents' });
  await expect(toc.getByRole('link')).toHaveCount(16);
  const headings = await page.locator('article section h2').allTextContents();
  expect(headings).toHaveLength(16);
  headings.forEach((h, i) => expect(h).toMatch(new RegExp(`^${i + 1}\\. `)));
  await expect(page.getByText(/under 16/).first()).toBeVisible();
  await toc.getByRole('link').nth(12).click();
  await expect(page).toHaveURL(/#children$/);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('contact, under construction, pricing and unknown pages', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Under Construction' })).toBeVisible();
  await page.goto('/under-construction');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('public pages are responsive: no horizontal scrolling on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/', '/features', '/support', '/privacy', '/contact', '/under-construction']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

for (const path of ['/', '/features', '/support', '/privacy', '/contact', '/under-construction']) {
  test(`axe: no serious or critical violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('footer links with a section land on it', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/features#security$/);
  await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeInViewport();
  await page.goto('/privacy');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/#get-started$/);
  await expect(page.getByRole('heading', { name: 'Ready to secure every door?' })).toBeInViewport();
});
