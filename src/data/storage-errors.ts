/**
 * Reads a Storage API error (storage-js's StorageApiError, or its wrapper of
 * a failed fetch) into the sync's error shape, so photos are retried,
 * refreshed or refused by the same rule as rows (sync-errors.ts). Storage
 * answers most errors with HTTP 400 and names the real status in the body's
 * statusCode: that one decides. An invalid or expired token is a 401 here
 * whatever status carried it, so the session is refreshed rather than the
 * photo refused.
 */
import type { SyncErrorInfo } from './sync-errors';

/** The status Storage gives a photo that is already there: the same photo, sent before its answer was lost. */
export const STORAGE_DUPLICATE_STATUS = 409;

export function storageErrorInfo(error: unknown): SyncErrorInfo {
  const o = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const named = typeof o.statusCode === 'string' || typeof o.statusCode === 'number' ? Number(o.statusCode) : NaN;
  const http = typeof o.status === 'number' ? o.status : 0;
  // storage-js wraps a fetch that never got a response as StorageUnknownError: no status at all.
  let status = o.name === 'StorageApiError' ? (Number.isInteger(named) && named >= 100 && named < 600 ? named : http) : 0;
  const code = typeof o.code === 'string' ? o.code : typeof o.error === 'string' ? o.error : '';
  if (code === 'InvalidJWT' || /jwt|exp" claim/i.test(String(o.message ?? ''))) status = 401;
  return {
    code: code ? `storage:${code}` : '',
    message: typeof o.message === 'string' ? o.message : String(error),
    details: null,
    hint: null,
    status,
  };
}
