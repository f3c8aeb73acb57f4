/**
 * The staff dashboard of issue 11 in real Chromium: real figures (checked
 * against the stack's own databases), recent activity from the audit log,
 * every tile opening its screen with data (System Health, Staff Management
 * with add and deactivate, Billing & Plans with a past-due tenant, Reports &
 * Analytics with its chart and table); then the network is cut and the
 * dashboard reloads from the service worker with the last figures and their
 * age, as do Manage Tenants (with a tenant's users) and Door Management
 * (with a tenant's doors), and nothing reaches the server.
 *
 * The network is cut the way a dead server or a captive portal cuts it:
 * Chromium sends everything (loopback included, as Playwright configures it)
 * through a small proxy in this process, which then stops listening, so
 * connections are refused while the browser still believes it is online.
 * The spec runs its own in-process copy of the local stack (it adds staff
 * and changes a subscription), counts every request that reaches it, and
 * reads the figures straight from its databases.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { tenantHealth } from '../supabase/functions/_shared/health';
import { supportDialogColour } from '../supabase/functions/_shared/health';
import { weekStarts } from '../supabase/functions/api/routes/admin-reports';
import { launchThroughProxy, startLocal, startProxy, waitForServiceWorker, type Local, type Proxy } from './network-cut';
import { expectNoSeriousA11yViolations, fillCredentials, LINCOLN } from './support';

const NEW_STAFF = { email: 'jordan.lee@lockstep.test', first: 'Jordan', last: 'Lee' };

test.use({ trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let local: Local;
let proxy: Proxy;
let browser: Browser;
let page: Page;

async function platformCount(sql: string): Promise<number> {
  const r = await local.stack.platform.engine.query<{ n: string | number }>(sql);
  return Number(r.rows[0]?.n ?? 0);
}

async function activeTenantSlugs(): Promise<string[]> {
  const r = await local.stack.platform.engine.query<{ slug: string }>(
    `select slug from public."Tenants" where database_status = 'active' order by slug`,
  );
  return r.rows.map((row) => row.slug);
}

async function tenantCount(slug: string, sql: string, params: unknown[] = []): Promise<number> {
  const project = await local.stack.tenant(slug);
  if (!project) throw new Error(`${slug} is not served`);
  const r = await project.engine.query<{ n: string | number }>(sql, params);
  return Number(r.rows[0]?.n ?? 0);
}

async function lincolnDoors(): Promise<number> {
  return tenantCount(LINCOLN.slug, 'select count(*) as n from public.doors where deleted_at is null');
}

/** The four dashboard figures as the stack's databases hold them. */
async function expectedFigures(): Promise<Record<string, number>> {
  const slugs = await activeTenantSlugs();
  let doors = 0;
  let checks = 0;
  for (const slug of slugs) {
    doors += await tenantCount(slug, 'select count(*) as n from public.doors where deleted_at is null');
    checks += await tenantCount(slug, "select count(*) as n from public.door_log where created_at > now() - interval '24 hours'");
  }
  return {
    'Active tenants': await platformCount(`select count(*) as n from public."Tenants" where status = 'active'`),
    'Total doors': doors,
    "Today's checks": checks,
    Staff: await platformCount('select count(*) as n from public."Staff" where active'),
  };
}

function figure(label: string) {
  return page.getByTestId('figure').filter({ hasText: label }).getByTestId('figure-value');
}

async function expectFigures(expected: Record<string, number>): Promise<void> {
  for (const [label, n] of Object.entries(expected)) await expect(figure(label)).toHaveText(String(n));
}

async function openFromDashboard(tile: string, heading: string, url: RegExp): Promise<void> {
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Staff tools' }).getByRole('link', { name: tile }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.beforeAll(async () => {
  local = await startLocal();
  proxy = await startProxy();
  browser = await launchThroughProxy(proxy);
  const context = await browser.newContext({ baseURL: local.base, serviceWorkers: 'allow' });
  page = await context.newPage();
});

test.afterAll(async () => {
  await browser?.close();
  await local?.close();
});

