/**
 * The Parking Permits tab in real Chromium (issue 15): office@ adds a permit
 * (an end before the start is refused, keeping what was typed), finds it by
 * its plate typed another way and under the Active filter, is refused a
 * permit for a plate already in force with the rule's message, and sees the
 * demo's Liam Chen permit (stored active, past its end) under Expired. The
 * server holds the new permit once, its plate as typed and keyed. "Print
 * permit" downloads a PDF whose code, painted from the PDF's own page stream
 * at 300 dpi, scans to the permit's address, and that address opens the
 * permit, where it is suspended, reinstated and edited (a taken spot is
 * refused); an unknown permit says it is not on this device.
 *
 * Runs its own in-process stack (as e2e/transport-fleet.spec.ts) to read the
 * server with the service key.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, PASSWORD } from './support';
import { codeBlocks, PageRaster, pageContents, pageCount } from '../tests/support/qr-sheet-raster';

const SLUG = 'lincoln-isd';
const STUDENT_ID = 'LISD-E2E-771';
const PLATE = 'tx e2e-771';

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const local = stackForFile(SLUG);

interface Permit {
  id: string;
  student_id: string;
  student_name: string;
  grade: string | null;
  license_plate: string;
  plate_key: string;
  vehicle_description: string | null;
  parking_spot_number: string | null;
  status: string;
  issued_on: string;
  expires_on: string;
}

function dayIso(offsetDays: number): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function signIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: local.base, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`/tenant/${SLUG}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('office@lincoln-isd.test');
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 50_000 });
  await page.goto(`/tenant/${SLUG}/student-parking`);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  return page;
}

/** The decoded text of the one code drawn on the PDF's one page. */
function decodePermitCode(pdf: Buffer): string {
  expect(pageCount(pdf)).toBe(1);
  const [content] = pageContents(pdf);
  const blocks = codeBlocks(content!);
  expect(blocks).toHaveLength(1);
  const block = blocks[0]!;
  const modules = Math.max(...block.rects.map((r) => r.x + r.w));
  const mm = (pt: number) => (pt / 72) * 25.4;
  const moduleMm = mm(block.modulePt);
  const raster = new PageRaster(612, 792, 300);
  raster.paint(content!);
  // The symbol with its quiet zone of four modules.
  return raster.decodeMm(mm(block.xPt) - 4 * moduleMm, mm(792 - block.yPt) - 4 * moduleMm, (modules + 8) * moduleMm);
}

