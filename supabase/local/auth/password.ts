/**
 * Password hashing (bcrypt, as GoTrue) and the product's one password rule,
 * enforced here so no client can skip it.
 */
import bcrypt from 'bcryptjs';
import { bcryptCost } from './config';
import { badRequest, unprocessable } from './errors';

/** bcrypt only reads the first 72 bytes; GoTrue refuses longer passwords. */
const MAX_PASSWORD_BYTES = 72;
const MIN_LENGTH = 8;

export function passwordTooLong(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;
}

/**
 * 8+ characters, an uppercase letter, a digit and a special character.
 * Throws GoTrue's 422 weak_password with the failed reasons ('length',
 * 'characters') that auth-js surfaces as AuthWeakPasswordError.reasons.
 */
export function checkPasswordStrength(password: string): void {
  if (passwordTooLong(password)) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if ([...password].length < MIN_LENGTH) {
    reasons.push('length');
    messages.push(`Password should be at least ${MIN_LENGTH} characters.`);
  }
  const missing: string[] = [];
  if (!/\p{Lu}/u.test(password)) missing.push('an uppercase letter');
  if (!/\p{Nd}/u.test(password)) missing.push('a digit');
  if (!/[^\p{L}\p{N}\s]/u.test(password)) missing.push('a special character');
  if (missing.length) {
    reasons.push('characters');
    messages.push(`Password should contain at least ${missing.join(', ')}.`);
  }
  if (reasons.length) {
    throw unprocessable('weak_password', messages.join(' '), { weak_password: { reasons } });
  }
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, bcryptCost());
}

const dummyHashes = new Map<number, Promise<string>>();

/** A hash at the current cost to compare against when there is no user, so
 * an unknown email takes as long as a wrong password. */
function dummyHash(): Promise<string> {
  const cost = bcryptCost();
  let h = dummyHashes.get(cost);
  if (!h) {
    h = bcrypt.hash('lockstep-dummy-password', cost);
    dummyHashes.set(cost, h);
  }
  return h;
}

/** Compares against `hash`, or against a dummy hash when there is none. */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (passwordTooLong(password)) {
    // Still spend the time: the response must not tell long from wrong.
    await bcrypt.compare('x', hash ?? (await dummyHash()));
    return false;
  }
  if (!hash) {
    await bcrypt.compare(password, await dummyHash());
    return false;
  }
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    // A malformed stored hash (e.g. seeded by hand) never matches.
    return false;
  }
}
