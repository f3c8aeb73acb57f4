/**
 * The board's latest checks kept on the device between visits (issue 16,
 * src/features/security/kept-latest-checks.ts), in real Chromium: after a
 * visit the device keeps each door's latest check; a log that reached the
 * device since, older than its newest (an officer's offline check synced
 * late), is not among the newest logs the next visit notes at once, so it
 * shows only because that visit reads the window again after painting.
 * The journey checks that it does, and that the kept answer then counts it.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { stackForFile } from './file-stack';
import { signInViaDeepLink } from './support';

const SLUG = 'lincoln-isd';
const CAMPUS = 'Academy Kept Campus';
const DOOR = 'KC1';
const KEPT_KEY = 'screen:security-latest-checks';

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ timeout: 120_000 });

const local = stackForFile(SLUG);

/** Runs `body(db)` in the page against the signed-in user's lincoln-isd store. */
async function inStore<T>(page: Page, body: string): Promise<T> {
  return (await page.evaluate(`(async () => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.startsWith('lockstep-${SLUG}-'));
    const db = await new Promise((ok, fail) => { const r = indexedDB.open(name); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
    const ask = (r) => new Promise((ok, fail) => { r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
    try { return await (${body})(db, ask); } finally { db.close(); }
  })()`)) as T;
}

/** Door logs in the device's store, as a pull would have put them. */
const putLogs = (page: Page, logs: Array<{ id: string; doorId: string; at: string }>) =>
  inStore(
    page,
    `async (db) => {
      const tx = db.transaction('door_log', 'readwrite');
      for (const l of ${JSON.stringify(logs)})
        tx.objectStore('door_log').put({ id: l.id, door_id: l.doorId, door_status: 'operational', created_at: l.at, updated_at: l.at });
      await new Promise((ok, fail) => { tx.oncomplete = ok; tx.onerror = () => fail(tx.error); });
    }`,
  );
const putLog = (page: Page, id: string, doorId: string, at: string) => putLogs(page, [{ id, doorId, at }]);

const keptCount = (page: Page) =>
  inStore<number | null>(
    page,
    `async (db, ask) => (await ask(db.transaction('meta').objectStore('meta').get('${KEPT_KEY}')))?.value?.value?.mark?.count ?? null`,
  );
const logCount = (page: Page) =>
  inStore<number>(page, `async (db, ask) => ask(db.transaction('door_log').objectStore('door_log').count())`);

/** The security admin signed in on the board, its first sync done; the page's errors collected. */
async function signedInBoard(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInViaDeepLink(page, 'security@lincoln-isd.test');
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  return { page, errors };
}

/** The campuses this worker's current test made (the tests of a worker share its stack). */
const campusesMade: string[] = [];
test.afterEach(async () => {
  // With more than three campuses only the first card starts open: each test's campus is switched off after it, so
  // the next test on this stack sees the demo's two and its own, all open from the first paint.
  for (const id of campusesMade.splice(0)) await local.rest(`campus?id=eq.${id}`, { method: 'PATCH', body: { active: false } });
});

/** A campus of its own with one door, made on the server: the door's id. */
async function campusWithDoor(campusName: string, doorNumber: string): Promise<string> {
  const [campus] = await local.rest<Array<{ id: string }>>('campus', { method: 'POST', body: { campus_name: campusName } });
  if (!campus) throw new Error('the campus was not created');
  campusesMade.push(campus.id);
  const [door] = await local.rest<Array<{ id: string }>>('doors', {
    method: 'POST',
    body: { door_number: doorNumber, campus_id: campus.id },
  });
  if (!door) throw new Error('the door was not created');
  return door.id;
}

