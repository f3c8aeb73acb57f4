import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkIntervalLabel,
  compareDoorNumbers,
  doorFreshness,
  encodeDoorQr,
  isRealDoor,
  parseCheckInterval,
  parseDoorQr,
  todayWindow,
} from '../../src/features/door-checks/model';

const H = 3_600_000;

describe('doorFreshness', () => {
  // Noon, so "N hours ago" stays within today for small N.
  const now = new Date(2026, 10, 22, 12, 0, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('needs a check with no check at all', () => {
    expect(doorFreshness(null, 24, now)).toBe('needs-check');
    expect(doorFreshness(new Date(Number.NaN), 24, now)).toBe('needs-check');
  });

  for (const n of [1, 2, 4, 6, 12, 24]) {
    it(`draws the boundaries exactly for a ${n} hour interval`, () => {
      expect(doorFreshness(ago(n * H), n, now)).toBe('needs-check');
      expect(doorFreshness(ago(n * H + 1), n, now)).toBe('needs-check');
      expect(doorFreshness(ago(n * H - 1), n, now)).toBe('check-soon');
      expect(doorFreshness(ago((n - 1) * H), n, now)).toBe('check-soon');
      if (n > 1) {
        const justBefore = doorFreshness(ago((n - 1) * H - 1), n, now);
        expect(justBefore).toBe((n - 1) * H - 1 <= 12 * H ? 'activity-today' : 'recent-check');
      }
    });
  }

  it('says Activity Today for a fresh check today and Recent Check for one yesterday', () => {
    expect(doorFreshness(ago(5 * 60_000), 24, now)).toBe('activity-today');
    expect(doorFreshness(ago(12 * H), 24, now)).toBe('activity-today'); // exactly midnight
    expect(doorFreshness(ago(12 * H + 1), 24, now)).toBe('recent-check'); // 23:59:59.999 yesterday
  });

  it('treats a check from the future (device clock ahead) as fresh, not overdue', () => {
    expect(doorFreshness(new Date(now.getTime() + H), 24, now)).toBe('activity-today');
  });
});

describe('todayWindow', () => {
  it('spans 00:00:00 to 23:59:59 of the current local date', () => {
    const { start, end } = todayWindow(new Date(2026, 0, 31, 23, 59, 59));
    expect([start.getHours(), start.getMinutes(), start.getSeconds(), start.getDate()]).toEqual([0, 0, 0, 31]);
    expect([end.getHours(), end.getMinutes(), end.getSeconds(), end.getDate()]).toEqual([23, 59, 59, 31]);
  });
});

describe('check intervals', () => {
  it('labels the options as the spec does', () => {
    expect([1, 2, 4, 6, 12, 24, 8].map(checkIntervalLabel)).toEqual([
      'Hourly',
      'Every 2 Hours',
      'Every 4 Hours',
      'Every 6 Hours',
      'Twice Daily',
      'Once Daily',
      'Every 8 Hours',
    ]);
  });
  it('falls back to 24 for unusable stored values', () => {
    expect(parseCheckInterval('6')).toBe(6);
    expect(parseCheckInterval(12)).toBe(12);
    for (const bad of ['', 'abc', '0', '-4', '2.5', null, undefined, '1000']) expect(parseCheckInterval(bad)).toBe(24);
  });
});

describe('door tiles', () => {
  it('sorts letters, then numbers, EA2 before EA10, lettered before bare numbers', () => {
    const sorted = ['EA10', '101', 'EA2', 'B7', 'ea1', 'D001', '9', 'EA2A', 'GYM'].sort(compareDoorNumbers);
    expect(sorted).toEqual(['B7', 'D001', 'ea1', 'EA2', 'EA2A', 'EA10', 'GYM', '9', '101']);
  });

  it('is a consistent order (antisymmetric)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(Math.sign(compareDoorNumbers(a, b))).toBe(-Math.sign(compareDoorNumbers(b, a)) || 0);
      }),
    );
  });

  it('filters out the ids that are not doors', () => {
    expect(isRealDoor({ id: '00000000-0000-0000-0000-000000000000' })).toBe(false);
    expect(isRealDoor({ id: 'campus-123' })).toBe(false);
    expect(isRealDoor({ id: 'abc', door_number: 'GLOBAL_DEFAULT' })).toBe(false);
    expect(
      isRealDoor({
        id: 'f7a1c1de-0000-4000-8000-000000000001',
        door_number: 'EA1',
      }),
    ).toBe(true);
  });
});

describe('parseDoorQr', () => {
  it('accepts a valid payload and ignores extra fields', () => {
    expect(parseDoorQr('{"door_number":"EA1","campus":"Lincoln High School"}')).toEqual({
      ok: true,
      payload: { door_number: 'EA1', campus: 'Lincoln High School' },
    });
    const extra = parseDoorQr('{"door_number":"D2","campus":"North","color":"red"}');
    expect(extra).toEqual({
      ok: true,
      payload: { door_number: 'D2', campus: 'North' },
    });
  });

  it('round-trips what it encodes', () => {
    const p = { door_number: 'EA12', campus: 'Lincoln "Main" Campus' };
    expect(parseDoorQr(encodeDoorQr(p))).toEqual({ ok: true, payload: p });
  });

  it('refuses missing fields, wrong types and non-JSON', () => {
    expect(parseDoorQr('{"door_number":"EA1"}')).toEqual({
      ok: false,
      reason: 'not-a-door',
    });
    expect(parseDoorQr('{"door_number":5,"campus":"x"}')).toEqual({
      ok: false,
      reason: 'not-a-door',
    });
    expect(parseDoorQr('null')).toEqual({ ok: false, reason: 'not-a-door' });
    expect(parseDoorQr('https://example.com/door/1')).toEqual({
      ok: false,
      reason: 'not-json',
    });
    expect(parseDoorQr('')).toEqual({ ok: false, reason: 'not-json' });
  });

  it('never throws on 10,000 random strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.string({ unit: 'grapheme' }),
          fc.jsonValue().map((v) => JSON.stringify({ door_number: v, campus: v })),
        ),
        (s) => {
          const r = parseDoorQr(s);
          expect(typeof r.ok).toBe('boolean');
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
