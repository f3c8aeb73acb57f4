import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents } from '../../src/lib/money';

describe('plan amounts: dollars typed, cents stored (spec §5, §9)', () => {
  it('converts dollars to whole cents without floating-point drift', () => {
    expect(dollarsToCents('99')).toBe(9900);
    expect(dollarsToCents('99.00')).toBe(9900);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('2990.1')).toBe(299010);
    expect(dollarsToCents('.5')).toBe(50);
    expect(dollarsToCents(' 12.34 ')).toBe(1234);
  });
  it('blank is no amount; a fraction of a cent stays a fraction; text is not a number', () => {
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents(undefined)).toBeNull();
    expect(dollarsToCents('12.345')).toBeCloseTo(1234.5);
    expect(Number.isInteger(dollarsToCents('12.345'))).toBe(false);
    expect(dollarsToCents('abc')).toBeNaN();
    expect(dollarsToCents('1e3')).toBeNaN();
    expect(dollarsToCents('-1')).toBe(-100);
  });
  it('shows cents as dollars with two decimals', () => {
    expect(centsToDollars(9900)).toBe('99.00');
    expect(centsToDollars(29)).toBe('0.29');
    expect(centsToDollars(null)).toBe('');
    expect(centsToDollars(undefined)).toBe('');
  });
  it('round-trips every whole-cent amount (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => dollarsToCents(centsToDollars(cents)) === cents));
  });
});
