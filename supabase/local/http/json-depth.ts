/**
 * Refuses request bodies whose JSON nests deeper than a bound, before any
 * handler parses them or hands them to the database. Postgres's JSON parser
 * recurses per level: 10,000 levels overflow the embedded engine's stack and
 * leave it broken (XX000 bad buffer ID), and JSON.parse of a deeper body can
 * overflow the server's own. Every project (auth, rest) and the product API
 * sit behind this one check, each answering in its own error shape.
 */
import type { Context, MiddlewareHandler } from 'hono';

/** Levels one JSON body may nest (REQUEST_MAX_JSON_DEPTH, default 64). */
export function maxJsonDepth(): number {
  const n = Number(process.env.REQUEST_MAX_JSON_DEPTH ?? '');
  return Number.isInteger(n) && n >= 2 && n <= 1000 ? n : 64;
}

/** The deepest nesting of arrays and objects in `text`, stopping once past `limit`; strings are skipped. */
export function jsonDepthOver(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return false;
}

const BINARY = /^(image\/|audio\/|video\/|application\/octet-stream|multipart\/)/i;

export function jsonDepthGuard(refuse: (c: Context, max: number) => Response): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || BINARY.test(c.req.header('content-type') ?? '')) {
      await next();
      return;
    }
    // Hono keeps the text, so the handler's own c.req.text()/json() reads it again for free.
    const text = await c.req.text();
    const max = maxJsonDepth();
    if (jsonDepthOver(text, max)) return refuse(c, max);
    await next();
  };
}

const why = (max: number) => `The JSON body nests more than ${max} levels deep`;

/** PostgREST's shape: PGRST102 is its "invalid request body". */
export const restTooDeep = (c: Context, max: number): Response =>
  c.json({ code: 'PGRST102', message: why(max), details: null, hint: 'Send flatter JSON.' }, 400);

/** GoTrue's shape, both generations (auth/errors.ts renders the same two). */
export const authTooDeep = (c: Context, max: number): Response =>
  c.req.header('x-supabase-api-version')
    ? c.json({ code: 'bad_json', message: why(max) }, 400)
    : c.json({ code: 400, error_code: 'bad_json', msg: why(max) }, 400);

/** The product API's shape. */
export const apiTooDeep = (c: Context, max: number): Response => c.json({ ok: false, error: why(max) }, 400);
