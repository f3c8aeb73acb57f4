/**
 * The Violations tab in real Chromium (issue 15): office@ adds a violation
 * (a save with neither plate nor student is refused, keeping what was typed),
 * finds it by its plate typed another way, by location and under the Open
 * filter, resolves it and finds it under Resolved. The server holds it once,
 * its plate as typed and keyed, linked to the permit in force for that plate.
 *
 * Runs its own in-process stack (as e2e/parking-permits.spec.ts) to read the
 * server with the service key.
 */
import { expect, test } from '@playwright/test';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, PASSWORD } from './support';

const SLUG = 'lincoln-isd';
const NOTE = `Parked across the bike rack (e2e ${Date.now()})`;
const LOCATION = 'Bike rack by the library';

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ timeout: 180_000 });

const local = stackForFile(SLUG);

test('office@ adds a violation on the Violations tab, finds it by search and status, and resolves it', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: local.base });
  const page = await context.newPage();
  await page.goto(`/tenant/${SLUG}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('office@lincoln-isd.test');
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 50_000 });
  await page.goto(`/tenant/${SLUG}/student-parking?tab=violations`);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('tab', { name: 'Violations', selected: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Violations' });
  await expect(table.getByRole('row').filter({ hasText: 'Olivia Walker' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write violation' });
  await dialog.getByLabel('Violation type').selectOption('Wrong spot');
  await dialog.getByLabel('Description').fill(NOTE);
  await dialog.getByRole('button', { name: 'Save violation' }).click();
  await expect(dialog.getByText("Enter the car's license plate or the student's ID or name.")).toBeVisible();
  await expect(dialog.getByLabel('Description')).toHaveValue(NOTE);
  await expect(dialog.getByLabel('Violation type')).toHaveValue('Wrong spot');
  await dialog.getByRole('textbox', { name: 'License plate' }).fill('tx rbn 4471');
  await dialog.getByLabel('Location').fill(LOCATION);
  await expect(dialog.getByLabel('Status')).toHaveValue('open');
  await dialog.getByRole('button', { name: 'Save violation' }).click();
  await expect(dialog).toHaveCount(0);

  const search = page.getByRole('searchbox', { name: 'Search violations' });
  const status = page.getByLabel('Status');
  const mine = table.getByRole('row').filter({ hasText: LOCATION });
  await search.fill('TX-RBN4471');
  await expect(mine).toHaveCount(1);
  // Linked to Tyler's permit in force, so the row names him.
  await expect(mine).toContainText('Tyler Robinson');
  await expect(mine).toContainText('tx rbn 4471');
  await expect(mine).toContainText('Wrong spot');
  await search.fill('bike rack');
  await expect(mine).toHaveCount(1);
  await expect(page.getByText('1 violation of', { exact: false })).toBeVisible();
  await search.fill('');
  await status.selectOption('resolved');
  await expect(mine).toHaveCount(0);
  await status.selectOption('open');
  await expect(mine).toHaveCount(1);

  await mine.getByRole('button', { name: /^Resolve violation/ }).click();
  await expect(mine).toHaveCount(0);
  await status.selectOption('resolved');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Resolved');
  await expectNoSeriousA11yViolations(page);

  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  type Row = {
    license_plate: string;
    plate_key: string;
    status: string;
    permit_id: string | null;
    student_name: string;
    resolved_at: string | null;
  };
  const rows = await local.rest<Row[]>(
    `parking_violations?select=license_plate,plate_key,status,permit_id,student_name,resolved_at&description=eq.${encodeURIComponent(NOTE)}`,
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    license_plate: 'tx rbn 4471',
    plate_key: 'TXRBN4471',
    status: 'resolved',
    permit_id: '1f000000-0000-4000-8000-000000000001',
    student_name: 'Tyler Robinson',
  });
  expect(rows[0]!.resolved_at).not.toBeNull();
  await context.close();
});
