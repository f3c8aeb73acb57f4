/**
 * The tenant dashboard of issue 12 in real Chromium: super@ sees the four
 * tiles with the figures the tenant's database holds, recent activity from
 * real rows and the System Health modal; each role sees its Feature Access
 * cards, and with transportation off the card reads "Upgrade to enable"; a
 * staff admin's support session shows Admin Diagnostics and runs the health
 * check, and the tenant's super admin then finds that session in System
 * Settings' support access history; finally the network is cut and the
 * dashboard reloads from the service worker with the last figures.
 *
 * The spec runs its own copy of the local stack (it changes features and
 * opens a support session) behind a proxy that it can stop, so "offline"
 * means connections refused (e2e/network-cut.ts), and it counts what reached
 * the server meanwhile.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { tenantHealth } from '../supabase/functions/_shared/health';
import { launchThroughProxy, startLocal, startProxy, waitForServiceWorker, type Local, type Proxy } from './network-cut';
import { chooseOrganization, expectNoSeriousA11yViolations, fillCredentials, LINCOLN, PASSWORD, signInSettled } from './support';

test.use({ trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const INCIDENT = 'E2E cracked pane at the gym door';

let local: Local;
let proxy: Proxy;
let browser: Browser;
let superPage: Page;

async function tenantNumber(sql: string, params: unknown[] = []): Promise<number> {
  const project = await local.stack.tenant(LINCOLN.slug);
  if (!project) throw new Error('lincoln-isd is not served');
  const r = await project.engine.query<{ n: string | number }>(sql, params);
  return Number(r.rows[0]?.n ?? 0);
}

async function expectedTiles() {
  return {
    doors: await tenantNumber('select count(*) as n from public.doors where deleted_at is null'),
    operational: await tenantNumber("select count(*) as n from public.doors where deleted_at is null and status = 'operational'"),
    vehicles: await tenantNumber('select count(*) as n from public.vehicles where deleted_at is null'),
    activeVehicles: await tenantNumber('select count(*) as n from public.vehicles where deleted_at is null and active'),
    users: await tenantNumber('select count(*) as n from public.users where deleted_at is null and (is_organization_user or is_admin)'),
    health: await expectedHealth(),
  };
}

/** The overall health the tile must show, by the shared rule over what the tenant's database holds (spec §3, §9). */
async function expectedHealth(): Promise<number> {
  const n = (sql: string) => tenantNumber(sql);
  return tenantHealth({
    doors: await n('select count(*) as n from public.doors where deleted_at is null'),
    doorsOperational: await n("select count(*) as n from public.doors where deleted_at is null and status = 'operational'"),
    maintenance: await n('select count(*) as n from public.maintenance_records'),
    maintenanceOpen: await n(
      "select count(*) as n from public.maintenance_records where status not in ('resolved', 'completed', 'closed')",
    ),
    incidents: await n('select count(*) as n from public.incidents where deleted_at is null'),
    incidentsOpen: await n("select count(*) as n from public.incidents where deleted_at is null and status not in ('resolved', 'closed')"),
    users: await n('select count(*) as n from public.users where deleted_at is null and (is_organization_user or is_admin)'),
    usersActive30d: await n(
      "select count(*) as n from public.users where deleted_at is null and (is_organization_user or is_admin) and active and last_sign_in_at > now() - interval '30 days'",
    ),
  }).score;
}

