/**
 * GoTrue's error responses. auth-js reads the error code from `code` when the
 * response carries `X-Supabase-Api-Version: 2024-01-01` (which it requests on
 * every call), and from `error_code` otherwise; both shapes are produced here
 * so either client generation gets the code and message it expects.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

export class AuthHttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: string,
    message: string,
    /** Extra top-level fields, e.g. weak_password: { reasons } */
    readonly extra: Record<string, unknown> = {},
    /** Response headers, e.g. Retry-After on a 429 */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AuthHttpError';
  }
}

export const badRequest = (code: string, message: string) => new AuthHttpError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthHttpError(403, code, message);
export const unprocessable = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthHttpError(422, code, message, extra);
export const notFound = (code: string, message: string) => new AuthHttpError(404, code, message);

/** True when the client asked for the 2024-01-01 API (or later). */
export function wantsApi2024(c: Context): boolean {
  const v = c.req.header(API_VERSION_HEADER);
  return v !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= API_VERSION_2024;
}

/** GoTrue's answer when a rate limit is reached; Retry-After tells well-behaved clients when to try again. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AuthHttpError(
    429,
    'over_request_rate_limit',
    'Request rate limit reached',
    {},
    {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    },
  );

export function renderAuthError(c: Context, err: AuthHttpError): Response {
  for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
  if (wantsApi2024(c)) {
    c.header(API_VERSION_HEADER, API_VERSION_2024);
    return c.json({ code: err.errorCode, message: err.message, ...err.extra }, err.status);
  }
  return c.json({ code: err.status, error_code: err.errorCode, msg: err.message, ...err.extra }, err.status);
}
