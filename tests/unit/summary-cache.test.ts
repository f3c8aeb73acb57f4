import { describe, expect, it } from 'vitest';
import type { ApiDeps } from '../../supabase/functions/api/deps';
import { cachedSummary, keepOnly } from '../../supabase/functions/api/summary-cache';

/** Only the clock is read by the cache; the rest of the deps never is. */
function depsAt(clock: { t: number }): ApiDeps {
  return { now: () => new Date(clock.t) } as ApiDeps;
}

describe("the staff dashboard's kept tenant figures", () => {
  it('reads again once older than the limit, and never keeps a failed read', async () => {
    const clock = { t: Date.parse('2026-11-24T10:00:00Z') };
    const deps = depsAt(clock);
    const tenant = { id: 't1', projectUrl: 'http://a/t/one' };
    let reads = 0;
    const read = async () => ++reads;
    expect((await cachedSummary(deps, tenant, 60_000, read)).value).toBe(1);
    clock.t += 59_999;
    const kept = await cachedSummary(deps, tenant, 60_000, read);
    expect(kept).toEqual({ value: 1, readAt: new Date('2026-11-24T10:00:00Z') });
    clock.t += 1;
    expect((await cachedSummary(deps, tenant, 60_000, read)).value).toBe(2);
    expect((await cachedSummary(deps, tenant, 0, read)).value).toBe(3);

    await expect(cachedSummary(deps, { id: 't2', projectUrl: 'x' }, 60_000, () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect((await cachedSummary(deps, { id: 't2', projectUrl: 'x' }, 60_000, async () => 'up')).value).toBe('up');
  });

  it('is per API instance, per project URL, and forgets tenants no longer listed', async () => {
    const clock = { t: 0 };
    const a = depsAt(clock);
    const b = depsAt(clock);
    await cachedSummary(a, { id: 't', projectUrl: 'old' }, 60_000, async () => 'a-old');
    expect((await cachedSummary(b, { id: 't', projectUrl: 'old' }, 60_000, async () => 'b')).value).toBe('b');
    expect((await cachedSummary(a, { id: 't', projectUrl: 'new' }, 60_000, async () => 'a-new')).value).toBe('a-new');
    keepOnly(a, [{ id: 't', projectUrl: 'new' }]);
    expect((await cachedSummary(a, { id: 't', projectUrl: 'old' }, 60_000, async () => 'read again')).value).toBe('read again');
    expect((await cachedSummary(a, { id: 't', projectUrl: 'new' }, 60_000, async () => 'not read')).value).toBe('a-new');
  });
});
