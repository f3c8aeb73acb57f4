/**
 * Plan amounts (spec §5, §9): typed in dollars with step 0.01, stored in
 * cents. Conversion keeps what the user typed visible to the schema: a
 * fraction of a cent stays a fraction (the schema says "whole cents"), and
 * blank means no amount.
 */

/** "99.00" → 9900; "" → null; "12.345" → 1234.5; not a number → NaN. */
export function dollarsToCents(text: string | null | undefined): number | null {
  const t = (text ?? '').trim();
  if (!t) return null;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(t)) return Number.NaN;
  const cents = Number(t) * 100;
  const whole = Math.round(cents);
  // 0.29 * 100 is 28.999999999999996 in binary floating point.
  return Math.abs(cents - whole) < 1e-6 ? whole : cents;
}

/** 9900 → "99.00"; null → "". */
export function centsToDollars(cents: number | null | undefined): string {
  return typeof cents === 'number' && Number.isFinite(cents) ? (cents / 100).toFixed(2) : '';
}
