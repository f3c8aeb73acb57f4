/**
 * The staff admin's password, checked again before a support session (spec
 * §5 Support access, DESIGN §8): the platform's own auth server decides
 * (a password grant), and the API keeps every answer in
 * support_reauth_attempts so five wrong ones in a row lock the route. The
 * lock is counted with the API's clock (deps.now), which tests can move.
 * The attempt is recorded (pending) before the password is checked, in one
 * locked step in the database (begin_support_reauth), so parallel requests
 * cannot check more passwords than the lock allows.
 */
import { SUPPORT_API_MESSAGES, SUPPORT_LOCK } from '../_shared/support-access';
import { platformAsService } from './clients';
import { apiNow, type ApiDeps } from './deps';
import { ApiError, fromDbError } from './http';

interface Attempt {
  /** null while that attempt's password is being checked: it counts as a failure. */
  succeeded: boolean | null;
  attempted_at: string;
}

/** When the lock of these attempts (newest first) ends, or null when there is none at `now`. */
export function lockedUntil(attempts: readonly Attempt[], now: Date): Date | null {
  const last = attempts.slice(0, SUPPORT_LOCK.failures);
  if (last.length < SUPPORT_LOCK.failures || last.some((a) => a.succeeded)) return null;
  const newest = Date.parse(last[0]!.attempted_at);
  const oldest = Date.parse(last[last.length - 1]!.attempted_at);
  if (newest - oldest > SUPPORT_LOCK.windowMs) return null;
  const until = newest + SUPPORT_LOCK.lockMs;
  return now.getTime() < until ? new Date(until) : null;
}

export function lockedError(until: Date, now: Date): ApiError {
  const retry = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new ApiError(429, SUPPORT_API_MESSAGES.locked, { retry_after_seconds: retry });
}

async function recentAttempts(deps: ApiDeps, staffId: string): Promise<Attempt[]> {
  const { data, error } = await platformAsService(deps)
    .from('support_reauth_attempts')
    .select('succeeded, attempted_at')
    .eq('staff_id', staffId)
    .order('attempted_at', { ascending: false })
    .limit(SUPPORT_LOCK.failures);
  if (error) throw fromDbError(error, 'Reading the re-authentication attempts');
  return (data ?? []) as Attempt[];
}

/** A 429 when the staff member is locked out now. */
export async function refuseWhileLocked(deps: ApiDeps, staffId: string): Promise<void> {
  const now = apiNow(deps);
  const until = lockedUntil(await recentAttempts(deps, staffId), now);
  if (until) throw lockedError(until, now);
}

/** Takes an attempt slot (a pending row) or says until when the staff member is locked out. */
async function beginAttempt(deps: ApiDeps, staffId: string, at: Date): Promise<{ id: string } | { lockedUntil: Date }> {
  const { data, error } = await platformAsService(deps).rpc('begin_support_reauth', { p_staff_id: staffId, p_at: at.toISOString() });
  if (error) throw fromDbError(error, 'Recording the re-authentication');
  const answer = data as { attempt_id?: string; locked_until?: string } | null;
  if (answer?.locked_until) return { lockedUntil: new Date(answer.locked_until) };
  if (!answer?.attempt_id) throw new ApiError(500, 'Recording the re-authentication failed');
  return { id: answer.attempt_id };
}

async function settleAttempt(deps: ApiDeps, id: string, succeeded: boolean): Promise<void> {
  const { error } = await platformAsService(deps).from('support_reauth_attempts').update({ succeeded }).eq('id', id);
  if (error) throw fromDbError(error, 'Recording the re-authentication');
}

/** No password was checked (the auth server could not answer): the slot is given back. */
async function dropAttempt(deps: ApiDeps, id: string): Promise<void> {
  await platformAsService(deps).from('support_reauth_attempts').delete().eq('id', id);
}

export type Reauth = { ok: true } | { ok: false; lockedUntil: Date | null };

/**
 * Asks the platform's auth server whether `password` is the staff member's,
 * records the answer and says whether it now locks them out. The session the
 * grant opens is closed again at once (scope local: the admin's other
 * sessions, including the one in their browser, stay).
 */
export async function reauthenticate(deps: ApiDeps, staff: { staffId: string; email: string }, password: string): Promise<Reauth> {
  const now = apiNow(deps);
  const slot = await beginAttempt(deps, staff.staffId, now);
  if ('lockedUntil' in slot) throw lockedError(slot.lockedUntil, now);
  const auth = `${deps.platformUrl}/auth/v1`;
  const res = await deps
    .fetch(`${auth}/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: deps.platformAnonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: staff.email, password }),
    })
    .catch(() => null);
  if (!res) {
    await dropAttempt(deps, slot.id);
    throw new ApiError(502, 'The platform sign-in service could not be reached');
  }
  const body = (await res.json().catch(() => ({}))) as { access_token?: string };
  if (res.status === 429) {
    // The auth server's own sign-in throttle: not a wrong password, but no check either.
    await dropAttempt(deps, slot.id);
    const seconds = Number(res.headers.get('retry-after')) || 60;
    throw new ApiError(429, SUPPORT_API_MESSAGES.locked, { retry_after_seconds: seconds });
  }
  if (res.ok && body.access_token) {
    await deps
      .fetch(`${auth}/logout?scope=local`, {
        method: 'POST',
        headers: { apikey: deps.platformAnonKey, authorization: `Bearer ${body.access_token}` },
      })
      .catch(() => null);
    await settleAttempt(deps, slot.id, true);
    return { ok: true };
  }
  if (res.status !== 400) {
    await dropAttempt(deps, slot.id);
    throw new ApiError(502, `The platform sign-in service answered ${res.status}`);
  }
  await settleAttempt(deps, slot.id, false);
  return { ok: false, lockedUntil: lockedUntil(await recentAttempts(deps, staff.staffId), now) };
}
