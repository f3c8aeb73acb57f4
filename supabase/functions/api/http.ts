/**
 * The product API's answers: `{error}` bodies with the right status (spec §7,
 * §8), and request parsing that turns every malformed or invalid input into
 * a 4xx before a handler touches anything.
 *   400  not JSON, not an object, or a bad query string
 *   422  well-formed JSON that fails the route's schema (with its issues)
 */
import type { Context } from 'hono';
import type { z } from 'zod';

export type ApiStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502 | 503;

export class ApiError extends Error {
  constructor(
    readonly status: ApiStatus,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what = 'Organization not found') => new ApiError(404, what);
export const conflict = (message: string) => new ApiError(409, message);

export function renderApiError(c: Context, err: ApiError): Response {
  return c.json({ error: err.message, ...err.extra }, err.status);
}

function issuesOf(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

function invalid(error: z.ZodError): ApiError {
  const issues = issuesOf(error);
  const first = issues[0];
  const message = first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid request';
  return new ApiError(422, message, { issues });
}

/** The JSON body, parsed and validated; throws ApiError (400/422) otherwise. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body must be JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ApiError(400, 'The request body must be a JSON object');
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

/** The query string as one value per name, validated; a bad one is a 400. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const err = invalid(parsed.error);
    throw new ApiError(400, err.message, err.extra);
  }
  return parsed.data;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid path parameter; anything else cannot name a row, so it is a 404. */
export function idParam(c: Context, name: string, what: string): string {
  const id = c.req.param(name) ?? '';
  if (!UUID_PATTERN.test(id)) throw new ApiError(404, what);
  return id.toLowerCase();
}

/** A database error from a supabase-js call, kept as a 502 unless it is the caller's fault. */
export function fromDbError(error: { message: string; code?: string }, context: string): ApiError {
  if (error.code === '23505') return new ApiError(409, `${context}: already exists`);
  if (error.code?.startsWith('22') || error.code?.startsWith('23')) return new ApiError(422, `${context}: ${error.message}`);
  return new ApiError(502, `${context}: ${error.message}`);
}
