/**
 * Throttling of the token endpoint, in three layers (decision 015):
 *
 * - every token request (password and refresh grants) takes a token from a
 *   per-address bucket, as GoTrue's GOTRUE_RATE_LIMIT_TOKEN_REFRESH does;
 * - failed password checks are counted per address: past the limit, that
 *   address may not try passwords until the window ends. This is what stops
 *   spraying one password over many accounts;
 * - failed password checks are counted per account *and* address: a few in a
 *   row lock that pair briefly. Keying on the address too means an attacker
 *   can only lock themselves out; the real user signs in from their own
 *   address all along.
 *
 * State lives in memory, per auth app (so per server), bounded by entry
 * counts; every key starts with the project, as each project is its own
 * GoTrue. The clock is Date.now so tests can move it.
 */
import type { Context } from 'hono';
import type { StackEnv } from '../http/context';
import { BoundedMap } from './bounded-map';
import { clientAddress } from './client-address';
import { signInLimitSettings } from './config';
import { tooManyRequests } from './errors';

const FIVE_MINUTES_MS = 5 * 60 * 1000;
/** About 100 bytes an entry: a few MB at most per map. */
const DEFAULT_MAX_ENTRIES = 50_000;

interface Bucket {
  tokens: number;
  at: number;
  /** When the bucket is full again, i.e. as good as absent. */
  fullAt: number;
}

interface Failures {
  count: number;
  windowEnd: number;
  lockedUntil: number;
}

const failuresSpent = (f: Failures, now: number) => now >= Math.max(f.windowEnd, f.lockedUntil);

/** Who is trying: the project and the client address, resolved once per request. */
export interface Attempt {
  project: string;
  address: string;
}

export class SignInLimiter {
  private readonly buckets: BoundedMap<Bucket>;
  private readonly byAddress: BoundedMap<Failures>;
  private readonly byAccount: BoundedMap<Failures>;

  constructor(maxEntries = DEFAULT_MAX_ENTRIES) {
    this.buckets = new BoundedMap<Bucket>(maxEntries, (b, now) => now >= b.fullAt);
    this.byAddress = new BoundedMap<Failures>(maxEntries, failuresSpent);
    this.byAccount = new BoundedMap<Failures>(maxEntries, failuresSpent);
  }

  attempt(c: Context<StackEnv>): Attempt {
    return { project: c.get('project').ref, address: clientAddress(c, signInLimitSettings().addressHeader) };
  }

  /** Any token request. Throws GoTrue's 429 when the address's bucket is empty. */
  takeToken(a: Attempt): void {
    const s = signInLimitSettings();
    if (s.tokenPerFiveMinutes === 0) return;
    const now = Date.now();
    const perMs = s.tokenPerFiveMinutes / FIVE_MINUTES_MS;
    const key = perAddress(a);
    const b = this.buckets.get(key, now);
    const tokens = b ? Math.min(s.tokenBurst, b.tokens + (now - b.at) * perMs) : s.tokenBurst;
    const left = tokens >= 1 ? tokens - 1 : tokens;
    this.buckets.set(key, { tokens: left, at: now, fullAt: now + (s.tokenBurst - left) / perMs });
    if (tokens < 1) throw tooManyRequests((1 - tokens) / perMs / 1000);
  }

  /**
   * Before a password is checked: refuses a blocked address or a locked
   * account on this address, then counts the attempt as a failure. Counting
   * up front means parallel guesses cannot all slip past the check while
   * bcrypt runs; succeeded() takes the count back.
   */
  begin(a: Attempt, email: string): void {
    const s = signInLimitSettings();
    const now = Date.now();
    const ak = perAddress(a);
    const byAddress = this.byAddress.get(ak, now);
    if (s.addressFailures > 0 && byAddress && byAddress.count >= s.addressFailures) {
      throw tooManyRequests((byAddress.windowEnd - now) / 1000);
    }
    const key = perAccount(a, email);
    const byAccount = this.byAccount.get(key, now);
    if (byAccount && byAccount.lockedUntil > now) throw tooManyRequests((byAccount.lockedUntil - now) / 1000);

    const windowEnd = now + s.failureWindowSeconds * 1000;
    this.byAddress.set(ak, { count: (byAddress?.count ?? 0) + 1, windowEnd: byAddress?.windowEnd ?? windowEnd, lockedUntil: 0 });
    if (s.accountFailures === 0) return;
    // A lock that has run out is spent (get returned nothing), so the next
    // miss starts a new count instead of locking again at once.
    const count = (byAccount?.count ?? 0) + 1;
    if (count >= s.accountFailures) {
      const lockedUntil = now + s.lockoutSeconds * 1000;
      this.byAccount.set(key, { count: 0, windowEnd: lockedUntil, lockedUntil });
    } else {
      this.byAccount.set(key, { count, windowEnd: byAccount?.windowEnd ?? windowEnd, lockedUntil: 0 });
    }
  }

  /** The right password: the attempt was no failure, and the account's count on this address ends. */
  succeeded(a: Attempt, email: string): void {
    const now = Date.now();
    const ak = perAddress(a);
    const byAddress = this.byAddress.get(ak, now);
    if (byAddress && byAddress.count > 0) this.byAddress.set(ak, { ...byAddress, count: byAddress.count - 1 });
    this.byAccount.delete(perAccount(a, email));
  }
}

const perAddress = (a: Attempt) => `${a.project}\u0000${a.address}`;
const perAccount = (a: Attempt, email: string) => `${a.project}\u0000${a.address}\u0000${email}`;
