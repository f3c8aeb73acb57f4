/**
 * Photo evidence (issue 17) in real Chromium: an officer on a phone, with the
 * network cut for real (the stack behind a proxy that refuses connections,
 * e2e/network-cut.ts), records a check with 2 photos picked through the file
 * chooser, reloads with no signal (the check and its photos still there,
 * thumbnails shown, photos pending apart from the record), and goes online:
 * the server then holds the check once and both photos as objects under it,
 * and a security admin sees them in that door's details, in the door-log
 * report (a camera on the check's row) and as thumbnails in its PDF.
 *
 * The spec runs its own stack (fresh demo data) so it can read the server.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { launchThroughProxy, startLocal, startProxy, waitForServiceWorker, type Local, type Proxy } from './network-cut';
import { LINCOLN, signInViaDeepLink } from './support';

test.use({ trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const OFFICER = 'officer@lincoln-isd.test';
const MIDDLE = 'Lincoln Middle School';
const DOOR = 'EA3';
const NOTE = `Closer arm snapped (e2e ${Date.now()})`;

let local: Local;
let proxy: Proxy;
let browser: Browser;

async function serverRows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const project = await local.stack.tenant(LINCOLN.slug);
  if (!project) throw new Error('lincoln-isd is not served');
  return (await project.engine.query<T & Record<string, unknown>>(sql, params)).rows;
}

/** Two camera-like JPEGs drawn in the page (a canvas), as the file chooser hands them over. */
async function twoPhotos(page: Page): Promise<Array<{ name: string; mimeType: string; buffer: Buffer }>> {
  const encoded = await page.evaluate(async () => {
    const out: string[] = [];
    for (const hue of [20, 200]) {
      const canvas = document.createElement('canvas');
      canvas.width = 2400;
      canvas.height = 1800;
      const g = canvas.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, 2400, 1800);
      grad.addColorStop(0, `hsl(${hue} 70% 40%)`);
      grad.addColorStop(1, `hsl(${hue + 60} 70% 70%)`);
      g.fillStyle = grad;
      g.fillRect(0, 0, 2400, 1800);
      const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/jpeg', 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let bin = '';
      for (const b of bytes) bin += String.fromCharCode(b);
      out.push(btoa(bin));
    }
    return out;
  });
  return encoded.map((b64, i) => ({ name: `IMG_000${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(b64, 'base64') }));
}

test.beforeAll(async () => {
  local = await startLocal();
  proxy = await startProxy();
  browser = await launchThroughProxy(proxy);
});

test.afterAll(async () => {
  await browser?.close();
  await local?.close();
});

test('an officer offline records a check with 2 photos; online, the server holds both and the door details show them', async () => {
  const context = await browser.newContext({
    baseURL: local.base,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInViaDeepLink(page, OFFICER);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Doors due' }).or(page.getByText('All doors on this campus are checked'))).toBeVisible({
    timeout: 30_000,
  });
  await waitForServiceWorker(page);
  const files = await twoPhotos(page);

  // No signal from here on.
  await proxy.refuse();
  const hitsWhileOffline = local.hits();
  const forwardedWhileOffline = proxy.forwarded();

  await page.getByRole('link', { name: 'Scan a Door' }).click();
  await page.getByLabel('Search doors').fill(`${DOOR} Middle`);
  await page
    .getByRole('list', { name: 'Doors' })
    .getByRole('button', { name: new RegExp(`^${DOOR}\\s*${MIDDLE}$`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: `Door ${DOOR}` })).toBeVisible();
  await page.getByLabel('Problem').fill(NOTE);
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Choose photos', { exact: true }).click();
  await (await chooser).setFiles(files);
  const drafts = page.getByRole('list', { name: 'Photos to save' }).getByRole('img');
  await expect(drafts).toHaveCount(2, { timeout: 30_000 });
  // Thumbnails from this device's bytes, drawn at once with no network.
  for (const img of await drafts.all()) expect(await img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth > 0)).toBe(true);
  await page.getByRole('button', { name: 'Save check' }).click();
  await expect(page.getByRole('heading', { name: 'Saved on this device' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '2 photos pending' }).first()).toBeAttached();

  // Reloaded with no signal: the check and both photos are still on this device, still waiting.
  await page.reload();
  await expect(page.getByText(/1 pending.*2 photos pending/).first()).toBeVisible({ timeout: 30_000 });
  const stored = await page.evaluate(
    async (name) => {
      const db = await new Promise<IDBDatabase>((ok, no) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => no(r.error);
      });
      try {
        return await new Promise<Array<{ state: string; size: number; width: number; height: number; path: string }>>((ok, no) => {
          const r = db.transaction('photos').objectStore('photos').getAll();
          r.onsuccess = () => ok(r.result as Array<{ state: string; size: number; width: number; height: number; path: string }>);
          r.onerror = () => no(r.error);
        });
      } finally {
        db.close();
      }
    },
    `lockstep-${LINCOLN.slug}-${(await serverRows<{ id: string }>(`select id from public.users where email = $1`, [OFFICER]))[0]!.id}`,
  );
  expect(stored.map((p) => p.state)).toEqual(['pending', 'pending']);
  // Compressed on the phone: 2400 x 1800 became 1600 x 1200.
  for (const p of stored) expect([p.width, p.height]).toEqual([1600, 1200]);
  expect(local.hits()).toBe(hitsWhileOffline);
  expect(proxy.forwarded()).toBe(forwardedWhileOffline);

  // Signal again: the check goes, then its photos.
  await proxy.restore();
  await page.getByRole('button', { name: /pending/ }).click();
  // Exactly "Synced": the badge reads "Synced · 2 photos pending" until the photos are up too.
  await expect(page.getByRole('button', { name: 'Synced', exact: true })).toBeVisible({ timeout: 90_000 });
  const checks = await serverRows<{ id: string }>(`select id::text as id from public.door_log where door_problem = $1`, [NOTE]);
  expect(checks).toHaveLength(1);
  const objects = await serverRows<{ name: string; size: number }>(
    `select name, (metadata->>'size')::int as size from storage.objects where bucket_id = 'evidence' and name like $1 order by name`,
    [`door_log/${checks[0]!.id}/%`],
  );
  expect(objects.map((o) => o.name).sort()).toEqual(stored.map((p) => p.path).sort());
  expect(objects.map((o) => o.size).sort()).toEqual(stored.map((p) => p.size).sort());
  expect(errors).toEqual([]);
  await context.close();

  // A security admin opens that door's details: the check's two photos load from the server.
  const admin = await browser.newContext({ baseURL: local.base });
  const adminPage = await admin.newPage();
  await signInViaDeepLink(adminPage, 'security@lincoln-isd.test');
  await expect(adminPage).toHaveURL(/\/security$/, { timeout: 30_000 });
  await waitForServiceWorker(adminPage);
  const campus = adminPage.getByTestId('campus-card').filter({ hasText: MIDDLE });
  const tile = campus.locator(`[data-testid="door-tile"][data-door="${DOOR}"]`);
  const details = adminPage.getByRole('dialog', { name: `Door ${DOOR}` });
  const gallery = details.getByRole('list', { name: /^Photos of the check at / });
  const shown = () =>
    expect
      .poll(() => gallery.locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length), {
        timeout: 30_000,
      })
      .toBe(2);
  await tile.click({ timeout: 60_000 });
  // The thumbnails are decorative inside their buttons (alt=""): the buttons carry the names.
  await expect(gallery.getByRole('button', { name: /^Open photo \d/ })).toHaveCount(2, { timeout: 60_000 });
  await shown();
  await details.getByRole('button', { name: 'Close' }).first().click();

  // Seen once online, they open with the network cut, after a reload too: the listing is remembered on the
  // device and the worker keeps each image under its path (a new signed URL's token does not matter).
  const kept = await adminPage.evaluate(async () =>
    (await (await caches.open('lockstep-photos')).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search),
  );
  expect(kept.sort()).toEqual(objects.map((o) => `/t/${LINCOLN.slug}/storage/v1/object/sign/evidence/${o.name}`).sort());
  await proxy.refuse();
  await adminPage.reload();
  await tile.click({ timeout: 30_000 });
  await expect(gallery.getByRole('button', { name: /^Open photo \d/ })).toHaveCount(2, { timeout: 30_000 });
  await shown();
  await details.getByRole('button', { name: 'Close' }).first().click();
  await proxy.restore();

  // And in the door-log report: the check is marked with a camera, which opens its photos.
  await adminPage.getByRole('button', { name: /^Door Logs/ }).click();
  const report = adminPage.getByRole('dialog', { name: 'Door Logs Report' });
  await report.getByRole('textbox', { name: 'Door Range (A-B)' }).fill(`${DOOR}-${DOOR}`);
  const camera = report.getByRole('button', { name: new RegExp(`^Photos of the check of ${DOOR} at `) });
  await expect(camera).toHaveCount(1, { timeout: 30_000 });
  await camera.click();
  const photos = adminPage.getByRole('dialog', { name: 'Photos' });
  await expect(photos.getByRole('button', { name: /^Open photo \d/ })).toHaveCount(2, { timeout: 30_000 });
  await adminPage.keyboard.press('Escape');
  await expect(photos).toHaveCount(0);

  // The PDF with thumbnails on request: the check's row draws both, fetched from the server and scaled here.
  await report.getByRole('checkbox', { name: 'Photos in PDF' }).check();
  const download = adminPage.waitForEvent('download');
  await report.getByRole('button', { name: 'Export PDF' }).click();
  const pdf = readFileSync(await (await download).path()).toString('latin1');
  expect(pdf).toContain('(Photos)');
  expect(pdf).toContain('up to 3 per check');
  expect(pdf.match(/\/Subtype \/Image/g)).toHaveLength(2);
  expect(pdf.match(/\/I\d+ Do/g)).toHaveLength(2);

  // The problem noted opened a work order, which shows the photos of the check that opened it.
  const opened = await serverRows<{ id: string }>(`select id from public.maintenance_records where source_door_log_id = $1`, [
    checks[0]!.id,
  ]);
  expect(opened).toHaveLength(1);
  await adminPage.keyboard.press('Escape');
  await expect(report).toHaveCount(0);
  await tile.click();
  await details
    .getByRole('region', { name: 'Open work' })
    .getByRole('link', { name: new RegExp(NOTE.replace(/[()]/g, '\\$&')) })
    .click();
  const order = adminPage.getByRole('article', { name: `Work order for door ${DOOR}` });
  const fromCheck = order.getByRole('list', { name: 'Photos from the check that opened it' });
  await expect(fromCheck.getByRole('button', { name: /^Open photo \d/ })).toHaveCount(2, { timeout: 30_000 });
  await admin.close();
});

test('an incident’s photos count toward its five: editing takes only what is left, and a full incident offers no more', async () => {
  const admin = await browser.newContext({ baseURL: local.base });
  const page = await admin.newPage();
  await signInViaDeepLink(page, 'security@lincoln-isd.test');
  await expect(page).toHaveURL(/\/security$/, { timeout: 30_000 });
  const pair = await twoPhotos(page);
  const files = [...pair, { ...pair[0]!, name: 'IMG_0003.jpg' }];
  const title = `Pane smashed (e2e ${Date.now()})`;
  await page.getByRole('button', { name: /^Active Incidents/ }).click();
  const incidents = page.getByRole('dialog', { name: 'Incidents Management' });
  const pick = async (chosen: typeof files) => {
    const chooser = page.waitForEvent('filechooser');
    await incidents.getByText('Choose photos', { exact: true }).click();
    await (await chooser).setFiles(chosen);
  };
  const drafts = incidents.getByRole('list', { name: 'Photos to save' }).getByRole('img');

  await incidents.getByRole('button', { name: 'Report New Incident' }).click();
  await expect(incidents.getByText('(optional, up to 5)')).toBeVisible();
  await incidents.getByRole('textbox', { name: 'Title' }).fill(title);
  await incidents.getByRole('textbox', { name: 'Description' }).fill('Science wing, north door');
  await pick(files);
  await expect(drafts).toHaveCount(3, { timeout: 30_000 });
  await incidents.getByRole('button', { name: 'Report Incident' }).click();
  await expect(incidents.getByText('Incident created successfully!')).toBeVisible();

  // Editing: the incident's 3 count, so of 3 more only 2 are taken.
  await incidents.getByRole('button', { name: `Edit incident ${title}` }).click();
  await expect(incidents.getByRole('list', { name: 'Photos of this incident' }).getByRole('button')).toHaveCount(3, { timeout: 30_000 });
  await expect(incidents.getByText('(optional, 2 more: this record has 3)')).toBeVisible();
  await pick(files);
  await expect(drafts).toHaveCount(2, { timeout: 30_000 });
  await expect(incidents.getByText('At most 5 photos can be added to one record: 1 not added.')).toBeVisible();
  await expect(incidents.getByText('5 photos in all: remove one to add another.')).toBeVisible();
  await incidents.getByRole('button', { name: 'Update Incident' }).click();
  await expect(incidents.getByText('Incident updated successfully!')).toBeVisible();

  await incidents.getByRole('button', { name: `Edit incident ${title}` }).click();
  await expect(incidents.getByRole('list', { name: 'Photos of this incident' }).getByRole('button')).toHaveCount(5, { timeout: 30_000 });
  await expect(incidents.getByText('This record has its 5 photos: no more can be added.')).toBeVisible();
  await expect(incidents.getByText('Choose photos', { exact: true })).toHaveCount(0);
  // All five reach the server under the incident.
  await expect
    .poll(
      async () =>
        (
          await serverRows<{ n: number }>(
            `select count(*)::int as n from storage.objects o join public.incidents i on o.name like 'incidents/' || i.id || '/%' where i.title = $1`,
            [title],
          )
        )[0]?.n,
      { timeout: 60_000 },
    )
    .toBe(5);
  await admin.close();
});
