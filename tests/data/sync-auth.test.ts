/**
 * Session expiry with three tabs (issue 3, test 6): exactly one refresh for
 * all of them, behind the shared lock; a failed refresh pauses the queue,
 * keeps every entry (nothing rejected as if it were bad data), and a new
 * sign-in resumes it. A token the server keeps refusing even just after a
 * refresh pauses it the same way instead of refreshing on every poll.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../supabase/local/keys';
import { recordDoorCheck } from '../../src/data/repositories';
import { startTestStack, type TestStack } from '../support/stack';
import {
  closeTab,
  device,
  doorId,
  drain,
  openTab,
  storageKeyOf,
  tenantFixture,
  type Device,
  type TenantFixture,
  type Tab,
} from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

function refreshRequests(dev: Device): number {
  return dev.net.log.filter((l) => l.path.includes('/auth/v1/token') && l.path.includes('grant_type=refresh_token')).length;
}

/** Rewrites the stored session: a token the server refuses as expired, and optionally a clock expiry or a bad refresh token. */
async function tamperSession(
  f: TenantFixture,
  dev: Device,
  change: { serverExpired?: boolean; clockExpired?: boolean; refreshToken?: string },
): Promise<string> {
  const key = storageKeyOf(f);
  const raw = await dev.storage.getItem(key);
  if (!raw) throw new Error('no stored session');
  const s = JSON.parse(raw) as Record<string, unknown>;
  if (change.serverExpired) {
    s.access_token = await signJwt(
      f.project.keys.jwtSecret,
      { sub: f.user.id, role: 'authenticated', aud: 'authenticated', email: f.user.email },
      -60,
    );
  }
  const now = Math.floor(Date.now() / 1000);
  s.expires_at = change.clockExpired ? now - 60 : now + 3600;
  if (change.refreshToken) s.refresh_token = change.refreshToken;
  await dev.storage.setItem(key, JSON.stringify(s));
  return String(s.access_token);
}

async function threeTabs(f: TenantFixture, dev: Device): Promise<Tab[]> {
  const tabs = [await openTab(f, dev), await openTab(f, dev), await openTab(f, dev)];
  return tabs;
}

