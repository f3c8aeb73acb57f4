import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ContentReady from '../../src/lib/content-ready';

type Mod = typeof ContentReady;

// Module state is per page load: each test takes a fresh copy.
async function fresh(): Promise<Mod> {
  vi.resetModules();
  return import('../../src/lib/content-ready');
}

function startedBy(m: Mod): unknown {
  const marks = performance.getEntriesByName(m.BACKGROUND_START_MARK) as PerformanceMark[];
  return marks.at(-1)?.detail;
}

function watch(m: Mod): { fired: () => boolean } {
  let fired = false;
  void m.whenContentReady().then(() => (fired = true));
  return { fired: () => fired };
}

describe('content ready', () => {
  beforeEach(() => {
    performance.clearMarks();
    // Timers only: faking performance would swallow the mark the module leaves.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, 16));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the screen, then for a painted frame', async () => {
    const m = await fresh();
    const w = watch(m);
    await vi.advanceTimersByTimeAsync(1000);
    expect(w.fired()).toBe(false);
    m.markContentReady();
    await vi.advanceTimersByTimeAsync(0);
    expect(w.fired()).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(w.fired()).toBe(true);
    // The bench tells a screen's release from the fallback by this mark (tests/bench/real.ts).
    expect(startedBy(m)).toEqual({ reason: 'content' });
  });

  it('a screen holding it (the check form reading the doors) keeps it waiting until released', async () => {
    const m = await fresh();
    const w = watch(m);
    const release = m.holdContentReady();
    m.markContentReady();
    await vi.advanceTimersByTimeAsync(500);
    expect(w.fired()).toBe(false);
    release();
    release();
    await vi.advanceTimersByTimeAsync(20);
    expect(w.fired()).toBe(true);
  });

  it('one hold giving way to the next in the same turn does not let it through', async () => {
    const m = await fresh();
    const w = watch(m);
    const first = m.holdContentReady();
    m.markContentReady();
    first();
    const second = m.holdContentReady();
    await vi.advanceTimersByTimeAsync(500);
    expect(w.fired()).toBe(false);
    second();
    await vi.advanceTimersByTimeAsync(20);
    expect(w.fired()).toBe(true);
  });

  it('a hold never released gives way after a few seconds, so the sync engine always starts', async () => {
    const m = await fresh();
    const w = watch(m);
    m.holdContentReady();
    m.markContentReady();
    await vi.advanceTimersByTimeAsync(3900);
    expect(w.fired()).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    expect(w.fired()).toBe(true);
    expect(startedBy(m)).toEqual({ reason: 'fallback' });
  });

  it('once through, later screens neither wait nor hold', async () => {
    const m = await fresh();
    m.markContentReady();
    await vi.advanceTimersByTimeAsync(20);
    const release = m.holdContentReady();
    const w = watch(m);
    await vi.advanceTimersByTimeAsync(0);
    expect(w.fired()).toBe(true);
    release();
  });
});