async function signInTenant(email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: local.base, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/tenant-discovery');
  await chooseOrganization(page, 'lincoln', LINCOLN.company);
  await fillCredentials(page, email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await signInSettled(page);
  await expect(page).toHaveURL(/\/tenant\/lincoln-isd\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  return page;
}

function tile(page: Page, label: string) {
  return page.getByRole('list', { name: 'Summary' }).getByRole('listitem').filter({ hasText: label });
}

async function expectTiles(page: Page, t: Awaited<ReturnType<typeof expectedTiles>>) {
  await expect(tile(page, 'Security')).toContainText(`${t.operational} of ${t.doors} doors operational`);
  await expect(tile(page, 'Transportation')).toContainText(`${t.activeVehicles} of ${t.vehicles} vehicles active`);
  await expect(tile(page, 'Users')).toContainText(String(t.users));
  await expect(tile(page, 'System Health')).toContainText(`${t.health}%`);
}

const featureCards = (page: Page) => page.getByRole('region', { name: 'Feature Access' });

test.beforeAll(async () => {
  local = await startLocal();
  proxy = await startProxy();
  browser = await launchThroughProxy(proxy);
  // A distinctive incident, written as the server would hold it, for Recent Activity.
  const project = await local.stack.tenant(LINCOLN.slug);
  await project!.engine.query(
    `insert into public.incidents (title, description, severity, status, reported_by_name) values ($1, 'Glass cracked, door still locks', 'high', 'reported', 'James Carter')`,
    [INCIDENT],
  );
});

test.afterAll(async () => {
  await browser?.close();
  await local?.close();
});

test('super@ sees real tiles, recent activity, the feature cards and System Health', async () => {
  superPage = await signInTenant('super@lincoln-isd.test');
  const expected = await expectedTiles();
  expect(expected.doors).toBeGreaterThan(0);
  await expectTiles(superPage, expected);

  const activity = superPage.getByRole('region', { name: 'Recent Activity' });
  await expect(activity.getByRole('listitem').filter({ hasText: `Incident: ${INCIDENT}` })).toContainText('James Carter');

  await expect(featureCards(superPage).getByRole('link', { name: /Transportation/ })).toBeVisible();
  await expect(featureCards(superPage).getByRole('link', { name: /Student Parking/ })).toBeVisible();
  const admin = superPage.getByRole('navigation', { name: 'Administration' });
  await expect(admin.getByRole('link', { name: /User Management/ })).toHaveAttribute('href', '/tenant/lincoln-isd/users');
  await expect(admin.getByRole('link', { name: /System Settings/ })).toHaveAttribute('href', '/tenant/lincoln-isd/settings');
  // Admin Diagnostics is for support sessions only.
  await expect(superPage.getByRole('region', { name: 'Admin Diagnostics' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(superPage);

  await tile(superPage, 'System Health').getByRole('button').click();
  const health = superPage.getByRole('dialog', { name: 'System Health' });
  await expect(health).toContainText('Database');
  await expect(health).toContainText('Door System');
  await expect(health).toContainText('User Activity');
  await expectNoSeriousA11yViolations(superPage);
  await superPage.keyboard.press('Escape');
  await expect(health).toHaveCount(0);
});

test('transport@ sees the transportation card, office@ the parking card; with transportation off it reads Upgrade to enable', async () => {
  const transport = await signInTenant('transport@lincoln-isd.test');
  await expect(featureCards(transport).getByRole('link', { name: /Transportation/ })).toHaveAttribute(
    'href',
    '/tenant/lincoln-isd/transportation',
  );
  await expect(featureCards(transport).getByText('Student Parking')).toHaveCount(0);
  // User management and settings are the super admin's.
  await expect(transport.getByRole('link', { name: /User Management/ })).toHaveCount(0);

  const office = await signInTenant('office@lincoln-isd.test');
  await expect(featureCards(office).getByRole('link', { name: /Student Parking/ })).toHaveAttribute(
    'href',
    '/tenant/lincoln-isd/student-parking',
  );
  await expect(featureCards(office).getByText('Transportation')).toHaveCount(0);
  await office.context().close();

  await local.stack.platform.engine.query(
    `update public.tenant_features set enabled = false
      where feature_name = 'transportation' and tenant_id = (select id from public."Tenants" where slug = $1)`,
    [LINCOLN.slug],
  );
  await transport.reload();
  const upgrade = featureCards(transport).getByRole('link', { name: 'Upgrade to enable' });
  await expect(upgrade).toHaveAttribute('href', '/pricing');
  await expect(featureCards(transport).getByRole('link', { name: /^Transportation/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(transport);
  await transport.context().close();

  await local.stack.platform.engine.query(
    `update public.tenant_features set enabled = true
      where feature_name = 'transportation' and tenant_id = (select id from public."Tenants" where slug = $1)`,
    [LINCOLN.slug],
  );
});

test("a staff admin's support session shows Admin Diagnostics; the tenant's support history lists the session", async () => {
  const context = await browser.newContext({ baseURL: local.base, serviceWorkers: 'allow' });
  const staff = await context.newPage();
  await staff.goto('/login');
  await fillCredentials(staff, 'admin@lockstep.test');
  await staff.getByRole('button', { name: 'Sign In' }).click();
  await expect(staff).toHaveURL(/\/dashboard$/);
  await staff.goto('/tenant-database-management');
  await staff.getByRole('button', { name: 'Access Tenant Database' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Tenant Database Access' });
  await dialog.getByRole('button', { name: new RegExp(LINCOLN.company) }).click();
  await dialog.getByLabel('Reason').selectOption('security_audit');
  await dialog.getByLabel('Admin Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Start Support Session' }).click();
  await expect(staff).toHaveURL(/\/tenant\/lincoln-isd\/dashboard\?admin=true$/);

  const diagnostics = staff.getByRole('region', { name: 'Admin Diagnostics' });
  await expect(diagnostics.getByRole('link', { name: /Verify/ })).toHaveAttribute('href', '/admin/verify');
  await diagnostics.getByRole('button', { name: 'Run Health Check' }).click();
  const result = diagnostics.getByRole('definition');
  await expect(diagnostics.getByLabel('Health check result')).toBeVisible();
  await expect(result.first()).toHaveText('Yes');
  await expect(diagnostics.getByLabel('Health check result')).toContainText(/\d+ ms/);
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('region', { name: 'Support session' }).getByRole('button', { name: 'Exit support' }).click();
  await expect(staff).toHaveURL(/\/dashboard$/);
  await context.close();

  await superPage.goto('/tenant/lincoln-isd/settings');
  await expect(superPage.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  const sessions = superPage.getByRole('table', { name: 'Support sessions' });
  const row = sessions.getByRole('row').filter({ hasText: 'Avery Admin' });
  await expect(row).toContainText('Security audit');
  await expect(row).toContainText('Ended');
  // The provider's other access is listed too: the health check read nothing of the tenant's data, the session did.
  await expect(superPage.getByRole('table', { name: 'Other provider access' })).toBeVisible();
  await expect(superPage.getByRole('table', { name: 'Enabled features' })).toContainText('Transportation');
  await expectNoSeriousA11yViolations(superPage);
  await superPage.getByRole('link', { name: 'Back to Tenant Dashboard' }).click();
  await expect(superPage.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
});

test('with the network cut, the dashboard reloads from the service worker with the last figures and says so', async () => {
  const expected = await expectedTiles();
  await expectTiles(superPage, expected);
  await waitForServiceWorker(superPage);
  await proxy.refuse();
  const before = local.hits();

  await superPage.reload();
  await expect(superPage.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  await expectTiles(superPage, expected);
  await expect(superPage.getByTestId('figures-age')).toContainText('Offline: showing the figures saved on this device.');
  await expect(superPage.getByTestId('figures-age')).toContainText(/Figures from the last sync, (under a minute|\d+ min) ago\./);
  // The cards follow the features the server last gave, not the default list.
  await expect(featureCards(superPage).getByRole('link', { name: /Transportation/ })).toBeVisible();
  await expect(superPage.getByRole('region', { name: 'Recent Activity' })).toContainText(INCIDENT);
  await tile(superPage, 'System Health').getByRole('button').click();
  // Offline the modal shows the last computed figures with their time, not a failure.
  const health = superPage.getByRole('dialog', { name: 'System Health' });
  await expect(health).toContainText(/Last computed .*offline/);
  await expect(health).toContainText('Door System');
  await expectNoSeriousA11yViolations(superPage);
  expect(local.hits()).toBe(before);
});