test('the staff dashboard shows real figures and every tile opens its screen with data', async () => {
  const chunks: string[] = [];
  page.on('response', (r) => chunks.push(new URL(r.url()).pathname));

  await page.goto('/login');
  await fillCredentials(page, 'admin@lockstep.test');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Master Admin Dashboard' })).toBeVisible();
  // Everything went through the proxy: it is the browser's only way to the stack.
  expect(proxy.forwarded()).toBeGreaterThan(0);

  const figures = await expectedFigures();
  // The demo data has tenants and doors, so these are figures, not zeros that any empty answer would match.
  expect(figures['Active tenants']).toBeGreaterThan(0);
  expect(figures['Total doors']).toBeGreaterThan(0);
  await expectFigures(figures);
  await expect(page.getByTestId('list-age').first()).toHaveText(/Last updated just now/);
  await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
  await expect(page.getByText('Loading recent activity...')).toBeHidden();
  await expectNoSeriousA11yViolations(page);
  // The chart library is not loaded by the dashboard.
  expect(chunks.filter((p) => /chart/i.test(p))).toEqual([]);

  // System Health: each tenant's health by the shared rule, and its database status.
  await page.getByRole('navigation', { name: 'Staff tools' }).getByRole('link', { name: 'System Health' }).click();
  await expect(page).toHaveURL(/\/admin\/system-health$/);
  await expect(page.getByRole('heading', { level: 1, name: 'System Health' })).toBeVisible();
  for (const slug of await activeTenantSlugs()) {
    const project = await local.stack.tenant(slug);
    const s = (await project!.engine.query<{ s: Record<string, number> }>('select public.tenant_summary() as s')).rows[0]!.s;
    const health = tenantHealth({
      doors: Number(s.doors),
      doorsOperational: Number(s.doors_operational),
      maintenance: Number(s.maintenance),
      maintenanceOpen: Number(s.maintenance_open),
      incidents: Number(s.incidents),
      incidentsOpen: Number(s.incidents_open),
      users: Number(s.users),
      usersActive30d: Number(s.active_users),
    });
    const row = page.getByRole('row').filter({ hasText: slug });
    await expect(row).toContainText(`(${health.score})`);
    await expect(row).toContainText('Connected');
    await expect(row.locator(`[data-colour="${supportDialogColour(health.score)}"]`)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  // Staff Management: the list; add (the one password rule first); deactivate with a confirmation; never yourself.
  await openFromDashboard('Staff Management', 'Staff Management', /\/admin\/staff$/);
  await expect(page.getByRole('row').filter({ hasText: 'admin@lockstep.test' })).toContainText('(you)');
  await expect(page.getByRole('row').filter({ hasText: 'admin@lockstep.test' }).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'staff@lockstep.test' })).toContainText('Active');
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
  await dialog.getByLabel('Email').fill(NEW_STAFF.email);
  await dialog.getByLabel('First Name').fill(NEW_STAFF.first);
  await dialog.getByLabel('Last Name').fill(NEW_STAFF.last);
  await dialog.getByLabel('Password', { exact: true }).fill('lockstep1!');
  await dialog.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(dialog.getByText('Password must contain at least one capital letter')).toBeVisible();
  expect(await platformCount(`select count(*) as n from public."Staff" where email = '${NEW_STAFF.email}'`)).toBe(0);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Password', { exact: true }).fill('Lockstep-new1!');
  await dialog.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(page.getByText(`${NEW_STAFF.first} ${NEW_STAFF.last} (${NEW_STAFF.email}) was added.`)).toBeVisible();
  const added = page.getByRole('row').filter({ hasText: NEW_STAFF.email });
  await expect(added).toContainText('Active');
  expect(await platformCount(`select count(*) as n from public."Staff" where email = '${NEW_STAFF.email}' and active`)).toBe(1);

  await added.getByRole('button', { name: `Deactivate ${NEW_STAFF.first} ${NEW_STAFF.last}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate staff member' });
  await expect(confirm).toContainText(NEW_STAFF.email);
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(`${NEW_STAFF.first} ${NEW_STAFF.last} was deactivated and can no longer sign in.`)).toBeVisible();
  await expect(added).toContainText('Inactive');
  expect(await platformCount(`select count(*) as n from public."Staff" where email = '${NEW_STAFF.email}' and not active`)).toBe(1);

  // Billing & Plans: plan, seats, paid until; a tenant whose subscription is past due is listed as such.
  await local.stack.platform.engine.query(`update public."Tenants" set subscription_status = 'past_due' where slug = 'riverside-college'`);
  await openFromDashboard('Billing & Plans', 'Billing & Plans', /\/admin\/billing$/);
  const pastDue = page.getByRole('table', { name: 'Past-due tenants' });
  await expect(pastDue.getByRole('row').filter({ hasText: 'riverside-college' })).toContainText('Past due');
  await expect(pastDue.getByRole('row').filter({ hasText: 'lincoln-isd' })).toHaveCount(0);
  const plans = page.getByRole('table', { name: 'Plans' });
  await expect(plans.getByRole('row').filter({ hasText: 'lincoln-isd' })).toContainText('Professional');
  await expect(plans.getByRole('row').filter({ hasText: 'lincoln-isd' })).toContainText('150');
  await expect(page.getByRole('list', { name: 'Billing figures' }).getByRole('listitem').filter({ hasText: 'Past due' })).toContainText(
    '1',
  );
  await expectNoSeriousA11yViolations(page);

  // Reports & Analytics: the chart (its library loaded here only) and a table of the same numbers.
  await openFromDashboard('Reports & Analytics', 'Reports & Analytics', /\/admin\/reports$/);
  await expect(page.getByTestId('door-checks-chart')).toBeVisible();
  await expect.poll(() => page.getByTestId('door-checks-chart').evaluate((c) => (c as HTMLCanvasElement).width)).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: 'Door checks per tenant, by week starting' });
  const since = weekStarts(8)[0]!;
  for (const slug of await activeTenantSlugs()) {
    const total = await tenantCount(slug, 'select count(*) as n from public.door_log where created_at >= $1::date', [since]);
    const company = (
      await local.stack.platform.engine.query<{ company_name: string }>('select company_name from public."Tenants" where slug = $1', [slug])
    ).rows[0]!.company_name;
    await expect(
      table
        .getByRole('row', { name: new RegExp(company) })
        .getByRole('cell')
        .last(),
    ).toHaveText(String(total));
  }
  await expectNoSeriousA11yViolations(page);
  expect(chunks.filter((p) => /chart/i.test(p)).length).toBeGreaterThan(0);

  // Recent activity names what just happened, newest first.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  const activity = page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
  await expect(activity.first()).toContainText(`Staff member deactivated: ${NEW_STAFF.email}`);
  await expect(activity.nth(1)).toContainText(`Staff member added: ${NEW_STAFF.email}`);
  await expect(activity.first()).toContainText('by admin@lockstep.test');

  // Manage Tenants, a tenant's users and Door Management (with lincoln-isd's doors): read once online, so saved for later.
  // (After the activity checks: opening a tenant's users and doors writes support reads to the audit log.)
  await page.getByRole('navigation', { name: 'Staff tools' }).getByRole('link', { name: 'Manage Tenants' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Tenants' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'lincoln-isd' })).toBeVisible();
  await expect(page.getByTestId('list-age').first()).toHaveText(/Last updated just now/);
  await page.getByRole('button', { name: `Users of ${LINCOLN.company}` }).click();
  const users = page.getByRole('dialog', { name: `Users of ${LINCOLN.company}` });
  await expect(users.getByRole('row').filter({ hasText: 'super@lincoln-isd.test' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(users).toBeHidden();
  await openFromDashboard('Door Management', 'Door Management', /\/door-management$/);
  await page.getByRole('button', { name: new RegExp(LINCOLN.company) }).click();
  await expect(page.getByRole('list', { name: 'Doors' }).getByRole('listitem')).toHaveCount(await lincolnDoors());
  await expect(page.getByTestId('list-age').first()).toHaveText(/Last updated just now/);

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
});

test('with the network cut, the dashboard reloads from the service worker with the last figures and their age', async () => {
  await expect(page.getByRole('heading', { level: 1, name: 'Master Admin Dashboard' })).toBeVisible();
  const expected = await expectedFigures();
  await expectFigures(expected);
  await expect(page.getByTestId('list-age').first()).toHaveText(/Last updated just now/);
  await waitForServiceWorker(page);
  await proxy.refuse();
  const before = local.hits();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Master Admin Dashboard' })).toBeVisible();
  await expectFigures(expected);
  await expect(page.getByTestId('list-age').first()).toHaveText(/^Last updated (just now|\d+ minutes? ago)$/);
  await expect(page.getByText('Showing the figures saved on this device. The server could not be reached.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText(`Staff member added: ${NEW_STAFF.email}`);
  await expectNoSeriousA11yViolations(page);
  // Asking again while the server is still out of reach keeps the saved figures on screen.
  await page.getByRole('button', { name: 'Try again' }).first().click();
  await expect(page.getByText('Showing the figures saved on this device. The server could not be reached.')).toBeVisible();
  await expectFigures(expected);

  // A screen opened offline shows its saved list, and actions that need the server say so.
  await page.getByRole('navigation', { name: 'Staff tools' }).getByRole('link', { name: 'Staff Management' }).click();
  await expect(page.getByRole('row').filter({ hasText: NEW_STAFF.email })).toContainText('Inactive');
  await expect(page.getByRole('button', { name: 'Add Staff Member' })).toBeDisabled();
  await expect(page.getByText(/Adding and deactivating staff are off: The server could not be reached/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivate Sam Support' })).toBeDisabled();

  // Manage Tenants: the saved tenants and figures with their age; changing a tenant needs the server.
  await openFromDashboard('Manage Tenants', 'Manage Tenants', /\/manage-tenants$/);
  const lincoln = page.getByRole('row').filter({ hasText: 'lincoln-isd' });
  await expect(lincoln).toContainText(LINCOLN.company);
  await expect(page.getByTestId('list-age').first()).toHaveText(/^Last updated (just now|\d+ minutes? ago)$/);
  await expect(page.getByText('Showing the tenants saved on this device. The server could not be reached.')).toBeVisible();
  const total = await platformCount('select count(*) as n from public."Tenants"');
  await expect(page.getByRole('listitem').filter({ hasText: 'Total tenants' })).toHaveText(`Total tenants${total}`);
  await expect(page.getByRole('button', { name: 'Add Tenant' })).toBeDisabled();
  await expect(lincoln.getByRole('button', { name: `Edit ${LINCOLN.company}` })).toBeDisabled();
  await expect(lincoln.getByRole('button', { name: `Delete ${LINCOLN.company}` })).toBeDisabled();
  await expect(page.getByText(/Adding, editing, licensing and deleting tenants are off: The server could not be reached/)).toBeVisible();
  // Its user panel: the saved users with their age, and its actions off.
  await lincoln.getByRole('button', { name: `Users of ${LINCOLN.company}` }).click();
  const users = page.getByRole('dialog', { name: `Users of ${LINCOLN.company}` });
  await expect(users.getByRole('row').filter({ hasText: 'super@lincoln-isd.test' })).toBeVisible();
  await expect(users.getByTestId('list-age')).toHaveText(/^Last updated (just now|\d+ minutes? ago)$/);
  await expect(users.getByRole('button', { name: 'Add New User' })).toBeDisabled();
  await expect(users.getByRole('button', { name: 'Edit Maria Gonzalez' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(users).toBeHidden();

  // Door Management: the saved organizations, and lincoln-isd's saved doors, each with their age.
  await openFromDashboard('Door Management', 'Door Management', /\/door-management$/);
  await expect(page.getByText('Showing the organizations saved on this device. The server could not be reached.')).toBeVisible();
  await expect(page.getByTestId('list-age')).toHaveText(/^Last updated (just now|\d+ minutes? ago)$/);
  await page.getByRole('button', { name: new RegExp(LINCOLN.company) }).click();
  await expect(page.getByRole('list', { name: 'Doors' }).getByRole('listitem')).toHaveCount(await lincolnDoors());
  await expect(page.getByText('Showing the doors saved on this device. The server could not be reached.')).toBeVisible();
  await expect(page.getByTestId('list-age')).toHaveText(/^Last updated (just now|\d+ minutes? ago)$/);
  await expectNoSeriousA11yViolations(page);

  expect(local.hits() - before).toBe(0);
});
