/**
 * The fleet tab in real Chromium (issue 14): transport@ adds a vehicle (a
 * taken number and a bad VIN are refused with what is wrong, keeping what was
 * typed), edits its mileage, adds a fill-up in litres and an oil change, and
 * deactivates it; the server holds each once. The fill-up is made offline. A vehicle whose oil change is
 * older than the service rule is flagged, and a maintenance record a failed
 * pre-trip inspection opened says so.
 *
 * The spec runs its own copy of the local stack in-process (fresh demo data)
 * so it can read the server with the service key.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, PASSWORD } from './support';

const SLUG = 'lincoln-isd';
const OLD = 'E2E-OLD';
const NEW = 'E2E-101';
const VIN = '1BAKGCPA4KF123456';

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const local = stackForFile(SLUG);
const rest = <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => local.rest<T>(path, init);

interface Vehicle {
  id: string;
  vehicle_number: string;
  make: string | null;
  model: string | null;
  year: number | null;
  license_plate: string | null;
  vin: string | null;
  mileage: number | null;
  oil_change_date: string | null;
  oil_change_mileage: number | null;
  active: boolean;
}

function dayIso(offsetDays: number): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

let oldId = '';

test.beforeAll(async () => {
  // Oil changed 200 days ago: past the default 90-day rule, well within its miles.
  const [old] = await rest<Array<{ id: string }>>('vehicles', {
    method: 'POST',
    body: {
      vehicle_number: OLD,
      make: 'Ford',
      model: 'Transit',
      year: 2018,
      mileage: 61_000,
      oil_change_date: dayIso(-200),
      oil_change_mileage: 60_500,
    },
  });
  oldId = old!.id;
  // A failed pre-trip item on its bus opens a maintenance record (the server's trigger).
  const [bus] = await rest<Array<{ id: string }>>('buses', {
    method: 'POST',
    body: { bus_number: 'E2E-BUS', vehicle_id: oldId, capacity: 14 },
  });
  await rest('bus_log', {
    method: 'POST',
    body: {
      bus_id: bus!.id,
      kind: 'pre_trip',
      odometer_start: 61_000,
      details: { items: [{ key: 'brakes', label: 'Brakes', ok: false, note: 'Soft pedal' }] },
    },
  });
});

async function signIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: local.base });
  const page = await context.newPage();
  await page.goto(`/tenant/${SLUG}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('transport@lincoln-isd.test');
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 50_000 });
  await page.goto(`/tenant/${SLUG}/transportation?tab=vehicles`);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  return page;
}

const vehicleNamed = async (number: string): Promise<Vehicle[]> =>
  rest<Vehicle[]>(
    `vehicles?select=id,vehicle_number,make,model,year,license_plate,vin,mileage,oil_change_date,oil_change_mileage,active&vehicle_number=eq.${number}`,
  );

test('transport@ keeps the fleet: add, edit, fuel, maintenance, deactivate, and the service-due flag', async ({ browser }) => {
  const page = await signIn(browser);

  // The vehicle whose oil change is older than the rule is flagged, in the list and the table.
  const due = page.getByRole('list', { name: 'Vehicles due for service' });
  await expect(due.getByRole('listitem').filter({ hasText: `Vehicle ${OLD}` })).toContainText('Oil change overdue (days)', {
    timeout: 30_000,
  });
  await expect(page.getByRole('row').filter({ hasText: OLD })).toContainText('Service due: Oil change overdue (days)');
  await expectNoSeriousA11yViolations(page);

  // Add: a taken number and a bad VIN are refused with what is wrong; what was typed stays.
  await page.getByRole('button', { name: 'Add vehicle' }).click();
  const add = page.getByRole('dialog', { name: 'Add vehicle' });
  await add.getByLabel('Vehicle number').fill(OLD.toLowerCase());
  await add.getByLabel('Make').fill('Blue Bird');
  await add.getByLabel('Model').fill('Vision');
  await add.getByLabel('Year').fill('2019');
  await add.getByLabel('License plate').fill('tx 4521');
  await add.getByLabel('VIN').fill('1BAKGCPA4KF12345O');
  await add.getByLabel('Mileage', { exact: true }).fill('45000');
  await add.getByRole('button', { name: 'Add vehicle' }).click();
  await expect(add.getByText('Another vehicle already has this number')).toBeVisible();
  await expect(add.getByText('A VIN holds only digits and letters other than I, O and Q')).toBeVisible();
  await expect(add.getByLabel('Make')).toHaveValue('Blue Bird');
  await expectNoSeriousA11yViolations(page);
  await add.getByLabel('Vehicle number').fill(NEW);
  await add.getByLabel('VIN').fill(VIN);
  await add.getByRole('button', { name: 'Add vehicle' }).click();
  await expect(add).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: NEW });
  await expect(row).toContainText('2019 Blue Bird Vision');
  await expect(row).toContainText('TX 4521');
  await expect(row).toContainText('Service due: No oil change on record');
  await expect.poll(async () => (await vehicleNamed(NEW)).length, { timeout: 30_000 }).toBe(1);
  const [created] = await vehicleNamed(NEW);
  expect(created).toMatchObject({
    make: 'Blue Bird',
    model: 'Vision',
    year: 2019,
    license_plate: 'TX 4521',
    vin: VIN,
    mileage: 45_000,
    active: true,
  });
  const id = created!.id;

  // Edit its mileage.
  await page.getByRole('button', { name: `Edit vehicle ${NEW}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit vehicle ${NEW}` });
  await expect(edit.getByLabel('Make')).toHaveValue('Blue Bird');
  await edit.getByLabel('Mileage', { exact: true }).fill('45210');
  await edit.getByRole('button', { name: 'Save vehicle' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('45,210 mi');
  await expect.poll(async () => (await vehicleNamed(NEW))[0]?.mileage, { timeout: 30_000 }).toBe(45_210);

  // Its details: a fill-up in litres, shown and stored in gallons.
  await page.getByRole('link', { name: `Vehicle ${NEW}: maintenance and fuel` }).click();
  await expect(page).toHaveURL(new RegExp(`vehicle=${id}`));
  const details = page.getByRole('article', { name: `Vehicle ${NEW}` });
  await expect(details.getByText('Not enough data: needs two fill-ups with odometer readings').first()).toBeVisible();
  // Offline: the fill-up is saved on this device and reaches the server once the connection is back.
  await page.context().setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Offline: data from' })).toBeVisible();
  await details.getByRole('button', { name: 'Add fuel entry' }).click();
  const fuel = page.getByRole('dialog', { name: `Add fuel entry for vehicle ${NEW}` });
  await fuel.getByLabel('Unit').selectOption('l');
  await fuel.getByRole('button', { name: 'Add fuel entry' }).click();
  await expect(fuel.getByText('Enter how much fuel')).toBeVisible();
  await fuel.getByLabel('Amount').fill('100');
  await fuel.getByLabel('Cost ($)').fill('120.50');
  await fuel.getByLabel('Odometer (miles)').fill('45500');
  await fuel.getByLabel('Station').fill('Lincoln Fuel Depot');
  await fuel.getByRole('button', { name: 'Add fuel entry' }).click();
  await expect(fuel).toHaveCount(0);
  const fuelRow = details.getByRole('row').filter({ hasText: 'Lincoln Fuel Depot' });
  await expect(fuelRow).toContainText('26.417 gal');
  await expect(fuelRow).toContainText('$120.50');
  await expect(page.getByRole('button', { name: 'Synced' })).toHaveCount(0);
  await page.context().setOffline(false);
  await expect
    .poll(
      async () =>
        (
          await rest<Array<{ gallons: number | string; cost_cents: number; odometer: number }>>(
            `fuel_log?select=gallons,cost_cents,odometer&vehicle_id=eq.${id}`,
          )
        ).map((f) => [Number(f.gallons), f.cost_cents, f.odometer]),
      {
        timeout: 30_000,
      },
    )
    .toEqual([[26.417, 12_050, 45_500]]);

  // An oil change, done: it becomes the vehicle's last one and the flag goes.
  await details.getByRole('button', { name: 'Add maintenance record' }).click();
  const maint = page.getByRole('dialog', { name: `Add maintenance for vehicle ${NEW}` });
  await maint.getByLabel('Service type').fill('Oil change');
  await maint.getByLabel('Odometer (miles)').fill('45500');
  await maint.getByLabel('Cost ($)').fill('89.9');
  await maint.getByLabel('Vendor').fill('Quick Lube');
  await maint.getByLabel('Status').selectOption({ label: 'Done' });
  await maint.getByRole('button', { name: 'Add record' }).click();
  await expect(maint).toHaveCount(0);
  const maintRow = details.getByRole('row').filter({ hasText: 'Quick Lube' });
  await expect(maintRow).toContainText('Oil change');
  await expect(maintRow).toContainText('Done');
  await expect(maintRow).toContainText('$89.90');
  await expect(details.getByText('Not due')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect
    .poll(
      async () =>
        await rest<Array<{ service_type: string; status: string; cost_cents: number; mileage: number }>>(
          `vehicle_maintenance?select=service_type,status,cost_cents,mileage&vehicle_id=eq.${id}`,
        ),
      {
        timeout: 30_000,
      },
    )
    .toEqual([{ service_type: 'Oil change', status: 'completed', cost_cents: 8_990, mileage: 45_500 }]);
  await expect
    .poll(async () => (await vehicleNamed(NEW))[0], { timeout: 30_000 })
    .toMatchObject({ mileage: 45_500, oil_change_date: dayIso(0), oil_change_mileage: 45_500 });

  // Back to the list: deactivate it (kept, not deleted), then reactivate it.
  await page.getByRole('link', { name: 'Back to vehicles' }).click();
  await page.getByRole('button', { name: `Deactivate vehicle ${NEW}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate vehicle' });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText('Inactive');
  await expect(page.getByRole('button', { name: `Reactivate vehicle ${NEW}` })).toBeVisible();
  await expect.poll(async () => (await vehicleNamed(NEW))[0]?.active, { timeout: 30_000 }).toBe(false);
  expect(await vehicleNamed(NEW)).toHaveLength(1);
  expect(await rest<unknown[]>(`fuel_log?select=id&vehicle_id=eq.${id}`)).toHaveLength(1);
  expect(await rest<unknown[]>(`vehicle_maintenance?select=id&vehicle_id=eq.${id}`)).toHaveLength(1);

  // The pre-trip inspection's record on the flagged vehicle says where it came from.
  await page.getByRole('link', { name: `Vehicle ${OLD}: maintenance and fuel` }).click();
  const old = page.getByRole('article', { name: `Vehicle ${OLD}` });
  const defect = old.getByRole('row').filter({ hasText: 'Pre-trip defect' });
  await expect(defect).toContainText('Pre-trip inspection failed: Brakes: Soft pedal');
  await expect(defect).toContainText('Opened by a pre-trip inspection');
  await expect(defect).toContainText('Open');

  // A longer rule (365 days) clears the flag; the setting reaches the server once.
  await page.getByRole('link', { name: 'Back to vehicles' }).click();
  const rule = page.getByRole('form', { name: 'Service rule' });
  await rule.getByLabel('Oil change every (days)').fill('0');
  await rule.getByRole('button', { name: 'Save service rule' }).click();
  await expect(rule.getByText('Enter a whole number of days from 1 to 3,650')).toBeVisible();
  await rule.getByLabel('Oil change every (days)').fill('365');
  await rule.getByRole('button', { name: 'Save service rule' }).click();
  await expect(page.getByRole('row').filter({ hasText: OLD })).toContainText('Not due');
  await expect(page.getByRole('heading', { name: /^Service due: / })).toBeVisible();
  await expect(due.getByRole('listitem').filter({ hasText: `Vehicle ${OLD}` })).toHaveCount(0);
  await expect
    .poll(
      async () =>
        rest<Array<{ setting_key: string; setting_value: string }>>(
          'tenant_settings?select=setting_key,setting_value&setting_key=like.transport_*&order=setting_key',
        ),
      {
        timeout: 30_000,
      },
    )
    .toEqual([
      { setting_key: 'transport_oil_change_days', setting_value: '365' },
      { setting_key: 'transport_oil_change_miles', setting_value: '3000' },
    ]);
});
