/**
 * The staff screens' platform cache (src/data/platform-cache.ts) on a real
 * IndexedDB implementation: lists are kept per staff user with their fetch
 * time, a failed refresh keeps the last list, sign-out clears everything,
 * and the age reads "Last updated 5 minutes ago".
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearPlatformCache,
  describeListAge,
  PER_TENANT_LISTS,
  PLATFORM_LISTS,
  platformListKey,
  readPlatformList,
  refreshPlatformList,
  writePlatformList,
} from '../../src/data/platform-cache';
import { isConnectionFailure } from '../../src/data/use-platform-list';
import { ProductApiError } from '../../src/data/product-api';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

afterEach(async () => {
  await clearPlatformCache();
});

describe('platform cache', () => {
  it('is empty for a list this device never fetched', async () => {
    expect(await readPlatformList(ALICE, 'stats')).toBeNull();
  });

  it('keeps each list with the time it was fetched', async () => {
    const at = new Date('2026-11-23T10:00:00Z');
    await writePlatformList(ALICE, 'staff', [{ id: 'a' }], at);
    await writePlatformList(ALICE, 'stats', { staff: 3 }, at);
    expect(await readPlatformList(ALICE, 'staff')).toEqual({
      userId: ALICE,
      list: 'staff',
      data: [{ id: 'a' }],
      fetchedAt: '2026-11-23T10:00:00.000Z',
    });
    expect((await readPlatformList<{ staff: number }>(ALICE, 'stats'))?.data.staff).toBe(3);
  });

  it("never shows one staff member's lists to another", async () => {
    await writePlatformList(ALICE, 'activity', ['alice only']);
    expect(await readPlatformList(BOB, 'activity')).toBeNull();
    await writePlatformList(BOB, 'activity', ['bob only']);
    expect((await readPlatformList(ALICE, 'activity'))?.data).toEqual(['alice only']);
    expect((await readPlatformList(BOB, 'activity'))?.data).toEqual(['bob only']);
  });

  it('a refresh stores the new answer and its time', async () => {
    await writePlatformList(ALICE, 'reports', { weeks: 1 }, new Date('2026-11-20T00:00:00Z'));
    const row = await refreshPlatformList(
      ALICE,
      'reports',
      () => Promise.resolve({ weeks: 8 }),
      () => new Date('2026-11-23T12:00:00Z'),
    );
    expect(row.fetchedAt).toBe('2026-11-23T12:00:00.000Z');
    expect(await readPlatformList(ALICE, 'reports')).toEqual(row);
  });

  it('a failed refresh throws and keeps the last list', async () => {
    const before = await writePlatformList(ALICE, 'tenants', [{ slug: 'lincoln-isd' }], new Date('2026-11-23T09:00:00Z'));
    const offline = new ProductApiError(0, 'You are offline. This needs a connection to the server.');
    await expect(refreshPlatformList(ALICE, 'tenants', () => Promise.reject(offline))).rejects.toBe(offline);
    expect(await readPlatformList(ALICE, 'tenants')).toEqual(before);
  });

  it('sign-out clears every account on the device', async () => {
    await writePlatformList(ALICE, 'stats', 1);
    await writePlatformList(BOB, 'staff', 2);
    await clearPlatformCache();
    expect(await readPlatformList(ALICE, 'stats')).toBeNull();
    expect(await readPlatformList(BOB, 'staff')).toBeNull();
  });
});

describe('per-tenant lists', () => {
  const LINCOLN = '33333333-3333-4333-8333-333333333333';
  const RIVERSIDE = '44444444-4444-4444-8444-444444444444';

  it("a tenant's doors and users are kept per tenant; the platform lists are not", () => {
    expect([...PER_TENANT_LISTS].sort()).toEqual(['tenant-doors', 'tenant-users']);
    expect(platformListKey('tenant-doors', LINCOLN)).toBe(`tenant-doors:${LINCOLN}`);
    expect(platformListKey('tenant-users', LINCOLN)).toBe(`tenant-users:${LINCOLN}`);
    for (const list of PLATFORM_LISTS.filter((l) => !PER_TENANT_LISTS.includes(l))) expect(platformListKey(list)).toBe(list);
  });

  it('a per-tenant list without its tenant, or a platform list with one, is refused rather than mixed', () => {
    expect(() => platformListKey('tenant-doors')).toThrow(/per tenant/);
    expect(() => platformListKey('tenant-users', '')).toThrow(/per tenant/);
    expect(() => platformListKey('tenants', LINCOLN)).toThrow(/platform-wide/);
  });

  it("opening one tenant never shows another's copy, and each keeps its own age", async () => {
    const lincoln = platformListKey('tenant-doors', LINCOLN);
    const riverside = platformListKey('tenant-doors', RIVERSIDE);
    await writePlatformList(ALICE, lincoln, { doors: ['Main Entrance'] }, new Date('2026-11-23T08:00:00Z'));
    expect(await readPlatformList(ALICE, riverside)).toBeNull();
    await writePlatformList(ALICE, riverside, { doors: [] }, new Date('2026-11-23T09:00:00Z'));
    expect(await readPlatformList(ALICE, lincoln)).toMatchObject({
      data: { doors: ['Main Entrance'] },
      fetchedAt: '2026-11-23T08:00:00.000Z',
    });
    expect(await readPlatformList(ALICE, riverside)).toMatchObject({ data: { doors: [] }, fetchedAt: '2026-11-23T09:00:00.000Z' });
    // The same tenant's users are another list, and another staff member has none of them.
    expect(await readPlatformList(ALICE, platformListKey('tenant-users', LINCOLN))).toBeNull();
    expect(await readPlatformList(BOB, lincoln)).toBeNull();
  });

  it('sign-out clears the per-tenant copies too', async () => {
    await writePlatformList(ALICE, platformListKey('tenant-users', LINCOLN), ['maria']);
    await clearPlatformCache();
    expect(await readPlatformList(ALICE, platformListKey('tenant-users', LINCOLN))).toBeNull();
  });
});

describe('age of a cached list', () => {
  const at = '2026-11-23T10:00:00.000Z';
  const after = (ms: number) => Date.parse(at) + ms;
  it.each([
    [0, 'Last updated just now'],
    [59_999, 'Last updated just now'],
    [60_000, 'Last updated 1 minute ago'],
    [5 * 60_000 + 30_000, 'Last updated 5 minutes ago'],
    [60 * 60_000, 'Last updated 1 hour ago'],
    [23 * 3_600_000 + 59 * 60_000, 'Last updated 23 hours ago'],
    [24 * 3_600_000, 'Last updated 1 day ago'],
    [3 * 24 * 3_600_000, 'Last updated 3 days ago'],
  ])('%i ms after the fetch: %s', (ms, text) => {
    expect(describeListAge(at, after(ms))).toBe(text);
  });

  it('a device clock behind the fetch time says just now', () => {
    expect(describeListAge(at, after(-120_000))).toBe('Last updated just now');
  });
});

describe('connection failures', () => {
  it('no answer at all is a connection failure; an answer with an error is not', () => {
    expect(isConnectionFailure(new ProductApiError(0, 'The server could not be reached. Please try again.'))).toBe(true);
    expect(isConnectionFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isConnectionFailure(new ProductApiError(403, 'Forbidden'))).toBe(false);
    expect(isConnectionFailure(new ProductApiError(500, 'Reading staff: boom'))).toBe(false);
  });
});
