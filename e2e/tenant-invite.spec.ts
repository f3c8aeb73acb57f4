/**
 * An invitation link, end to end in Chromium: the server side makes it the
 * way the product API does (supabase-js admin generateLink with the tenant's
 * service key, which no page ever sees), the invitee opens it, lands on
 * /tenant/{slug}/accept-invite signed in, chooses a password under the one
 * rule, arrives where the role lands, and later signs in with that password.
 * The same link opened again is refused.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, fillCredentials, LINCOLN, signInSettled } from './support';

// Each journey hashes passwords and signs in several times: on a busy machine that alone can take a minute.
test.describe.configure({ timeout: 150_000 });

const stack = stackForFile(LINCOLN.slug);
const CHOSEN = 'Invited-pass9!';
const INVALID = 'This invitation link is invalid or has expired. Ask your administrator for a new one.';

async function inviteOfficeStaff(): Promise<{ email: string; link: string }> {
  const admin = createClient(`${stack.base}/t/${LINCOLN.slug}`, stack.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const email = `invitee-${randomBytes(4).toString('hex')}@${LINCOLN.domain}`;
  const { data, error } = await admin.auth.admin.generateLink({
    type: 'invite',
    email,
    options: { data: { first_name: 'Ada', last_name: 'Byron' }, redirectTo: `${stack.base}/tenant/${LINCOLN.slug}/accept-invite` },
  });
  if (error || !data.user || !data.properties) throw new Error(`generateLink: ${error?.message ?? 'no link'}`);
  // The profile the product API writes beside the auth user.
  await stack.rest('users', {
    method: 'POST',
    body: { id: data.user.id, email, first_name: 'Ada', last_name: 'Byron', role: 'office_staff', tenant_slug: LINCOLN.slug },
  });
  return { email, link: data.properties.action_link };
}

async function signInAt(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${stack.base}/tenant/${LINCOLN.slug}/login`);
  await expect(page.getByRole('heading', { level: 1, name: LINCOLN.display })).toBeVisible();
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await signInSettled(page);
}

test('an invited user opens the link, chooses a password, lands on the role screen and signs in with it later', async ({ page }) => {
  const { email, link } = await inviteOfficeStaff();
  await page.goto(link);
  const acceptUrl = `${stack.base}/tenant/${LINCOLN.slug}/accept-invite`;
  await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${LINCOLN.display}` })).toBeVisible();
  // The session's tokens are gone from the address bar.
  await expect(page).toHaveURL(acceptUrl);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const submit = page.getByRole('button', { name: 'Save password' });
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Confirm password', exact: true });
  const checklist = page.locator('#password-checklist li');
  await password.fill('weakpassword');
  await confirm.fill('weakpassword');
  await expect(checklist.filter({ hasText: 'One capital letter' })).toHaveAttribute('data-ok', 'false');
  await expect(checklist.filter({ hasText: 'One number' })).toHaveAttribute('data-ok', 'false');
  await expect(submit).toBeDisabled();

  await password.fill(CHOSEN);
  await confirm.fill(CHOSEN);
  await expect(checklist.filter({ hasText: 'Passwords match' })).toHaveAttribute('data-ok', 'true');
  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/dashboard$`));

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${stack.base}/`);
  await signInAt(page, email, CHOSEN);
  await expect(page).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/dashboard$`));

  // The link works once.
  await page.goto(link);
  await expect(page).toHaveURL(acceptUrl);
  await expect(page.getByRole('alert')).toHaveText(INVALID);
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/tenant/${LINCOLN.slug}/(login|dashboard)$`));
});

test('offline when the invitation lands: it says a connection is needed, then goes on once back online', async ({ page, context }) => {
  // The app installed from an earlier visit; the link's redirect followed here (as the
  // browser would have, just before the connection dropped) to get its fragment.
  await page.goto(`${stack.base}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
  const { email, link } = await inviteOfficeStaff();
  const landing = (await fetch(link, { redirect: 'manual' })).headers.get('location');
  if (!landing) throw new Error('verify did not redirect');
  await context.setOffline(true);
  await page.goto(landing);
  await expect(page.getByText('Accepting an invitation needs a connection')).toBeVisible();
  await expect(page).toHaveURL(`${stack.base}/tenant/${LINCOLN.slug}/accept-invite`);
  await context.setOffline(false);
  // Back online the page goes on by itself; how soon depends on how busy the server is.
  await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${LINCOLN.display}` })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});

test('a link refused by the server (made up) shows the invalid-link text and nothing signed in', async ({ page }) => {
  await page.goto(
    `${stack.base}/t/${LINCOLN.slug}/auth/v1/verify?token=${'0'.repeat(64)}&type=invite&redirect_to=${encodeURIComponent(
      `${stack.base}/tenant/${LINCOLN.slug}/accept-invite`,
    )}`,
  );
  await expect(page.getByRole('alert')).toHaveText(INVALID);
  await expect(page).toHaveURL(`${stack.base}/tenant/${LINCOLN.slug}/accept-invite`);
  await expectNoSeriousA11yViolations(page);
});
