import { LICENCE_INACTIVE_CODE, LICENCE_INACTIVE_MESSAGE } from '../../supabase/functions/_shared/licence-rule';

/**
 * Maps the errors supabase-js auth returns (AuthApiError with a code and
 * status, AuthRetryableFetchError when the server cannot be reached) onto the
 * messages of spec §8. Pure, so it is unit-tested without a network.
 */

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed: 'Please check your email and confirm your account',
  tenantUnavailable: 'Database connection error. The tenant database is currently unavailable. Please contact your administrator.',
  loginFailed: 'Login failed. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  platformUnexpected: 'An unexpected error occurred.',
  offline: 'You are offline. Signing in needs a connection; screens you already opened still work.',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  currentPasswordIncorrect: 'Current password is incorrect',
  samePassword: 'New password must be different from current password',
  passwordUpdateFailed: 'Failed to update password. Please try again.',
  licenceInactive: LICENCE_INACTIVE_MESSAGE,
} as const;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  status?: unknown;
}

export type AuthErrorKind = 'invalid-credentials' | 'email-not-confirmed' | 'rate-limited' | 'licence-inactive' | 'unreachable' | 'other';

export function classifyAuthError(error: unknown): AuthErrorKind {
  const e = (error ?? {}) as ErrorLike;
  const message = typeof e.message === 'string' ? e.message : '';
  const code = typeof e.code === 'string' ? e.code : '';
  const name = typeof e.name === 'string' ? e.name : '';
  if (code === 'invalid_credentials' || /invalid (login|email or password|credentials)/i.test(message)) return 'invalid-credentials';
  if (code === 'email_not_confirmed' || /email not confirmed/i.test(message)) return 'email-not-confirmed';
  // The server's sign-in throttle (GoTrue's code; 429 from older servers without one).
  if (code === 'over_request_rate_limit' || e.status === 429) return 'rate-limited';
  // The tenant requires a licence and holds no active one (docs/decisions/018).
  if (code === LICENCE_INACTIVE_CODE) return 'licence-inactive';
  if (
    name === 'AuthRetryableFetchError' ||
    name === 'TypeError' ||
    /invalid api key|failed to fetch|fetch failed|networkerror|load failed|no api key/i.test(message) ||
    e.status === 0
  )
    return 'unreachable';
  return 'other';
}

/** Message for a tenant sign-in failure. */
export function tenantSignInMessage(error: unknown): string {
  switch (classifyAuthError(error)) {
    case 'invalid-credentials':
      return AUTH_MESSAGES.invalidCredentials;
    case 'email-not-confirmed':
      return AUTH_MESSAGES.emailNotConfirmed;
    case 'rate-limited':
      return AUTH_MESSAGES.rateLimited;
    case 'licence-inactive':
      return AUTH_MESSAGES.licenceInactive;
    case 'unreachable':
      return AUTH_MESSAGES.tenantUnavailable;
    default: {
      const m = (error as ErrorLike | null)?.message;
      return typeof m === 'string' && m ? m : AUTH_MESSAGES.loginFailed;
    }
  }
}

/** Message for a platform sign-in failure: the provider's message, or the generic one. */
export function platformSignInMessage(error: unknown, online = true): string {
  switch (classifyAuthError(error)) {
    case 'invalid-credentials':
      return AUTH_MESSAGES.invalidCredentials;
    case 'email-not-confirmed':
      return AUTH_MESSAGES.emailNotConfirmed;
    case 'rate-limited':
      return AUTH_MESSAGES.rateLimited;
    case 'unreachable':
      return online ? AUTH_MESSAGES.platformUnexpected : AUTH_MESSAGES.offline;
    default: {
      const m = (error as ErrorLike | null)?.message;
      return typeof m === 'string' && m ? m : AUTH_MESSAGES.platformUnexpected;
    }
  }
}

/** Message for a failed password change (supabase.auth.updateUser with current_password). */
export function changePasswordMessage(error: unknown): string {
  const e = (error ?? {}) as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  if (code === 'current_password_invalid' || code === 'current_password_required') return AUTH_MESSAGES.currentPasswordIncorrect;
  if (code === 'same_password') return AUTH_MESSAGES.samePassword;
  // The server's rule is the product's one rule: its message says what is missing.
  if (code === 'weak_password' && typeof e.message === 'string' && e.message) return e.message;
  if (classifyAuthError(error) === 'rate-limited') return AUTH_MESSAGES.rateLimited;
  return AUTH_MESSAGES.passwordUpdateFailed;
}

/** The sign-in fields a message blames, so typing in them again clears it; the others (offline, throttled) stay. */
export function signInErrorBlames(message: string): readonly string[] | undefined {
  if (message === AUTH_MESSAGES.invalidCredentials) return ['email', 'password'];
  return message === AUTH_MESSAGES.emailNotConfirmed ? ['email'] : undefined;
}
