/**
 * Security administration through the real app (issue 6), in real Chromium:
 * a security admin signs in at /tenant/lincoln-isd/login, lands on the
 * Security Dashboard and works through the five summary cards and the
 * Conditions tab; every write goes through the offline core and the tenant
 * database is then read with the service key to check it holds them. The
 * officer account's stale cached button is refused by the server and shown
 * as needing attention.
 *
 * The service key never reaches a browser, so (as e2e/door-checks.spec.ts)
 * this spec runs its own copy of the local stack in-process (the same code
 * `npm start` runs, in-memory PGlite, fresh demo data) serving the PWA the
 * configured web server built. Its writes therefore never meet another
 * spec's data; it still uses a campus of its own (Capitol Campus) so its
 * doors EA1-EA10 do not collide with the demo's Lincoln Middle School EA1-EA8.
 *
 * The maps provider (Nominatim geocoding) is the one thing mocked, at the
 * network layer with page.route: once answering like Nominatim, once
 * unreachable. Service workers are blocked so page.route sees those requests.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, PASSWORD } from './support';

const SLUG = 'lincoln-isd';
const CAMPUS = 'Capitol Campus';
const MIDDLE = 'Lincoln Middle School';
const NOMINATIM = '**/nominatim.openstreetmap.org/search?**';
const PLACE = {
  lat: '30.2672',
  lon: '-97.7431',
  display_name: '100 Congress Avenue, Austin, Texas, 78701, United States',
  address: { house_number: '100', road: 'Congress Avenue', city: 'Austin', state: 'Texas', 'ISO3166-2-lvl4': 'US-TX', postcode: '78701' },
};

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const local = stackForFile(SLUG);

/** The tenant's REST API with the service key (the server's view, RLS bypassed). */
const rest = <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => local.rest<T>(path, init);

