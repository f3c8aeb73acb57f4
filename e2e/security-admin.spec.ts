/**
 * Security administration in real Chromium (issue 6). The components are
 * mounted by e2e/harness/security-admin.html on Vite's dev server with a real
 * local store (Dexie/IndexedDB) seeded there, so this journey covers every
 * modal and the Conditions tab, and checks that each write lands in the
 * outbox (the offline core sends it; server refusals are covered by the
 * offline core's own suites and tests/db). It does not go through sign-in
 * or the dashboard page: the lead wires the modals into the page.
 *
 * The geocoding provider is the one thing stubbed, at the network layer with
 * page.route: once answering like Nominatim, once unreachable.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { createServer, type ViteDevServer } from 'vite';
import type { ServerType } from '@hono/node-server';
import type { Stack } from '../supabase/local/stack';
import { expectNoSeriousA11yViolations } from './support';

const ROOT = resolve(import.meta.dirname, '..');
let vite: ViteDevServer;
let base = '';

test.beforeAll(async () => {
  vite = await createServer({ root: ROOT, configFile: resolve(ROOT, 'vite.config.ts'), server: { port: 0, strictPort: false }, logLevel: 'error' });
  await vite.listen();
  const address = vite.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('vite did not listen');
  base = `http://localhost:${address.port}`;
});

test.afterAll(async () => {
  await vite?.close();
});

const NOMINATIM = '**/nominatim.openstreetmap.org/search?**';
const PLACE = {
  lat: '30.2672',
  lon: '-97.7431',
  display_name: '100 Congress Avenue, Austin, Texas, 78701, United States',
  address: { house_number: '100', road: 'Congress Avenue', city: 'Austin', state: 'Texas', 'ISO3166-2-lvl4': 'US-TX', postcode: '78701' },
};

