/**
 * Trusted time through the real sync engine and local stack (decision 013):
 * every push carries the device's clock in x-client-time; a check dated in
 * the server's future is clamped to its arrival and flagged; a device whose
 * clock is days off has its checks moved to the real time, and learns the
 * server's clock on the next pull.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clockOffsetMs, CLIENT_TIME_HEADER, resetDeviceClock, trustedNow } from '../../src/data/device-clock';
import { recordDoorCheck } from '../../src/data/repositories';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, doorId, drain, openTab, tenantFixture, type Device, type TenantFixture } from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());
afterEach(() => resetDeviceClock());

const DAY = 86_400_000;

/** A device whose requests are recorded with the clock header they carried. */
function watchedDevice(): { dev: Device; sent: Array<{ method: string; path: string; clock: string | null }> } {
  const dev = device(t);
  const sent: Array<{ method: string; path: string; clock: string | null }> = [];
  const base = dev.net.fetch;
  dev.net.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/rest/v1/'))
      sent.push({ method: init?.method ?? 'GET', path: new URL(url).pathname, clock: new Headers(init?.headers).get(CLIENT_TIME_HEADER) });
    return base(input, init);
  };
  return { dev, sent };
}

async function stored(f: TenantFixture, id: string) {
  const r = await f.project.engine.query<{
    created_at: Date;
    received_at: Date;
    device_created_at: Date;
    clock_skew_ms: string | null;
  }>(`select created_at, received_at, device_created_at, clock_skew_ms::text from public.door_log where id = $1`, [id]);
  const row = r.rows[0]!;
  return {
    created: new Date(row.created_at).getTime(),
    received: new Date(row.received_at).getTime(),
    device: new Date(row.device_created_at).getTime(),
    skew: row.clock_skew_ms === null ? null : Number(row.clock_skew_ms),
  };
}

describe('trusted time through the sync engine', () => {
  it('sends the device clock with every push; a check dated 2099 is clamped to its arrival and flagged', async () => {
    const f = await tenantFixture(t, 'regular_user');
    const { dev, sent } = watchedDevice();
    const tab = await openTab(f, dev);
    await f.signIn(tab.client);
    const check = await recordDoorCheck(tab.db, { door_id: doorId(f), door_status: 'operational', created_at: '2099-01-01T00:00:00.000Z' });
    const before = Date.now();
    await drain(tab);

    const pushes = sent.filter((s) => s.method === 'POST' && s.path.endsWith('/door_log'));
    expect(pushes.length).toBeGreaterThan(0);
    for (const p of pushes) {
      expect(p.clock).toMatch(/^\d+$/);
      expect(Math.abs(Number(p.clock) - before)).toBeLessThan(60_000);
    }
    const s = await stored(f, check.id);
    expect(s.created).toBe(s.received);
    expect(s.device).toBe(Date.parse('2099-01-01T00:00:00.000Z'));
    expect(s.skew).toBeGreaterThan(0);
    await closeTab(tab);
  });

  it('a phone two days behind files its check at the real time, flagged, then learns the server clock on the pull', async () => {
    const f = await tenantFixture(t, 'regular_user');
    const { dev } = watchedDevice();
    const tab = await openTab(f, dev, { pullAfterPush: true, tables: ['door_log'] });
    await f.signIn(tab.client);
    // The phone believes it is two days earlier than it is.
    resetDeviceClock(2 * DAY);
    const check = await recordDoorCheck(tab.db, {
      door_id: doorId(f),
      door_status: 'operational',
      created_at: new Date(trustedNow()).toISOString(),
    });
    await drain(tab);

    const s = await stored(f, check.id);
    expect(Math.abs(s.created - s.received)).toBeLessThan(60_000);
    expect(s.skew).toBeLessThan(-2 * DAY + 60_000);
    expect(s.skew).toBeGreaterThan(-2 * DAY - 60_000);
    // The pull after the push measured the server: the phone's view of now is right again.
    expect(Math.abs(clockOffsetMs())).toBeLessThan(60_000);
    // And the local copy now holds the trusted time the server settled on.
    const local = await tab.db.cache('door_log').get(check.id);
    expect(Date.parse(String(local?.created_at))).toBe(s.created);
    await closeTab(tab);
  });
});
