import { describe, expect, it } from 'vitest';
import { timeKeyAtOrBefore } from '../../src/features/sweeps/time-keys';

describe('time index bounds', () => {
  it('sorts at or before every stored form of its instant, and after every form of an earlier second', () => {
    const at = Date.UTC(2026, 2, 2, 5, 0, 0, 250);
    const key = timeKeyAtOrBefore(at);
    expect(key).toBe('2026-03-02T05:00:00');
    // The forms the cache holds: this device's toISOString, the server's with and without a fraction.
    for (const form of [
      '2026-03-02T05:00:00.250Z',
      '2026-03-02T05:00:00.250123+00:00',
      '2026-03-02T05:00:00+00:00',
      '2026-03-02T05:00:00.000Z',
    ])
      expect(form >= key, form).toBe(true);
    for (const earlier of ['2026-03-02T04:59:59.999Z', '2026-03-02T04:59:59.999999+00:00', '2026-03-02T04:59:59+00:00'])
      expect(earlier < key, earlier).toBe(true);
  });
});
