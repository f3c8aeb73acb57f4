/**
 * The served app carries its hardening headers (decision 016), and the PWA and
 * the officer's scan path work under its Content-Security-Policy: the service
 * worker takes control, sign-in, rounds and the scan screen load, and the
 * browser reports no policy violation on the way.
 */
import { expect, test, type Page } from '@playwright/test';
import { LINCOLN, PASSWORD } from './support';

async function recordViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Permissions-Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test('the app is served with CSP, nosniff, referrer and permissions policies, and works under them', async ({ page }) => {
  const violations = await recordViolations(page);
  const landing = await page.goto('/');
  const headers = landing?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=(self)');

  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await page.goto(`/tenant/${LINCOLN.slug}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('officer@lincoln-isd.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Rounds' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Scan a Door' }).click();
  await expect(page.getByLabel('Search doors')).toBeVisible({ timeout: 15_000 });
  expect(violations).toEqual([]);
});
