/**
 * Missed-check alerts in real Chromium on Playwright's clock (issue 12,
 * DESIGN §11): a door checked half an hour ago on an hourly interval becomes
 * overdue for security@ once the page's clock passes 75 minutes (interval +
 * 25 % grace); they acknowledge it with a note (offline: it waits in the
 * outbox and reaches the server, as theirs, when the connection is back);
 * past two hours (escalation at 200 %) super@ sees it escalated on the tenant
 * dashboard, with the earlier acknowledgement, since an ack made while a door
 * was only overdue does not cover its escalation.
 *
 * The page's clock jumps while the context is offline: the sync engine learns
 * the server's clock on every pull (decision 013), so online it would measure
 * the jump and correct it away. Offline, the screens judge on the device's
 * clock as they would in the field, reading only the local cache.
 *
 * The spec runs its own copy of the local stack in-process (fresh demo data)
 * so it can set the interval and read the server with the service key.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { stackForFile } from './file-stack';
import { PASSWORD } from './support';

const SLUG = 'lincoln-isd';
const CAMPUS = 'Alert Campus';
const DOOR = 'AL1';
const NOTE = 'Custodian propped it for a delivery; closing it now';

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const local = stackForFile(SLUG);
const rest = <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => local.rest<T>(path, init);

let doorId = '';

test.beforeAll(async () => {
  // Hourly checks: overdue at 75 minutes, escalated at 2 hours (the default 25 % and 200 %).
  await rest(`tenant_settings?setting_key=eq.check_interval_hours`, { method: 'PATCH', body: { setting_value: '1' } });
  const [campus] = await rest<Array<{ id: string }>>('campus', { method: 'POST', body: { campus_name: CAMPUS } });
  const [door] = await rest<Array<{ id: string }>>('doors', { method: 'POST', body: { door_number: DOOR, campus_id: campus!.id } });
  doorId = door!.id;
  await rest('door_log', {
    method: 'POST',
    body: { door_id: doorId, campus: CAMPUS, door_status: 'operational', created_at: new Date(Date.now() - 30 * 60_000).toISOString() },
  });
});

/** A fresh context on the page's own clock, signed in at the tenant's deep link, after the first full pull. */
async function signIn(browser: Browser, email: string, lands: RegExp): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({ baseURL: local.base });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.clock.install();
  await page.goto(`${local.base}/tenant/${SLUG}/login`);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(lands, { timeout: 50_000 });
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  return { page, context, errors };
}

/**
 * Whether this device finished pulling `table` once ("Synced" only says the
 * outbox is empty; the first pull may still be running, and going offline
 * would cut it short).
 */
function pulled(page: Page, table: string): Promise<boolean> {
  return page.evaluate(
    async ([slug, t]) => {
      const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith(`lockstep-${slug}-`));
      for (const name of names) {
        const db = await new Promise<IDBDatabase>((done, fail) => {
          const r = indexedDB.open(name);
          r.onsuccess = () => done(r.result);
          r.onerror = () => fail(r.error);
        });
        try {
          if (!db.objectStoreNames.contains('sync_state')) continue;
          const state = await new Promise<{ last_pull_at?: string | null } | undefined>((done, fail) => {
            const r = db.transaction('sync_state').objectStore('sync_state').get(t);
            r.onsuccess = () => done(r.result as { last_pull_at?: string | null } | undefined);
            r.onerror = () => fail(r.error);
          });
          if (state?.last_pull_at) return true;
        } finally {
          db.close();
        }
      }
      return false;
    },
    [SLUG, table] as const,
  );
}

/** Every table this journey reads was pulled. */
async function pulledAll(page: Page): Promise<void> {
  for (const table of ['doors', 'door_log', 'tenant_settings', 'users', 'door_alert_acks'])
    await expect.poll(() => pulled(page, table), { timeout: 60_000, message: `${table} pulled` }).toBe(true);
}

const openCount = async (page: Page): Promise<number> => {
  const text = (await page.getByTestId('missed-check-count').textContent()) ?? '';
  return /^No overdue/.test(text) ? 0 : Number(/(\d+) overdue/.exec(text)?.[1] ?? Number.NaN);
};

