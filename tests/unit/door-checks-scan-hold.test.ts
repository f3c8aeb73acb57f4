import { describe, expect, it } from 'vitest';
import { ScanHold } from '../../src/features/door-checks/scan-hold';

describe('scan hold: which camera reads the scan page acts on', () => {
  it('acts on a code once while it stays in view, also after its result was closed', () => {
    const h = new ScanHold();
    expect(h.accept('A')).toBe(true);
    for (let i = 0; i < 50; i++) expect(h.accept('A')).toBe(false);
  });

  it('acts on a different code at once, and then on the first again', () => {
    const h = new ScanHold();
    h.accept('A');
    expect(h.accept('B')).toBe(true);
    expect(h.accept('A')).toBe(true);
  });

  it('a release (a check saved, then Scan next door) lets the same code count at once', () => {
    const h = new ScanHold();
    h.accept('A');
    h.release();
    expect(h.accept('A')).toBe(true);
  });
});
