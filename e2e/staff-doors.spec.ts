/**
 * The staff door-troubleshooting view (issue 11, spec §2 /door-management) in
 * real Chromium: opened from its dashboard tile, the status filter shows as
 * many doors as the tenant's database holds in that status, a tenant with no
 * open maintenance shows All Clear!, and a tenant whose project cannot be
 * reached shows spec §8's connection failure with its way back to the
 * organizations.
 *
 * The journeys resolve maintenance and move a tenant's project address, so
 * they run against their own in-process copy of the local stack (fresh demo
 * data), whose databases the spec reads and changes directly.
 */
import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { expect, test, type Page } from '@playwright/test';
import { seedDemo } from '../supabase/local/seed';
import { createServer } from '../supabase/local/server';
import { Stack } from '../supabase/local/stack';
import { expectNoSeriousA11yViolations, LINCOLN, signInPlatform } from './support';

const ROOT = resolve(import.meta.dirname, '..');
const RIVERSIDE = { slug: 'riverside-college' };
const STATUSES = { operational: 'Operational', maintenance: 'Maintenance', out_of_service: 'Out of Service' } as const;

test.use({ trace: 'off' });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let stack: Stack;
let base: string;
let closeServer: () => void;

function builtApp(): string {
  const own = join(ROOT, '.data', `e2e-dist-${process.env.E2E_PORT ?? 4179}`);
  return !process.env.E2E_BASE_URL && existsSync(join(own, 'index.html')) ? own : join(ROOT, 'dist');
}

/** A free port for the stack: taken from the system, then let go. */
async function freePort(): Promise<number> {
  const probe = createHttpServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((done) => probe.close(done));
  return port;
}

async function tenantQuery<T>(slug: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const project = await stack.tenant(slug);
  if (!project) throw new Error(`${slug} is not served`);
  return (await project.engine.query<T>(sql, params)).rows;
}

async function companyOf(slug: string): Promise<string> {
  const r = await stack.platform.engine.query<{ company_name: string }>('select company_name from public."Tenants" where slug = $1', [
    slug,
  ]);
  return r.rows[0]!.company_name;
}

async function openDoorView(page: Page): Promise<void> {
  await signInPlatform(page, 'admin@lockstep.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Staff tools' }).getByRole('link', { name: 'Door Management' }).click();
  await expect(page).toHaveURL(/\/door-management$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Door Management' })).toBeVisible();
}

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  stack = await Stack.open({ kind: 'pglite', dataDir: null }, base);
  await seedDemo(stack);
  await stack.refreshTenantUrls();
  const server = serve({ fetch: createServer(stack, { staticDir: builtApp() }).fetch, port, hostname: '127.0.0.1' });
  closeServer = () => server.close();
});

test.afterAll(async () => {
  closeServer?.();
  await stack?.close();
});

test('the status filter shows as many doors as the tenant holds in each status', async ({ browser }) => {
  const page = await (await browser.newContext({ baseURL: base })).newPage();
  await openDoorView(page);
  await page.getByRole('button', { name: new RegExp(LINCOLN.company) }).click();
  await expect(page).toHaveURL(/\/door-management\?tenant=lincoln-isd$/);

  const counts = await tenantQuery<{ status: string; n: string | number }>(
    LINCOLN.slug,
    'select status, count(*) as n from public.doors where deleted_at is null group by status',
  );
  const byStatus = new Map(counts.map((r) => [r.status, Number(r.n)]));
  const total = [...byStatus.values()].reduce((a, b) => a + b, 0);
  // Demo data with doors in more than one status, so a filter that ignored the status would be caught.
  expect(byStatus.size).toBeGreaterThan(1);
  await expect(page.getByText(`${total} of ${total} doors`)).toBeVisible();
  const cards = page.getByRole('list', { name: 'Doors' }).getByRole('listitem');
  await expect(cards).toHaveCount(total);

  for (const [status, label] of Object.entries(STATUSES)) {
    const n = byStatus.get(status) ?? 0;
    await page.getByLabel('Status').selectOption({ label });
    await expect(page.getByText(`${n} of ${total} doors`)).toBeVisible();
    if (n > 0) await expect(cards).toHaveCount(n);
    else await expect(page.getByText('No doors match your search')).toBeVisible();
  }
  await page.getByLabel('Status').selectOption({ label: 'All statuses' });
  await expect(cards).toHaveCount(total);
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test('an unreachable tenant shows the connection failure and the way back; with no open maintenance it shows All Clear!', async ({
  browser,
}) => {
  const company = await companyOf(RIVERSIDE.slug);
  const [{ id }] = (await stack.platform.engine.query<{ id: string }>('select id from public."Tenants" where slug = $1', [RIVERSIDE.slug]))
    .rows as [{ id: string }];
  const secret = await stack.platform.engine.query<{ project_url: string }>(
    'select project_url from public.tenant_secrets where tenant_id = $1',
    [id],
  );
  const realUrl = secret.rows[0]!.project_url;
  // The tenant's project really is out of reach: its stored address is moved to one where the stack serves no
  // project (the local API reaches projects in-process by path, so a dead port alone would not cut it).
  await stack.platform.engine.query('update public.tenant_secrets set project_url = $1 where tenant_id = $2', [
    `${base}/t/${RIVERSIDE.slug}-moved-away`,
    id,
  ]);

  const page = await (await browser.newContext({ baseURL: base })).newPage();
  await openDoorView(page);
  await page.getByRole('button', { name: new RegExp(company) }).click();
  await expect(page).toHaveURL(/\/door-management\?tenant=riverside-college$/);
  await expect(
    page.getByText(
      `Failed to connect to ${company}'s database. Please check if the database is accessible and the connection details are correct.`,
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Try a different organization' }).click();
  await expect(page).toHaveURL(/\/door-management$/);
  await expect(page.getByRole('heading', { name: 'Select an Organization' })).toBeVisible();

  // Back within reach, and every maintenance record resolved: nothing is open.
  await stack.platform.engine.query('update public.tenant_secrets set project_url = $1 where tenant_id = $2', [realUrl, id]);
  await tenantQuery(RIVERSIDE.slug, "update public.maintenance_records set status = 'resolved' where status <> 'resolved'");
  const open = await tenantQuery<{ n: string | number }>(
    RIVERSIDE.slug,
    "select count(*) as n from public.maintenance_records where status <> 'resolved'",
  );
  expect(Number(open[0]!.n)).toBe(0);
  await page.getByRole('button', { name: new RegExp(company) }).click();
  await expect(page.getByRole('heading', { name: 'All Clear!' })).toBeVisible();
  await expect(page.getByText('No active maintenance for this organization.')).toBeVisible();
  await expect(page.getByTestId('list-age')).toHaveText(/Last updated just now/);
  await page.context().close();
});