test('security@ sees the door become overdue, in the header count and the list, and acknowledges it with a note', async ({ browser }) => {
  const { page, context, errors } = await signIn(browser, 'security@lincoln-isd.test', /\/security$/);
  await pulledAll(page);
  await expect(page.getByLabel('Check interval')).toHaveValue('1');
  await expect(page.getByTestId('missed-check-count')).toBeVisible();
  const before = await openCount(page);
  await page.getByTestId('missed-check-count').click();
  let dialog = page.getByRole('dialog', { name: 'Missed-check alerts' });
  await expect(dialog.locator(`[data-door="${DOOR}"]`)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await context.setOffline(true);
  await page.clock.fastForward('50:00');
  // 80 minutes since the check: overdue, not yet escalated.
  await expect.poll(() => openCount(page)).toBeGreaterThan(before);
  const count = await openCount(page);
  await page.getByTestId('missed-check-count').click();
  dialog = page.getByRole('dialog', { name: 'Missed-check alerts' });
  await expect(dialog.getByRole('heading', { name: `Open (${count})` })).toBeVisible();
  await expect(dialog.locator('section[aria-labelledby="missed-open"] [data-testid="missed-check-alert"]')).toHaveCount(count);
  const row = dialog.locator(`[data-door="${DOOR}"]`);
  await expect(row).toContainText(`Door ${DOOR}`);
  await expect(row).toContainText(CAMPUS);
  await expect(row).toContainText('Overdue');
  await expect(row).toContainText(/Last check/);
  await expect(row).toContainText(/\d+ min overdue/);

  // The note is required.
  await row.getByRole('button', { name: 'Acknowledge' }).click();
  await row.getByRole('button', { name: 'Save acknowledgement' }).click();
  await expect(row.getByText('Write a note')).toBeVisible();
  await row.getByLabel(`Note for door ${DOOR}`).fill(NOTE);
  await row.getByRole('button', { name: 'Save acknowledgement' }).click();

  const acked = dialog.locator(`section[aria-labelledby="missed-acked"] [data-door="${DOOR}"]`);
  await expect(acked).toContainText('Acknowledged by James Carter');
  await expect(acked).toContainText(NOTE);
  await expect(dialog.locator(`section[aria-labelledby="missed-open"] [data-door="${DOOR}"]`)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect.poll(() => openCount(page)).toBe(count - 1);

  // Back online, the acknowledgement reaches the server, as the session's user.
  await context.setOffline(false);
  await expect
    .poll(() => rest<unknown[]>(`door_alert_acks?select=note,level,acknowledged_by_name,last_check_at&door_id=eq.${doorId}`), {
      timeout: 30_000,
    })
    .toEqual([expect.objectContaining({ note: NOTE, level: 'overdue', acknowledged_by_name: 'James Carter' })]);
  expect(errors).toEqual([]);
  await context.close();
});

test('past the escalation threshold super@ sees it escalated on the dashboard, with the earlier note', async ({ browser }) => {
  const { page, context, errors } = await signIn(browser, 'super@lincoln-isd.test', /\/dashboard$/);
  await pulledAll(page);
  const card = page.getByTestId('escalated-alerts');
  await expect(card).toBeVisible();
  await expect(card.locator(`[data-door="${DOOR}"]`)).toHaveCount(0);

  await context.setOffline(true);
  await page.clock.fastForward('01:35:00');
  // Over two hours since the check: escalated, and the overdue-level ack does not cover it.
  const row = card.locator(`[data-door="${DOOR}"]`);
  await expect(row).toContainText('Escalated');
  await expect(row).toContainText(CAMPUS);
  await expect(row).toContainText(`Acknowledged while overdue by James Carter`);
  await expect(row).toContainText(NOTE);
  const escalated = Number(await card.getByTestId('escalated-count').textContent());
  expect(escalated).toBeGreaterThan(0);
  // Acknowledging the escalation is not tried here: only this page's clock
  // moved, and the server accepts an escalated-level ack only once its own
  // clock says the door escalated (tests/db/authorship.test.ts).
  expect(errors).toEqual([]);
  await context.close();
});
