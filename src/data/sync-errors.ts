/**
 * Owns what the sync engine knows about a failed request: the server's own
 * code, message and HTTP status kept intact (a wrapped error that loses its
 * code sends permanent errors into endless retries, as PowerSync's connector
 * once did), and the one rule that decides retry, refresh or reject.
 */

export interface SyncErrorInfo {
  /** PostgREST or Postgres code (PGRST301, 23505, 42501...), '' for network failures. */
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
  /** HTTP status; 0 when no response arrived. */
  status: number;
}

export type ErrorClass = 'retry' | 'auth' | 'permanent';

/** Codes our own transport returns without a network round trip. */
export const NO_SESSION_CODE = 'LOCKSTEP_NO_SESSION';
export const NOT_APPLIED_CODE = 'LOCKSTEP_NOT_APPLIED';

const AUTH_CODES = new Set(['PGRST301', 'PGRST302', 'PGRST303', NO_SESSION_CODE]);
// Postgres classes that mean "try again later": serialization failures and
// deadlocks, lock timeouts, statement cancel, resources, server shutdown.
const TRANSIENT_CODE = /^(40001|40P01|55P03|57014|57P0[1-3]|53\d{3}|08\d{3})$/;
const PERMANENT_CODE = /^(22\d{3}|23\d{3}|42501|42P01|42703|PGRST1\d\d|PGRST2\d\d|LOCKSTEP_NOT_APPLIED)$/;

export function classifySyncError(e: SyncErrorInfo): ErrorClass {
  if (e.status === 401 || AUTH_CODES.has(e.code)) return 'auth';
  if (TRANSIENT_CODE.test(e.code)) return 'retry';
  if (e.status === 0 || e.status === 408 || e.status === 425 || e.status === 429 || e.status >= 500) {
    // A 500 carrying a data error (some proxies map them so) is still the row's fault.
    return e.status >= 500 && PERMANENT_CODE.test(e.code) && e.code.startsWith('2') ? 'permanent' : 'retry';
  }
  if (PERMANENT_CODE.test(e.code)) return 'permanent';
  // Every other 4xx (400, 403, 404, 409, 413, 422...) is about the request
  // itself: sending it again unchanged cannot succeed.
  if (e.status >= 400) return 'permanent';
  return 'retry';
}

/** Reads a PostgREST error object (supabase-js `error`) plus the response status, keeping the code. */
export function toSyncErrorInfo(error: unknown, status: number): SyncErrorInfo {
  const o = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const str = (v: unknown): string | null => (typeof v === 'string' ? v : v == null ? null : String(v));
  return {
    code: str(o.code) ?? '',
    message: str(o.message) ?? (typeof error === 'string' ? error : 'Unknown error'),
    details: str(o.details),
    hint: str(o.hint),
    status,
  };
}