/** Signs in at the tenant's deep link in a fresh context and waits for the first full pull. */
async function signIn(browser: Browser, email: string, lands: RegExp = /\/security$/): Promise<Page> {
  const context = await browser.newContext({ baseURL: local.base, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${local.base}/tenant/${SLUG}/login`);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(lands);
  await expect(page.getByRole('heading', { level: 1, name: 'Security Dashboard' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  pageErrors.set(page, errors);
  return page;
}

const pageErrors = new WeakMap<Page, string[]>();

/** Closes the page's context; the page threw nothing meanwhile. */
async function done(page: Page): Promise<void> {
  expect(pageErrors.get(page) ?? []).toEqual([]);
  await page.context().close();
}

const card = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });

test('a security admin adds a campus (maps provider stubbed, then unreachable), doors EA1-EA10 and its conditions; the server holds them', async ({
  browser,
}) => {
  const page = await signIn(browser, 'security@lincoln-isd.test');
  await expect(page.getByTestId('summary-campuses')).toContainText('2');

  // Campuses: the maps provider answers like Nominatim.
  await page.route(NOMINATIM, (route) => route.fulfill({ json: [PLACE] }));
  await card(page, 'Campuses').click();
  const campuses = page.getByRole('dialog', { name: 'Campuses' });
  await campuses.getByRole('button', { name: 'Add New Campus' }).click();
  await campuses.getByRole('button', { name: 'Create Campus' }).click();
  await expect(campuses.getByText('Campus name is required')).toBeVisible();
  await campuses.getByRole('textbox', { name: 'Campus Name' }).fill(CAMPUS);
  await campuses.getByRole('button', { name: 'Get Coordinates from Address' }).click();
  await expect(campuses.getByText('Please enter an address first')).toBeVisible();
  await campuses.getByRole('combobox', { name: 'Address' }).fill('100 Congress');
  await campuses
    .getByRole('option')
    .getByRole('button', { name: /100 Congress Avenue/ })
    .click();
  await expect(campuses.getByRole('textbox', { name: 'City' })).toHaveValue('Austin');
  await expect(campuses.getByRole('textbox', { name: 'State' })).toHaveValue('TX');
  await expect(campuses.getByRole('textbox', { name: 'Latitude' })).toHaveValue('30.2672');
  await campuses.getByRole('button', { name: 'Create Campus' }).click();
  await expect(campuses.getByText('Campus created successfully!')).toBeVisible();
  await expect(campuses.getByRole('cell', { name: CAMPUS, exact: true })).toBeVisible();

  // The maps provider cannot be reached: a warning, no suggestions, and the form still saves.
  await page.unroute(NOMINATIM);
  await page.route(NOMINATIM, (route) => route.abort('internetdisconnected'));
  await campuses.getByRole('button', { name: 'Add New Campus' }).click();
  await campuses.getByRole('textbox', { name: 'Campus Name' }).fill('Annex Campus');
  await campuses.getByRole('combobox', { name: 'Address' }).fill('200 Lamar Blvd');
  await expect(campuses.getByText(/Address lookup is unavailable/)).toBeVisible();
  await expect(campuses.getByRole('listbox')).toHaveCount(0);
  await campuses.getByRole('button', { name: 'Create Campus' }).click();
  await expect(campuses.getByText('Campus created successfully!')).toBeVisible();
  await campuses.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('summary-campuses')).toContainText('4');

  // Doors EA1-EA10 on the new campus in one go.
  await card(page, 'Doors').click();
  const doors = page.getByRole('dialog', { name: 'Doors Management' });
  await doors.getByRole('button', { name: 'Add New Door' }).click();
  await doors.getByRole('textbox', { name: 'Door Number' }).fill('EA1-EA10');
  await doors.getByRole('combobox', { name: 'Campus' }).selectOption({ label: CAMPUS });
  await expect(doors.getByRole('list', { name: 'Doors to create' }).getByRole('listitem')).toHaveCount(10);
  await doors
    .getByLabel('Logo (image, under 2 MB)')
    .setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(doors.getByText('Please select an image file')).toBeVisible();
  await doors
    .getByLabel('Upload QR Code Image (under 5 MB)')
    .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024) });
  await expect(doors.getByText('File size must be less than 5MB')).toBeVisible();
  await doors.getByRole('button', { name: 'Generate QR Code' }).click();
  await expect(doors.getByRole('img', { name: 'QR code preview for EA1' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await doors.getByRole('button', { name: 'Create 10 Doors' }).click();
  await expect(doors.getByText('Successfully created 10 doors')).toBeVisible();
  await doors.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('summary-doors')).toContainText('54');

  // Conditions tab: a campus default and a door override on the new campus.
  await page.getByRole('tab', { name: 'Conditions' }).click();
  const tab = page.getByRole('tabpanel');
  await tab.getByRole('textbox', { name: 'Global default condition' }).fill('Closed and locked');
  await tab.getByRole('button', { name: 'Save Default' }).click();
  await expect(tab.getByText(/This will apply to all doors unless overridden/)).toBeVisible();
  await tab.getByRole('combobox', { name: 'Campus', exact: true }).selectOption({ label: CAMPUS });
  await tab.getByRole('textbox', { name: 'Campus default condition' }).fill('Closed');
  await tab.getByRole('button', { name: 'Save Campus Default' }).click();
  await expect(tab.getByText(/This will apply to doors in this campus unless overridden/)).toBeVisible();
  await tab.getByRole('textbox', { name: 'Door Number' }).fill('Z999');
  await tab.getByRole('textbox', { name: 'Condition Description' }).fill('Propped for deliveries');
  await tab.getByRole('button', { name: 'Add Condition' }).click();
  await expect(tab.getByText('Door not found. Please make sure the door number is correct.')).toBeVisible();
  await tab.getByRole('textbox', { name: 'Door Number' }).fill('ea3');
  await tab.getByRole('combobox', { name: 'Campus (if door numbers repeat)' }).selectOption({ label: CAMPUS });
  await tab.getByRole('textbox', { name: 'Condition Description' }).fill('Propped for deliveries');
  await tab.getByRole('button', { name: 'Add Condition' }).click();
  await expect(tab.getByText('Condition added successfully! The door condition has been saved to the database.')).toBeVisible();
  const row = tab.getByRole('row', { name: /EA3/ });
  await expect(row.getByRole('cell', { name: 'Propped for deliveries' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Closed (campus)' })).toBeVisible();

  // After sync the tenant database holds every write.
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  const [campus] = await rest<Array<{ id: string; city: string; state: string; latitude: number | string; active: boolean }>>(
    `campus?select=id,city,state,latitude,active&campus_name=eq.${encodeURIComponent(CAMPUS)}`,
  );
  expect(campus).toMatchObject({ city: 'Austin', state: 'TX', active: true });
  expect(Number(campus!.latitude)).toBeCloseTo(30.2672, 4);
  expect(await rest<unknown[]>(`campus?select=id&campus_name=eq.Annex%20Campus`)).toHaveLength(1);
  const created = await rest<Array<{ id: string; door_number: string }>>(
    `doors?select=id,door_number&campus_id=eq.${campus!.id}&deleted_at=is.null`,
  );
  expect(created.map((d) => d.door_number).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `EA${i + 1}`).sort());
  const ea3 = created.find((d) => d.door_number === 'EA3')!;
  // The badge can still read Synced for a moment after the last local write
  // (its live query catches up a tick later), so wait on the server itself.
  await expect
    .poll(
      () =>
        rest<Array<{ kind: string; door_id: string | null; condition: string }>>(
          `conditions?select=kind,door_id,condition&door_id=eq.${ea3.id}&deleted_at=is.null`,
        ),
      { timeout: 60_000 },
    )
    .toEqual([expect.objectContaining({ kind: 'door', condition: 'Propped for deliveries' })]);
  const conditions = await rest<Array<{ kind: string; door_id: string | null; condition: string }>>(
    `conditions?select=kind,door_id,condition&campus_id=eq.${campus!.id}&deleted_at=is.null`,
  );
  expect(conditions).toContainEqual(expect.objectContaining({ kind: 'campus', door_id: null, condition: 'Closed' }));
  await done(page);
});

/** A 3000x3000 PNG of a few MB, drawn in the page: white with a block of noise (noise does not compress). */
async function bigPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 3000;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 3000, 3000);
    ctx.fillStyle = '#000';
    for (const [x, y] of [
      [200, 200],
      [2200, 200],
      [200, 2200],
    ] as const)
      ctx.fillRect(x, y, 600, 600);
    const noise = ctx.createImageData(1000, 1000);
    for (let i = 0; i < noise.data.length; i++) noise.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
    ctx.putImageData(noise, 1000, 1000);
    const blob = await new Promise<Blob>((done) => canvas.toBlob((b) => done(b!), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** The width and height in a PNG data URL's header (IHDR). */
function pngSize(dataUrl: string): { width: number; height: number } {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test('an uploaded QR image is stored scaled down to 600x600, refused on a range, and a rename asks before keeping it', async ({
  browser,
}) => {
  const page = await signIn(browser, 'security@lincoln-isd.test');
  const big = await bigPng(page);
  expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
  expect(big.length).toBeLessThan(5 * 1024 * 1024);
  const upload = { name: 'door-qr.png', mimeType: 'image/png', buffer: big };

  await card(page, 'Doors').click();
  const doors = page.getByRole('dialog', { name: 'Doors Management' });
  await doors.getByRole('button', { name: 'Add New Door' }).click();
  const number = doors.getByRole('textbox', { name: 'Door Number' });
  const qrInput = doors.getByLabel('Upload QR Code Image (under 5 MB)');
  const uploaded = doors.getByRole('img', { name: 'Uploaded QR code' });
  const oneDoor = doors.getByRole('alert').filter({ hasText: 'An uploaded QR image belongs to one door' });

  // A file that says it is a PNG but does not decode gets the spec's message.
  await doors
    .getByLabel('Logo (image, under 2 MB)')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await expect(doors.getByText('Please select an image file')).toBeVisible();
  await expect(doors.getByRole('img', { name: 'Door logo' })).toHaveCount(0);
  // An SVG logo with only a viewBox (no width or height) is a fine logo.
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="red"/></svg>';
  await doors
    .getByLabel('Logo (image, under 2 MB)')
    .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await expect(doors.getByRole('img', { name: 'Door logo' })).toBeVisible();
  await expect(doors.getByText('Please select an image file')).toHaveCount(0);

  // On a range the uploaded image is refused: it encodes one door.
  await number.fill('QR1-QR3');
  await doors.getByRole('combobox', { name: 'Campus' }).selectOption({ label: MIDDLE });
  await qrInput.setInputFiles(upload);
  await expect(oneDoor).toBeVisible();
  await expect(uploaded).toHaveCount(0);

  // On one door it is accepted; turning the door into a range afterwards blocks the save.
  await number.fill('QR1');
  await expect(oneDoor).toHaveCount(0);
  await qrInput.setInputFiles(upload);
  await expect(uploaded).toBeVisible();
  await number.fill('QR1-QR3');
  await expect(oneDoor).toBeVisible();
  await expect(doors.getByRole('button', { name: 'Create 3 Doors' })).toBeDisabled();
  await number.fill('QR1');
  await expect(oneDoor).toHaveCount(0);
  await doors.getByRole('button', { name: 'Create Door' }).click();
  await expect(doors.getByText('Door created successfully!')).toBeVisible();

  // The server holds a PNG no larger than 600x600, far smaller than the upload.
  const [middle] = await rest<Array<{ id: string }>>(`campus?select=id&campus_name=eq.${encodeURIComponent(MIDDLE)}`);
  const stored = (n: string) =>
    rest<Array<{ qr_image: string | null }>>(`doors?select=qr_image&door_number=eq.${n}&campus_id=eq.${middle!.id}&deleted_at=is.null`);
  await expect.poll(async () => (await stored('QR1')).length, { timeout: 60_000 }).toBe(1);
  const [qr1] = await stored('QR1');
  expect(qr1!.qr_image).toMatch(/^data:image\/png;base64,/);
  expect(pngSize(qr1!.qr_image!)).toEqual({ width: 600, height: 600 });
  expect(qr1!.qr_image!.length).toBeLessThan(500_000);
  expect(await rest<unknown[]>(`doors?select=id&door_number=in.(QR2,QR3)&campus_id=eq.${middle!.id}`)).toEqual([]);

  // Renaming its campus: the image encodes the campus name too, so the admin is told which doors to redo.
  await doors.getByRole('button', { name: 'Close' }).first().click();
  await card(page, 'Campuses').click();
  const campuses = page.getByRole('dialog', { name: 'Campuses' });
  const renameCampus = async (from: string, to: string) => {
    await campuses.getByRole('button', { name: `Edit campus ${from}` }).click();
    await campuses.getByRole('textbox', { name: 'Campus Name' }).fill(to);
    await campuses.getByRole('button', { name: 'Update Campus' }).click();
  };
  await renameCampus(MIDDLE, 'Lincoln Middle Campus');
  await expect(campuses.getByRole('status').filter({ hasText: 'Campus updated successfully!' })).toContainText(
    `1 door (QR1) of this campus has an uploaded QR image made for "${MIDDLE}"`,
  );
  await renameCampus('Lincoln Middle Campus', MIDDLE);
  await campuses.getByRole('button', { name: 'Close' }).first().click();
  await card(page, 'Doors').click();

  // Renaming the door: the kept image still encodes QR1, so the form asks.
  await doors.getByRole('searchbox', { name: 'Search doors' }).fill('QR1');
  await doors.getByRole('button', { name: 'Edit door QR1' }).click();
  await number.fill('QR2');
  const stale = doors.getByRole('status').filter({ hasText: `encodes door QR1 at ${MIDDLE}, so it no longer matches this door` });
  await expect(stale).toBeVisible();
  const update = doors.getByRole('button', { name: 'Update Door' });
  await expect(update).toBeDisabled();
  const keep = doors.getByRole('checkbox', { name: 'Keep the uploaded QR image anyway' });
  await keep.check();
  await expect(update).toBeEnabled();
  await keep.uncheck();
  await expect(update).toBeDisabled();
  await doors.getByRole('button', { name: 'Remove QR image' }).click();
  await expect(stale).toHaveCount(0);
  await update.click();
  await expect(doors.getByText('Door updated successfully!')).toBeVisible();
  await expect.poll(() => stored('QR2'), { timeout: 60_000 }).toEqual([{ qr_image: null }]);
  expect(await stored('QR1')).toEqual([]);
  await done(page);
});

test('a security admin reports and resolves an incident and edits a security user; the server holds them', async ({ browser }) => {
  const page = await signIn(browser, 'security@lincoln-isd.test');
  await card(page, 'Active Incidents').click();
  const incidents = page.getByRole('dialog', { name: 'Incidents Management' });
  await incidents.getByRole('button', { name: 'Report New Incident' }).click();
  await expect(incidents.getByRole('button', { name: 'Report Incident' })).toBeDisabled();
  await expect(incidents.getByRole('combobox', { name: 'Severity' })).toHaveValue('medium');
  await expect(incidents.getByRole('combobox', { name: 'Status' })).toHaveValue('reported');
  await incidents.getByRole('textbox', { name: 'Title' }).fill('Capitol fire door propped open');
  await incidents.getByRole('textbox', { name: 'Description' }).fill('Gym east door wedged with a chair');
  await incidents.getByRole('combobox', { name: 'Severity' }).selectOption('high');
  await incidents.getByRole('button', { name: 'Report Incident' }).click();
  await expect(incidents.getByText('Incident created successfully!')).toBeVisible();
  // At 1280 px the whole table shows, Actions included, without scrolling sideways.
  const table = incidents.getByRole('region', { name: 'Incidents' });
  const [box, actions] = await Promise.all([table.boundingBox(), table.getByRole('columnheader', { name: 'Actions' }).boundingBox()]);
  if (!box || !actions) throw new Error('the incidents table is not laid out');
  expect(actions.x + actions.width).toBeLessThanOrEqual(box.x + box.width);
  await incidents.getByRole('button', { name: 'Edit incident Capitol fire door propped open' }).click();
  await incidents.getByRole('combobox', { name: 'Status' }).selectOption('resolved');
  await incidents.getByRole('textbox', { name: 'Resolution Notes' }).fill('Chair removed');
  await incidents.getByRole('button', { name: 'Update Incident' }).click();
  await expect(incidents.getByText('Incident updated successfully!')).toBeVisible();
  // A security admin may not remove incidents (super_admin only): no Delete offered.
  await expect(incidents.getByRole('button', { name: /Delete incident/ })).toHaveCount(0);
  await incidents.getByRole('button', { name: 'Close' }).click();

  await card(page, 'Security Users').click();
  const users = page.getByRole('dialog', { name: 'Security User Management' });
  await users.getByRole('searchbox').first().fill('Jordan');
  await users.getByRole('button', { name: 'Edit user Jordan Kim' }).click();
  await expect(users.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
  await users.getByRole('textbox', { name: 'Phone Number' }).fill('');
  await users.getByRole('textbox', { name: 'Phone Number' }).pressSequentially('5125550199');
  await expect(users.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('(512)-555-0199');
  await expect(users.getByRole('checkbox', { name: 'Super Admin' })).toBeDisabled();
  await users.getByRole('checkbox', { name: 'Security Admin' }).check();
  await users.getByRole('button', { name: 'Update User' }).click();
  await expect(users.getByText('User updated successfully!')).toBeVisible();
  await expect(users.getByRole('row', { name: /Jordan Kim/ })).toContainText('Security Admin');
  // Creating a user here is refused with the spec's message (user creation lives in the staff tools).
  await users.getByRole('button', { name: 'Add New User' }).click();
  await users.getByRole('textbox', { name: 'First Name' }).fill('New');
  await users.getByRole('textbox', { name: 'Last Name' }).fill('Person');
  await users.getByRole('textbox', { name: 'Email' }).fill('new.person@lincoln-isd.test');
  await users.getByLabel('Password').fill('Str0ng!pass');
  await users.getByRole('button', { name: 'Create User' }).click();
  await expect(users.getByText('New user creation requires password setup. Please use the main user management system.')).toBeVisible();
  await users.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  // The server, not the badge, is the proof: wait for the last write there.
  await expect
    .poll(
      async () =>
        (await rest<Array<Record<string, unknown>>>(`users?select=phone,role,is_security_admin&email=eq.newhire@lincoln-isd.test`))[0],
      { timeout: 60_000 },
    )
    .toEqual({ phone: '(512)-555-0199', role: 'security_admin', is_security_admin: true });
  const found = await rest<Array<Record<string, unknown>>>(
    `incidents?select=status,severity,resolution_notes,reported_by&title=eq.${encodeURIComponent('Capitol fire door propped open')}`,
  );
  expect(found).toEqual([expect.objectContaining({ status: 'resolved', severity: 'high', resolution_notes: 'Chair removed' })]);
  expect(found[0]?.reported_by).toBeTruthy();
  await done(page);
});

test('the door log report filters and downloads a CSV (parsed back, compared with the server) and a PDF (text checked)', async ({
  browser,
}) => {
  const page = await signIn(browser, 'security@lincoln-isd.test');
  await card(page, 'Door Logs').click();
  const dialog = page.getByRole('dialog', { name: 'Door Logs Report' });
  await dialog.getByRole('textbox', { name: 'Door Range (A-B)' }).fill('EA1');
  await expect(dialog.getByText(/Enter a range as A-B/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Door Range (A-B)' }).fill('EA1-EA4');
  await dialog.getByRole('combobox', { name: 'Campus' }).selectOption(MIDDLE);
  await dialog.getByRole('combobox', { name: 'Problem' }).selectOption('yes');
  // The table scrolls sideways: keyboard users can focus it to do so (axe: scrollable-region-focusable).
  await expect(dialog.getByRole('region', { name: 'Door logs, newest first' })).toHaveAttribute('tabindex', '0');
  await expectNoSeriousA11yViolations(page);

  // What the server holds for the same filter (door EA1-EA4 at the middle school, a problem recorded).
  const campuses = await rest<Array<{ id: string; campus_name: string }>>(`campus?select=id,campus_name`);
  const middleId = campuses.find((c) => c.campus_name === MIDDLE)!.id;
  const middleDoors = await rest<Array<{ id: string; door_number: string }>>(
    `doors?select=id,door_number&campus_id=eq.${middleId}&door_number=in.(EA1,EA2,EA3,EA4)`,
  );
  const numberOf = new Map(middleDoors.map((d) => [d.id, d.door_number]));
  const logs = await rest<Array<{ door_id: string; door_problem: string | null; notes: string | null }>>(
    `door_log?select=door_id,door_problem,notes&campus=eq.${encodeURIComponent(MIDDLE)}&door_id=in.(${middleDoors.map((d) => d.id).join(',')})`,
  );
  const yes = (v: string | null) => !['', 'no', 'none'].includes((v ?? '').trim().toLowerCase());
  const expected = logs
    .filter((l) => yes(l.door_problem))
    .map((l) => [numberOf.get(l.door_id), l.door_problem ?? '', l.notes ?? ''].join('|'))
    .sort();
  expect(expected.length).toBeGreaterThan(0);
  await expect(dialog.getByText(new RegExp(`^${expected.length} of [\\d,]+ logs$`))).toBeVisible();

  const csvDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^door-logs-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const parsed = Papa.parse<string[]>(readFileSync(await csv.path(), 'utf8').trimEnd());
  expect(parsed.errors).toEqual([]);
  expect(parsed.data[0]).toEqual([
    'Date/Time',
    'Door Number',
    'Campus',
    'Status',
    'Problem',
    'Maintenance',
    'Created By',
    'Notes',
    'Recorded on Device',
    'Received by Server',
    'Device Clock',
  ]);
  const rows = parsed.data.slice(1);
  expect(rows.every((r) => r[2] === MIDDLE && r[5] === 'yes')).toBe(true);
  expect(rows.map((r) => [r[1], r[4], r[7]].join('|')).sort()).toEqual(expected);

  const pdfDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^door-logs-report-\d{4}-\d{2}-\d{2}\.pdf$/);
  // jsPDF writes its text streams uncompressed: the strings are readable in the file.
  const text = readFileSync(await pdf.path()).toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text).toContain('(Door Logs Report)');
  expect(text).toContain('(Tenant: Lincoln ISD)');
  expect(text).toContain(`Door range: EA1-EA4; Campus: ${MIDDLE}; Problem: Yes`);
  expect(text).toMatch(/\(Page 1 of \d+\)/);
  expect(text).toContain(`(${rows[0]![4]})`);

  await dialog.getByRole('combobox', { name: 'Problem' }).selectOption('no');
  await dialog.getByRole('combobox', { name: 'Status' }).selectOption('out_of_service');
  await expect(dialog.getByText(/^0 of [\d,]+ logs$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Export CSV' }).click();
  await expect(dialog.getByText('No data to export')).toBeVisible();
  await done(page);
});

/**
 * The officer's check, sent straight to the tenant's API as an installed app
 * on an older bundle would (no x-client-time header), dated `createdAt`.
 */
async function officerPostsCheck(doorId: string, createdAt: string): Promise<void> {
  const config = (await (await fetch(`${local.base}/app-config.json`)).json()) as { platformUrl: string; platformAnonKey: string };
  const orgs = (await (
    await fetch(`${config.platformUrl}/rest/v1/rpc/get_organization_by_slug`, {
      method: 'POST',
      headers: { apikey: config.platformAnonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ org_slug: SLUG }),
    })
  ).json()) as Array<{ supabase_url: string; supabase_anon_key: string }>;
  const org = orgs[0]!;
  const headers = { apikey: org.supabase_anon_key, 'content-type': 'application/json' };
  const signIn = await fetch(`${org.supabase_url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'officer@lincoln-isd.test', password: PASSWORD }),
  });
  const { access_token } = (await signIn.json()) as { access_token: string };
  const r = await fetch(`${org.supabase_url}/rest/v1/door_log`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ door_id: doorId, door_status: 'operational', campus: MIDDLE, created_at: createdAt }),
  });
  expect(r.status).toBe(201);
}

