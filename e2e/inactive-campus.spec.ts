/**
 * An inactive campus's doors leave what tenant users see (issue 13 §3), in
 * real Chromium: a security admin deactivates Lincoln Middle School in the
 * Campuses modal; its doors leave the Door Status cards (no "Unassigned
 * doors" either), the totals, the summary cards and the missed-check alerts,
 * but stay in Doors Management marked as on an inactive campus. The
 * officer's rounds and door picker no longer offer them, and scanning one of
 * their printed codes says the campus is inactive instead of opening the
 * check form. The super admin's dashboard counts only the active campus's
 * doors. Reactivated, everything comes back, and the same printed code opens
 * the form. Axe finds nothing serious or critical on the screens touched.
 *
 * The service key never reaches a browser, so (as e2e/security-admin.spec.ts)
 * this spec runs its own in-process copy of the local stack with fresh demo
 * data, which no other spec's writes meet.
 */
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { filmingCamera } from './fake-camera';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, PASSWORD } from './support';

const SLUG = 'lincoln-isd';
const HIGH = 'Lincoln High School';
const MIDDLE = 'Lincoln Middle School';
/** A door added for this journey: never checked, so it is Needs Check and raises an escalated alert. */
const NEW_DOOR = 'EA99';
const SCANNED = { door_number: 'EA5', campus: MIDDLE };

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const local = stackForFile(SLUG);

interface DoorRow {
  id: string;
  door_number: string;
  status: string;
  campus_id: string;
}

async function campusId(name: string): Promise<string> {
  const rows = await local.rest<Array<{ id: string; campus_name: string }>>(`campus?select=id,campus_name`);
  const id = rows.find((c) => c.campus_name === name)?.id;
  if (!id) throw new Error(`no campus ${name}`);
  return id;
}

/** What the dashboard's Security tile must say: operational of all doors, of active campuses only when `onlyHigh`. */
async function doorFigures(onlyHigh: boolean): Promise<{ doors: number; operational: number }> {
  const high = await campusId(HIGH);
  const doors = (await local.rest<DoorRow[]>(`doors?select=id,door_number,status,campus_id&deleted_at=is.null`)).filter(
    (d) => !onlyHigh || d.campus_id === high,
  );
  return { doors: doors.length, operational: doors.filter((d) => d.status === 'operational').length };
}

async function signIn(browser: Browser, email: string, lands: RegExp): Promise<Page> {
  const context = await browser.newContext({ baseURL: local.base });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  pageErrors.set(page, errors);
  // Opening a campus's form must not need the maps provider.
  await page.route('**/nominatim.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await page.goto(`${local.base}/tenant/${SLUG}/login`);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(lands);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  return page;
}

const pageErrors = new WeakMap<Page, string[]>();

async function done(page: Page): Promise<void> {
  expect(pageErrors.get(page) ?? []).toEqual([]);
  await page.context().close();
}

const campusCard = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const summary = (page: Page, key: string) => page.getByTestId(`summary-${key}`);
const total = (page: Page, key: string) => page.getByTestId(`total-${key}`);

/**
 * The Needs Check total equals the Needs Check tiles of these campus cards and
 * no others. Read in one go, so a pull landing in between cannot split them.
 */
async function expectNeedsCheckOf(page: Page, campuses: string[]): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((names) => {
        const count = (scope: string) =>
          document.querySelectorAll(`${scope} [data-testid="door-tile"][data-freshness="needs-check"]`).length;
        const tiles = names.reduce((n, name) => n + count(`section[aria-label="${name}"]`), 0);
        const total = Number(document.querySelector('[data-testid="total-needs-check"]')?.textContent);
        return tiles > 0 && total === tiles && count('body') === tiles;
      }, campuses),
    )
    .toBe(true);
}

async function setCampusStatus(admin: Page, status: 'Active' | 'Inactive'): Promise<void> {
  await admin.getByRole('button', { name: /^Campuses/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Campuses' });
  await dialog.getByRole('button', { name: `Edit campus ${MIDDLE}` }).click();
  await dialog.getByRole('combobox', { name: 'Status' }).selectOption({ label: status });
  await dialog.getByRole('button', { name: 'Update Campus' }).click();
  await expect(dialog.getByText('Campus updated successfully!')).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: MIDDLE })).toContainText(status);
  await expectNoSeriousA11yViolations(admin);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

