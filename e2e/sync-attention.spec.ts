/**
 * Sync problems the officer can see and act on, in real Chromium: a check the
 * server refuses (the officer was deactivated during the shift) reads Needs
 * attention on the rounds page, with the server's reason, while
 * the header badge counts it, and a retry after reactivation sends it; a
 * session ended elsewhere pauses the queue, the badge says so and leads to
 * the organization's sign-in, and signing in again sends the waiting check
 * with nothing lost.
 *
 * The server is read and changed with the tenant's service key, which never
 * reaches a browser, so (as e2e/door-checks.spec.ts) this spec runs its own
 * copy of the local stack in-process (fresh demo data). Service workers are
 * blocked so only the page's engine sends (no Background Sync push racing it).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { stackForFile } from './file-stack';
import { expectNoSeriousA11yViolations, PASSWORD } from './support';

const SLUG = 'lincoln-isd';
const OFFICER = 'officer@lincoln-isd.test';

test.use({ serviceWorkers: 'block', trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const local = stackForFile(SLUG);

const rest = <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => local.rest<T>(path, init);

async function setOfficerActive(active: boolean): Promise<void> {
  await rest(`users?email=eq.${encodeURIComponent(OFFICER)}`, { method: 'PATCH', body: { active } });
}

async function fillSignIn(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(OFFICER);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The officer signed in on a fresh device, on the rounds page once the first pull is in. */
async function officerOnRounds(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: local.base });
  const page = await context.newPage();
  await page.goto(`${local.base}/tenant/${SLUG}/login`);
  await fillSignIn(page);
  await expect(page).toHaveURL(/\/rounds$/);
  await expect(page.getByRole('list', { name: 'Doors due' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  return page;
}

interface Door {
  id: string;
  number: string;
  campus: string;
}

/** Two of the organization's doors, at random (so a repeated run checks others). */
async function twoDoors(): Promise<[Door, Door]> {
  const campus = new Map(
    (await rest<Array<{ id: string; campus_name: string }>>('campus?select=id,campus_name')).map((c) => [c.id, c.campus_name]),
  );
  const doors = (
    await rest<Array<{ id: string; door_number: string; campus_id: string }>>('doors?select=id,door_number,campus_id&deleted_at=is.null')
  ).map((d) => ({ id: d.id, number: d.door_number, campus: campus.get(d.campus_id) ?? '' }));
  const pick = (): Door => doors.splice(Math.floor(Math.random() * doors.length), 1)[0]!;
  return [pick(), pick()];
}

/** Opens a door's check form by its address, as its QR code's link would. */
async function openDoor(page: Page, door: Door): Promise<void> {
  await page.goto(`${local.base}/tenant/${SLUG}/scan?door=${door.id}`);
  await expect(page.getByRole('heading', { level: 2, name: `Door ${door.number}` })).toBeVisible({ timeout: 30_000 });
}

/** Picks a door in the scan screen's manual picker. */
async function pickDoor(page: Page, door: Door): Promise<void> {
  await page.getByLabel('Search doors').fill(door.number);
  const name = new RegExp(`^${door.number}\\s*${door.campus}$`);
  await page.getByRole('list', { name: 'Doors' }).getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Door ${door.number}` })).toBeVisible();
}

async function saveCheck(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save check' }).click();
  await expect(page.getByRole('heading', { name: 'Saved on this device' })).toBeVisible();
}

async function serverChecksOf(door: Door, since: string): Promise<number> {
  const logs = await rest<Array<{ received_at: string }>>(`door_log?select=received_at&door_id=eq.${door.id}`);
  return logs.filter((l) => Date.parse(l.received_at) >= Date.parse(since)).length;
}

/** The officer signs in on another device and signs out everywhere: every session of theirs ends on the server. */
async function signOutEverywhere(): Promise<void> {
  const config = (await (await fetch(`${local.base}/app-config.json`)).json()) as { platformUrl: string; platformAnonKey: string };
  const platform = { apikey: config.platformAnonKey, 'content-type': 'application/json' };
  const orgs = (await (
    await fetch(`${config.platformUrl}/rest/v1/rpc/get_organization_by_slug`, {
      method: 'POST',
      headers: platform,
      body: JSON.stringify({ org_slug: SLUG }),
    })
  ).json()) as Array<{ supabase_url: string; supabase_anon_key: string }>;
  const org = orgs[0]!;
  const headers = { apikey: org.supabase_anon_key, 'content-type': 'application/json' };
  const signIn = await fetch(`${org.supabase_url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: OFFICER, password: PASSWORD }),
  });
  const { access_token } = (await signIn.json()) as { access_token: string };
  const out = await fetch(`${org.supabase_url}/auth/v1/logout?scope=global`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${access_token}` },
  });
  expect(out.status).toBe(204);
}

/**
 * The hour of the device's access token has passed: its stored session now
 * reads as expired, so the next request must refresh it (and the server,
 * having ended the session, refuses the refresh).
 */
async function expireStoredSession(page: Page): Promise<void> {
  await page.evaluate(async (key) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('lockstep-sessions');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error('open failed'));
    });
    const tx = db.transaction('kv', 'readwrite');
    const store = tx.objectStore('kv');
    const row = await new Promise<{ key: string; value: string }>((resolve, reject) => {
      const g = store.get(key);
      g.onsuccess = () => resolve(g.result as { key: string; value: string });
      g.onerror = () => reject(g.error ?? new Error('get failed'));
    });
    const session = JSON.parse(row.value) as { expires_at: number };
    session.expires_at = Math.floor(Date.now() / 1000) - 60;
    store.put({ key, value: JSON.stringify(session) });
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('write failed'));
    });
    db.close();
  }, `lockstep-auth-tenant-${SLUG}`);
}

test('a check the server refuses reads Needs attention with the reason, the badge counts it, and a retry sends it', async ({ browser }) => {
  const since = new Date(Date.now() - 1000).toISOString();
  const page = await officerOnRounds(browser);
  const [door] = await twoDoors();
  await openDoor(page, door);
  // Deactivated by an administrator during the shift; the device does not know yet.
  await setOfficerActive(false);
  await saveCheck(page);
  const badge = page.getByRole('button', { name: '1 needs attention' });
  await expect(badge).toBeVisible({ timeout: 60_000 });

  await page.getByRole('link', { name: 'My Rounds' }).click();
  const newest = page.getByTestId('recent-check').first();
  await expect(newest).toContainText(door.number);
  const state = newest.getByTestId('check-sync-state');
  await expect(state).toHaveText('Needs attention');
  await expect(page.getByTestId('check-sync-state').filter({ hasText: 'Pending' })).toHaveCount(0);
  await expect(badge).toBeVisible();
  // The server's reason is on the row itself, not only behind the badge.
  const reason = newest.getByTestId('check-sync-reason');
  await expect(reason).toContainText('Refused by the server:');
  await expect(reason).toContainText(/row-level security/);
  await expect(state).toHaveAttribute('title', /row-level security/);
  expect(await serverChecksOf(door, since)).toBe(0);

  // Reactivated, the officer retries it from the badge's list and it is sent.
  await setOfficerActive(true);
  await badge.click();
  const refused = page.getByRole('region', { name: 'Changes the server refused' });
  await expect(refused).toContainText('insert in door_log');
  // On a phone the list opens on the screen, Retry and Discard within reach.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const control of [refused, refused.getByRole('button', { name: 'Retry' }), refused.getByRole('button', { name: 'Discard' })]) {
    const box = await control.boundingBox();
    if (!box) throw new Error('the refused-changes panel is not laid out');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await refused.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  await expect(state).toHaveText('Synced');
  await expect(reason).toHaveCount(0);
  expect(await serverChecksOf(door, since)).toBe(1);
  await page.context().close();
});

test('a session ended elsewhere pauses the queue: the badge says so, leads to sign-in, and signing in again sends the check', async ({
  browser,
}) => {
  await setOfficerActive(true);
  const since = new Date(Date.now() - 1000).toISOString();
  const [first, door] = await twoDoors();
  const page = await officerOnRounds(browser);
  // One check sent as usual first, so the check screens are loaded when the signal goes.
  await openDoor(page, first);
  await saveCheck(page);
  // Proven on the server, not by the badge: it can still read Synced from
  // before the save for a moment.
  await expect.poll(() => serverChecksOf(first, since), { timeout: 60_000 }).toBe(1);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Scan next door' }).click();
  await page.context().setOffline(true);
  await pickDoor(page, door);
  await saveCheck(page);

  // Meanwhile the session ends elsewhere and its hour passes; then the signal is back.
  await signOutEverywhere();
  await expireStoredSession(page);
  await page.context().setOffline(false);
  const signIn = page.getByRole('link', { name: 'Sign in to sync 1' });
  await expect(signIn).toBeVisible({ timeout: 60_000 });
  await expect(signIn).toHaveAccessibleDescription(/Your session ended\. Sign in again to send your changes; nothing is lost\./);
  expect(await serverChecksOf(door, since)).toBe(0);

  await signIn.click();
  await expect(page).toHaveURL(new RegExp(`/tenant/${SLUG}/login$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Lincoln ISD' })).toBeVisible();
  await fillSignIn(page);
  await expect(page).toHaveURL(/\/rounds$/);
  // The check waited on this device through it all and now reaches the server.
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  const newest = page.getByTestId('recent-check').first();
  await expect(newest).toContainText(door.number);
  await expect(newest.getByTestId('check-sync-state')).toHaveText('Synced');
  expect(await serverChecksOf(door, since)).toBe(1);
  await page.context().close();
});
