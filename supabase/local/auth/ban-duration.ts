/**
 * ban_duration as the admin API takes it: "none" lifts a ban, otherwise a Go
 * duration string ("24h", "1h30m", "876000h", "90s").
 */
import { badRequest } from './errors';

const UNIT_SECONDS: Record<string, number> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  μs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/** Seconds to ban for, or null for "none". */
export function parseBanDuration(raw: string): number | null {
  const s = raw.trim();
  if (s === 'none') return null;
  const whole = /^(?:\d+(?:\.\d+)?(?:ns|us|µs|μs|ms|s|m|h))+$/u;
  if (!whole.test(s)) throw badRequest('validation_failed', `invalid format for ban duration: ${raw}`);
  let total = 0;
  for (const m of s.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|μs|ms|s|m|h)/gu)) {
    const n = Number(m[1]);
    const unit = UNIT_SECONDS[m[2] ?? ''];
    if (unit === undefined) throw badRequest('validation_failed', `invalid format for ban duration: ${raw}`);
    total += n * unit;
  }
  // Past a thousand years the timestamp arithmetic would overflow in Postgres.
  if (!Number.isFinite(total) || total <= 0 || total > 1000 * 365 * 24 * 3600)
    throw badRequest('validation_failed', `invalid format for ban duration: ${raw}`);
  return total;
}
