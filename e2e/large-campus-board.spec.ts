/**
 * A campus of 150 doors on the Security Dashboard (issue 16, decision 031),
 * in real Chromium: such a campus renders only the tile rows near the
 * viewport, and its first rows come a frame after the rest of the board.
 * This journey checks what a user gets from that:
 * - the first screen of tiles arrives;
 * - the sync engine still starts once they are there (it waits for them),
 *   and supabase-js is not even asked for before then;
 * - the other campuses' cards follow, closed;
 * - scrolling brings the last door;
 * - Tab walks on from the last rendered tile to the next door.
 *
 * The doors are made on the server with the service key (the spec's own
 * in-process stack, as e2e/inactive-campus.spec.ts) and reach the device
 * by its own pull.
 */
import { expect, test, type Page } from '@playwright/test';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, PASSWORD } from './support';

const SLUG = 'lincoln-isd';
/** Sorts before the demo's campuses, so its card is the board's first, open on arrival. */
const CAMPUS = 'Academy Campus';
const DOORS = 150;

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ timeout: 180_000 });

const local = stackForFile(SLUG);

const grid = (page: Page) => page.getByRole('list', { name: `Doors of ${CAMPUS}` });
const tiles = (page: Page) => grid(page).getByTestId('door-tile');

async function renderedDoors(page: Page): Promise<string[]> {
  return tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-door') ?? ''));
}

test('a 150-door campus shows its first screen of tiles, starts the sync after them, and scrolls and tabs to every door', async ({
  browser,
}) => {
  const [campus] = await local.rest<Array<{ id: string }>>('campus', { method: 'POST', body: { campus_name: CAMPUS } });
  if (!campus) throw new Error('the campus was not created');
  const doors = Array.from({ length: DOORS }, (_, i) => ({ door_number: `AC${i + 1}`, campus_id: campus.id }));
  await local.rest('doors', { method: 'POST', body: doors });
  // A fourth campus: with more than three, only the first card starts open and the others come after its tiles.
  const [annex] = await local.rest<Array<{ id: string }>>('campus', { method: 'POST', body: { campus_name: 'Zephyr Annex' } });
  if (!annex) throw new Error('the second campus was not created');
  await local.rest('doors', { method: 'POST', body: [{ door_number: 'ZA1', campus_id: annex.id }] });
  // Six more, so the closed cards arrive over several frames (five a frame), not in one.
  await local.rest('campus', { method: 'POST', body: Array.from({ length: 6 }, (_, i) => ({ campus_name: `Zephyr Field ${i + 1}` })) });

  const context = await browser.newContext({ baseURL: local.base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/tenant/${SLUG}/login`);
  await page.getByLabel('Email').fill('security@lincoln-isd.test');
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });

  // Opened again from the device's cache: the board, then the campus's first rows, then the sync engine.
  await page.reload();
  await expect(tiles(page).first()).toBeVisible({ timeout: 30_000 });
  const shown = await renderedDoors(page);
  expect(shown[0]).toBe('AC1');
  expect(shown.length, 'a screen of rows and a few more, not every door').toBeLessThan(DOORS);
  expect(shown.length, 'at least a 900 px screen of 4-tile rows').toBeGreaterThanOrEqual(4 * 10);
  await expect(grid(page).getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(DOORS));
  // The background work was let go by the tiles being shown, not by the hold's fallback timer (src/lib/content-ready.ts).
  const start = await page.evaluate(
    () =>
      (performance.getEntriesByName('lockstep:background-start')[0] as PerformanceMark | undefined)?.detail as
        { reason?: string } | undefined,
  );
  expect(start?.reason).toBe('content');
  // The board paints from the device's store alone: supabase-js (with the sync engine) is asked for only after that.
  // It is asked for a frame after the mark (src/lib/content-ready.ts), so the scripts are read until it shows up.
  const supabaseScripts = () =>
    page.evaluate(async () => {
      const mark = performance.getEntriesByName('lockstep:background-start')[0]?.startTime ?? Number.NaN;
      const scripts = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js'));
      const found: Array<{ file: string; at: number }> = [];
      for (const s of scripts) {
        if ((await (await fetch(s.name)).text()).includes('@supabase/')) found.push({ file: new URL(s.name).pathname, at: s.startTime });
      }
      return { mark, found };
    });
  await expect
    .poll(async () => (await supabaseScripts()).found.length, { message: 'supabase-js was loaded once the sync started', timeout: 30_000 })
    .toBeGreaterThan(0);
  const supabase = await supabaseScripts();
  for (const f of supabase.found) expect(f.at, `${f.file} asked for before the board painted`).toBeGreaterThan(supabase.mark);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });

  // Beyond three campuses the closed cards below the first come after its tiles, five a frame: every campus arrives,
  // after the first, closed, in name order.
  const cards = page.getByTestId('campus-card');
  const campuses = Number((await page.getByTestId('summary-campuses').textContent())?.replace(/[^0-9]/g, ''));
  expect(campuses, 'the demo campuses and these eight: the first and two frames of five, at least').toBeGreaterThan(6);
  await expect(cards).toHaveCount(campuses);
  await expect(cards.last()).toHaveAccessibleName('Zephyr Field 6');
  await expect(cards.first().getByRole('button', { expanded: true })).toBeVisible();
  await expect(cards.nth(1).getByRole('button', { expanded: false })).toBeVisible();
  await expect(cards.last().getByRole('button', { expanded: false })).toBeVisible();

  // Scrolling to the list's end brings its last door.
  await grid(page).evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await expect(grid(page).locator(`[data-testid="door-tile"][data-door="AC${DOORS}"]`)).toBeVisible();

  // Back at the top, Tab from the last rendered tile reaches the next door, rendered as focus arrives.
  await page.evaluate(() => scrollTo(0, 0));
  await expect(grid(page).locator('[data-testid="door-tile"][data-door="AC1"]')).toBeAttached();
  const before = await renderedDoors(page);
  const last = before[before.length - 1];
  const next = `AC${Number(last?.slice(2)) + 1}`;
  await grid(page).locator(`[data-testid="door-tile"][data-door="${last}"]`).focus();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('data-door', next);

  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
  await context.close();
});
