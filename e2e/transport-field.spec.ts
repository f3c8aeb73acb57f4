/**
 * A driver's phone in real Chromium (issue 14): driver@lincoln-isd.test
 * (Robert Alvarez, who drives R1 on Bus 1) completes a pre-trip inspection
 * with a failed item, and the server holds it, stamped as his, with the open
 * maintenance record its trigger makes; then, with the network cut for real
 * (the stack behind a proxy that refuses connections, e2e/network-cut.ts),
 * he runs an evacuation drill accounting for every student on Bus 1's
 * roster, ends it, reloads with no signal and finds it still there; nothing
 * reaches the server until the network is back, and then the drill and one
 * mark per student arrive exactly once.
 *
 * The spec runs its own stack (fresh demo data) so it can read the server.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { launchThroughProxy, startLocal, startProxy, waitForServiceWorker, type Local, type Proxy } from './network-cut';
import { expectNoSeriousA11yViolations, LINCOLN, signInViaDeepLink } from './support';

test.use({ trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const DRIVER = 'driver@lincoln-isd.test';
const BUS_1 = '1b000000-0000-4000-8000-000000000001';
const ITEMS = [
  'Brakes',
  'Tires and wheels',
  'Lights and signals',
  'Mirrors',
  'Stop arm and crossing gate',
  'Emergency exits and alarms',
  'First aid and fire extinguisher',
  'Horn and wipers',
  'Seats and aisle',
  'Fluid levels and leaks',
];

let local: Local;
let proxy: Proxy;
let browser: Browser;
let driverId = '';
let vehicleId = '';

/** The tenant's REST API with its service key: the server's own view (RLS bypassed). */
async function rest<T>(path: string): Promise<T> {
  const project = await local.stack.tenant(LINCOLN.slug);
  if (!project) throw new Error('lincoln-isd is not served');
  const key = project.keys.serviceKey;
  const r = await fetch(`${local.base}/t/${LINCOLN.slug}/rest/v1/${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
  if (!r.ok) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** A count read straight from the database (no HTTP request, so the stack's request counter is untouched). */
async function countRows(sql: string, params: unknown[]): Promise<number> {
  const project = await local.stack.tenant(LINCOLN.slug);
  if (!project) throw new Error('lincoln-isd is not served');
  const r = await project.engine.query<{ n: string | number }>(sql, params);
  return Number(r.rows[0]?.n ?? 0);
}

test.beforeAll(async () => {
  local = await startLocal();
  proxy = await startProxy();
  browser = await launchThroughProxy(proxy);
  const [driver] = await rest<Array<{ id: string }>>(`users?select=id&email=eq.${DRIVER}`);
  if (!driver) throw new Error(`${DRIVER} is not in the demo data`);
  driverId = driver.id;
  const [bus] = await rest<Array<{ vehicle_id: string }>>(`buses?select=vehicle_id&id=eq.${BUS_1}`);
  vehicleId = bus!.vehicle_id;
  // The demo's link, as the screens rely on it: Robert's driver record is this user's and drives R1 on Bus 1.
  const [link] = await rest<Array<{ id: string }>>(`bus_drivers?select=id&user_id=eq.${driverId}`);
  const [r1] = await rest<Array<{ driver_id: string }>>(`routes?select=driver_id&route_number=eq.R1&bus_id=eq.${BUS_1}`);
  expect(r1?.driver_id).toBe(link?.id);
});

test.afterAll(async () => {
  await browser?.close();
  await local?.close();
});

async function driverPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: local.base,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  await signInViaDeepLink(page, DRIVER);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  await page.goto(`/tenant/${LINCOLN.slug}/transportation`);
  await expect(page.getByRole('heading', { name: 'My buses today' })).toBeVisible({ timeout: 30_000 });
  return { context, page };
}

test('the driver completes a pre-trip inspection with a failed item, and the server opens a maintenance record', async () => {
  const { context, page } = await driverPhone();
  const bus = page.getByRole('article', { name: 'Bus 1' });
  await expect(bus.getByText('R1 · North loop')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await bus.getByRole('link', { name: 'Pre-trip inspection' }).click();
  await expect(page).toHaveURL(new RegExp(`bus=${BUS_1}&view=inspect`));
  const form = page.getByRole('form', { name: 'Pre-trip inspection of Bus 1' });

  // Every item must be answered, and a failed one must say what is wrong.
  await form.getByRole('button', { name: 'Save inspection' }).click();
  await expect(form.getByText('Choose Pass or Fail for Brakes.')).toBeVisible();
  await expect(form.getByText('Choose Pass or Fail for Fluid levels and leaks.')).toBeVisible();
  for (const label of ITEMS)
    await form
      .getByRole('group', { name: label })
      .getByText(label === 'Brakes' ? 'Fail' : 'Pass', { exact: true })
      .click();
  await form.getByRole('button', { name: 'Save inspection' }).click();
  await expect(form.getByText('Say what is wrong with Brakes.')).toBeVisible();
  await form.getByLabel('What is wrong with brakes?').fill('Soft pedal, pulls left');
  await form.getByLabel('Odometer (miles)').fill('48262');
  await expect(form.getByText('A failed item opens a maintenance record for this vehicle when the inspection syncs.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Save inspection' }).click();

  await expect(page.getByRole('heading', { name: /^(Saved on this device|Inspection synced)$/ })).toBeVisible();
  await expect(page.getByText('1 item failed.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inspection synced' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('The inspection reached the server, which opened a maintenance record for this vehicle.')).toBeVisible();

  type Log = {
    id: string;
    recorded_by: string;
    pre_trip_ok: boolean;
    kind: string;
    details: { items: Array<{ key: string; ok: boolean }> };
  };
  const logs = await rest<Log[]>(`bus_log?select=id,recorded_by,pre_trip_ok,kind,details&bus_id=eq.${BUS_1}&odometer_start=eq.48262`);
  expect(logs).toHaveLength(1);
  expect(logs[0]).toMatchObject({ recorded_by: driverId, pre_trip_ok: false, kind: 'pre_trip' });
  expect(logs[0]!.details.items).toHaveLength(10);
  expect(logs[0]!.details.items.filter((i) => !i.ok).map((i) => i.key)).toEqual(['brakes']);
  const records = await rest<Array<{ status: string; vehicle_id: string; description: string }>>(
    `vehicle_maintenance?select=status,vehicle_id,description&bus_log_id=eq.${logs[0]!.id}`,
  );
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({ status: 'open', vehicle_id: vehicleId });
  expect(records[0]!.description).toContain('Brakes: Soft pedal, pulls left');

  await page.getByRole('link', { name: 'Back to my buses' }).first().click();
  await expect(page.getByRole('article', { name: 'Bus 1' }).getByText('Pre-trip: Failed today')).toBeVisible();
  await context.close();
});

test('a drill with the network cut accounts for every student on the roster and reaches the server once', async () => {
  const startedAfter = new Date(Date.now() - 1000).toISOString();
  // The riders of Bus 1's routes (R1 runs both ways, so the roster is the same at any hour).
  const routes = await rest<Array<{ id: string }>>(`routes?select=id&bus_id=eq.${BUS_1}&active=is.true`);
  const roster = await rest<Array<{ student_id: string; student_name: string }>>(
    `student_routes?select=student_id,student_name&active=is.true&route_id=in.(${routes.map((r) => r.id).join(',')})`,
  );
  expect(roster.length).toBeGreaterThan(1);

  const { context, page } = await driverPhone();
  await page.getByRole('article', { name: 'Bus 1' }).getByRole('link', { name: 'Emergency roster' }).click();
  await expect(page.getByRole('heading', { name: 'Emergency roster: Bus 1' })).toBeVisible();
  for (const s of roster) await expect(page.getByText(s.student_name, { exact: true })).toBeVisible();
  await waitForServiceWorker(page);
  await expectNoSeriousA11yViolations(page);

  // No signal from here on.
  await proxy.refuse();
  const hitsWhileOffline = local.hits();
  const drillsBefore = await countRows(
    `select count(*) as n from public.bus_log where bus_id = $1 and kind = 'drill' and started_at >= $2`,
    [BUS_1, startedAfter],
  );
  expect(drillsBefore).toBe(0);

  await page.getByRole('button', { name: 'Start evacuation drill' }).click();
  await expect(page.getByText('Evacuation drill in progress')).toBeVisible();
  await expect(page.getByText(`0 of ${roster.length} accounted for`, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Elapsed: \d+ min \d\d s$/)).toBeVisible();
  const [first, ...others] = roster;
  await page.getByRole('group', { name: first!.student_name }).getByRole('button', { name: 'Accounted for' }).click();
  await expect(page.getByText(`1 of ${roster.length} accounted for`, { exact: true })).toBeVisible();

  // A reload mid-drill resumes it.
  await page.reload();
  await expect(page.getByText('Evacuation drill in progress')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`1 of ${roster.length} accounted for`, { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: first!.student_name }).getByRole('button', { name: 'Accounted for' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  for (const s of others) await page.getByRole('group', { name: s.student_name }).getByRole('button', { name: 'Accounted for' }).click();
  await expect(page.getByText(`${roster.length} of ${roster.length} accounted for`, { exact: true })).toBeVisible();
  await page.getByLabel('Drill notes').fill('Rear door, everyone out in good order');
  await page.getByRole('button', { name: 'End drill' }).click();

  const recent = page.getByRole('region', { name: 'Recent drills on this bus' }).getByRole('listitem').first();
  await expect(recent).toContainText(`${roster.length} of ${roster.length} accounted for · 0 absent · 0 unaccounted`);
  await expect(recent).toContainText('Saved on this device');
  await expect(page.getByRole('button', { name: 'Start evacuation drill' })).toBeVisible();

  // Reloaded with no signal: the same screen and the ended drill, still on this device only.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Emergency roster: Bus 1' })).toBeVisible({ timeout: 30_000 });
  await expect(recent).toContainText(`${roster.length} of ${roster.length} accounted for`);
  await expect(recent).toContainText('Rear door, everyone out in good order');
  await expect(recent).toContainText('Saved on this device');
  expect(local.hits()).toBe(hitsWhileOffline);
  expect(
    await countRows(`select count(*) as n from public.bus_log where bus_id = $1 and kind = 'drill' and started_at >= $2`, [
      BUS_1,
      startedAfter,
    ]),
  ).toBe(0);

  // Signal again: the drill and one mark per student, exactly once.
  await proxy.restore();
  await expect(recent).toContainText('Synced', { timeout: 90_000 });
  type Drill = { id: string; ended_at: string | null; recorded_by: string; notes: string; details: Record<string, number> };
  const drills = await rest<Drill[]>(
    `bus_log?select=id,ended_at,recorded_by,notes,details&bus_id=eq.${BUS_1}&kind=eq.drill&started_at=gte.${startedAfter}`,
  );
  expect(drills).toHaveLength(1);
  const drill = drills[0]!;
  expect(drill.ended_at).not.toBeNull();
  expect(drill).toMatchObject({
    recorded_by: driverId,
    notes: 'Rear door, everyone out in good order',
    details: { roster_size: roster.length, accounted: roster.length, absent: 0, unaccounted: 0 },
  });
  const marks = await rest<Array<{ student_id: string; event_type: string; recorded_by: string }>>(
    `student_ride_events?select=student_id,event_type,recorded_by&bus_log_id=eq.${drill.id}`,
  );
  expect(marks.map((m) => m.student_id).sort()).toEqual(roster.map((s) => s.student_id).sort());
  expect(new Set(marks.map((m) => `${m.event_type}:${m.recorded_by}`))).toEqual(new Set([`accounted_for:${driverId}`]));
  await context.close();
});

test("transport@ sees the driver's inspection and drill in the Inspections and Drills tabs", async () => {
  const context = await browser.newContext({ baseURL: local.base });
  const page = await context.newPage();
  await signInViaDeepLink(page, 'transport@lincoln-isd.test');
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  await page.goto(`/tenant/${LINCOLN.slug}/transportation?tab=inspections`);
  const inspection = page.getByRole('list', { name: 'Inspections' }).getByRole('article', { name: 'Inspection of Bus 1' }).first();
  await expect(inspection).toContainText('Failed (1)', { timeout: 30_000 });
  await expect(inspection).toContainText('Brakes: Soft pedal, pulls left');
  await expect(inspection).toContainText('Robert Alvarez');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Drills' }).click();
  const bus1 = page.getByRole('table', { name: /^Bus 1: \d+ drills?$/ });
  await expect(bus1.getByRole('row').nth(1)).toContainText('Rear door, everyone out in good order');
  await expect(bus1.getByRole('row').nth(1)).toContainText('Yes');
  await expect(page.getByRole('list', { name: 'Buses with no drill' })).toContainText('Bus 2');
  await expectNoSeriousA11yViolations(page);
  await context.close();
});
