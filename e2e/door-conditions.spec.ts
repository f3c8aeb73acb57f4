/**
 * Door conditions in the field (issue 13 §3), in real Chromium against this
 * spec's own in-process stack (fresh lincoln-isd demo data, read and changed
 * with the service key): a security admin's override for a door number that
 * both schools have (EA2) asks which campus and lands on the chosen door; the
 * officer's check form then says each door's expected condition and where it
 * comes from (this door, campus default, global default), online and, after
 * a reload with no signal, from this device's copy.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, PASSWORD } from './support';

const SLUG = 'lincoln-isd';
const HIGH = 'Lincoln High School';
const MIDDLE = 'Lincoln Middle School';
const OVERRIDE = 'Side entrance: closed and locked, staff badge only';

test.use({ trace: 'off', screenshot: 'only-on-failure' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const local = stackForFile(SLUG);

interface DoorRow {
  id: string;
  door_number: string;
  campus_id: string;
}

async function campusId(name: string): Promise<string> {
  const [c] = await local.rest<Array<{ id: string }>>(`campus?select=id&campus_name=eq.${encodeURIComponent(name)}`);
  if (!c) throw new Error(`no campus ${name}`);
  return c.id;
}

async function door(campus: string, number: string): Promise<DoorRow> {
  const [d] = await local.rest<DoorRow[]>(
    `doors?select=id,door_number,campus_id&campus_id=eq.${await campusId(campus)}&door_number=eq.${number}&deleted_at=is.null`,
  );
  if (!d) throw new Error(`no door ${number} at ${campus}`);
  return d;
}

const overridesFor = (doorId: string) =>
  local.rest<Array<{ condition: string }>>(`conditions?select=condition&kind=eq.door&door_id=eq.${doorId}&deleted_at=is.null`);

async function signIn(browser: Browser, email: string, lands: RegExp): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: local.base });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${local.base}/tenant/${SLUG}/login`);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(lands);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  return { page, errors };
}

test('an override for a door number on two campuses asks which campus and attaches to the chosen door', async ({ browser }) => {
  const highEa2 = await door(HIGH, 'EA2');
  const middleEa2 = await door(MIDDLE, 'EA2');
  const { page, errors } = await signIn(browser, 'security@lincoln-isd.test', /\/security$/);
  await page.getByRole('tab', { name: 'Conditions' }).click();
  const tab = page.getByRole('tabpanel');
  const form = tab.getByRole('form', { name: 'Door condition override' });
  const campus = form.getByRole('combobox', { name: 'Campus (if door numbers repeat)' });

  // No campus chosen: the form asks for it, names both schools, and writes nothing.
  await form.getByRole('textbox', { name: 'Door Number' }).fill('ea2');
  await form.getByRole('textbox', { name: 'Condition Description' }).fill(OVERRIDE);
  await form.getByRole('button', { name: 'Add Condition' }).click();
  const question = `Door ea2 is on more than one campus (${HIGH}, ${MIDDLE}). Please select its campus.`;
  await expect(form.getByText(question)).toBeVisible();
  await expect(campus).toBeFocused();
  await expect(campus).toHaveAttribute('aria-invalid', 'true');
  await expect(campus).toHaveAccessibleDescription(question);
  await expect(tab.getByText('Condition added successfully!', { exact: false })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The chosen campus's door takes the override; the other school's EA2 keeps its default.
  await campus.selectOption({ label: MIDDLE });
  await expect(form.getByText(question)).toHaveCount(0);
  await form.getByRole('button', { name: 'Add Condition' }).click();
  await expect(tab.getByText('Condition added successfully! The door condition has been saved to the database.')).toBeVisible();
  const row = tab.getByRole('row', { name: new RegExp(`EA2 ${MIDDLE}`) });
  await expect(row.getByRole('cell', { name: OVERRIDE })).toBeVisible();
  await expect.poll(() => overridesFor(middleEa2.id), { timeout: 60_000 }).toEqual([{ condition: OVERRIDE }]);
  expect(await overridesFor(highEa2.id)).toEqual([]);

  // A number only one campus has still needs no campus (the gym doors are the high school's).
  await campus.selectOption({ label: 'Any campus' });
  await form.getByRole('textbox', { name: 'Door Number' }).fill('G2');
  await form.getByRole('textbox', { name: 'Condition Description' }).fill('Open during games only');
  await form.getByRole('button', { name: 'Add Condition' }).click();
  await expect(
    tab.getByRole('row', { name: new RegExp(`G2 ${HIGH}`) }).getByRole('cell', { name: 'Open during games only' }),
  ).toBeVisible();
  expect(errors).toEqual([]);
  await page.context().close();
});

test('the officer’s check form says the door’s expected condition and its source, online and offline from this device', async ({
  browser,
}) => {
  // The middle school loses its campus default, so its doors fall back to the global default.
  await local.rest(`conditions?kind=eq.campus&campus_id=eq.${await campusId(MIDDLE)}`, { method: 'DELETE' });
  const cases: Array<[DoorRow, string]> = [
    [await door(HIGH, 'EA1'), 'Expected condition: Main entrance: unlocked 7:15-8:00 for arrival, then locked (this door)'],
    [await door(HIGH, 'EA3'), 'Expected condition: Closed, latched and locked from the outside after 8:00 (campus default)'],
    [await door(MIDDLE, 'EA2'), `Expected condition: ${OVERRIDE} (this door)`],
    [await door(MIDDLE, 'EA3'), 'Expected condition: Door closes and latches; no visible damage (global default)'],
  ];
  const { page, errors } = await signIn(browser, 'officer@lincoln-isd.test', /\/rounds$/);
  const open = async ([d, expected]: [DoorRow, string]) => {
    await page.goto(`${local.base}/tenant/${SLUG}/scan?door=${d.id}`);
    await expect(page.getByRole('heading', { level: 2, name: `Door ${d.door_number}` })).toBeVisible({ timeout: 30_000 });
    // Text, in the door's heading area, so a screen reader reads it with the door.
    await expect(page.getByRole('region', { name: `Door ${d.door_number}` }).getByTestId('expected-condition')).toHaveText(expected);
  };

  for (const c of cases) await open(c);
  await expectNoSeriousA11yViolations(page);

  // No signal: the app, the lazily loaded piece and the conditions all come from this device.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((r) => navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true }));
    }
  });
  await page.context().setOffline(true);
  await page.reload();
  for (const c of [...cases].reverse()) await open(c);
  expect(errors).toEqual([]);
  await page.context().close();
});