test('a check dated 2099 is filed at its arrival and flagged: door details and the report say the device clock was off, with both times', async ({
  browser,
}) => {
  const campuses = await rest<Array<{ id: string; campus_name: string }>>(`campus?select=id,campus_name`);
  const middleId = campuses.find((c) => c.campus_name === MIDDLE)!.id;
  const [door] = await rest<Array<{ id: string }>>(`doors?select=id&campus_id=eq.${middleId}&door_number=eq.EA7`);
  await officerPostsCheck(door!.id, '2099-01-01T00:00:00.000Z');
  const [stored] = await rest<Array<{ created_at: string; received_at: string; clock_skew_ms: number | null }>>(
    `door_log?select=created_at,received_at,clock_skew_ms&door_id=eq.${door!.id}&device_created_at=eq.2099-01-01T00:00:00%2B00:00`,
  );
  expect(Date.parse(stored!.created_at)).toBe(Date.parse(stored!.received_at));
  expect(stored!.clock_skew_ms).toBeGreaterThan(0);

  const page = await signIn(browser, 'security@lincoln-isd.test');
  const campus = page.getByTestId('campus-card').filter({ hasText: MIDDLE });
  const tile = campus.locator('[data-testid="door-tile"][data-door="EA7"]');
  const toggle = campus.getByRole('button', { name: new RegExp(MIDDLE) });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await tile.click();
  const details = page.getByRole('dialog', { name: 'Door EA7' });
  const flag = details.getByTestId('clock-flag');
  await expect(flag).toContainText(/Device clock off by \d+ days? .*\(ahead\)/);
  await expect(flag).toContainText(
    `Recorded on the device as ${await page.evaluate(() => new Date('2099-01-01T00:00:00.000Z').toLocaleString())}`,
  );
  await details.getByRole('button', { name: 'Close' }).first().click();

  await card(page, 'Door Logs').click();
  const dialog = page.getByRole('dialog', { name: 'Door Logs Report' });
  await dialog.getByRole('textbox', { name: 'Door Range (A-B)' }).fill('EA7-EA7');
  await dialog.getByRole('combobox', { name: 'Campus' }).selectOption(MIDDLE);
  const flaggedRow = dialog.getByRole('row').filter({ hasText: 'Device clock off by' });
  await expect(flaggedRow).toHaveCount(1);
  const device2099 = await page.evaluate(() => new Date('2099-01-01T00:00:00.000Z').toLocaleString());
  await expect(flaggedRow).toContainText(device2099);

  const csvDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export CSV' }).click();
  const parsed = Papa.parse<string[]>(readFileSync(await (await csvDownload).path(), 'utf8').trimEnd());
  const flagged = parsed.data.slice(1).filter((r) => (r[10] ?? '').startsWith('Device clock off by'));
  expect(flagged).toHaveLength(1);
  expect(flagged[0]![8]).toBe(device2099);
  expect(flagged[0]![9]).toBe(flagged[0]![0]);

  const pdfDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export PDF' }).click();
  const text = readFileSync(await (await pdfDownload).path()).toString('latin1');
  // Column heads wrap where the column's width (set by the times in it, which vary with the hour) says: read the
  // PDF's text runs in order, joined, so the heads are found however they wrap.
  const runs = [...text.matchAll(/\(((?:[^()\\]|\\.)*)\) Tj/g)].map((m) => m[1]).join(' ');
  expect(runs).toContain('Recorded on Device');
  expect(runs).toContain('Received by Server');
  expect(text).toMatch(/Device clock off by \d+ days?/);
  await done(page);
});