/** A board-sized context whose every page records `attribute` of the first tile matching `selector`, as it appears. */
async function recordingFirstTile(browser: Browser, selector: string, attribute: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: local.base, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    ([sel, attr]) => {
      const w = window as unknown as { __firstTile?: string | null };
      new MutationObserver((_, observer) => {
        const tile = document.querySelector(sel);
        if (!tile) return;
        w.__firstTile = tile.getAttribute(attr);
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    },
    [selector, attribute] as const,
  );
  return context;
}

const firstTile = (page: Page) => page.evaluate(() => (window as unknown as { __firstTile?: string | null }).__firstTile);

test('a late-synced check older than the newest log shows on the next visit, and the kept answer then counts it', async ({ browser }) => {
  const doorId = await campusWithDoor(CAMPUS, DOOR);

  const context = await browser.newContext({ baseURL: local.base, viewport: { width: 1280, height: 900 } });
  const { page, errors } = await signedInBoard(context);

  // A check of another door just now is the device's newest log.
  const [other] = await local.rest<Array<{ id: string }>>('doors?select=id&door_number=neq.KC1&limit=1');
  if (!other) throw new Error('the demo has no other door');
  await putLog(page, 'kept-newest-log', other.id, new Date().toISOString());
  await page.reload();
  const tile = page.locator(`[data-testid="door-tile"][data-door="${DOOR}"]`);
  await expect(tile).toHaveAttribute('data-freshness', 'needs-check');
  // The board has kept what it read, at the device's log count.
  await expect.poll(async () => (await keptCount(page)) === (await logCount(page)), { timeout: 30_000 }).toBe(true);

  // A check of an hour ago reaches the device's store while the board is closed, as a late pull would bring it.
  await page.goto('/features');
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const newest = await inStore<string>(
    page,
    `async (db, ask) => {
      const cursor = await ask(db.transaction('door_log').objectStore('door_log').index('created_at').openCursor(null, 'prev'));
      return cursor ? cursor.value.created_at : '';
    }`,
  );
  expect(newest > hourAgo, 'the device holds a newer log, so this one is not among the newest').toBe(true);
  await putLog(page, 'kept-late-log', doorId, hourAgo);

  await page.goto(`/tenant/${SLUG}/security`);
  await expect(tile).not.toHaveAttribute('data-freshness', 'needs-check', { timeout: 30_000 });
  await expect.poll(async () => (await keptCount(page)) === (await logCount(page)), { timeout: 30_000 }).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('a door checked since the last visit never paints as needing a check, with more logs since than are noted at once', async ({
  browser,
}) => {
  const doorId = await campusWithDoor('Academy Kept Two', 'KC2');
  // Each page records the freshness KC2's tile first appears with.
  const context = await recordingFirstTile(browser, '[data-testid="door-tile"][data-door="KC2"]', 'data-freshness');
  const { page, errors } = await signedInBoard(context);
  await page.reload();
  const tile = page.locator('[data-testid="door-tile"][data-door="KC2"]');
  await expect(tile).toHaveAttribute('data-freshness', 'needs-check');
  await expect.poll(async () => (await keptCount(page)) === (await logCount(page)), { timeout: 30_000 }).toBe(true);

  // While the board is closed, 600 checks of other doors and one of KC2 reach the store, all newer than the kept answer.
  await page.goto('/features');
  const now = Date.now();
  await putLogs(page, [
    ...Array.from({ length: 600 }, (_, i) => ({
      id: `kept-bulk-${i}`,
      doorId: `kept-elsewhere-${i}`,
      at: new Date(now - i * 1000).toISOString(),
    })),
    { id: 'kept-kc2-now', doorId, at: new Date(now).toISOString() },
  ]);

  await page.goto(`/tenant/${SLUG}/security`);
  await expect(tile).not.toHaveAttribute('data-freshness', 'needs-check');
  expect(await firstTile(page)).not.toBe('needs-check');
  await expect.poll(async () => (await keptCount(page)) === (await logCount(page)), { timeout: 30_000 }).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

/** The door numbers in the board's kept view of the doors (src/features/security/kept-doors.ts), null when none is kept. */
const keptDoorNumbers = (page: Page) =>
  inStore<string[] | null>(
    page,
    `async (db, ask) => (await ask(db.transaction('meta').objectStore('meta').get('screen:security-board-doors')))?.value?.value?.columns?.door_number ?? null`,
  );

test('the board keeps its view of the doors, follows a rename pulled in, and reads no door row while none was written', async ({
  browser,
}) => {
  const doorId = await campusWithDoor('Academy Kept Doors', 'KD1');
  // Each page records the door number KD1's tile first appears with.
  const context = await recordingFirstTile(browser, '[data-testid="door-tile"][data-door^="KD1"]', 'data-door');
  const { page, errors } = await signedInBoard(context);
  const tileOf = (number: string) => page.locator(`[data-testid="door-tile"][data-door="${number}"]`);
  await expect(tileOf('KD1')).toBeVisible();
  await expect.poll(async () => (await keptDoorNumbers(page))?.includes('KD1') ?? false, { timeout: 30_000 }).toBe(true);

  // Renamed on the server while the board is open: its pull writes the row, and the board shows and keeps the new number.
  await local.rest(`doors?id=eq.${doorId}`, { method: 'PATCH', body: { door_number: 'KD1-B' } });
  await expect(tileOf('KD1-B')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await keptDoorNumbers(page))?.includes('KD1-B') ?? false, { timeout: 30_000 }).toBe(true);

  // Behind the app's back (no app path writes a door without counting it, src/data/table-writes.ts), the row is
  // renumbered in the store, and the tenant's API is cut so no pull can write either. The board paints from its
  // view and reads no door row, so it never shows that number.
  await page.goto('/features');
  await inStore(
    page,
    `async (db, ask) => {
      const tx = db.transaction('doors', 'readwrite');
      const row = await ask(tx.objectStore('doors').get(${JSON.stringify(doorId)}));
      tx.objectStore('doors').put({ ...row, door_number: 'KD1-X' });
      await new Promise((ok, fail) => { tx.oncomplete = ok; tx.onerror = () => fail(tx.error); });
    }`,
  );
  await context.route('**/rest/v1/**', (route) => route.abort());
  await page.goto(`/tenant/${SLUG}/security`);
  await expect(tileOf('KD1-B')).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(() => performance.getEntriesByName('lockstep:background-start').length > 0);
  await page.waitForTimeout(2_000);
  await expect(tileOf('KD1-B')).toBeVisible();
  expect(await firstTile(page)).toBe('KD1-B');
  // The store still holds the number the board never showed: no pull put the row back and made the board read it.
  const stored = await inStore<string>(
    page,
    `async (db, ask) => (await ask(db.transaction('doors').objectStore('doors').get(${JSON.stringify(doorId)}))).door_number`,
  );
  expect(stored).toBe('KD1-X');
  expect(errors).toEqual([]);
  await context.close();
});
