/**
 * Staff tools in real Chromium (issue 11 §2, §3): the staff door view lists
 * lincoln-isd's doors and its open maintenance; the staff admin opens an
 * audited support session to lincoln-isd with a reason, sees the banner and
 * exits to /dashboard; the tenant's support history (API) lists the session.
 *
 * The journeys add a maintenance record and a support session, so (as
 * e2e/platform-admin.spec.ts) they run against their own in-process copy of
 * the local stack with fresh demo data.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { supportDialogColour } from '../supabase/functions/_shared/health';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, LINCOLN, PASSWORD, signInPlatform } from './support';

const local = stackForFile(LINCOLN.slug);
const STAFF_ADMIN = 'admin@lockstep.test';
/** The demo staff admin's name (supabase/local/demo.ts), as the banner shows it. */
const STAFF_ADMIN_NAME = 'Avery Admin';

test.use({ trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: local.base });
  const page = await context.newPage();
  await signInPlatform(page, STAFF_ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

async function staffToken(): Promise<string> {
  const config = (await (await fetch(`${local.base}/app-config.json`)).json()) as { platformUrl: string; platformAnonKey: string };
  const signIn = await fetch(`${config.platformUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: config.platformAnonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: STAFF_ADMIN, password: PASSWORD }),
  });
  return ((await signIn.json()) as { access_token: string }).access_token;
}

interface SupportHistory {
  sessions: { id: string; staff_email: string; reason: string; details: string | null; ended_at: string | null }[];
}

async function supportHistory(): Promise<SupportHistory> {
  const res = await fetch(`${local.base}/api/tenant-proxy/support-history?tenantSlug=${LINCOLN.slug}`, {
    headers: { authorization: `Bearer ${await staffToken()}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SupportHistory;
}

/** The support session this browser holds for lincoln-isd: its id, token and the tenant's address (from the session store). */
async function heldSupport(page: Page): Promise<{ id: string; token: string; url: string; anonKey: string }> {
  const read = (key: string) =>
    page.evaluate(
      (k) =>
        new Promise<string | null>((resolve, reject) => {
          const open = indexedDB.open('lockstep-sessions');
          open.onerror = () => reject(new Error('session store'));
          open.onsuccess = () => {
            const get = open.result.transaction('kv').objectStore('kv').get(k);
            get.onsuccess = () => {
              open.result.close();
              resolve((get.result as { value?: string } | undefined)?.value ?? null);
            };
          };
        }),
      key,
    );
  const record = JSON.parse((await read(`lockstep-support-${LINCOLN.slug}`))!) as {
    id: string;
    tenant: { supabase_url: string; supabase_anon_key: string };
  };
  const session = JSON.parse((await read(`lockstep-auth-tenant-${LINCOLN.slug}`))!) as { access_token: string };
  return { id: record.id, token: session.access_token, url: record.tenant.supabase_url, anonKey: record.tenant.supabase_anon_key };
}

/** What the tenant's own server answers the token now. */
async function tenantAnswers(held: { token: string; url: string; anonKey: string }): Promise<number> {
  const res = await fetch(`${held.url}/rest/v1/doors?select=id&limit=1`, {
    headers: { apikey: held.anonKey, authorization: `Bearer ${held.token}` },
  });
  return res.status;
}

/** This browser's local databases of lincoln-isd (the synced copies, one per user). */
async function lincolnDatabases(page: Page): Promise<string[]> {
  const all = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
  return all.filter((name) => name.startsWith(`lockstep-${LINCOLN.slug}-`));
}

test("the staff door view lists lincoln-isd's doors and its open maintenance", async ({ browser }) => {
  // A distinctive open record on a known door, made through the stack (the server's view).
  const [door] = await local.rest<{ id: string; door_number: string; name: string | null; campus: { campus_name: string } }[]>(
    'doors?select=id,door_number,name,campus:campus_id(campus_name)&deleted_at=is.null&order=door_number&limit=1',
  );
  expect(door).toBeDefined();
  const doorCount = (await local.rest<{ id: string }[]>('doors?select=id&deleted_at=is.null')).length;
  await local.rest('maintenance_records', {
    method: 'POST',
    body: { door_id: door!.id, issue_type: 'hardware', description: 'E2E strike plate loose', priority: 'high', status: 'open' },
  });

  const page = await staffPage(browser);
  await page.goto('/door-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Door Management' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Select an Organization' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: new RegExp(LINCOLN.company) }).click();
  await expect(page).toHaveURL(/\/door-management\?tenant=lincoln-isd$/);

  await expect(page.getByText(`${doorCount} of ${doorCount} doors`)).toBeVisible();
  const figures = page.getByRole('region', { name: 'Door figures' });
  for (const label of ['Operational', 'Maintenance', 'Out of Service', 'Due This Week']) {
    await expect(figures.getByRole('listitem').filter({ hasText: label })).toBeVisible();
  }
  const maintenance = page.getByRole('table', { name: 'Active Maintenance' });
  await expect(maintenance.getByRole('columnheader')).toHaveText(['Door', 'Issue', 'Priority', 'Status', 'Assigned To']);
  const ours = maintenance.getByRole('row').filter({ hasText: 'E2E strike plate loose' });
  await expect(ours).toContainText(door!.name || door!.door_number);
  await expect(ours).toContainText('High');
  await expect(ours).toContainText('Open');
  await expect(ours).toContainText('Unassigned');
  await expectNoSeriousA11yViolations(page);

  // Search and status filter.
  const search = page.getByRole('searchbox', { name: 'Search doors' });
  await search.fill('no door is called this');
  await expect(page.getByText('No doors match your search')).toBeVisible();
  await search.fill(door!.door_number);
  const card = page.getByRole('button', {
    name: new RegExp(`\\(door ${door!.door_number}\\), ${door!.campus.campus_name}: .*Show details$`),
  });
  await expect(card).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('all');

  // Door Details, with this door's open maintenance; Escape closes it and focus returns.
  await card.click();
  const details = page.getByRole('dialog', { name: 'Door Details' });
  await expect(details).toContainText(door!.door_number);
  await expect(details.getByRole('table', { name: 'Open maintenance for this door' })).toContainText('E2E strike plate loose');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  // Change Organization returns to the picker.
  await page.getByRole('button', { name: 'Change Organization' }).click();
  await expect(page.getByRole('heading', { name: 'Select an Organization' })).toBeVisible();
  await page.context().close();
});

test('the staff admin opens a support session to lincoln-isd with a reason, sees the banner and exits; the support history lists it', async ({
  browser,
}) => {
  const page = await staffPage(browser);
  // The dashboard's tile opens the same dialog in place (spec §2).
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Tenant Database Management' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Tenant Database Access' }).getByRole('searchbox', { name: 'Search tenants' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Tenant Database Access' })).toHaveCount(0);

  await page.goto('/tenant-database-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Tenant Database Management' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Access Tenant Database' }).click();

  const dialog = page.getByRole('dialog', { name: 'Tenant Database Access' });
  await dialog.getByRole('searchbox', { name: 'Search tenants' }).fill('LINCOLN');
  const tenant = dialog.getByRole('button', { name: new RegExp(LINCOLN.company) });
  // The dot's colour is the shared rule's for lincoln-isd's score (the staff figures' own).
  const stats = await fetch(`${local.base}/api/admin/stats`, { headers: { authorization: `Bearer ${await staffToken()}` } });
  const { perTenant } = (await stats.json()) as { perTenant: { slug: string; health: { score: number } | null }[] };
  const score = perTenant.find((t) => t.slug === LINCOLN.slug)!.health!.score;
  await expect(tenant).toContainText(`Health ${score}%`);
  await expect(tenant.locator(`[data-colour="${supportDialogColour(score)}"]`)).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: /Riverside/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await tenant.click();

  // Validation in the spec's words, then a wrong password, then the right one.
  await dialog.getByRole('button', { name: 'Start Support Session' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required fields');
  await dialog.getByLabel('Reason').selectOption('other');
  await dialog.getByLabel('Admin Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Start Support Session' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please provide details for the "Other" reason');
  await dialog.getByLabel('Reason').selectOption('bug_investigation');
  await dialog.getByLabel('Admin Password', { exact: true }).fill('Not-the-password1!');
  await dialog.getByRole('button', { name: 'Start Support Session' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Authentication failed');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Admin Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Details (optional)').fill('Door checks not syncing');
  await dialog.getByRole('button', { name: 'Start Support Session' }).click();

  await expect(page).toHaveURL(/\/tenant\/lincoln-isd\/dashboard\?admin=true$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Support session' });
  await expect(banner).toContainText('Reason: Bug investigation: Door checks not syncing');
  await expect(banner).toContainText(`Support session by ${STAFF_ADMIN_NAME} · Reason:`);
  await expect(banner).toContainText(/(30:00|29:\d\d) left/);
  await expectNoSeriousA11yViolations(page);

  // The tenant's server takes the support session: its doors load on the security screen, under the same banner.
  await page.goto(`/tenant/${LINCOLN.slug}/security`);
  await expect(banner).toContainText('Reason: Bug investigation');
  await page.getByRole('button', { name: /^Doors/ }).click();
  const doors = page.getByRole('dialog', { name: 'Doors Management' });
  await expect(doors.getByRole('row').nth(2)).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  // The session synced lincoln-isd's data into this browser under the staff member's id.
  await expect.poll(() => lincolnDatabases(page)).toHaveLength(1);

  await banner.getByRole('button', { name: 'Exit support' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Support session' })).toHaveCount(0);
  // That copy left with the session (DESIGN §8).
  await expect.poll(() => lincolnDatabases(page)).toEqual([]);
  // The tenant session is gone from this browser: the tenant dashboard now sends the visitor to discovery.
  await page.goto(`/tenant/${LINCOLN.slug}/dashboard`);
  await expect(page).toHaveURL(/\/tenant-discovery$/);

  const { sessions } = await supportHistory();
  expect(sessions[0]).toMatchObject({ staff_email: STAFF_ADMIN, reason: 'bug_investigation', details: 'Door checks not syncing' });
  expect(sessions[0]!.ended_at).not.toBeNull();
  await page.context().close();
});

async function openSupportDialog(page: Page) {
  await page.goto('/tenant-database-management');
  await page.getByRole('button', { name: 'Access Tenant Database' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tenant Database Access' });
  await dialog.getByRole('button', { name: new RegExp(LINCOLN.company) }).click();
  return dialog;
}

async function attempt(dialog: ReturnType<Page['getByRole']>, password: string) {
  await dialog.getByLabel('Reason').selectOption('technical_support');
  await dialog.getByLabel('Admin Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Start Support Session' }).click();
}

test('signing out of the tenant or of the platform ends the support session: the end is recorded and the tenant refuses its token', async ({
  browser,
}) => {
  const page = await staffPage(browser);
  const banner = page.getByRole('region', { name: 'Support session' });

  // The tenant shell's Sign Out.
  await attempt(await openSupportDialog(page), PASSWORD);
  await expect(banner).toContainText('Reason: Technical support');
  const first = await heldSupport(page);
  expect(await tenantAnswers(first)).toBe(200);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  let { sessions } = await supportHistory();
  expect(sessions.find((s) => s.id === first.id)?.ended_at).toEqual(expect.any(String));
  expect(await tenantAnswers(first)).toBe(401);
  await expect.poll(() => lincolnDatabases(page)).toEqual([]);

  // The platform's Sign Out, with the support session still open in this browser.
  await page.goto('/dashboard');
  await attempt(await openSupportDialog(page), PASSWORD);
  await expect(banner).toContainText('Reason: Technical support');
  const second = await heldSupport(page);
  expect(await tenantAnswers(second)).toBe(200);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  ({ sessions } = await supportHistory());
  expect(sessions.find((s) => s.id === second.id)?.ended_at).toEqual(expect.any(String));
  expect(await tenantAnswers(second)).toBe(401);
  expect(await page.evaluate(() => sessionStorage.getItem('lockstepAdminMode'))).toBeNull();
  await page.goto(`/tenant/${LINCOLN.slug}/dashboard`);
  await expect(page).toHaveURL(/\/tenant-discovery$/);
  await page.context().close();
});

test('when the support session runs out the banner says so and the app leaves support mode', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: local.base });
  const page = await context.newPage();
  await page.clock.install();
  await signInPlatform(page, STAFF_ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await attempt(await openSupportDialog(page), PASSWORD);
  const banner = page.getByRole('region', { name: 'Support session' });
  await expect(banner).toContainText('Reason: Technical support');
  await expect.poll(() => lincolnDatabases(page)).toHaveLength(1);

  await page.clock.fastForward('30:01');
  await expect(banner).toContainText('This support session has expired. Support mode has ended.');
  await expect(banner.getByRole('button', { name: 'Exit support' })).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('lockstepAdminMode'))).toBeNull();
  // The tenant data the session synced leaves with it.
  await expect.poll(() => lincolnDatabases(page)).toEqual([]);
  await banner.getByRole('button', { name: 'Back to staff dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/tenant/${LINCOLN.slug}/dashboard`);
  await expect(page).toHaveURL(/\/tenant-discovery$/);
  await context.close();
});

test('five wrong passwords in a row lock the support dialog with the time left', async ({ browser }) => {
  const page = await staffPage(browser);
  const dialog = await openSupportDialog(page);
  for (let i = 1; i <= 4; i += 1) {
    await attempt(dialog, `Wrong-password${i}!`);
    await expect(dialog.getByRole('alert')).toHaveText('Authentication failed');
  }
  await attempt(dialog, 'Wrong-password5!');
  await expect(dialog.getByRole('alert')).toContainText(/You can try again in 1[45]:\d\d\./);
  await expect(dialog.getByLabel('Admin Password', { exact: true })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Start Support Session' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Closing and opening the dialog again keeps the lock.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const again = await openSupportDialog(page);
  await expect(again.getByRole('alert')).toContainText('You can try again in');
  await expect(again.getByLabel('Admin Password', { exact: true })).toBeDisabled();
  await page.context().close();
});
