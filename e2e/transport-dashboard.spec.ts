/**
 * The Transportation dashboard and its Bus Drivers dialog in real Chromium
 * (issue 14): transport@ sees tiles with the counts the tenant's database
 * holds and the fleet table in vehicle-number order; with the network cut
 * for real (the stack sits behind a proxy that refuses connections,
 * e2e/network-cut.ts) a driver is added, survives a reload, and nothing
 * reaches the server until the network is back, when the server holds the
 * driver exactly once; removing a driver marks it deleted on the server.
 * Server figures are read with the tenant's service key (RLS bypassed).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { serviceDue, serviceRuleFrom } from '../src/features/transportation/service-due';
import { launchThroughProxy, startLocal, startProxy, waitForServiceWorker, type Local, type Proxy } from './network-cut';
import { expectNoSeriousA11yViolations, LINCOLN, signInViaDeepLink } from './support';

test.use({ trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const DRIVER = { first: 'Evelyn', last: 'Quarry', license: 'TX-CDL-E2E-77123', phone: '(512)-555-0177' };

let local: Local;
let proxy: Proxy;
let browser: Browser;
let page: Page;

/** The tenant's REST API with its service key: the server's own view. */
async function serverRows<T>(path: string): Promise<T[]> {
  const project = await local.stack.tenant(LINCOLN.slug);
  if (!project) throw new Error('lincoln-isd is not served');
  const key = project.keys.serviceKey;
  const r = await fetch(`${local.base}/t/${LINCOLN.slug}/rest/v1/${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
  if (!r.ok) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
  return (await r.json()) as T[];
}

const live = async (table: string): Promise<number> => (await serverRows(`${table}?select=id&deleted_at=is.null`)).length;

async function expectedTiles() {
  const vehicles = await serverRows<Record<string, unknown>>(
    'vehicles?select=id,make,model,vehicle_number,license_plate,active,oil_change_date,mileage,oil_change_mileage&deleted_at=is.null&order=vehicle_number.asc',
  );
  const settings = await serverRows<Record<string, unknown>>('tenant_settings?select=setting_key,setting_value');
  const d = new Date();
  const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const rule = serviceRuleFrom(settings);
  return {
    vehicleRows: vehicles,
    tiles: {
      vehicles: vehicles.length,
      routes: await live('routes'),
      fuel: await live('fuel_log'),
      maintenance: await live('vehicle_maintenance'),
      buses: await live('buses'),
      drivers: (await live('bus_drivers')) + (await live('student_drivers')),
      stops: await live('route_stops'),
      assignments: (await live('user_bus_assignments')) + (await live('user_route_assignments')),
      service: vehicles.filter((v) => serviceDue(v, rule, today)).length,
    },
  };
}

const tileValue = (key: string) => page.getByTestId(`tile-${key}`);
const driversDialog = () => page.getByRole('dialog', { name: 'Bus Drivers' });

async function openDrivers(): Promise<void> {
  await page
    .getByRole('list', { name: 'Summary' })
    .getByRole('button', { name: /Drivers/ })
    .click();
  // The dialog's own element is a zero-size wrapper (its panel is fixed): its text is what shows.
  await expect(driversDialog().getByText('Manage drivers for your transportation fleet')).toBeVisible();
}

const driverRow = (name: string) => driversDialog().getByRole('row').filter({ hasText: name });

test.beforeAll(async () => {
  local = await startLocal();
  proxy = await startProxy();
  browser = await launchThroughProxy(proxy);
});

test.afterAll(async () => {
  await browser?.close();
  await local?.close();
});

test('transport@ sees tiles with the server’s counts and the fleet table', async () => {
  const context = await browser.newContext({ baseURL: local.base, serviceWorkers: 'allow' });
  page = await context.newPage();
  await signInViaDeepLink(page, 'transport@lincoln-isd.test');
  await expect(page).toHaveURL(/\/tenant\/lincoln-isd\/dashboard$/, { timeout: 50_000 });
  await page.goto(`/tenant/${LINCOLN.slug}/transportation`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transportation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });

  const expected = await expectedTiles();
  expect(expected.tiles.vehicles).toBeGreaterThan(0);
  expect(expected.tiles.fuel).toBeGreaterThan(0);
  for (const [key, n] of Object.entries(expected.tiles)) await expect(tileValue(key)).toHaveText(n.toLocaleString('en-US'));

  // The fleet table: every vehicle, by number, with the spec's columns.
  const table = page.getByRole('table', { name: 'Fleet' });
  await expect(table.getByRole('columnheader')).toHaveText(['Vehicle', 'Number', 'License', 'Status', 'Last Oil Change']);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(expected.vehicleRows.length);
  const numbers = expected.vehicleRows.map((v) => String(v.vehicle_number));
  await expect(rows.locator('td:nth-child(2)')).toHaveText(numbers);
  const first = expected.vehicleRows[0]!;
  await expect(rows.first().locator('td').first()).toHaveText(`${String(first.make)} ${String(first.model)}`);
  await expect(rows.first().locator('td').nth(3)).toHaveText(first.active ? 'Active' : 'Inactive');
  // A vehicle with no oil change on record: a dash and the flag in words.
  const never = expected.vehicleRows.find((v) => !v.oil_change_date && v.active);
  if (never) {
    const row = rows.filter({ has: page.getByRole('cell', { name: String(never.vehicle_number), exact: true }) });
    await expect(row.locator('td').nth(4)).toHaveText('—Service due: No oil change on record');
  }
  await expect(page.getByRole('heading', { name: 'Records on this device' })).toBeVisible();
  await expect(page.locator('dd[data-table="fuel_log"]')).toHaveText(expected.tiles.fuel.toLocaleString('en-US'));
  await expectNoSeriousA11yViolations(page);

  // The Drivers tile opens the dialog: search, validation, Close and the backdrop.
  await openDrivers();
  await expect(driverRow('Karen Whitfield')).toBeVisible();
  const search = driversDialog().getByPlaceholder('Search by name, license, or phone');
  await search.fill('WHITFIELD');
  await expect(driversDialog().locator('tbody tr')).toHaveCount(1);
  await search.fill('555-0141');
  await expect(driversDialog().locator('tbody tr')).toHaveText([/Robert Alvarez/]);
  await search.fill('nobody by this name');
  await expect(driversDialog().getByText('No drivers match your search')).toBeVisible();
  await search.fill('');
  await driversDialog().getByRole('button', { name: 'Add Driver' }).click();
  await expect(driversDialog().getByText('First name, last name, and license number are required.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await driversDialog().getByRole('button', { name: 'Close' }).last().click();
  await expect(driversDialog()).toHaveCount(0);
  await openDrivers();
  await page.mouse.click(4, 4);
  await expect(driversDialog()).toHaveCount(0);
});

test('a driver added with the network cut survives a reload and reaches the server once', async () => {
  const before = await live('bus_drivers');
  const tilesBefore = Number((await tileValue('drivers').textContent())?.replace(/\D/g, ''));
  await waitForServiceWorker(page);
  await proxy.refuse();
  const hits = local.hits();

  await openDrivers();
  const dialog = driversDialog();
  await dialog.getByLabel('First name').fill(`  ${DRIVER.first} `);
  await dialog.getByLabel('Last name').fill(DRIVER.last);
  await dialog.getByLabel('License number').fill(DRIVER.license);
  await dialog.getByLabel('Phone (optional)').fill(DRIVER.phone);
  await dialog.getByRole('button', { name: 'Add Driver' }).click();
  await expect(driverRow(`${DRIVER.first} ${DRIVER.last}`)).toContainText(DRIVER.license);
  await expect(driverRow(`${DRIVER.first} ${DRIVER.last}`)).toContainText('Active');
  await expect(dialog.getByLabel('First name')).toHaveValue('');
  await expect(dialog.getByLabel('License number')).toHaveValue('');
  // The list stays sorted by last name with the new driver in it.
  const lastNames = (await dialog.locator('tbody tr td:first-child').allTextContents()).map((n) => n.split(' ').at(-1) ?? '');
  expect(lastNames).toContain(DRIVER.last);
  expect(lastNames).toEqual([...lastNames].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })));
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(tileValue('drivers')).toHaveText(String(tilesBefore + 1));
  // The page behind the dialog is inert while it is open: the badge is read once it closes.
  await expect(page.getByRole('button', { name: /^1 pending/ })).toBeVisible({ timeout: 30_000 });

  // Reloaded with no network: the app, the dashboard and the driver come from this device.
  await page.reload();
  await expect(tileValue('drivers')).toHaveText(String(tilesBefore + 1), { timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^1 pending/ })).toBeVisible({ timeout: 30_000 });
  await openDrivers();
  await driversDialog().getByPlaceholder('Search by name, license, or phone').fill(DRIVER.license.toLowerCase());
  await expect(driversDialog().locator('tbody tr')).toHaveCount(1);
  await expect(driverRow(DRIVER.last)).toContainText(DRIVER.phone);
  await driversDialog().getByRole('button', { name: 'Close' }).last().click();
  expect(local.hits()).toBe(hits);
  expect(await live('bus_drivers')).toBe(before);

  // Signal again: the driver reaches the server exactly once, trimmed.
  await proxy.restore();
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(async () =>
      serverRows<{ first_name: string; last_name: string; phone: string | null; active: boolean; deleted_at: string | null }>(
        `bus_drivers?select=first_name,last_name,phone,active,deleted_at&license_number=eq.${DRIVER.license}`,
      ),
    )
    .toEqual([{ first_name: DRIVER.first, last_name: DRIVER.last, phone: DRIVER.phone, active: true, deleted_at: null }]);
  expect(await live('bus_drivers')).toBe(before + 1);
});

test('removing a driver asks first, and the server marks it deleted', async () => {
  await openDrivers();
  const dialog = driversDialog();
  await dialog.getByRole('button', { name: `Remove ${DRIVER.first} ${DRIVER.last}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove driver' });
  await expect(confirm.getByText('Remove this driver? This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(driverRow(DRIVER.last)).toBeVisible();
  await dialog.getByRole('button', { name: `Remove ${DRIVER.first} ${DRIVER.last}` }).click();
  await page.getByRole('dialog', { name: 'Remove driver' }).getByRole('button', { name: 'Remove' }).click();
  await expect(driverRow(DRIVER.last)).toHaveCount(0);
  await expect(dialog.getByRole('heading', { name: 'Add a driver' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(async () => {
      const rows = await serverRows<{ deleted_at: string | null }>(`bus_drivers?select=deleted_at&license_number=eq.${DRIVER.license}`);
      return rows.map((r) => r.deleted_at !== null);
    })
    .toEqual([true]);
});
