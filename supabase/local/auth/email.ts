/**
 * GoTrue's validateEmail (internal/api/mail.go), the one check every endpoint
 * that takes an address runs: the address exactly as sent (GoTrue trims
 * nothing, so " a@b.co" is refused, not repaired), at most 255 bytes, then
 * badoux/checkmail's format rule (functions/_shared/email.ts, shared with the
 * product API), and lower-cased once valid. A difference here would let a
 * client pass locally and fail on a hosted project.
 */
import { EMAIL_PATTERN, isValidEmail, MAX_EMAIL_LENGTH } from '../../functions/_shared/email';
import { badRequest } from './errors';

export { isValidEmail };

const utf8 = new TextEncoder();

/** The address GoTrue would store (lower case), or its 400 validation_failed with its message. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  // Go's len() counts bytes: a long address of accented letters is "too long" before it is "invalid".
  if (utf8.encode(email).length > MAX_EMAIL_LENGTH) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_PATTERN.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/**
 * The key GoTrue looks a user up by when it does not validate (the password
 * grant): lower-cased, nothing else. Only a valid address can match a stored one.
 */
export function lookupEmail(email: string): string | null {
  const key = email.toLowerCase();
  return isValidEmail(key) ? key : null;
}
