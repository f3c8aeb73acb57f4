/**
 * Campus sweeps (issue 18) in real Chromium: a security admin starts a
 * lock-up sweep on Lincoln High's exterior doors (a second one on the campus
 * is refused by the server); two officers on phones record the checks, one
 * of them with the network cut for real (a second Chromium whose only way
 * out is the proxy of e2e/network-cut.ts, which refuses connections while
 * offline) and nothing of his reaching the server meanwhile. The admin's
 * live board shows the online officer's doors secured and the offline
 * officer's not reached, then, once he reconnects, his doors too (one with
 * a problem, which a later check clears) until every door is secured. The
 * admin ends the sweep; its summary PDF and the week's compliance PDF state
 * the figures the screens show, and the CSV has one row per exterior door.
 *
 * The spec runs its own stack (fresh demo data) so it can read the server
 * and add the second officer.
 */
import { readFileSync } from 'node:fs';
import bcrypt from 'bcryptjs';
import { expect, test, type Browser, type BrowserContext, type Download, type Page } from '@playwright/test';
import { launchThroughProxy, startLocal, startProxy, waitForServiceWorker, type Local, type Proxy } from './network-cut';
import { expectNoSeriousA11yViolations, LINCOLN, PASSWORD, signInViaDeepLink } from './support';
import { pdfText, shownText } from '../tests/support/pdf-text';

test.use({ trace: 'off', screenshot: 'only-on-failure' });
test.describe.configure({ mode: 'serial', timeout: 420_000 });

const HIGH = 'Lincoln High School';
const ADMIN = 'security@lincoln-isd.test';
const OFFICER_A = 'officer@lincoln-isd.test';
const OFFICER_B = { email: 'officer2@lincoln-isd.test', first: 'Taylor', last: 'Brooks' };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const PROBLEM = 'Latch sticks';

let local: Local;
let proxy: Proxy;
let offlineBrowser: Browser;

async function serverRows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const project = await local.stack.tenant(LINCOLN.slug);
  if (!project) throw new Error('lincoln-isd is not served');
  return (await project.engine.query<T & Record<string, unknown>>(sql, params)).rows;
}

/** A second officer (the demo has one), stored as the demo's accounts are: an auth account and its profile. */
async function addSecondOfficer(): Promise<string> {
  const project = await local.stack.tenant(LINCOLN.slug);
  if (!project) throw new Error('lincoln-isd is not served');
  const name = `${OFFICER_B.first} ${OFFICER_B.last}`;
  const auth = await project.engine.query<{ id: string }>(
    `insert into auth.users (aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ('authenticated', 'authenticated', $1, $2, now(), $3::jsonb, $4::jsonb) returning id::text as id`,
    [
      OFFICER_B.email,
      await bcrypt.hash(PASSWORD, 10),
      JSON.stringify({ provider: 'email', providers: ['email'] }),
      JSON.stringify({ first_name: OFFICER_B.first, last_name: OFFICER_B.last, full_name: name, name }),
    ],
  );
  const id = auth.rows[0]!.id;
  await project.engine.query(
    `insert into public.users (id, email, first_name, last_name, department, role, tenant_slug, organization_email_domain, require_password_change)
     values ($1, $2, $3, $4, 'Security', 'regular_user', $5, $6, false)`,
    [id, OFFICER_B.email, OFFICER_B.first, OFFICER_B.last, LINCOLN.slug, LINCOLN.domain],
  );
  return id;
}

function watchErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
}

const cameraNotice = (page: Page) => page.getByText(/Camera permission was denied|No camera was found on this device/);

/** Records a check of a Lincoln High door on the open check form. */
async function saveCheck(page: Page, door: string, opts: { status?: 'Operational' | 'Maintenance'; problem?: string } = {}) {
  await expect(page.getByRole('heading', { level: 2, name: `Door ${door}` })).toBeVisible({ timeout: 30_000 });
  if (opts.status) await page.getByText(opts.status, { exact: true }).click();
  if (opts.problem) await page.getByLabel('Problem').fill(opts.problem);
  await page.getByRole('button', { name: 'Save check' }).click();
  await expect(page.getByRole('heading', { name: 'Saved on this device' })).toBeVisible({ timeout: 30_000 });
}

/** Picks a Lincoln High door through the manual picker on /scan and records a check. */
async function checkWithPicker(page: Page, door: string, opts: { status?: 'Operational' | 'Maintenance'; problem?: string } = {}) {
  await page.getByLabel('Search doors').fill(`${door} High`);
  await page
    .getByRole('list', { name: 'Doors' })
    .getByRole('button', { name: new RegExp(`^${door}\\s*${HIGH}$`) })
    .click();
  await saveCheck(page, door, opts);
}

