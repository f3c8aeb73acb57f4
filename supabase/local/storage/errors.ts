/**
 * Errors in the shape Supabase Storage sends them: a body of
 * {statusCode, code, error, message} whose statusCode says what happened,
 * on an HTTP 400 (500 for a server fault; 403 for a token whose role may not
 * use storage), which is what storage-js and hosted clients expect.
 */
import { isPgError } from '../engine/types';

export class StorageError extends Error {
  constructor(
    /** The status the body names (404 for a missing object). */
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The body's `error` when Storage names it apart from the code. */
    readonly error: string = code,
    /** The HTTP status, where Storage does not use 400. */
    readonly httpStatus: number = statusCode >= 500 ? 500 : 400,
  ) {
    super(message);
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature'),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  duplicate: () => new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  /** Over a bucket's limit: HTTP 400, as Storage; over the request body limit: HTTP 413. */
  tooLarge: (httpStatus = 400) =>
    new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large', httpStatus),
  invalidMimeType: (mime: string) => new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  timeout: () => new StorageError(544, 'DatabaseTimeout', 'The database timed out running the request', 'DatabaseTimeout', 544),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error'),
};

/** What Storage answers for a database error (its DBError mapping). */
export function fromDatabaseError(e: unknown): StorageError {
  if (e instanceof StorageError) return e;
  if (isPgError(e)) {
    switch (e.code) {
      case '42501':
        return ERRORS.accessDenied(e.message.includes('row-level security') ? 'new row violates row-level security policy' : e.message);
      case '23505':
        return ERRORS.duplicate();
      case '57014':
        return ERRORS.timeout();
      case '22P02':
        return ERRORS.invalidRequest(e.message);
    }
  }
  console.error('[storage] unexpected error', e);
  return ERRORS.internal();
}

export function storageErrorResponse(e: StorageError): Response {
  return Response.json({ statusCode: String(e.statusCode), code: e.code, error: e.error, message: e.message }, { status: e.httpStatus });
}