async function missedCheckDoors(admin: Page): Promise<string[]> {
  await admin.getByTestId('missed-check-count').click();
  const dialog = admin.getByRole('dialog', { name: 'Missed-check alerts' });
  await expect(dialog.getByRole('heading', { name: /^Open \(\d+\)$/ })).toBeVisible();
  const doors = await dialog.getByTestId('missed-check-alert').evaluateAll((els) => els.map((e) => e.getAttribute('data-door') ?? ''));
  await admin.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return doors;
}

/** The officer's campus choices on the rounds and what the picker finds for `query`. */
async function officerSees(officer: Page, query: string): Promise<{ campuses: string[]; picked: string[] }> {
  await officer.goto(`${local.base}/tenant/${SLUG}/rounds`);
  const select = officer.getByRole('combobox', { name: 'Campus' });
  await expect(select).toBeVisible({ timeout: 30_000 });
  const campuses = await select.locator('option').allTextContents();
  await officer.getByRole('link', { name: 'Scan a Door' }).click();
  await officer.getByLabel('Search doors').fill(query);
  const list = officer.getByRole('list', { name: 'Doors' });
  await expect(list.or(officer.getByText('No doors match your search.'))).toBeVisible();
  const picked = (await list.count()) ? await list.getByRole('button').allTextContents() : [];
  return { campuses, picked };
}

