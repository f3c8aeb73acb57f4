/**
 * The hosted layout (issue 20): the PWA on a static host of its own origin and
 * the projects on another, as a static site and Supabase are deployed. The
 * host here serves the same build as the stack does (precompressed files,
 * client routes to the app shell) and an app-config.json naming the stack;
 * every API call then crosses origins, answered by the projects' CORS. An
 * officer signs in, records a check, and the server holds it once, as theirs.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { expect, test } from '@playwright/test';
import { Hono } from 'hono';
import { staticFiles } from '../supabase/local/http/static-files';
import { stackForFile } from './file-stack';
import { builtApp } from './in-process-stack';
import { stopServing } from './network-cut';
import { fillCredentials, LINCOLN, signInSettled } from './support';

const DOOR = 'EA1';
const CAMPUS = 'Lincoln Middle School';

test.describe.configure({ timeout: 180_000 });

const local = stackForFile(LINCOLN.slug);
let host: ServerType | null = null;
let appBase = '';

test.beforeAll(async () => {
  const config: unknown = await (await fetch(`${local.base}/app-config.json`)).json();
  const app = new Hono();
  app.get('/app-config.json', (c) => c.json(config));
  app.get('*', staticFiles(builtApp()));
  appBase = await new Promise<string>((done) => {
    host = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => done(`http://127.0.0.1:${info.port}`));
  });
});

test.afterAll(() => {
  if (host) stopServing(host);
});

test('the app on its own origin signs an officer in against the stack on another and syncs a check', async ({ page }) => {
  expect(new URL(appBase).origin).not.toBe(new URL(local.base).origin);
  const startedAt = new Date(Date.now() - 1000).toISOString();
  const apiOnAppHost: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.origin === appBase && /^\/(platform|t|api)\//.test(u.pathname)) apiOnAppHost.push(r.url());
  });

  await page.goto(`${appBase}/tenant/${LINCOLN.slug}/login`);
  await expect(page.getByRole('heading', { level: 1, name: LINCOLN.display })).toBeVisible();
  await fillCredentials(page, 'officer@lincoln-isd.test');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await signInSettled(page);
  await expect(page).toHaveURL(`${appBase}/tenant/${LINCOLN.slug}/rounds`);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });

  await page.getByRole('link', { name: 'Scan a Door' }).click();
  await page.getByLabel('Search doors').fill(`${DOOR} Middle`);
  await page
    .getByRole('list', { name: 'Doors' })
    .getByRole('button', { name: new RegExp(`^${DOOR}\\s*${CAMPUS}$`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: `Door ${DOOR}` })).toBeVisible();
  await page.getByRole('button', { name: 'Save check' }).click();
  await expect(page.getByRole('heading', { name: 'Saved on this device' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });

  const held = await local.rest<Array<{ doors: { door_number: string }; users: { email: string } }>>(
    `door_log?select=doors(door_number),users(email)&received_at=gte.${encodeURIComponent(startedAt)}`,
  );
  expect(held).toEqual([{ doors: { door_number: DOOR }, users: { email: 'officer@lincoln-isd.test' } }]);
  expect(apiOnAppHost).toEqual([]);
});
