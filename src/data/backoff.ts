/**
 * Owns the wait before a retry of the outbox head after a network error, a
 * 5xx or a 429: capped exponential growth with jitter, so many devices
 * coming back online at once do not hammer the server in step.
 */

export interface BackoffOptions {
  /** Wait before the first retry, in ms. */
  baseMs: number;
  /** No wait is ever longer than this, in ms. */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, capMs: 60_000 };

/**
 * "Equal jitter": half of the capped exponential step is fixed, half random,
 * so the wait never collapses to zero (which would spin) and never exceeds
 * the cap. `attempt` counts failures so far, starting at 1.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const n = Math.max(1, Math.floor(attempt));
  // 2 ** 30 keeps the arithmetic finite for absurd attempt counts.
  const step = Math.min(options.capMs, options.baseMs * 2 ** Math.min(n - 1, 30));
  const half = step / 2;
  return Math.round(half + random() * half);
}
