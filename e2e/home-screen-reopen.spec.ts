/**
 * Issue 13 §1 as it happens on a phone: an officer signs in, closes the app,
 * and opens it again from the home-screen icon with no signal. The browser is
 * closed and relaunched on the same profile, the network is cut for real (the
 * stack sits behind a proxy that refuses connections, e2e/network-cut.ts:
 * Playwright's setOffline does not stop a relaunched service worker's own
 * requests), and the manifest's start_url is opened. The officer must land on
 * the rounds and record a check; discovery opens from the device and says
 * signing in needs a connection; nothing reaches the server until the network
 * is back, and then the check arrives exactly once. A device signed in to two
 * organizations is asked where to continue.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { startLocal, startProxy, waitForServiceWorker, type Local, type Proxy } from './network-cut';
import { expectNoSeriousA11yViolations, fillCredentials, LINCOLN, signInSettled } from './support';

test.use({ trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const OFFICER = 'officer@lincoln-isd.test';
const RIVERSIDE = { slug: 'riverside-college', officer: 'officer@riverside.test' };

let local: Local;
let proxy: Proxy;
let profile: string;

/** The installed app on one phone: the same profile every launch, reaching the stack only through the proxy. */
function launchApp(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    proxy: { server: `http://127.0.0.1:${proxy.port}` },
    baseURL: local.base,
    serviceWorkers: 'allow',
  });
}

/** The manifest as the browser reads it, through the page (so through the proxy, like everything else). */
function readManifest(page: Page): Promise<{ start_url: string }> {
  return page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '/manifest.webmanifest';
    return (await (await fetch(href)).json()) as { start_url: string };
  });
}

async function signInAt(page: Page, slug: string, email: string, heading: RegExp): Promise<void> {
  await page.goto(`/tenant/${slug}/login`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await fillCredentials(page, email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await signInSettled(page);
  await expect(page).toHaveURL(new RegExp(`/tenant/${slug}/rounds$`));
}

async function officerChecksOn(door: string): Promise<number> {
  const project = await local.stack.tenant(LINCOLN.slug);
  if (!project) throw new Error('lincoln-isd is not served');
  const r = await project.engine.query<{ n: string | number }>(
    `select count(*) as n from public.door_log l join public.doors d on d.id = l.door_id
      join public.users u on u.id = l.user_id where d.door_number = $1 and u.email = $2`,
    [door, OFFICER],
  );
  return Number(r.rows[0]?.n ?? 0);
}

test.beforeAll(async () => {
  local = await startLocal();
  proxy = await startProxy();
  profile = mkdtempSync(join(tmpdir(), 'lockstep-phone-'));
});

test.afterAll(async () => {
  await local?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

test('reopened from the home screen with no signal, the officer lands on the rounds and records a check that syncs once', async () => {
  // Online, once: the officer signs in and the doors reach the phone.
  let app = await launchApp();
  let page = app.pages()[0] ?? (await app.newPage());
  await signInAt(page, LINCOLN.slug, OFFICER, new RegExp(LINCOLN.display));
  await expect(page.getByRole('heading', { level: 1, name: 'My Rounds' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 30_000 });
  // "Synced" says nothing is queued; the first pull may still be bringing the doors when it shows.
  await expect(page.getByRole('list', { name: 'Doors due' }).or(page.getByText('All doors on this campus are checked'))).toBeVisible({
    timeout: 30_000,
  });
  await waitForServiceWorker(page);
  const manifest = await readManifest(page);
  const door = 'EA1';
  const checksBefore = await officerChecksOn(door);
  await app.close();

  // No signal, app closed: reopen it from its icon.
  await proxy.refuse();
  const hitsWhileOffline = local.hits();
  app = await launchApp();
  page = app.pages()[0] ?? (await app.newPage());
  await page.goto(manifest.start_url);
  await expect(page).toHaveURL(/\/tenant\/lincoln-isd\/rounds$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Rounds' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Doors due' }).or(page.getByText('All doors on this campus are checked'))).toBeVisible();

  // The rounds go on: a check is recorded on the phone.
  await page.getByRole('link', { name: 'Scan a Door' }).click();
  await page.getByLabel('Search doors').fill(`${door} Middle`);
  await page
    .getByRole('list', { name: 'Doors' })
    .getByRole('button', { name: new RegExp(`^${door}\\s*Lincoln Middle School$`) })
    .click();
  await page.getByRole('button', { name: 'Save check' }).click();
  await expect(page.getByRole('heading', { name: 'Saved on this device' })).toBeVisible();

  // Discovery opens from the device: the organization it has seen, and what needs a connection.
  await page.goto('/tenant-discovery');
  await expect(page.getByText('You are offline. Signing in needs a connection once')).toBeVisible();
  const signedIn = page.getByRole('region', { name: 'Signed in on this device' });
  await expect(signedIn.getByRole('link', { name: new RegExp(LINCOLN.display) })).toBeVisible();
  await page.getByTestId('organization-picker').click();
  await expect(page.getByRole('option', { name: new RegExp(LINCOLN.company) })).toBeVisible();
  await expect(page.getByText('Failed to load organizations.')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectNoSeriousA11yViolations(page);
  await signedIn.getByRole('link', { name: new RegExp(LINCOLN.display) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Rounds' })).toBeVisible();
  expect(local.hits()).toBe(hitsWhileOffline);
  expect(await officerChecksOn(door)).toBe(checksBefore);

  // Signal again: the check reaches the server exactly once.
  await proxy.restore();
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => officerChecksOn(door)).toBe(checksBefore + 1);
  await app.close();
});

test('signed in to two organizations, the installed app asks where to continue', async () => {
  const app = await launchApp();
  const page = app.pages()[0] ?? (await app.newPage());
  await signInAt(page, RIVERSIDE.slug, RIVERSIDE.officer, /Riverside/);
  const manifest = await readManifest(page);

  await page.goto(manifest.start_url);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose where to continue' })).toBeVisible();
  const choices = page.getByRole('region', { name: 'Your organizations' });
  await expect(choices.getByRole('link')).toHaveCount(2);
  await expect(choices.getByRole('link', { name: new RegExp(LINCOLN.display) })).toContainText(OFFICER);
  await expectNoSeriousA11yViolations(page);
  await choices.getByRole('link', { name: /Riverside/ }).click();
  await expect(page).toHaveURL(new RegExp(`/tenant/${RIVERSIDE.slug}/rounds$`));
  await expect(page.getByRole('heading', { level: 1, name: 'My Rounds' })).toBeVisible();
  await app.close();
});