async function openHarness(page: Page, role: string): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/e2e/harness/security-admin.html?role=${role}`);
  await expect(page.getByRole('heading', { name: `Harness (${role})` })).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
}

/** Outbox entries the writes left for the sync engine (window.harnessDb is the harness's TenantDb). */
async function outboxCount(page: Page, table: string): Promise<number> {
  return page.evaluate(
    (t) => (window as unknown as { harnessDb: { outbox: { toArray: () => Promise<Array<{ table: string }>> } } }).harnessDb.outbox.toArray().then((all) => all.filter((e) => e.table === t).length),
    table,
  );
}

test('a security admin adds a campus with geocoding, stubbed and then unreachable', async ({ page }) => {
  await page.route(NOMINATIM, (route) => route.fulfill({ json: [PLACE] }));
  await openHarness(page, 'security_admin');
  await page.getByTestId('open-campuses').click();
  const dialog = page.getByRole('dialog', { name: 'Campuses' });
  await dialog.getByRole('button', { name: 'Add New Campus' }).click();
  await dialog.getByRole('button', { name: 'Create Campus' }).click();
  await expect(dialog.getByText('Campus name is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Campus Name' }).fill('Capitol Campus');
  await dialog.getByRole('button', { name: 'Get Coordinates from Address' }).click();
  await expect(dialog.getByText('Please enter an address first')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Address' }).fill('10');
  await page.waitForTimeout(500);
  await expect(dialog.getByRole('listbox')).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Address' }).fill('100 Congress');
  await dialog.getByRole('option').getByRole('button', { name: /100 Congress Avenue/ }).click();
  await expect(dialog.getByRole('textbox', { name: 'City' })).toHaveValue('Austin');
  await expect(dialog.getByRole('textbox', { name: 'State' })).toHaveValue('TX');
  await expect(dialog.getByRole('textbox', { name: 'Latitude' })).toHaveValue('30.2672');
  await dialog.getByRole('button', { name: 'Create Campus' }).click();
  await expect(dialog.getByText('Campus created successfully!')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'Capitol Campus', exact: true })).toBeVisible();

  // The provider cannot be reached: a warning, no suggestions, and the form still saves.
  await page.unroute(NOMINATIM);
  await page.route(NOMINATIM, (route) => route.abort('internetdisconnected'));
  await dialog.getByRole('button', { name: 'Add New Campus' }).click();
  await dialog.getByRole('textbox', { name: 'Campus Name' }).fill('Offline Campus');
  await dialog.getByRole('combobox', { name: 'Address' }).fill('200 Lamar Blvd');
  await expect(dialog.getByText(/Address lookup is unavailable/)).toBeVisible();
  await expect(dialog.getByRole('listbox')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create Campus' }).click();
  await expect(dialog.getByText('Campus created successfully!')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'Offline Campus', exact: true })).toBeVisible();
  expect(await outboxCount(page, 'campus')).toBe(2);
});

test('a security admin creates doors EA1-EA10 in one go, checks uploads and deletes a door', async ({ page }) => {
  await openHarness(page, 'security_admin');
  await page.getByTestId('open-doors').click();
  const dialog = page.getByRole('dialog', { name: 'Doors Management' });
  await dialog.getByRole('button', { name: 'Add New Door' }).click();
  await dialog.getByRole('button', { name: 'Create Door' }).click();
  await expect(dialog.getByText('Door number and campus are required').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Generate QR Code' }).click();
  await expect(dialog.getByText('Please enter a door number and select a campus first')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Door Number' }).fill('EA1-EA10');
  await dialog.getByRole('combobox', { name: 'Campus' }).selectOption({ label: 'North Campus' });
  await expect(dialog.getByRole('list', { name: 'Doors to create' }).getByRole('listitem')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Logo (image, under 2 MB)').setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(dialog.getByText('Please select an image file')).toBeVisible();
  await dialog.getByLabel('Upload QR Code Image (under 5 MB)').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024) });
  await expect(dialog.getByText('File size must be less than 5MB')).toBeVisible();
  await dialog.getByRole('button', { name: 'Generate QR Code' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code preview for EA1' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create 10 Doors' }).click();
  await expect(dialog.getByText('Successfully created 10 doors')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'EA10', exact: true })).toBeVisible();
  expect(await outboxCount(page, 'doors')).toBe(10);

  await dialog.getByRole('searchbox', { name: 'Search doors' }).fill('EA7');
  await dialog.getByRole('button', { name: 'Delete door EA7' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm.getByText('Are you sure you want to delete this door? This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Door deleted successfully!')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'EA7', exact: true })).toHaveCount(0);
});

test('a security admin sets a global and campus default and a door override, then resets it', async ({ page }) => {
  await openHarness(page, 'security_admin');
  const tab = page.locator('main');
  await tab.getByRole('button', { name: 'Save Default' }).click();
  await expect(tab.getByText('Please enter a default condition')).toBeVisible();
  await tab.getByRole('textbox', { name: 'Global default condition' }).fill('Closed and locked');
  await tab.getByRole('button', { name: 'Save Default' }).click();
  await expect(tab.getByText(/This will apply to all doors unless overridden/)).toBeVisible();
  await tab.getByRole('combobox', { name: 'Campus', exact: true }).selectOption({ label: 'North Campus' });
  await tab.getByRole('textbox', { name: 'Campus default condition' }).fill('Closed');
  await tab.getByRole('button', { name: 'Save Campus Default' }).click();
  await expect(tab.getByText(/This will apply to doors in this campus unless overridden/)).toBeVisible();

  await tab.getByRole('button', { name: 'Add Condition' }).click();
  await expect(tab.getByText('Please fill in door number and condition description')).toBeVisible();
  await tab.getByRole('textbox', { name: 'Door Number' }).fill('Z999');
  await tab.getByRole('textbox', { name: 'Condition Description' }).fill('Propped for deliveries');
  await tab.getByRole('button', { name: 'Add Condition' }).click();
  await expect(tab.getByText('Door not found. Please make sure the door number is correct.')).toBeVisible();
  await tab.getByRole('textbox', { name: 'Door Number' }).fill('d001');
  await tab.getByRole('button', { name: 'Add Condition' }).click();
  await expect(tab.getByText('Condition added successfully! The door condition has been saved to the database.')).toBeVisible();
  const row = tab.getByRole('row', { name: /D001/ });
  await expect(row.getByRole('cell', { name: 'Propped for deliveries' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Closed (campus)' })).toBeVisible();

  // Saving empty text returns the door to its default.
  await row.getByRole('button', { name: 'Edit condition for door D001' }).click();
  await tab.getByRole('textbox', { name: 'Condition for door D001' }).fill('');
  await tab.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(tab.getByText('Condition reset to default successfully!')).toBeVisible();
  await expect(tab.getByRole('row', { name: /D001/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(await outboxCount(page, 'conditions')).toBe(4);
});

test('a security admin reports and resolves an incident and edits a security user', async ({ page }) => {
  await openHarness(page, 'security_admin');
  await page.getByTestId('open-activeIncidents').click();
  const dialog = page.getByRole('dialog', { name: 'Incidents Management' });
  await expect(dialog.getByText('No incidents found matching your criteria.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Report New Incident' }).click();
  await expect(dialog.getByRole('button', { name: 'Report Incident' })).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: 'Severity' })).toHaveValue('medium');
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveValue('reported');
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Fire door propped open');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Gym east door wedged with a chair');
  await dialog.getByRole('combobox', { name: 'Severity' }).selectOption('high');
  await dialog.getByRole('button', { name: 'Report Incident' }).click();
  await expect(dialog.getByText('Incident created successfully!')).toBeVisible();
  await expect(dialog).toContainText('1 active');
  await dialog.getByRole('button', { name: 'Edit incident Fire door propped open' }).click();
  await dialog.getByRole('combobox', { name: 'Status' }).selectOption('resolved');
  await dialog.getByRole('textbox', { name: 'Resolution Notes' }).fill('Chair removed');
  await dialog.getByRole('button', { name: 'Update Incident' }).click();
  await expect(dialog.getByText('Incident updated successfully!')).toBeVisible();
  await expect(dialog).toContainText('0 active');
  await dialog.getByRole('combobox', { name: 'Status' }).selectOption('resolved');
  await expect(dialog.getByRole('cell', { name: 'Fire door propped open', exact: true })).toBeVisible();
  // A security admin may not remove incidents (super_admin only): no Delete offered.
  await expect(dialog.getByRole('button', { name: /Delete incident/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByTestId('open-securityUsers').click();
  const users = page.getByRole('dialog', { name: 'Security User Management' });
  await users.getByRole('combobox', { name: 'Role' }).selectOption('User');
  await users.getByRole('button', { name: 'Edit user Olive Officer' }).click();
  await expect(users.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
  await users.getByRole('textbox', { name: 'Phone Number' }).pressSequentially('5125550199');
  await expect(users.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('(512)-555-0199');
  await expect(users.getByRole('checkbox', { name: 'Super Admin' })).toBeDisabled();
  await users.getByRole('checkbox', { name: 'Security Admin' }).check();
  await users.getByRole('button', { name: 'Update User' }).click();
  await expect(users.getByText('User updated successfully!')).toBeVisible();
  await users.getByRole('combobox', { name: 'Role' }).selectOption('');
  await expect(users.getByRole('row', { name: /Olive Officer/ })).toContainText('Security Admin');
  await users.getByRole('button', { name: 'Add New User' }).click();
  await users.getByRole('textbox', { name: 'First Name' }).fill('New');
  await users.getByRole('textbox', { name: 'Last Name' }).fill('Person');
  await users.getByRole('textbox', { name: 'Email' }).fill('new@harness.test');
  await users.getByRole('button', { name: 'Create User' }).click();
  await expect(users.getByText('Password is required for new users')).toBeVisible();
  await users.getByLabel('Password').fill('Str0ng!pass');
  await users.getByRole('button', { name: 'Create User' }).click();
  await expect(users.getByText('New user creation requires password setup. Please use the main user management system.')).toBeVisible();
  expect(await outboxCount(page, 'incidents')).toBe(2);
  expect(await outboxCount(page, 'users')).toBe(1);
});

test('the door log report filters and downloads a CSV (parsed back) and a PDF (text checked)', async ({ page }) => {
  await openHarness(page, 'security_admin');
  await page.getByTestId('open-doorLogs').click();
  const dialog = page.getByRole('dialog', { name: 'Door Logs Report' });
  await expect(dialog.getByText('120 of 120 logs')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('textbox', { name: 'Door Range (A-B)' }).fill('D001');
  await expect(dialog.getByText(/Enter a range as A-B/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Door Range (A-B)' }).fill('D001-D001');
  await dialog.getByRole('combobox', { name: 'Problem' }).selectOption('yes');
  await expect(dialog.getByText('4 of 120 logs')).toBeVisible();

  const csvDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^door-logs-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const parsed = Papa.parse<string[]>(readFileSync(await csv.path(), 'utf8').trimEnd());
  expect(parsed.data[0]).toEqual(['Date/Time', 'Door Number', 'Campus', 'Status', 'Problem', 'Maintenance', 'Created By', 'Notes']);
  expect(parsed.data).toHaveLength(5);
  expect(parsed.data.slice(1).every((r) => r[1] === 'D001' && r[4] === 'Latch, "sticky"')).toBe(true);
  expect(parsed.data.at(-1)?.[7]).toBe('first line\nsecond, line');

  const pdfDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^door-logs-report-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = readFileSync(await pdf.path()).toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text).toContain('(Door Logs Report)');
  expect(text).toContain('(Tenant: Harness District)');
  expect(text).toContain('Door range: D001-D001; Problem: Yes');
  expect(text).toContain('(Page 1 of 1)');

  await dialog.getByRole('combobox', { name: 'Status' }).selectOption('out_of_service');
  await expect(dialog.getByText('0 of 120 logs')).toBeVisible();
  await dialog.getByRole('button', { name: 'Export CSV' }).click();
  await expect(dialog.getByText('No data to export')).toBeVisible();
});

test('an officer is offered no door, campus or condition changes', async ({ page }) => {
  await openHarness(page, 'regular_user');
  await expect(page.getByRole('button', { name: 'Add Condition' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save Default' })).toHaveCount(0);
  await page.getByTestId('open-doors').click();
  const dialog = page.getByRole('dialog', { name: 'Doors Management' });
  await expect(dialog.getByRole('cell', { name: 'D001', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add New Door' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /Delete door/ })).toHaveCount(0);
  await expect(dialog.getByText('View only').first()).toBeVisible();
});

/**
 * On the real local stack (in-process PGlite with the demo data, the same
 * code `npm start` runs): the officer's stale cached role offers Delete, the
 * server refuses it, and the sync badge says so; the door is still there.
 * Vite proxies /t to the stack so the harness talks to it same-origin.
 */
test.describe('on the local stack', () => {
  test.describe.configure({ timeout: 180_000 });
  let stack: Stack;
  let server: ServerType;
  let proxied: ViteDevServer;
  let proxiedBase = '';
  let anonKey = '';
  let serviceKey = '';
  let stackBase = '';
  const SLUG = 'lincoln-isd';

  test.beforeAll(async () => {
    const { serve } = await import('@hono/node-server');
    const { Stack: StackImpl } = await import('../supabase/local/stack');
    const { seedDemo } = await import('../supabase/local/seed');
    const { createServer: createStackServer } = await import('../supabase/local/server');
    const port = await new Promise<number>((done) => {
      const probe = serve({ fetch: () => new Response(''), port: 0, hostname: '127.0.0.1' }, (info) => {
        probe.close();
        done(info.port);
      });
    });
    stackBase = `http://localhost:${port}`;
    stack = await StackImpl.open({ kind: 'pglite', dataDir: null }, stackBase);
    await seedDemo(stack);
    await stack.refreshTenantUrls();
    server = serve({ fetch: createStackServer(stack).fetch, port, hostname: '127.0.0.1' });
    const tenant = await stack.tenant(SLUG);
    if (!tenant) throw new Error('lincoln-isd was not seeded');
    anonKey = tenant.keys.anonKey;
    serviceKey = tenant.keys.serviceKey;
    proxied = await createServer({ root: ROOT, configFile: resolve(ROOT, 'vite.config.ts'), server: { port: 0, proxy: { '/t': stackBase } }, logLevel: 'error' });
    await proxied.listen();
    const address = proxied.httpServer?.address();
    if (!address || typeof address === 'string') throw new Error('vite did not listen');
    proxiedBase = `http://localhost:${address.port}`;
  });

  test.afterAll(async () => {
    await proxied?.close();
    server?.close();
    await stack?.close();
  });

  test('the officer cannot delete a door: refused by the server and shown as needing attention', async ({ page }) => {
    const q = new URLSearchParams({ role: 'officer', url: `${proxiedBase}/t/${SLUG}`, anon: anonKey, email: 'officer@lincoln-isd.test', password: 'Lockstep-demo1!', stale: 'security_admin' });
    await page.goto(`${proxiedBase}/e2e/harness/security-admin.html?${q.toString()}`);
    await expect(page.getByRole('heading', { name: 'Harness (officer)' })).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('open-doors').click();
    const dialog = page.getByRole('dialog', { name: 'Doors Management' });
    const first = dialog.getByRole('button', { name: /^Delete door / }).first();
    await expect(first).toBeVisible({ timeout: 60_000 });
    const label = (await first.getAttribute('aria-label')) ?? '';
    const doorNumber = label.replace('Delete door ', '');
    await first.click();
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText('Door deleted successfully!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText(/1 needs? attention/i)).toBeVisible({ timeout: 60_000 });
    const r = await fetch(`${stackBase}/t/${SLUG}/rest/v1/doors?select=id,door_number,deleted_at&door_number=eq.${encodeURIComponent(doorNumber)}`, { headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` } });
    const rows = (await r.json()) as Array<{ deleted_at: string | null }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.deleted_at === null)).toBe(true);
  });

  test('a security admin creates doors ZX1-ZX10 and an incident, and the server holds them', async ({ page }) => {
    const q = new URLSearchParams({ role: 'security', url: `${proxiedBase}/t/${SLUG}`, anon: anonKey, email: 'security@lincoln-isd.test', password: 'Lockstep-demo1!' });
    await page.goto(`${proxiedBase}/e2e/harness/security-admin.html?${q.toString()}`);
    await expect(page.getByRole('heading', { name: 'Harness (security)' })).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('open-doors').click();
    const dialog = page.getByRole('dialog', { name: 'Doors Management' });
    await dialog.getByRole('button', { name: 'Add New Door' }).click();
    await dialog.getByRole('textbox', { name: 'Door Number' }).fill('ZX1-ZX10');
    await dialog.getByRole('combobox', { name: 'Campus' }).selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Create 10 Doors' }).click();
    await expect(dialog.getByText('Successfully created 10 doors')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('open-activeIncidents').click();
    const incidents = page.getByRole('dialog', { name: 'Incidents Management' });
    await incidents.getByRole('button', { name: 'Report New Incident' }).click();
    await incidents.getByRole('textbox', { name: 'Title' }).fill('Broken latch');
    await incidents.getByRole('textbox', { name: 'Description' }).fill('North stairwell door does not latch');
    await incidents.getByRole('button', { name: 'Report Incident' }).click();
    await expect(incidents.getByText('Incident created successfully!')).toBeVisible();
    await incidents.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 60_000 });
    const headers = { apikey: serviceKey, authorization: `Bearer ${serviceKey}` };
    const doors = (await (await fetch(`${stackBase}/t/${SLUG}/rest/v1/doors?select=door_number&door_number=like.ZX*`, { headers })).json()) as unknown[];
    expect(doors).toHaveLength(10);
    const found = (await (await fetch(`${stackBase}/t/${SLUG}/rest/v1/incidents?select=title,status,severity,reported_by&title=eq.Broken%20latch`, { headers })).json()) as Array<Record<string, unknown>>;
    expect(found).toEqual([expect.objectContaining({ status: 'reported', severity: 'medium' })]);
    expect(found[0]?.reported_by).toBeTruthy();
  });
});
