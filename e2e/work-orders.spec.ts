/**
 * Maintenance work orders in real Chromium (issue 13 §2): an officer's
 * failing check opens a work order on the server; the security admin finds
 * it from the door's details, assigns it to the officer with a priority and a
 * due date, and comments; the officer sees it under "My Work" on a phone,
 * comments and resolves it with a note; the admin sees it resolved, with who
 * did it and both comments. Every step is checked on the server too.
 *
 * The spec runs its own copy of the local stack in-process (fresh demo data)
 * so it can read the server with the service key.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, PASSWORD } from './support';

const SLUG = 'lincoln-isd';
const CAMPUS = 'Work Order Campus';
const DOOR = 'WO1';
const PROBLEM = 'Closer arm snapped';

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const local = stackForFile(SLUG);
const rest = <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => local.rest<T>(path, init);

interface Record_ {
  id: string;
  status: string;
  priority: string;
  due_date: string | null;
  assigned_to: string | null;
  resolved_by: string | null;
  resolution_notes: string | null;
}

let doorId = '';
let officerId = '';
let recordId = '';

test.beforeAll(async () => {
  const [campus] = await rest<Array<{ id: string }>>('campus', { method: 'POST', body: { campus_name: CAMPUS } });
  const [door] = await rest<Array<{ id: string }>>('doors', { method: 'POST', body: { door_number: DOOR, campus_id: campus!.id } });
  doorId = door!.id;
  const [officer] = await rest<Array<{ id: string }>>(`users?select=id&email=eq.officer@lincoln-isd.test`);
  officerId = officer!.id;
});

async function signIn(browser: Browser, email: string, lands: RegExp, phone = false): Promise<Page> {
  const context = await browser.newContext({
    baseURL: local.base,
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  await page.goto(`/tenant/${SLUG}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(lands, { timeout: 50_000 });
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  return page;
}

const record = async (): Promise<Record_> =>
  (
    await rest<Record_[]>(
      `maintenance_records?select=id,status,priority,due_date,assigned_to,resolved_by,resolution_notes&id=eq.${recordId}`,
    )
  )[0]!;

const comments = () =>
  rest<Array<{ body: string; author_name: string; user_id: string }>>(
    `maintenance_comments?select=body,author_name,user_id&record_id=eq.${recordId}&order=created_at`,
  );

function tomorrow(): string {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test("a failing check's work order is assigned, commented on and resolved", async ({ browser }) => {
  // The officer's failing check, on a phone.
  const officer = await signIn(browser, 'officer@lincoln-isd.test', /\/rounds$/, true);
  await officer.getByRole('link', { name: 'Scan a Door' }).click();
  await officer.getByLabel('Search doors').fill(`${DOOR} Work`);
  await officer
    .getByRole('list', { name: 'Doors' })
    .getByRole('button', { name: new RegExp(`^${DOOR}\\s*${CAMPUS}$`) })
    .click();
  await officer.getByText('Maintenance', { exact: true }).click();
  await officer.getByLabel('Problem').fill(PROBLEM);
  await officer.getByRole('button', { name: 'Save check' }).click();
  await expect(officer.getByRole('heading', { name: 'Saved on this device' })).toBeVisible();
  await expect(officer.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      async () =>
        (await rest<Array<{ id: string }>>(`maintenance_records?select=id&door_id=eq.${doorId}&source_door_log_id=not.is.null`)).length,
    )
    .toBe(1);
  recordId = (await rest<Array<{ id: string }>>(`maintenance_records?select=id&door_id=eq.${doorId}`))[0]!.id;

  // The admin finds it from the door's details on the security dashboard.
  const admin = await signIn(browser, 'security@lincoln-isd.test', /\/security$/);
  const campusCard = admin.getByRole('region', { name: CAMPUS });
  const toggle = campusCard.locator('button[aria-expanded]');
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await campusCard.locator(`[data-testid="door-tile"][data-door="${DOOR}"]`).click();
  const details = admin.getByRole('dialog', { name: `Door ${DOOR}` });
  await expect(details.getByText('Expected condition:')).toBeVisible();
  await expect(details.getByText('Latest check found it: Maintenance')).toBeVisible();
  await expect(details.getByRole('region', { name: 'Open work' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await details.getByRole('link', { name: new RegExp(`${PROBLEM} · Medium priority · Open`) }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Maintenance Work Orders' })).toBeVisible();
  const order = admin.getByRole('article', { name: `Work order for door ${DOOR}` });
  await expect(order.getByText('by a failing door check')).toBeVisible();
  await expect(order.getByRole('region', { name: 'Check history' }).getByText(PROBLEM)).toBeVisible();

  // Assign it, with a priority and a due date, and comment.
  await order.getByLabel('Priority').selectOption('high');
  await order.getByLabel('Due date').fill(tomorrow());
  await order.getByLabel('Assign to').selectOption({ label: 'Daniel Reyes' });
  await order.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('Work order updated.')).toBeVisible();
  await order.getByLabel('Add a comment').fill('Locksmith booked for 3 pm');
  await order.getByRole('button', { name: 'Post comment' }).click();
  await expect(order.getByRole('region', { name: 'Comments' }).getByText('Locksmith booked for 3 pm')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await record()).assigned_to).toBe(officerId);
  expect(await record()).toMatchObject({ priority: 'high', due_date: tomorrow(), status: 'open' });
  await expect
    .poll(async () => (await comments()).map((c) => [c.body, c.author_name]))
    .toEqual([['Locksmith booked for 3 pm', 'James Carter']]);
  await expectNoSeriousA11yViolations(admin);

  // The list finds it by its filters.
  await admin.getByRole('link', { name: 'Back to work orders' }).click();
  await admin.getByLabel('Assigned to').selectOption({ label: 'Daniel Reyes' });
  await admin.getByLabel('Priority').selectOption('high');
  await expect(admin.getByRole('list', { name: 'Work orders' }).getByRole('link', { name: new RegExp(`Door ${DOOR}`) })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.getByLabel('Status').selectOption('resolved');
  await expect(admin.getByText('No work orders match')).toBeVisible();

  // The officer's "My Work" on the phone.
  await officer.goto(`/tenant/${SLUG}/rounds`);
  await expect(officer.getByRole('link', { name: 'My Work (1 work order)' })).toBeVisible({ timeout: 60_000 });
  await officer.getByRole('link', { name: 'My Work (1 work order)' }).click();
  await expect(officer.getByRole('heading', { level: 1, name: 'My Work' })).toBeVisible();
  await expect(officer.getByRole('list', { name: 'Assigned to you' })).toBeVisible();
  await expectNoSeriousA11yViolations(officer);
  await officer
    .getByRole('list', { name: 'Assigned to you' })
    .getByRole('link', { name: new RegExp(`Door ${DOOR}`) })
    .click();
  const mine = officer.getByRole('article', { name: `Work order for door ${DOOR}` });
  await expect(mine.getByText('Locksmith booked for 3 pm')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(officer);
  await mine.getByRole('button', { name: 'Start work' }).click();
  await expect(officer.getByText('Work started.')).toBeVisible();
  await mine.getByLabel('Add a comment').fill('Arm replaced, closes fully');
  await mine.getByRole('button', { name: 'Post comment' }).click();
  await mine.getByRole('button', { name: 'Resolve work order' }).click();
  await expect(mine.getByText('Say what was done to resolve it')).toBeVisible();
  await mine.getByLabel('Resolution notes').fill('Replaced the closer arm; the door latches');
  await expect(mine.getByText('Say what was done to resolve it')).toHaveCount(0);
  await mine.getByRole('button', { name: 'Resolve work order' }).click();
  await expect(officer.getByText('Work order resolved.')).toBeVisible();
  await expect(officer.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await record()).status).toBe('resolved');
  expect(await record()).toMatchObject({
    resolved_by: officerId,
    resolution_notes: 'Replaced the closer arm; the door latches',
    priority: 'high',
  });
  await expect
    .poll(async () => (await comments()).map((c) => [c.body, c.author_name]))
    .toEqual([
      ['Locksmith booked for 3 pm', 'James Carter'],
      ['Arm replaced, closes fully', 'Daniel Reyes'],
    ]);

  // The admin's open list shows it resolved within seconds, with who did it and both comments.
  const resolved = admin.getByRole('list', { name: 'Work orders' }).getByRole('link', { name: new RegExp(`Door ${DOOR}`) });
  await expect(resolved).toBeVisible({ timeout: 30_000 });
  await resolved.click();
  const done = admin.getByRole('article', { name: `Work order for door ${DOOR}` });
  await expect(done.getByText('by Daniel Reyes')).toBeVisible();
  await expect(done.getByText('Replaced the closer arm; the door latches')).toBeVisible();
  await expect(done.getByText('Arm replaced, closes fully')).toBeVisible();
  await expect(done.getByRole('button', { name: 'Reopen work order' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // The security dashboard's way in says how many are open.
  await admin.goto(`/tenant/${SLUG}/security`);
  await admin.getByRole('link', { name: /^Work Orders \(\d+ open\)$/ }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Maintenance Work Orders' })).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Work orders' })).toBeVisible();
});
