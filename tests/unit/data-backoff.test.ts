import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/data/backoff';

describe('backoffDelay', () => {
  const opts = { baseMs: 1000, capMs: 60_000 };

  it('grows exponentially from the base: half fixed, half jitter', () => {
    expect(backoffDelay(1, opts, () => 0)).toBe(500);
    expect(backoffDelay(1, opts, () => 1)).toBe(1000);
    expect(backoffDelay(2, opts, () => 0)).toBe(1000);
    expect(backoffDelay(3, opts, () => 1)).toBe(4000);
  });

  it('never exceeds the cap and never drops under half a step', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 10_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (attempt, r) => {
        const d = backoffDelay(attempt, opts, () => r);
        const step = Math.min(opts.capMs, opts.baseMs * 2 ** Math.min(Math.max(1, attempt) - 1, 30));
        expect(d).toBeLessThanOrEqual(opts.capMs);
        expect(d).toBeGreaterThanOrEqual(Math.floor(step / 2));
        expect(Number.isFinite(d)).toBe(true);
      }),
    );
  });
});