describe('auth', () => {
  it('6a. a token the server calls expired: three tabs, exactly one refresh, then everything is sent', async () => {
    const f = await tenantFixture(t);
    const dev = device(t);
    const tabs = await threeTabs(f, dev);
    await f.signIn(tabs[0]!.client);
    dev.net.offline = true;
    const ids: string[] = [];
    for (const [i, tab] of tabs.entries())
      for (let k = 0; k < 5; k++) ids.push((await recordDoorCheck(tab.db, { door_id: doorId(f, i), door_status: 'operational' })).id);
    const stale = await tamperSession(f, dev, { serverExpired: true });
    for (const tab of tabs) tab.engine.start();
    await tabs[0]!.engine.waitForLeadership();
    dev.net.offline = false;
    // Every tab meets the refused token at once (the leader's push, the others' reads).
    const outcomes = await Promise.all([tabs[0]!.engine.requestSync(), tabs[1]!.session.refresh(stale), tabs[2]!.session.refresh(stale)]);
    expect(outcomes.slice(1)).toEqual(['refreshed', 'refreshed']);
    await drain(tabs[0]!);
    expect(refreshRequests(dev)).toBe(1);
    const server = await f.serverIds('door_log');
    expect(ids.every((id) => server.get(id) === 1)).toBe(true);
    for (const tab of tabs) await closeTab(tab);
  });

  it('6b. a session past its expiry on the device clock: three tabs reading the token at once cause one refresh', async () => {
    const f = await tenantFixture(t);
    const dev = device(t);
    const tabs = await threeTabs(f, dev);
    await f.signIn(tabs[0]!.client);
    await tamperSession(f, dev, { clockExpired: true });
    const oldRefresh = (JSON.parse((await dev.storage.getItem(storageKeyOf(f))) ?? '{}') as { refresh_token?: string }).refresh_token;
    const tokens = await Promise.all(tabs.map((tab) => tab.session.accessToken()));
    expect(refreshRequests(dev)).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    const stored = JSON.parse((await dev.storage.getItem(storageKeyOf(f))) ?? '{}') as { refresh_token?: string; access_token?: string };
    expect(stored.refresh_token).not.toBe(oldRefresh);
    expect(tokens[0]).toBe(stored.access_token);
    for (const tab of tabs) await closeTab(tab);
  });

  it('6c. a failed refresh pauses the queue and keeps everything; signing in again resumes it', async () => {
    const f = await tenantFixture(t);
    const dev = device(t);
    const tabs = await threeTabs(f, dev);
    await f.signIn(tabs[0]!.client);
    const ids: string[] = [];
    for (let k = 0; k < 20; k++) ids.push((await recordDoorCheck(tabs[k % 3]!.db, { door_id: doorId(f), door_status: 'operational' })).id);
    const stale = await tamperSession(f, dev, { serverExpired: true, refreshToken: 'revoked-or-unknown' });
    for (const tab of tabs) tab.engine.start();
    await tabs[0]!.engine.waitForLeadership();
    await Promise.all([tabs[0]!.engine.requestSync(), tabs[1]!.session.refresh(stale), tabs[2]!.session.refresh(stale)]);
    expect(refreshRequests(dev)).toBe(1);
    const leader = tabs[0]!;
    expect(leader.engine.getState().paused).toBe('sign-in');
    expect(leader.engine.getState().lastError?.status).toBe(401);
    expect(await leader.db.outbox.count()).toBe(20);
    expect(await leader.db.rejected.count()).toBe(0);
    // Paused means paused: another trigger sends nothing and asks for no refresh.
    const before = dev.net.log.length;
    await leader.engine.requestSync();
    expect(dev.net.log.length).toBe(before);

    await f.signIn(tabs[1]!.client);
    await leader.engine.requestSync();
    await drain(leader);
    const server = await f.serverIds('door_log');
    expect(ids.every((id) => server.get(id) === 1)).toBe(true);
    expect(leader.engine.getState().paused).toBeNull();
    for (const tab of tabs) await closeTab(tab);
  });

  it('6d. signed out entirely: nothing is sent as anon, the queue waits for sign-in', async () => {
    const f = await tenantFixture(t);
    const dev = device(t);
    const tab = await openTab(f, dev);
    await recordDoorCheck(tab.db, { door_id: doorId(f), door_status: 'operational' });
    tab.engine.start();
    await tab.engine.waitForLeadership();
    await tab.engine.requestSync();
    expect(tab.engine.getState().paused).toBe('sign-in');
    expect(tab.engine.getState().lastError?.code).toBe('LOCKSTEP_NO_SESSION');
    expect(dev.net.log.filter((l) => l.path.includes('/rest/v1/')).length).toBe(0);
    expect(await tab.db.outbox.count()).toBe(1);
    await closeTab(tab);
  });

  it('6e. a fresh token the server still refuses pauses the queue for sign-in: one refresh over many polls, nothing lost; signing in again resumes it', async () => {
    const f = await tenantFixture(t);
    const dev = device(t);
    const tab = await openTab(f, dev, { pollMs: 10 });
    await f.signIn(tab.client);
    const ids: string[] = [];
    for (let k = 0; k < 5; k++) ids.push((await recordDoorCheck(tab.db, { door_id: doorId(f), door_status: 'operational' })).id);
    dev.net.refuseTokens = true;
    let cycles = 0;
    let wasRunning = false;
    tab.engine.subscribe((s) => {
      if (s.running && !wasRunning) cycles++;
      wasRunning = s.running;
    });
    tab.engine.start();
    await tab.engine.waitForLeadership();
    await tab.engine.requestSync();
    expect(tab.engine.getState().paused).toBe('sign-in');
    expect(tab.engine.getState().lastError).toMatchObject({ status: 401, code: 'PGRST301' });
    expect(refreshRequests(dev)).toBe(1);
    const restSent = dev.net.log.filter((l) => l.path.includes('/rest/v1/')).length;

    // Many poll cycles and triggers later: no refresh, nothing sent, nothing dropped.
    const since = cycles;
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 3; i++) await tab.engine.requestSync();
    expect(cycles - since).toBeGreaterThanOrEqual(5);
    expect(refreshRequests(dev)).toBe(1);
    expect(dev.net.log.filter((l) => l.path.includes('/rest/v1/')).length).toBe(restSent);
    expect(tab.engine.getState().paused).toBe('sign-in');
    expect(await tab.db.outbox.count()).toBe(5);
    expect(await tab.db.rejected.count()).toBe(0);

    // The server takes tokens again, but the queue waits for the sign-in it asked for.
    dev.net.refuseTokens = false;
    await tab.engine.requestSync();
    expect(dev.net.log.filter((l) => l.path.includes('/rest/v1/')).length).toBe(restSent);
    await f.signIn(tab.client);
    await tab.engine.requestSync();
    expect(tab.engine.getState().paused).toBeNull();
    await drain(tab);
    const server = await f.serverIds('door_log');
    expect(ids.every((id) => server.get(id) === 1)).toBe(true);
    expect(tab.engine.getState().lastError).toBeNull();
    await closeTab(tab);
  });
  it('6f. the same for a pull with nothing to push: a refused fresh token pauses instead of refreshing on every poll', async () => {
    const f = await tenantFixture(t);
    const dev = device(t);
    const tab = await openTab(f, dev, { pullAfterPush: true, tables: ['doors'] });
    await f.signIn(tab.client);
    dev.net.refuseTokens = true;
    tab.engine.start();
    await tab.engine.waitForLeadership();
    for (let i = 0; i < 4; i++) await tab.engine.requestSync();
    await tab.engine.pullNow();
    expect(tab.engine.getState().paused).toBe('sign-in');
    expect(tab.engine.getState().lastError?.status).toBe(401);
    expect(refreshRequests(dev)).toBe(1);
    dev.net.refuseTokens = false;
    await f.signIn(tab.client);
    await tab.engine.requestSync();
    expect(tab.engine.getState().paused).toBeNull();
    expect(await tab.db.cache('doors').count()).toBe(f.doorIds.length);
    await closeTab(tab);
  });
});
