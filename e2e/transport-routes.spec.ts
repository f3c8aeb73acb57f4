/**
 * Buses & Routes in real Chromium (issue 14): transport@ creates a route with
 * three stops and moves the last one up with the keyboard, and the server
 * holds stop_order 1..3 in the new order; giving the route a driver who
 * already drives an overlapping route is refused with the message naming
 * that route, and nothing reaches the server; a student rider is added at a
 * stop and the server holds them there.
 *
 * The spec runs its own copy of the local stack in-process (fresh demo data)
 * so it can read the server with the service key.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, PASSWORD } from './support';

const SLUG = 'lincoln-isd';
const BUSY_ROUTE = 'E2E-A';
const NEW_ROUTE = 'E2E-B';

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const local = stackForFile(SLUG);
const rest = <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => local.rest<T>(path, init);

let driverId = '';

test.beforeAll(async () => {
  // A driver of their own, already on a route from 07:00 (both directions), so the demo data's drivers do not matter.
  const [driver] = await rest<Array<{ id: string }>>('bus_drivers', {
    method: 'POST',
    body: { first_name: 'Pat', last_name: 'Overlap', license_number: 'TX-CDL-E2E-1' },
  });
  driverId = driver!.id;
  await rest('routes', {
    method: 'POST',
    body: { route_number: BUSY_ROUTE, name: 'Early run', driver_id: driverId, direction: 'both', starts_at: '07:00', active: true },
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
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  return page;
}

interface Stop {
  id: string;
  name: string;
  stop_order: number;
}

test('a route with three stops is reordered, refused a double-booked driver, and given a rider', async ({ browser }) => {
  const page = await signIn(browser);
  await page.goto(`/tenant/${SLUG}/transportation?tab=routes&section=routes`);
  await expect(page.getByRole('tab', { name: 'Routes', exact: true, selected: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Buses & Routes', selected: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `${BUSY_ROUTE} · Early run` })).toBeVisible({ timeout: 30_000 });

  // The route, with a start time and no driver yet.
  await page.getByRole('button', { name: 'Add route' }).click();
  const add = page.getByRole('dialog', { name: 'Add route' });
  await add.getByRole('button', { name: 'Add route' }).click();
  await expect(add.getByText('Enter the route number')).toBeVisible();
  await add.getByLabel('Route number').fill(NEW_ROUTE);
  await add.getByLabel('Name', { exact: true }).fill('Test loop');
  await add.getByLabel('Start time').fill('07:10');
  await add.getByRole('button', { name: 'Add route' }).click();
  await expect(page.getByText(`Route ${NEW_ROUTE} added.`)).toBeVisible();
  await page.getByRole('link', { name: `${NEW_ROUTE} · Test loop` }).click();
  await expect(page).toHaveURL(/[?&]tab=routes/);
  await expect(page).toHaveURL(/[?&]route=/);
  await expect(page.getByRole('heading', { name: `Route ${NEW_ROUTE} · Test loop` })).toBeVisible();
  await expect(page.getByText('No stops yet')).toBeVisible();

  // Three stops, in the order added.
  for (const [name, time] of [
    ['First St', '07:10'],
    ['Second St', '07:20'],
    ['Third St', '07:30'],
  ] as const) {
    await page.getByRole('button', { name: 'Add stop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add stop' });
    await dialog.getByLabel('Stop name').fill(name);
    await dialog.getByLabel('Scheduled time').fill(time);
    await dialog.getByLabel('Address').fill(`${name}, Lincoln TX`);
    if (name === 'First St') {
      await dialog.getByLabel('Latitude').fill('95');
      await dialog.getByRole('button', { name: 'Add stop' }).click();
      await expect(dialog.getByText('Latitude is a number from -90 to 90')).toBeVisible();
      await expect(dialog.getByLabel('Stop name')).toHaveValue(name);
      await dialog.getByLabel('Latitude').fill('30.28');
      await dialog.getByLabel('Longitude').fill('-96.97');
    }
    await dialog.getByRole('button', { name: 'Add stop' }).click();
    await expect(dialog).toHaveCount(0);
  }
  const stops = page.getByRole('list', { name: 'Stops' }).getByRole('listitem');
  await expect(stops).toHaveText([/First St/, /Second St/, /Third St/]);
  await expect(page.getByRole('button', { name: 'Move down: Third St' })).toBeDisabled();

  // Move the last stop up, from the keyboard; focus stays on the stop's buttons.
  await page.getByRole('button', { name: 'Move up: Third St' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Third St is now stop 2 of 3.')).toBeVisible();
  await expect(stops).toHaveText([/First St/, /Third St/, /Second St/]);
  await expect(page.getByRole('button', { name: 'Move up: Third St' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 30_000 });
  const [route] = await rest<Array<{ id: string }>>(`routes?select=id&route_number=eq.${NEW_ROUTE}`);
  const routeId = route!.id;
  const serverStops = () =>
    rest<Stop[]>(`route_stops?select=id,name,stop_order&route_id=eq.${routeId}&deleted_at=is.null&order=stop_order`);
  await expect
    .poll(async () => (await serverStops()).map((s) => [s.stop_order, s.name]))
    .toEqual([
      [1, 'First St'],
      [2, 'Third St'],
      [3, 'Second St'],
    ]);

  // Pat Overlap drives E2E-A from 07:00 (30 minutes, both ways): this route runs 07:10–07:40 both ways.
  const before = (
    await rest<Array<{ driver_id: string | null; updated_at: string }>>(`routes?select=driver_id,updated_at&id=eq.${routeId}`)
  )[0]!;
  await page.getByRole('button', { name: 'Edit route' }).click();
  const edit = page.getByRole('dialog', { name: `Edit route ${NEW_ROUTE}` });
  await edit.getByLabel('Driver').selectOption({ label: 'Pat Overlap' });
  await edit.getByRole('button', { name: 'Save route' }).click();
  await expect(edit.getByRole('alert')).toHaveText(`Pat Overlap already drives route ${BUSY_ROUTE} (07:00–07:30, both) at that time.`);
  await expect(edit.getByLabel('Driver')).toHaveValue(driverId);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible();
  expect(
    (await rest<Array<{ driver_id: string | null; updated_at: string }>>(`routes?select=driver_id,updated_at&id=eq.${routeId}`))[0],
  ).toEqual(before);
  expect(before.driver_id).toBeNull();

  // A rider at the (now second) stop, Third St.
  await page.getByRole('button', { name: 'Add rider' }).click();
  const rider = page.getByRole('dialog', { name: 'Add rider' });
  await rider.getByLabel('Student ID').fill('LISD-E2E-900');
  await rider.getByLabel('Student name').fill('Jamie Rider');
  await rider.getByLabel('Grade').fill('5');
  await rider.getByLabel('Stop').selectOption({ label: '2. Third St (07:30)' });
  await rider.getByLabel('Direction').selectOption('am');
  await rider.getByRole('button', { name: 'Add rider' }).click();
  await expect(page.getByText(`Jamie Rider added to route ${NEW_ROUTE}.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Riders' }).getByRole('row', { name: /Jamie Rider/ })).toContainText('2. Third St (07:30)');
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 30_000 });
  const third = (await serverStops()).find((s) => s.name === 'Third St')!;
  await expect
    .poll(async () =>
      rest<unknown[]>(
        `student_routes?select=student_name,grade,route_id,route_stop_id,direction&student_id=eq.LISD-E2E-900&deleted_at=is.null`,
      ),
    )
    .toEqual([{ student_name: 'Jamie Rider', grade: '5', route_id: routeId, route_stop_id: third.id, direction: 'am' }]);
  await page.context().close();
});
