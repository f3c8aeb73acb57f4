/** After one visit the installed shell reloads and navigates with the network off. */
import { expect, test, type Page } from '@playwright/test';
import { signInViaDeepLink } from './support';

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
    return reg.active?.state;
  });
}

/**
 * Asks the worker for the admin areas it fetches in the background after a
 * sign-in (sw/later-assets.ts) and waits until it says they are all cached.
 */
async function waitForLaterAssets(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const reply = new Promise<{ complete: boolean }>(
      (resolve) => (channel.port1.onmessage = (e) => resolve(e.data as { complete: boolean })),
    );
    reg.active?.postMessage({ type: 'CACHE_LATER' }, [channel.port2]);
    return (await reply).complete;
  });
}

/** The build files held by the worker's caches, by kind: the install's precache and the assets fetched since. */
async function cachedAssets(page: Page): Promise<{ precache: string[]; later: string[] }> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const files = async (name: string) =>
      (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname).filter((p) => p.startsWith('/assets/'));
    const precache = (await Promise.all(names.filter((n) => n.includes('precache')).map(files))).flat();
    const later = names.includes('lockstep-assets') ? await files('lockstep-assets') : [];
    return { precache, later };
  });
}

const named = (files: string[], chunk: string) => files.some((f) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(f));

test('a first visit precaches the shell, sign-in and the officer’s path; the admin areas follow once someone signs in', async ({
  page,
}) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const first = await cachedAssets(page);
  for (const chunk of ['public-site', 'tenant-auth', 'door-checks', 'rounds-page', 'tenant-sync', 'clients', 'accept-invite-page']) {
    expect(named(first.precache, chunk), chunk).toBe(true);
  }
  for (const chunk of ['security', 'platform-admin', 'transportation', 'student-parking', 'tenant-dashboard', 'jspdf.es.min']) {
    expect(named([...first.precache, ...first.later], chunk), chunk).toBe(false);
  }

  await signInViaDeepLink(page, 'officer@lincoln-isd.test');
  await expect(page).toHaveURL(/\/rounds$/);
  expect(await waitForLaterAssets(page)).toBe(true);
  const after = await cachedAssets(page);
  for (const chunk of ['security', 'platform-admin', 'transportation', 'student-parking', 'tenant-dashboard']) {
    expect(named(after.later, chunk), chunk).toBe(true);
  }
  // The one-action libraries still wait for their action.
  expect(named(after.later, 'jspdf.es.min')).toBe(false);
});

test('a first install that fails (a precached file did not download) is tried again while the page stays open', async ({
  page,
  context,
}) => {
  // The worker's own requests go through the context's routes: the first try at the shell's script fails as on a dropped connection.
  let refused = 0;
  await context.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    if (route.request().serviceWorker() && refused === 0) {
      refused++;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  await page.goto('/');
  // The app registers again on its own (src/app/keep-installing.ts, 5 s after the failure); no reload here.
  await waitForServiceWorker(page);
  expect(refused).toBe(1);
  const { precache } = await cachedAssets(page);
  expect(named(precache, 'index')).toBe(true);
});

test('the manifest is installable: name, icons, display, start URL', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(href ?? '/manifest.webmanifest')).json()) as Record<string, unknown>;
  expect(manifest.name).toBe('Lockstep');
  expect(manifest.short_name).toBe('Lockstep');
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/start');
  expect(manifest.id).toBe('/');
  expect(manifest.theme_color).toBeTruthy();
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose?: string }>;
  expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of icons) expect((await request.get(icon.src)).headers()['content-type']).toContain('image/png');
  // Chromium's own installability check, once the worker controls the page.
  await waitForServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
  // Playwright's contexts are incognito-like; nothing else may stand in the way.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});

test('public pages reload and navigate offline after one visit', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stronger security');
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  // Client-side navigation loads route chunks from the precache.
  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  // A full navigation to a screen never visited is answered by the service worker too.
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await page.goto('/tenant-discovery');
  await expect(page.getByRole('heading', { name: 'Tenant Portal Login' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-indicator')).toBeHidden();
});

test('a signed-in officer reopens the app and moves between screens offline', async ({ page, context }) => {
  await signInViaDeepLink(page, 'officer@lincoln-isd.test');
  await expect(page).toHaveURL(/\/rounds$/);
  await waitForServiceWorker(page);
  // The dashboards below are fetched in the background after sign-in.
  expect(await waitForLaterAssets(page)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Rounds' })).toBeVisible();
  await expect(page.getByText('Daniel Reyes')).toBeVisible();
  await page.getByRole('link', { name: 'Lincoln ISD' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  // The header's link: the Feature Access card is also named Security once the features load.
  await page.getByRole('link', { name: 'Security Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security Dashboard' })).toBeVisible();
  // The deep link page opens offline from the cached organization record.
  await page.goto('/tenant/lincoln-isd/rounds');
  await expect(page.getByRole('heading', { level: 1, name: 'My Rounds' })).toBeVisible();
});
