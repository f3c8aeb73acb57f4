/**
 * CORS on the projects' auth and rest routes as hosted Supabase answers it
 * (its gateway's CORS plugin): any origin, the request headers a preflight
 * names reflected back (supabase-js adds headers over time), no credentials,
 * since access is decided by the API key and the bearer token, never by a
 * cookie. The app may then live on another origin than its projects, as a
 * hosted deployment does, or be opened at 127.0.0.1 while the stack's public
 * URL says localhost. A preflight is answered before the API key check, so
 * it never opens a tenant's database.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/** What PostgREST and GoTrue let a page read: counts (Content-Range), created rows' Location, GoTrue's paging. */
const EXPOSED = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Range-Unit',
  'X-Total-Count',
  'Link',
];

/** Browsers keep a preflight at most 2 h (Chromium) or 24 h (Firefox): an hour spares most of them. */
const PREFLIGHT_MAX_AGE_S = 3600;

export function projectCors(): MiddlewareHandler {
  const answer = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposeHeaders: EXPOSED,
    maxAge: PREFLIGHT_MAX_AGE_S,
  });
  return async (c, next) => {
    // Only a browser's preflight names a method: any other OPTIONS goes on to the API (405), as before.
    if (c.req.method !== 'OPTIONS' || c.req.header('access-control-request-method')) return answer(c, next);
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
  };
}