test('office@ adds, finds, is refused a duplicate, and prints a permit whose code opens it', async ({ browser }) => {
  const page = await signIn(browser);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // The open dialog is modal, so whether the tabs behind it are in the accessibility tree depends on which
  // rendered first; the selected tab is what matters, hidden from assistive technology or not.
  await expect(page.getByRole('tab', { name: 'Parking Permits', selected: true, includeHidden: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Tyler Robinson' })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);

  // Add: an end before the start is refused on the end date; everything typed stays.
  await page.getByRole('button', { name: 'Add New' }).click();
  const add = page.getByRole('dialog', { name: 'Add permit' });
  await expect(add.getByLabel('Start date')).toHaveValue(dayIso(0));
  await add.getByLabel('Student ID').fill(STUDENT_ID);
  await add.getByLabel('Student name').fill('Riley Park');
  await add.getByLabel('Grade').fill('11');
  await add.getByLabel('License plate').fill(PLATE);
  await add.getByLabel('Vehicle description').fill('White Honda Fit');
  await add.getByLabel('Parking spot number').fill('S-090');
  await add.getByLabel('End date').fill(dayIso(-1));
  await add.getByRole('button', { name: 'Add permit' }).click();
  await expect(add.getByText('The end date cannot be before the start date')).toBeVisible();
  await expect(add.getByLabel('Student name')).toHaveValue('Riley Park');
  await expect(add.getByLabel('License plate')).toHaveValue(PLATE);
  await expectNoSeriousA11yViolations(page);
  await add.getByLabel('End date').fill(dayIso(180));
  await add.getByRole('button', { name: 'Add permit' }).click();
  await expect(add).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: 'Riley Park' });
  await expect(row).toContainText(PLATE);
  await expect(row).toContainText('Active');

  // Found by its plate typed with other case and spacing, and under Active.
  const search = page.getByRole('searchbox', { name: 'Search permits' });
  await search.fill('TXE2E 771');
  await expect(page.getByRole('status').filter({ hasText: /^1 permit of \d+$/ })).toBeVisible();
  await expect(row).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Tyler Robinson' })).toHaveCount(0);
  await search.fill('zz no such permit');
  await expect(page.getByText('No permits match')).toBeVisible();
  await search.fill('');
  const status = page.getByRole('combobox', { name: 'Permit status' });
  await status.selectOption('active');
  await expect(row).toBeVisible();
  // Liam Chen's permit is stored active but ended six days ago: Expired, not Active.
  const liam = page.getByRole('row').filter({ hasText: 'Liam Chen' });
  await expect(liam).toHaveCount(0);
  await status.selectOption('expired');
  await expect(liam).toBeVisible();
  await expect(liam).toContainText('Expired');
  await expect(row).toHaveCount(0);
  await status.selectOption('all');

  // A plate already in force is refused with the rule's message; what was typed stays.
  await page.getByRole('button', { name: 'Add New' }).click();
  const dup = page.getByRole('dialog', { name: 'Add permit' });
  await dup.getByLabel('Student ID').fill('LISD-E2E-772');
  await dup.getByLabel('Student name').fill('Casey Dup');
  await dup.getByLabel('License plate').fill('tx rbn 4471');
  await dup.getByLabel('End date').fill(dayIso(90));
  await dup.getByRole('button', { name: 'Add permit' }).click();
  await expect(dup.getByText('Another active permit already has the plate TX RBN-4471 (Tyler Robinson)')).toBeVisible();
  await expect(dup.getByLabel('License plate')).toHaveAttribute('aria-invalid', 'true');
  await expect(dup.getByLabel('Student name')).toHaveValue('Casey Dup');
  await dup.getByRole('button', { name: 'Cancel' }).click();
  await expect(dup).toHaveCount(0);

  // The server holds the permit once: the plate as typed, its key computed there.
  await expect
    .poll(async () => (await local.rest<Permit[]>(`parking_permits?select=id&student_id=eq.${STUDENT_ID}`)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const [stored] = await local.rest<Permit[]>(`parking_permits?select=*&student_id=eq.${STUDENT_ID}`);
  expect(stored).toMatchObject({
    student_name: 'Riley Park',
    grade: '11',
    license_plate: PLATE,
    plate_key: 'TXE2E771',
    vehicle_description: 'White Honda Fit',
    parking_spot_number: 'S-090',
    status: 'active',
    issued_on: dayIso(0),
    expires_on: dayIso(180),
  });
  expect(await local.rest<Permit[]>('parking_permits?select=id&plate_key=eq.TXRBN4471')).toHaveLength(1);

  // Print: the PDF's code scans to the permit's address.
  await row.getByRole('button', { name: `Details of permit ${PLATE}` }).click();
  const details = page.getByRole('dialog', { name: `Parking permit ${PLATE}` });
  await expect(details).toContainText('Riley Park');
  await expect(page).toHaveURL(new RegExp(`permit=${stored!.id}`));
  await expectNoSeriousA11yViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    details.getByRole('button', { name: 'Print permit' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('parking-permit-tx-e2e-771.pdf');
  const pdf = readFileSync(await download.path());
  writeFileSync(test.info().outputPath('parking-permit.pdf'), pdf);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const url = decodePermitCode(pdf);
  const origin = new URL(page.url()).origin;
  expect(url).toBe(`${origin}/tenant/${SLUG}/student-parking?permit=${stored!.id}`);
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toHaveCount(0);

  // What the code opens: the permit's details on the permits tab.
  await page.goto(url);
  const opened = page.getByRole('dialog', { name: `Parking permit ${PLATE}` });
  await expect(opened.getByText('Riley Park')).toBeVisible({ timeout: 30_000 });
  await expect(opened).toContainText('S-090');
  // The open dialog is modal, so whether the tabs behind it are in the accessibility tree depends on which
  // rendered first; the selected tab is what matters, hidden from assistive technology or not.
  await expect(page.getByRole('tab', { name: 'Parking Permits', selected: true, includeHidden: true })).toBeVisible();

  // Suspend and reinstate from the details; then an edit sends the changed spot.
  const statusOf = async () => (await local.rest<Permit[]>(`parking_permits?select=status,parking_spot_number&id=eq.${stored!.id}`))[0];
  await opened.getByRole('button', { name: 'Suspend' }).click();
  await expect(opened.getByText('Suspended', { exact: true })).toBeVisible();
  await expect.poll(async () => (await statusOf())?.status, { timeout: 30_000 }).toBe('suspended');
  await opened.getByRole('button', { name: 'Reinstate' }).click();
  await expect(opened.getByText('Active', { exact: true })).toBeVisible();
  await expect.poll(async () => (await statusOf())?.status, { timeout: 30_000 }).toBe('active');
  await opened.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit permit ${PLATE}` });
  await edit.getByLabel('Parking spot number').fill('S-014');
  await edit.getByRole('button', { name: 'Save permit' }).click();
  await expect(edit.getByText('Spot S-014 already has an active permit (Tyler Robinson)')).toBeVisible();
  await edit.getByLabel('Parking spot number').fill('S-091');
  await edit.getByRole('button', { name: 'Save permit' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Riley Park' })).toContainText('S-091');
  await expect.poll(async () => (await statusOf())?.parking_spot_number, { timeout: 30_000 }).toBe('S-091');

  await page.goto(`/tenant/${SLUG}/student-parking?permit=00000000-0000-4000-8000-00000000dead`);
  await expect(page.getByRole('dialog', { name: 'Parking permit' })).toContainText('This permit is not on this device');
  expect(errors).toEqual([]);
  await page.context().close();
});