test('deactivating a campus takes its doors out of the cards, counts, alerts and the officer’s list; reactivating brings them back', async ({
  browser,
}) => {
  const middle = await campusId(MIDDLE);
  await local.rest('doors', { method: 'POST', body: { door_number: NEW_DOOR, campus_id: middle } });
  const all = await doorFigures(false);
  const high = await doorFigures(true);

  const admin = await signIn(browser, 'security@lincoln-isd.test', /\/security$/);
  await expect(campusCard(admin, MIDDLE)).toBeVisible();
  await expect(summary(admin, 'doors')).toContainText(String(all.doors));
  await expect(total(admin, 'total-doors')).toHaveText(String(all.doors));
  await expectNeedsCheckOf(admin, [HIGH, MIDDLE]);
  await expect(campusCard(admin, MIDDLE).locator(`[data-testid="door-tile"][data-door="${NEW_DOOR}"]`)).toHaveAttribute(
    'data-freshness',
    'needs-check',
  );
  expect(await missedCheckDoors(admin)).toContain(NEW_DOOR);

  await test.step('deactivated: the Door Status tab and the alerts leave its doors out', async () => {
    await setCampusStatus(admin, 'Inactive');
    await expect(campusCard(admin, MIDDLE)).toHaveCount(0);
    await expect(campusCard(admin, 'Unassigned doors')).toHaveCount(0);
    await expect(campusCard(admin, HIGH)).toBeVisible();
    await expect(total(admin, 'total-doors')).toHaveText(String(high.doors));
    await expect(summary(admin, 'doors')).toContainText(String(high.doors));
    await expect(summary(admin, 'campuses')).toContainText('1');
    await expectNeedsCheckOf(admin, [HIGH]);
    await expect(admin.locator(`[data-testid="door-tile"][data-door="${NEW_DOOR}"]`)).toHaveCount(0);
    expect(await missedCheckDoors(admin)).not.toContain(NEW_DOOR);
    await expectNoSeriousA11yViolations(admin);
  });

  await test.step('Doors Management still lists them, marked as on an inactive campus', async () => {
    await admin.getByRole('button', { name: /^Doors/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Doors Management' });
    await dialog.getByLabel('Search doors').fill(NEW_DOOR);
    const row = dialog.getByRole('row').filter({ hasText: NEW_DOOR });
    await expect(row).toContainText(MIDDLE);
    await expect(row).toContainText('Inactive campus');
    await expect(dialog.getByRole('combobox', { name: 'Campus' })).toContainText(`${MIDDLE} (inactive)`);
    await expectNoSeriousA11yViolations(admin);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
  });

  const officer = await signIn(browser, 'officer@lincoln-isd.test', /\/rounds$/);
  await test.step('the officer’s rounds and door picker do not offer them', async () => {
    const seen = await officerSees(officer, 'Middle');
    expect(seen.campuses).toEqual([HIGH]);
    expect(seen.picked).toEqual([]);
    await expect(officer.getByText('No doors match your search.')).toBeVisible();
    await officer.getByLabel('Search doors').fill('EA1');
    await expect(officer.getByRole('list', { name: 'Doors' }).getByRole('button').first()).toContainText(HIGH);
    await expectNoSeriousA11yViolations(officer);
    // A link to one of them (an old bookmark, the history) says why instead of opening the form.
    const door = (await local.rest<DoorRow[]>(`doors?select=id&door_number=eq.${NEW_DOOR}`))[0]!;
    await officer.goto(`${local.base}/tenant/${SLUG}/scan?door=${door.id}`);
    await expect(officer.getByText(`Door ${NEW_DOOR} at ${MIDDLE} is not checked while its campus is inactive.`)).toBeVisible();
    await expect(officer.getByRole('heading', { level: 2, name: `Door ${NEW_DOOR}` })).toHaveCount(0);
    await expectNoSeriousA11yViolations(officer);
  });

  // Its own browser, whose camera films the printed code of a Middle School door.
  const camera = await chromium.launch(filmingCamera(JSON.stringify(SCANNED)));
  const scanner = await signIn(camera, 'officer@lincoln-isd.test', /\/rounds$/);
  await scanner.context().grantPermissions(['camera'], { origin: local.base });
  await test.step('scanning its printed code says the campus is inactive', async () => {
    await scanner.getByRole('link', { name: 'Scan a Door' }).click();
    await expect(scanner.getByText(`Door ${SCANNED.door_number} at ${MIDDLE} is not checked while its campus is inactive.`)).toBeVisible({
      timeout: 30_000,
    });
    await expect(scanner.getByRole('heading', { level: 2, name: `Door ${SCANNED.door_number}` })).toHaveCount(0);
  });

  const superAdmin = await signIn(browser, 'super@lincoln-isd.test', /\/dashboard$/);
  const securityTile = superAdmin.getByRole('list', { name: 'Summary' }).getByRole('listitem').filter({ hasText: 'Security' });
  await test.step('the tenant dashboard counts the active campus’s doors only', async () => {
    await expect(securityTile).toContainText(`${high.operational} of ${high.doors} doors operational`);
    await expectNoSeriousA11yViolations(superAdmin);
  });

  await test.step('reactivated: every list and count has them again', async () => {
    await setCampusStatus(admin, 'Active');
    await expect(campusCard(admin, MIDDLE)).toBeVisible();
    await expect(total(admin, 'total-doors')).toHaveText(String(all.doors));
    await expect(summary(admin, 'campuses')).toContainText('2');
    await expectNeedsCheckOf(admin, [HIGH, MIDDLE]);
    expect(await missedCheckDoors(admin)).toContain(NEW_DOOR);

    // The officer's phone picks the change up with its next pull (here: the page opened again).
    await expect(async () => {
      const seen = await officerSees(officer, `${NEW_DOOR} Middle`);
      expect(seen.campuses).toEqual([HIGH, MIDDLE]);
      expect(seen.picked).toEqual([`${NEW_DOOR}${MIDDLE}`]);
    }).toPass({ timeout: 60_000 });

    // The same printed code, still in view, now opens the check form.
    await expect(async () => {
      await scanner.goto(`${local.base}/tenant/${SLUG}/scan`);
      await expect(scanner.getByRole('heading', { level: 2, name: `Door ${SCANNED.door_number}` })).toBeVisible({ timeout: 15_000 });
    }).toPass({ timeout: 60_000 });
    await expect(scanner.getByText('is not checked while its campus is inactive', { exact: false })).toHaveCount(0);

    await expect(async () => {
      await superAdmin.reload();
      await expect(securityTile).toContainText(`${all.operational} of ${all.doors} doors operational`, { timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
  });

  await done(scanner);
  await camera.close();
  await done(officer);
  await done(superAdmin);
  await done(admin);
});