/** From a saved check's screen, the picker for the next door, once the scanner's notice has settled the layout. */
async function scanNext(page: Page) {
  await page.getByRole('button', { name: 'Scan next door' }).click();
  await expect(cameraNotice(page)).toBeVisible({ timeout: 30_000 });
}

async function signInOfficer(context: BrowserContext, email: string, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  watchErrors(page, errors);
  await signInViaDeepLink(page, email);
  await expect(page).toHaveURL(/\/rounds$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Synced', exact: true })).toBeVisible({ timeout: 90_000 });
  await waitForServiceWorker(page);
  return page;
}

const bytesOf = async (download: Download) => readFileSync(await download.path());

test.beforeAll(async () => {
  local = await startLocal();
  proxy = await startProxy();
  offlineBrowser = await launchThroughProxy(proxy);
});

test.afterAll(async () => {
  await offlineBrowser?.close();
  await local?.close();
});

test('a lock-up sweep: two officers (one offline) secure every exterior door; the sweep and compliance PDFs state the figures', async ({
  browser,
}) => {
  const officerBId = await addSecondOfficer();
  const exterior = (
    await serverRows<{ door_number: string }>(
      `select d.door_number from public.doors d join public.campus c on c.id = d.campus_id
        where c.campus_name = $1 and 'exterior' = any(d.door_groups) and d.deleted_at is null`,
      [HIGH],
    )
  )
    .map((d) => d.door_number)
    .sort((a, b) => Number(a.slice(2)) - Number(b.slice(2)));
  expect(exterior).toEqual(Array.from({ length: 12 }, (_, i) => `EA${i + 1}`));
  const total = exterior.length;
  const forA = exterior.slice(0, total / 2);
  const forB = exterior.slice(total / 2);
  const problemDoor = forB[forB.length - 1]!;
  const errors: string[] = [];

  // 1. The security admin starts a lock-up sweep on the exterior doors.
  const admin = await browser.newContext({ baseURL: local.base, acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  const adminPage = await admin.newPage();
  watchErrors(adminPage, errors);
  await signInViaDeepLink(adminPage, ADMIN);
  await expect(adminPage).toHaveURL(/\/security$/, { timeout: 30_000 });
  await expect(adminPage.getByRole('button', { name: 'Synced', exact: true })).toBeVisible({ timeout: 90_000 });
  await adminPage.goto(`/tenant/${LINCOLN.slug}/sweeps`);
  const form = adminPage.getByRole('form', { name: 'Start a sweep' });
  await expect(form.getByRole('heading', { name: 'Start a sweep' })).toBeVisible({ timeout: 30_000 });
  await form.getByLabel('Campus').selectOption({ label: HIGH });
  await form.getByLabel('Kind').selectOption({ label: 'End-of-day lock-up' });
  await form.getByLabel('Door group').selectOption({ label: `Exterior (${total} doors)` });
  await form.getByLabel('Note').fill('End-of-day lock-up (e2e)');
  await form.getByRole('button', { name: 'Start sweep' }).click();
  await expect(form.getByText('Sweep started: End-of-day lock-up on Exterior doors.')).toBeVisible({ timeout: 30_000 });
  const board = adminPage.getByTestId('sweep-board');
  await expect(board).toHaveCount(1, { timeout: 30_000 });
  await expect(board.getByRole('heading', { name: `End-of-day lock-up · ${HIGH}` })).toBeVisible();
  await expect(board.getByTestId('sweep-secured')).toHaveText(`0 of ${total} secured`, { timeout: 30_000 });
  await expect(board.getByTestId('sweep-door')).toHaveCount(total);
  await expect(board.getByRole('link', { name: `Check door ${exterior[0]}`, exact: true })).toBeVisible();

  // A second sweep on the campus is refused by the server, in its words; still one running.
  await form.getByLabel('Campus').selectOption({ label: `${HIGH} (sweep running)` });
  await form.getByRole('button', { name: 'Start sweep' }).click();
  await expect(form.getByText('A sweep is already running on this campus.')).toBeVisible({ timeout: 30_000 });
  const running = await serverRows<{ id: string; kind: string; door_group: string }>(
    `select s.id::text as id, s.kind, s.door_group from public.sweeps s join public.campus c on c.id = s.campus_id
      where c.campus_name = $1 and s.ended_at is null`,
    [HIGH],
  );
  expect(running).toEqual([expect.objectContaining({ kind: 'lockup', door_group: 'exterior' })]);
  await expect(board).toHaveCount(1);
  await expectNoSeriousA11yViolations(adminPage);

  // 2. Two officers on phones sign in and sync; B's phone then loses the network for real.
  const phoneA = await browser.newContext({ baseURL: local.base, ...PHONE });
  const phoneB = await offlineBrowser.newContext({ baseURL: local.base, serviceWorkers: 'allow', ...PHONE });
  const pageA = await signInOfficer(phoneA, OFFICER_A, errors);
  const pageB = await signInOfficer(phoneB, OFFICER_B.email, errors);
  // Both phones say on My Rounds that the sweep runs, once their first pull has brought it.
  for (const phone of [pageA, pageB]) {
    const notice = phone.getByRole('region', { name: 'Running sweeps' });
    await expect(notice).toContainText(`0 of ${total} secured, ${total} to reach.`, { timeout: 60_000 });
  }
  await proxy.refuse();
  const forwardedWhileOffline = proxy.forwarded();
  // B's comes from his device's cache with the network gone.
  await pageB.reload();
  await expect(pageB.getByRole('region', { name: 'Running sweeps' })).toContainText(`${total} to reach.`, { timeout: 30_000 });
  // A opens the running sweep from there and follows its first "not yet reached" link to the check.
  await pageA.getByRole('region', { name: 'Running sweeps' }).getByRole('link', { name: 'Open the sweep' }).click();
  await expect(pageA).toHaveURL(/\/sweeps$/);
  const boardA = pageA.getByTestId('sweep-board');
  await expect(boardA.getByTestId('sweep-secured')).toHaveText(`0 of ${total} secured`, { timeout: 30_000 });
  await expect(pageA.getByRole('form', { name: 'Start a sweep' })).toHaveCount(0);
  await expect(boardA.getByRole('button', { name: 'End sweep' })).toHaveCount(0);
  await boardA.getByRole('link', { name: `Check door ${forA[0]}`, exact: true }).click();
  await expect(pageA).toHaveURL(/\/scan\?door=/);
  await saveCheck(pageA, forA[0]!);
  for (const door of forA.slice(1)) {
    await scanNext(pageA);
    await checkWithPicker(pageA, door);
  }

  // B, offline, checks the rest: the last with a problem.
  await pageB.getByRole('link', { name: 'Scan a Door' }).click();
  await expect(pageB.getByRole('heading', { level: 1, name: 'Scan a Door' })).toBeVisible({ timeout: 30_000 });
  await expect(cameraNotice(pageB)).toBeVisible({ timeout: 30_000 });
  for (const [i, door] of forB.entries()) {
    if (i > 0) await scanNext(pageB);
    await checkWithPicker(pageB, door, door === problemDoor ? { status: 'Maintenance', problem: PROBLEM } : {});
  }
  await expect(pageB.getByTestId('saved-sync-status')).toContainText(`${forB.length} pending`);

  // A's checks reach the server and the admin's live board; B's doors are still not reached there.
  await expect(pageA.getByRole('button', { name: 'Synced', exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(board.getByTestId('sweep-secured')).toHaveText(`${forA.length} of ${total} secured`, { timeout: 60_000 });
  for (const door of forA)
    await expect(board.locator(`[data-testid="sweep-door"][data-door="${door}"]`)).toHaveAttribute('data-outcome', 'secured');
  for (const door of forB)
    await expect(board.locator(`[data-testid="sweep-door"][data-door="${door}"]`)).toHaveAttribute('data-outcome', 'none');
  await expect(board.getByRole('link', { name: `Check door ${forB[0]}`, exact: true })).toBeVisible();
  // Nothing of B's left his phone meanwhile.
  expect(proxy.forwarded()).toBe(forwardedWhileOffline);
  expect(await serverRows(`select 1 from public.door_log where user_id = $1`, [officerBId])).toHaveLength(0);

  // B reconnects: his checks sync and the board counts them, the problem door as a problem.
  await proxy.restore();
  await pageB
    .getByRole('button', { name: /pending/ })
    .first()
    .click();
  await expect(pageB.getByRole('button', { name: 'Synced', exact: true })).toBeVisible({ timeout: 90_000 });
  expect(await serverRows(`select 1 from public.door_log where user_id = $1`, [officerBId])).toHaveLength(forB.length);
  await expect(board.getByTestId('sweep-secured')).toHaveText(`${total - 1} of ${total} secured`, { timeout: 60_000 });
  const problemRow = board.locator(`[data-testid="sweep-door"][data-door="${problemDoor}"]`);
  await expect(problemRow).toHaveAttribute('data-outcome', 'problem');
  await expect(problemRow).toContainText(`Problem: ${PROBLEM}`);
  await expect(problemRow).toContainText(`${OFFICER_B.first} ${OFFICER_B.last}`);
  await expect(board).toContainText('1 with a problem · 0 not yet reached');

  // A goes back to the problem door and finds it fixed: the later check replaces the earlier one.
  await scanNext(pageA);
  await checkWithPicker(pageA, problemDoor, { status: 'Operational' });
  await expect(pageA.getByRole('button', { name: 'Synced', exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(board.getByTestId('sweep-secured')).toHaveText(`${total} of ${total} secured`, { timeout: 60_000 });
  await expect(problemRow).toHaveAttribute('data-outcome', 'secured');
  await expect(problemRow).toContainText('Daniel Reyes');
  await expect(board).toContainText('0 not yet reached');
  // The compliance report is the admins': an officer who opens it is told so.
  await pageA.goto(`/tenant/${LINCOLN.slug}/compliance`);
  await expect(pageA.getByText('The compliance report is for security and super admins.')).toBeVisible({ timeout: 30_000 });
  await phoneA.close();
  await phoneB.close();

  // 3. The admin ends the sweep and downloads its summary.
  await board.getByRole('button', { name: 'End sweep' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(`${total} of ${total} secured`);
  await confirm.getByRole('button', { name: 'End sweep' }).click();
  await expect(board).toHaveCount(0, { timeout: 30_000 });
  await expect(adminPage.getByText('No sweep is running.')).toBeVisible();
  const recent = adminPage.getByTestId('recent-sweep').filter({ hasText: `End-of-day lock-up · ${HIGH}` });
  await expect(recent).toHaveCount(1, { timeout: 30_000 });
  await expect(recent).toContainText(`${total} of ${total} secured`);
  expect(await serverRows(`select 1 from public.sweeps where id = $1 and ended_at is not null`, [running[0]!.id])).toHaveLength(1);
  const [sweepPdf] = await Promise.all([adminPage.waitForEvent('download'), recent.getByRole('button', { name: 'Summary PDF' }).click()]);
  expect(sweepPdf.suggestedFilename()).toMatch(/\.pdf$/);
  const sweepBytes = await bytesOf(sweepPdf);
  expect(sweepBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const sweepText = shownText(pdfText(sweepBytes));
  expect(sweepText).toContain('Sweep Summary: End-of-day lock-up');
  expect(sweepText).toContain(`Campus: ${HIGH}`);
  expect(sweepText).toContain(`${total} of ${total} secured    Problems: 0    Not reached: 0`);
  expect(sweepText).toContain('by James Carter');
  expect(sweepText).toContain('None: every door was reached.');
  expect(sweepText).toContain(`${OFFICER_B.first} ${OFFICER_B.last}`);

  // 4. The week's compliance report for Lincoln High's exterior doors: screen, PDF and CSV agree.
  await adminPage.goto(`/tenant/${LINCOLN.slug}/compliance`);
  const filters = adminPage.getByRole('form', { name: 'Report filters' });
  await expect(filters).toBeVisible({ timeout: 30_000 });
  await filters.getByLabel('Campus').selectOption({ label: HIGH });
  await filters.getByLabel('Door group').selectOption({ label: 'Exterior' });
  await filters.getByLabel('Period').selectOption({ label: 'This week' });
  const overall = adminPage.getByTestId('compliance-overall');
  await expect(overall).toHaveText(/^\d+\.\d%$/, { timeout: 30_000 });
  await expect(adminPage.getByRole('heading', { name: new RegExp(`^${HIGH} · Exterior · `) })).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage);
  const shown = (await overall.textContent())!;
  const [compliancePdf] = await Promise.all([
    adminPage.waitForEvent('download'),
    adminPage.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(compliancePdf.suggestedFilename()).toMatch(/^sweep-compliance-\d{4}-\d{2}-\d{2}\.pdf$/);
  const complianceText = shownText(pdfText(await bytesOf(compliancePdf)));
  expect(complianceText).toContain('Sweep Compliance Report');
  expect(complianceText).toContain(`Campus: ${HIGH}    Door group: Exterior`);
  expect(complianceText).toContain(`Overall compliance: ${shown}`);
  expect(complianceText).toContain(`Doors: ${total}`);
  const [csv] = await Promise.all([adminPage.waitForEvent('download'), adminPage.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^sweep-compliance-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await bytesOf(csv))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  expect(lines[0]).toMatch(/^Campus,Door Number,/);
  const rows = lines.slice(1).map((l) => l.split(','));
  expect(rows.map((r) => r[0])).toEqual(Array.from({ length: total }, () => HIGH));
  expect(rows.map((r) => r[1]).sort()).toEqual([...exterior].sort());
  // Every exterior door was checked this week, today's sweep at least.
  for (const r of rows) expect(r[r.length - 1]).toBe('No');
  // The figures against the server: each door's checks this week (Monday midnight on the browser's calendar)
  // as the tenant database holds them, and the overall figure from the rows' intervals, rounded down.
  const weekStart = await adminPage.evaluate(() => {
    const d = new Date();
    d.setHours(0, 0, 0, 0);
    d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
    return d.toISOString();
  });
  const counted = await serverRows<{ door_number: string; n: number }>(
    `select d.door_number, count(l.id)::int as n from public.doors d join public.campus c on c.id = d.campus_id
       left join public.door_log l on l.door_id = d.id and l.created_at >= $2::timestamptz and l.created_at < $2::timestamptz + interval '7 days'
      where c.campus_name = $1 and 'exterior' = any (d.door_groups) group by d.door_number`,
    [HIGH, weekStart],
  );
  const checksOf = new Map(counted.map((c) => [c.door_number, c.n]));
  for (const r of rows) expect(Number(r[3]), `checks of ${r[1]}`).toBe(checksOf.get(r[1]!));
  const required = rows.reduce((sum, r) => sum + Number(r[4]), 0);
  const met = rows.reduce((sum, r) => sum + Number(r[5]), 0);
  expect(shown).toBe(`${(Math.floor((met * 1000) / required) / 10).toFixed(1)}%`);

  expect(errors).toEqual([]);
  await admin.close();
});

test('Doors Management puts the selected doors in a group and takes them out in bulk; a bad group is refused before anything is saved', async ({
  browser,
}) => {
  const errors: string[] = [];
  const context = await browser.newContext({ baseURL: local.base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  watchErrors(page, errors);
  await signInViaDeepLink(page, ADMIN);
  await expect(page).toHaveURL(/\/security$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Synced', exact: true })).toBeVisible({ timeout: 90_000 });
  await page.getByRole('button', { name: /^Doors/ }).click();
  const doors = page.getByRole('dialog', { name: 'Doors Management' });
  await doors.getByRole('combobox', { name: 'Campus' }).selectOption({ label: HIGH });
  await doors.getByRole('searchbox', { name: 'Search doors' }).fill('G');
  // The high school's four gym doors: G1-G4 (the search also matches other doors with a G; pick by number).
  for (const n of ['G1', 'G2', 'G3', 'G4']) await doors.getByRole('checkbox', { name: `Select door ${n}` }).check();
  const bulk = doors.getByRole('group', { name: 'Edit groups of the selected doors' });
  await expect(bulk.getByText('4 selected')).toBeVisible();
  await bulk.getByRole('combobox', { name: 'Group' }).fill('Gym!');
  await bulk.getByRole('button', { name: 'Add to group' }).click();
  await expect(bulk.getByRole('alert')).toContainText('A group is 1 to 40 letters');
  await bulk.getByRole('combobox', { name: 'Group' }).fill('  Fire Exit ');
  await bulk.getByRole('button', { name: 'Add to group' }).click();
  await expect(doors.getByText('4 doors added to Fire exit.')).toBeVisible();
  const groupsOf = async () =>
    (
      await serverRows<{ door_number: string; door_groups: string[] }>(
        `select d.door_number, d.door_groups from public.doors d join public.campus c on c.id = d.campus_id
          where c.campus_name = $1 and d.door_number like 'G%' order by d.door_number`,
        [HIGH],
      )
    ).map((r) => `${r.door_number}:${r.door_groups.join('+')}`);
  await expect
    .poll(groupsOf, { timeout: 30_000 })
    .toEqual(['G1:fire exit+gym', 'G2:fire exit+gym', 'G3:fire exit+gym', 'G4:fire exit+gym']);
  await expect(
    doors
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { name: 'Select door G1' }) })
      .getByTestId('door-groups'),
  ).toHaveText('Fire exit, Gym');
  await expectNoSeriousA11yViolations(page);

  // Two of them leave the group again.
  for (const n of ['G3', 'G4']) await doors.getByRole('checkbox', { name: `Select door ${n}` }).check();
  await bulk.getByRole('combobox', { name: 'Group' }).fill('fire exit');
  await bulk.getByRole('button', { name: 'Remove from group' }).click();
  await expect(doors.getByText('2 doors removed from Fire exit.')).toBeVisible();
  await expect.poll(groupsOf, { timeout: 30_000 }).toEqual(['G1:fire exit+gym', 'G2:fire exit+gym', 'G3:gym', 'G4:gym']);
  expect(errors).toEqual([]);
  await context.close();
});
