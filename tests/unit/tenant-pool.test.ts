/**
 * The open/close bookkeeping behind idle tenant close (supabase/local/tenant-pool.ts),
 * on a fake clock with fake projects: a lease keeps its project open, a lease
 * asked for during a close gets a reopened project, the cap closes the least
 * recently used idle project and never refuses one in use.
 */
import { describe, expect, it } from 'vitest';
import { TenantPool } from '../../supabase/local/tenant-pool';

interface Fake {
  ref: string;
  generation: number;
  closed: boolean;
}

function fakePool(maxOpen = 10) {
  const clock = { now: 0 };
  const opened: string[] = [];
  let releaseClose: (() => void) | null = null;
  let holdCloses = false;
  const generations = new Map<string, number>();
  const pool = new TenantPool<Fake>(
    async (ref) => {
      opened.push(ref);
      const generation = (generations.get(ref) ?? 0) + 1;
      generations.set(ref, generation);
      return { ref, generation, closed: false };
    },
    async (_ref, fake) => {
      if (holdCloses) await new Promise<void>((r) => (releaseClose = r));
      fake.closed = true;
    },
    { idleCloseMs: 1000, maxOpen, now: () => clock.now, sweepEveryMs: null },
  );
  return {
    pool,
    clock,
    opened,
    holdCloses: () => (holdCloses = true),
    finishClose: () => {
      holdCloses = false;
      releaseClose?.();
    },
  };
}

describe('TenantPool', () => {
  it('closes a project idle past the delay, never one with a lease held', async () => {
    const f = fakePool();
    const lease = await f.pool.acquire('a');
    f.clock.now += 5000;
    await f.pool.closeIdle();
    expect(f.pool.isOpen('a')).toBe(true);
    lease.release();
    lease.release();
    expect(f.pool.inUse('a')).toBe(false);
    f.clock.now += 999;
    await f.pool.closeIdle();
    expect(f.pool.isOpen('a')).toBe(true);
    f.clock.now += 1;
    await f.pool.closeIdle();
    expect(f.pool.isOpen('a')).toBe(false);
    expect(lease.value.closed).toBe(true);
  });

  it('gives a lease asked for during a close a reopened project, never the closing one', async () => {
    const f = fakePool();
    const first = await f.pool.acquire('a');
    first.release();
    f.clock.now += 1000;
    f.holdCloses();
    const closing = f.pool.closeIdle();
    const next = f.pool.acquire('a');
    f.finishClose();
    await closing;
    const lease = await next;
    expect(lease.value.closed).toBe(false);
    expect(lease.value.generation).toBe(2);
    lease.release();
  });

  it('over the cap closes the least recently used idle project, and serves past it when all are busy', async () => {
    const f = fakePool(2);
    for (const ref of ['a', 'b']) {
      f.clock.now += 1;
      (await f.pool.acquire(ref)).release();
    }
    f.clock.now += 1;
    (await f.pool.acquire('a')).release();
    f.clock.now += 1;
    const c = await f.pool.acquire('c');
    await Promise.resolve();
    expect(f.pool.openRefs().sort()).toEqual(['a', 'c']);
    const a = await f.pool.acquire('a');
    const d = await f.pool.acquire('d');
    // a, c and d are all in use: over the cap, and nothing is refused.
    expect(f.pool.openRefs().sort()).toEqual(['a', 'c', 'd']);
    for (const l of [a, c, d]) l.release();
    expect(f.pool.openRefs()).toHaveLength(2);
  });

  it('refuses leases once ended, after closing every project', async () => {
    const f = fakePool();
    const lease = await f.pool.acquire('a');
    await f.pool.end();
    expect(lease.value.closed).toBe(true);
    await expect(f.pool.acquire('a')).rejects.toThrow('closed');
  });
});
