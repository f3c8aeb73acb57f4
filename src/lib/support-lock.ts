/**
 * When the support dialog opens again after five wrong passwords (the API's
 * 429 retry_after_seconds), kept in session storage so closing and reopening
 * the dialog, or reloading the page, does not hide the lock. The server
 * enforces the lock; this only spares the admin a pointless attempt.
 */
const LOCK_KEY = 'lockstepSupportLockUntil';

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The lock's end (ms since the epoch) while it lasts, else null (an ended lock is forgotten). */
export function readSupportLock(now: number): number | null {
  const s = store();
  const until = Number(s?.getItem(LOCK_KEY));
  if (Number.isFinite(until) && until > now) return until;
  s?.removeItem(LOCK_KEY);
  return null;
}

/** Records a lock of `seconds` from `now`; returns its end. */
export function writeSupportLock(now: number, seconds: number): number {
  const until = now + Math.max(0, seconds) * 1000;
  store()?.setItem(LOCK_KEY, String(until));
  return until;
}

export function clearSupportLock(): void {
  store()?.removeItem(LOCK_KEY);
}
