/**
 * The parking Reports tab in real Chromium (issue 15): office@ sees the demo
 * data's repeat offenders (Olivia Walker, and the car with no permit written
 * three ways), the two active permits ending within 30 days, downloads the
 * violations CSV (one row per violation, a known row as written), and edits
 * the tenant's violation types, which the server holds and a reload keeps.
 *
 * Runs its own in-process stack: it changes the tenant's violation types,
 * which other journeys choose from, and reads the server with the service key.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '@playwright/test';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, PASSWORD } from './support';

const SLUG = 'lincoln-isd';
const NEW_TYPE = 'Parked on the grass';

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ timeout: 180_000 });

const local = stackForFile(SLUG);

function cell(row: Locator, n: number): Locator {
  return row.getByRole('cell').nth(n);
}

test('office@ reads the reports, exports the violations CSV and edits the violation types', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: local.base, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`/tenant/${SLUG}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('office@lincoln-isd.test');
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 50_000 });
  await page.goto(`/tenant/${SLUG}/student-parking?tab=reports`);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('tab', { name: 'Reports', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reports', level: 2 })).toBeVisible();

  // Per type: the demo's four "No permit" violations lead.
  const types = page.getByRole('table', { name: /^Violations per type/ });
  const firstType = types.getByRole('row').nth(1);
  await expect(cell(firstType, 0)).toHaveText('No permit');
  await expect(cell(firstType, 1)).toHaveText('4');

  // Per week: eight weeks listed, newest first, even the quiet ones.
  const weeks = page.getByRole('table', { name: /^Violations per week/ });
  await expect(weeks.getByRole('row')).toHaveCount(9);

  const offenders = page.getByRole('table', { name: /^Repeat offenders/ });
  const olivia = offenders.getByRole('row').filter({ hasText: 'Olivia Walker' });
  await expect(olivia).toHaveCount(1);
  await expect(cell(olivia, 2)).toHaveText('3');
  await expect(cell(olivia, 3)).toHaveText('1');
  // The car with no permit, written "tx qzk 2218", "TX-QZK-2218" and "TX QZK2218": one car.
  const car = offenders.getByRole('row').filter({ hasText: /qzk.?2218/i });
  await expect(car).toHaveCount(1);
  await expect(car).toContainText('No student named');
  await expect(cell(car, 2)).toHaveText('3');
  await expect(cell(car, 3)).toHaveText('3');
  // Olivia and the car (3 each), then Jackson Lee (2).
  await expect(offenders.getByRole('row')).toHaveCount(4);

  const expiring = page.getByRole('table', { name: /^Permits ending in the next 30 days/ });
  await expect(expiring.getByRole('row')).toHaveCount(3);
  await expect(expiring.getByRole('row').nth(1)).toContainText('Noah Patel');
  // 12 days by the server's date; the device's day may be a day either side of it near midnight.
  await expect(cell(expiring.getByRole('row').nth(1), 4)).toHaveText(/^1[123] days$/);
  await expect(expiring.getByRole('row').nth(2)).toContainText('Ava Thompson');
  // Liam Chen's permit is still stored active but ended last week: it is expired, not ending.
  await expect(expiring).not.toContainText('Liam Chen');
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export violations CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^parking-violations-lincoln-isd-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Date,Type,License plate,Student ID,Student name,Location,Status,Resolved at,Description');
  expect(lines).toHaveLength(1 + 12);
  expect(lines).toContainEqual(
    expect.stringMatching(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},Expired permit,TX LCH-8841,LISD-100307,Liam Chen,"Student lot, row S",Open,,Permit ended last week; still parking in S-040\.$/,
    ),
  );

  const [permits] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export permits CSV' }).click()]);
  expect(permits.suggestedFilename()).toMatch(/^parking-permits-lincoln-isd-\d{4}-\d{2}-\d{2}\.csv$/);
  const permitLines = (await readFile(await permits.path(), 'utf8')).trimEnd().split('\r\n');
  expect(permitLines).toHaveLength(1 + 10);
  expect(permitLines).toContainEqual(expect.stringMatching(/^LISD-100307,Liam Chen,12,TX LCH-8841,Black Honda Accord,S-040,Expired,/));

  // The violation types: refused empty, then a type added and saved.
  const editor = page.getByRole('textbox', { name: 'Violation types, one per line' });
  await expect(editor).toBeEnabled();
  await expect(editor).toHaveValue(/^No permit\nExpired permit\n/);
  await editor.fill('  \n ');
  await page.getByRole('button', { name: 'Save violation types' }).click();
  await expect(page.getByText('Enter at least one violation type, one per line.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(editor).toHaveValue(/^No permit\nExpired permit\n/);
  const withNew = `${await editor.inputValue()}\n${NEW_TYPE}`;
  await editor.fill(withNew);
  await page.getByRole('button', { name: 'Save violation types' }).click();
  await expect(page.getByText('Violation types saved (9)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });

  type Setting = { setting_value: string };
  const rows = await local.rest<Setting[]>('tenant_settings?select=setting_value&setting_key=eq.parking_violation_types');
  expect(rows).toHaveLength(1);
  expect(rows[0]!.setting_value.split('\n').at(-1)).toBe(NEW_TYPE);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Violation types, one per line' })).toHaveValue(new RegExp(`\\n${NEW_TYPE}$`), {
    timeout: 30_000,
  });
  // The violation form offers it.
  await page.getByRole('tab', { name: 'Violations' }).click();
  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write violation' });
  await expect(dialog.getByLabel('Violation type').locator('option', { hasText: NEW_TYPE })).toHaveCount(1);
  await context.close();
});
