/**
 * src/lib/quick-locale.ts answers as ICU does: compared with Node's own
 * localeCompare and toLocaleString (full ICU, English) over many generated
 * names and counts, and hands everything else to ICU.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareText, formatCount } from '../../src/lib/quick-locale';

/** A small deterministic generator, so a failure names the same strings every run. */
function* random(seed: number) {
  let s = seed;
  for (;;) {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    yield s / 2_147_483_648;
  }
}

function names(count: number, alphabet: string, seed: number): string[] {
  const r = random(seed);
  const next = () => r.next().value as number;
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 7) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('compareText in an English browser', () => {
  it('orders plain names exactly as localeCompare does', () => {
    vi.stubGlobal('navigator', { language: 'en-US' });
    // Few characters, so ties, prefixes and case-only differences come up often.
    const list = [...names(600, 'aAbB09 zZ', 1), ...names(600, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ', 2)];
    for (const campus of [
      'North Campus',
      'north campus',
      'North campus',
      'Campus 10',
      'Campus 9',
      'Campus9',
      'Campus  9',
      'Elm',
      'elm 2',
      '',
    ])
      list.push(campus);
    let compared = 0;
    for (let i = 0; i < list.length; i++)
      for (let j = i; j < list.length; j += 7) {
        const a = list[i] ?? '';
        const b = list[j] ?? '';
        expect([a, b, Math.sign(compareText(a, b))]).toEqual([a, b, Math.sign(a.localeCompare(b, 'en-US'))]);
        compared++;
      }
    expect(compared).toBeGreaterThan(100_000);
  });

  it('hands names with other characters to ICU, in the page’s language', () => {
    vi.stubGlobal('navigator', { language: 'en-US' });
    const expected = [Math.sign('École'.localeCompare('Elm', 'en-US')), Math.sign("St. Mary's".localeCompare('Stanton', 'en-US'))];
    const spy = vi.spyOn(String.prototype, 'localeCompare');
    expect([Math.sign(compareText('École', 'Elm')), Math.sign(compareText("St. Mary's", 'Stanton'))]).toEqual(expected);
    expect(spy.mock.calls).toEqual([
      ['Elm', 'en-US'],
      ['Stanton', 'en-US'],
    ]);
    spy.mockRestore();
  });
});

describe('compareText in another language', () => {
  it('always asks ICU, whose tailorings can reorder plain letters (Danish: aa after z)', () => {
    vi.stubGlobal('navigator', { language: 'da-DK' });
    const spy = vi.spyOn(String.prototype, 'localeCompare');
    compareText('Aalborg', 'Zealand');
    expect(spy.mock.calls).toEqual([['Zealand', 'da-DK']]);
    spy.mockRestore();
  });
});

describe('formatCount', () => {
  it('groups whole counts as English toLocaleString does', () => {
    vi.stubGlobal('navigator', { language: 'en' });
    const r = random(3);
    const counts = [0, 1, 12, 999, 1_000, 5_044, 200_000, 1_000_000, -1_234_567, Number.MAX_SAFE_INTEGER];
    for (let i = 0; i < 2_000; i++) counts.push(Math.floor(((r.next().value as number) * 10) ** 14));
    for (const n of counts) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves other languages, fractions and -0 to ICU, in the page’s language', () => {
    const spy = vi.spyOn(Number.prototype, 'toLocaleString');
    vi.stubGlobal('navigator', { language: 'de-DE' });
    expect(formatCount(200_000)).toBe('200.000');
    vi.stubGlobal('navigator', { language: 'en-US' });
    expect(formatCount(1.5)).toBe('1.5');
    expect(formatCount(-0)).toBe('-0');
    expect(formatCount(12)).toBe('12');
    expect(spy.mock.calls).toEqual([['de-DE'], ['en-US'], ['en-US']]);
    spy.mockRestore();
  });
});
