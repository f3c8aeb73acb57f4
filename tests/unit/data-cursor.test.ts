import { describe, expect, it } from 'vitest';
import { compareCursor, overlapStart, timestampMicros } from '../../src/data/pull-cursor';

describe('pull cursor', () => {
  it('orders timestamps as instants, with microseconds and any offset', () => {
    expect(timestampMicros('2026-11-22T03:12:59.123456+00:00') - timestampMicros('2026-11-22T03:12:59.123+00:00')).toBe(456);
    expect(timestampMicros('2026-11-22T05:12:59+02:00')).toBe(timestampMicros('2026-11-22T03:12:59Z'));
    expect(timestampMicros('2026-11-22 03:12:59.5+00')).toBe(timestampMicros('2026-11-22T03:12:59.500Z'));
  });

  it('breaks ties on id', () => {
    const t = '2026-11-22T03:12:59.1+00:00';
    expect(compareCursor({ updated_at: t, id: 'a' }, { updated_at: t, id: 'b' })).toBe(-1);
    expect(compareCursor({ updated_at: '2026-11-22T03:12:59.2+00:00', id: 'a' }, { updated_at: t, id: 'b' })).toBe(1);
    expect(compareCursor({ updated_at: t, id: 'a' }, { updated_at: '2026-11-22T03:12:59.100000Z', id: 'a' })).toBe(0);
  });

  it('starts the overlap window before the watermark, keeping microseconds', () => {
    const w = '2026-11-22T03:12:59.123456+00:00';
    const s = overlapStart(w, 30_000);
    expect(timestampMicros(w) - timestampMicros(s)).toBe(30_000_000);
  });
});