test('the officer account cannot delete a door: its stale cached button is refused by the server and shown as needing attention', async ({
  browser,
}) => {
  // As signed in, the officer is offered nothing that changes doors.
  const plain = await browser.newContext({ baseURL: local.base });
  const view = await plain.newPage();
  await view.goto(`${local.base}/tenant/${SLUG}/login`);
  await view.getByLabel('Email').fill('officer@lincoln-isd.test');
  await view.locator('input[type="password"]').fill(PASSWORD);
  await view.getByRole('button', { name: 'Sign In' }).click();
  await expect(view).toHaveURL(/\/rounds$/);
  await view.goto(`${local.base}/tenant/${SLUG}/security`);
  await card(view, 'Doors').click();
  const viewDoors = view.getByRole('dialog', { name: 'Doors Management' });
  await expect(viewDoors.getByText('View only').first()).toBeVisible({ timeout: 30_000 });
  await expect(viewDoors.getByRole('button', { name: 'Add New Door' })).toHaveCount(0);
  await expect(viewDoors.getByRole('button', { name: /Delete door/ })).toHaveCount(0);
  await viewDoors.getByRole('button', { name: 'Close' }).click();
  await view.getByRole('tab', { name: 'Conditions' }).click();
  await expect(view.getByRole('tabpanel').getByRole('textbox', { name: 'Global default condition' })).toBeDisabled();
  await expect(view.getByRole('button', { name: 'Add Condition' })).toHaveCount(0);
  // A new incident from the officer is filed at "reported"; only an admin moves it on.
  await card(view, 'Active Incidents').click();
  const viewIncidents = view.getByRole('dialog', { name: 'Incidents Management' });
  await viewIncidents.getByRole('button', { name: 'Report New Incident' }).click();
  await expect(viewIncidents.getByRole('combobox', { name: 'Severity' })).toBeVisible();
  await expect(viewIncidents.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await expect(viewIncidents.getByText('Reported (an admin moves it on)')).toBeVisible();
  await plain.close();

  // A stale cache: the officer was a security admin when this device last synced, and was
  // demoted on the server while it was offline. The cached role still offers Delete.
  const [me] = await rest<Array<{ id: string }>>(`users?select=id&email=eq.officer@lincoln-isd.test`);
  await rest(`users?id=eq.${me!.id}`, { method: 'PATCH', body: { role: 'security_admin' } });
  const page = await signIn(browser, 'officer@lincoln-isd.test');
  await card(page, 'Doors').click();
  const dialog = page.getByRole('dialog', { name: 'Doors Management' });
  await dialog.getByRole('searchbox', { name: 'Search doors' }).fill('EA5');
  await dialog.getByRole('combobox', { name: 'Campus' }).first().selectOption({ label: MIDDLE });
  const del = dialog.getByRole('button', { name: 'Delete door EA5' });
  await expect(del).toBeVisible({ timeout: 30_000 });
  await page.context().setOffline(true);
  await rest(`users?id=eq.${me!.id}`, { method: 'PATCH', body: { role: 'regular_user' } });
  await del.click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Door deleted successfully!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.context().setOffline(false);
  const badge = page.getByRole('button', { name: '1 needs attention' });
  await expect(badge).toBeVisible({ timeout: 60_000 });
  await badge.click();
  const refused = page.getByRole('region', { name: 'Changes the server refused' });
  await expect(refused).toContainText('in doors');
  // The reason is spelled out (the server's message), not only a count.
  await expect(refused.getByRole('listitem').locator('p').nth(1)).not.toBeEmpty();
  await expect(refused.getByRole('button', { name: 'Discard' })).toBeVisible();

  const [middle] = await rest<Array<{ id: string }>>(`campus?select=id&campus_name=eq.${encodeURIComponent(MIDDLE)}`);
  const still = await rest<Array<{ deleted_at: string | null }>>(`doors?select=deleted_at&door_number=eq.EA5&campus_id=eq.${middle!.id}`);
  expect(still).toEqual([{ deleted_at: null }]);
  await done(page);
});
