/**
 * Auth settings, read from the environment on every use so a test can set
 * them at run time (AUTH_JWT_EXPIRY=2, AUTH_BCRYPT_COST=4) without a restart.
 */

/** GoTrue's default access token lifetime: one hour. */
const DEFAULT_JWT_EXPIRY_S = 3600;
/** GoTrue's bcrypt cost. */
const DEFAULT_BCRYPT_COST = 10;

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) return fallback;
  return n;
}

/** Seconds an access token lives (AUTH_JWT_EXPIRY). */
export function jwtExpirySeconds(): number {
  return intFromEnv('AUTH_JWT_EXPIRY', DEFAULT_JWT_EXPIRY_S, 1, 7 * 24 * 3600);
}

/** bcrypt cost for new password hashes (AUTH_BCRYPT_COST, 4..15). */
export function bcryptCost(): number {
  return intFromEnv('AUTH_BCRYPT_COST', DEFAULT_BCRYPT_COST, 4, 15);
}

/**
 * Seconds during which a just-used refresh token may be presented again and
 * get the same successor back (AUTH_REFRESH_REUSE_INTERVAL, GoTrue's default
 * 10). A phone whose refresh response was lost on a bad network then keeps
 * its session instead of tripping reuse detection; 0 makes tokens strictly
 * single-use.
 */
export function refreshReuseIntervalSeconds(): number {
  return intFromEnv('AUTH_REFRESH_REUSE_INTERVAL', 10, 0, 3600);
}

/**
 * Seconds an invitation or recovery link stays valid (AUTH_MAILER_OTP_EXP,
 * GoTrue's GOTRUE_MAILER_OTP_EXP, default 86400).
 */
export function mailerOtpExpirySeconds(): number {
  return intFromEnv('AUTH_MAILER_OTP_EXP', 86_400, 1, 7 * 24 * 3600);
}

/**
 * Further redirect URLs a link may return to besides the site URL
 * (AUTH_ADDITIONAL_REDIRECT_URLS, comma-separated, GoTrue's
 * GOTRUE_URI_ALLOW_LIST; `*` matches within a path segment, `**` across).
 */
export function additionalRedirectUrls(): string[] {
  return (process.env.AUTH_ADDITIONAL_REDIRECT_URLS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * Sign-in throttling (see docs/decisions/015-sign-in-rate-limits.md). Every
 * count is per project, as each project is its own GoTrue; 0 turns a limit
 * off.
 */
export interface SignInLimitSettings {
  /** Token requests (password and refresh grants) an address may make per 5 minutes, sustained. */
  tokenPerFiveMinutes: number;
  /** Token requests an address may make at once before the sustained rate applies. */
  tokenBurst: number;
  /** Failed password checks an address may make per window before its password sign-ins are refused. */
  addressFailures: number;
  /** Failed password checks for one account from one address before that pair is locked. */
  accountFailures: number;
  /** Seconds over which failures are counted. */
  failureWindowSeconds: number;
  /** Seconds an account stays locked for the address that failed on it. */
  lockoutSeconds: number;
  /** Header carrying the client address, trusted only when set (AUTH_RATE_LIMIT_HEADER). */
  addressHeader: string | null;
}

export function signInLimitSettings(): SignInLimitSettings {
  const header = process.env.AUTH_RATE_LIMIT_HEADER?.trim();
  return {
    // GoTrue's GOTRUE_RATE_LIMIT_TOKEN_REFRESH and its fixed burst of 30.
    tokenPerFiveMinutes: intFromEnv('AUTH_RATE_LIMIT_TOKEN_REFRESH', 150, 0, 1_000_000),
    tokenBurst: intFromEnv('AUTH_RATE_LIMIT_TOKEN_BURST', 30, 1, 1_000_000),
    // Hosted Supabase allows 30 sign-ins per 5 minutes per address; only
    // failures count here, so a school's officers behind one NAT can all
    // sign in at the start of a shift.
    addressFailures: intFromEnv('AUTH_RATE_LIMIT_SIGN_IN_FAILURES', 30, 0, 1_000_000),
    accountFailures: intFromEnv('AUTH_LOCKOUT_FAILURES', 5, 0, 1_000_000),
    failureWindowSeconds: intFromEnv('AUTH_RATE_LIMIT_SIGN_IN_WINDOW', 300, 1, 24 * 3600),
    // Brief on purpose: a lockout is a speed bump for the attacker, not a
    // way for the attacker to keep the real user out.
    lockoutSeconds: intFromEnv('AUTH_LOCKOUT_SECONDS', 60, 1, 3600),
    addressHeader: header ? header : null,
  };
}
