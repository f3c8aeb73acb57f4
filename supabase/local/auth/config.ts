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
