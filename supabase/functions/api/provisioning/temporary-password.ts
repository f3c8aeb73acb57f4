/**
 * A first admin's temporary password: shown once to the staff admin, changed
 * at first sign-in. It satisfies the one password rule (8+, capital, digit,
 * special; DESIGN §8) and avoids characters that are easy to misread.
 */
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '!@#$%&*-';
const ALL = UPPER + LOWER + DIGITS + SPECIAL;

function pick(set: string, byte: number): string {
  return set[byte % set.length] ?? set[0]!;
}

export function temporaryPassword(length = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
  // One of each class first, the rest from all classes, then shuffled.
  const chars = [pick(UPPER, bytes[0]!), pick(LOWER, bytes[1]!), pick(DIGITS, bytes[2]!), pick(SPECIAL, bytes[3]!)];
  for (let i = 4; i < length; i++) chars.push(pick(ALL, bytes[i]!));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = bytes[length + i]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
