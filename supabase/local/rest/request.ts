/**
 * What every rest request needs before it touches a table: its claims (the
 * JWT decides the database role), its Prefer/Accept/profile headers, its
 * query string in order, and the response helpers for PostgREST's errors.
 */
import type { Context } from 'hono';
import { requestClaims, type StackEnv } from '../http/context';
import type { JwtClaims } from '../keys';
import type { Project } from '../project';
import type { RequestInfo } from '../request-tx';
import { invalidPreferences, RestError, toRestError } from './errors';
import { statementTimeoutMs } from './limits';
import { acceptedMimes } from './media-types';
import { reloadSchemaCache, schemaCache, type SchemaCache } from './schema-cache';

export type Accept = 'json' | 'object' | 'csv';

export interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  /** handling=strict: refuse what cannot be honoured (and enforce max-affected). */
  handling: 'strict' | 'lenient' | null;
  maxAffected: number | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  applied: string[];
  /** What PostgREST would not recognise (its invalidPrefs): refused under handling=strict. */
  invalid: string[];
}

/**
 * The preferences PostgREST 14 knows (Preferences.hs). tx=commit and
 * tx=rollback are among them, but with db-tx-end at its default (commit, as
 * on hosted Supabase) they are ignored: the transaction commits.
 * params=single-object is not: PostgREST 13 removed it, so it is an unknown
 * preference like any other (ignored, or PGRST122 under handling=strict).
 */
const KNOWN_PREFERENCES = new Set([
  'resolution=merge-duplicates',
  'resolution=ignore-duplicates',
  'return=representation',
  'return=minimal',
  'return=headers-only',
  'count=exact',
  'count=planned',
  'count=estimated',
  'tx=commit',
  'tx=rollback',
  'missing=default',
  'missing=null',
  'handling=strict',
  'handling=lenient',
]);

function unknownPreferences(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '' && !KNOWN_PREFERENCES.has(p) && !p.startsWith('timezone=') && !p.startsWith('max-affected='));
}

export interface RestRequest {
  c: Context<StackEnv>;
  project: Project;
  claims: JwtClaims;
  method: string;
  prefer: Prefer;
  accept: Accept;
  /** Accept: application/vnd.pgrst.array+json;nulls=stripped */
  stripNulls: boolean;
  /** Query parameters in order, duplicates kept (PostgREST allows `a=gt.1&a=lt.5`). */
  query: [string, string][];
}

/** What the request's transaction carries: its headers (request.headers) and its role's statement timeout. */
export function txInfo(req: RestRequest): RequestInfo {
  return { headers: req.c.req.raw.headers, timeoutMs: statementTimeoutMs(req.claims.role) };
}

export function parsePrefer(header: string | undefined): Prefer {
  const p: Prefer = {
    return: null,
    handling: null,
    maxAffected: null,
    count: null,
    resolution: null,
    missing: null,
    applied: [],
    invalid: unknownPreferences(header),
  };
  for (const raw of (header ?? '').split(/[,;]/)) {
    const [k, v] = raw
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) p.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) p.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) p.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) p.missing = v;
    else if (k === 'handling' && (v === 'strict' || v === 'lenient')) p.handling = v;
    else if (k === 'max-affected' && v !== undefined && /^\d{1,15}$/.test(v)) p.maxAffected = Number(v);
    else continue;
    p.applied.push(`${k}=${v}`);
  }
  return p;
}

/** The nulls=stripped parameter of a vnd.pgrst media type in Accept. */
export function acceptsStrippedNulls(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [type = '', ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    return type.startsWith('application/vnd.pgrst.') && params.includes('nulls=stripped');
  });
}

export function parseAccept(header: string | undefined): Accept {
  if (!header) return 'json';
  for (const part of header.split(',')) {
    const type = (part.split(';')[0] ?? '').trim().toLowerCase();
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return 'object';
    if (type === 'text/csv') return 'csv';
    if (type === '*/*' || type === 'application/json' || type === 'application/*' || type.startsWith('application/vnd.pgrst.array'))
      return 'json';
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${acceptedMimes(header)}`);
}

function checkProfile(c: Context<StackEnv>): void {
  const method = c.req.method;
  const profile = method === 'GET' || method === 'HEAD' ? c.req.header('accept-profile') : c.req.header('content-profile');
  if (profile !== undefined && profile !== 'public') {
    throw new RestError(406, 'PGRST106', `Invalid schema: ${profile}`, null, 'Only the following schemas are exposed: public');
  }
}

export function errorResponse(err: RestError): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (err.status === 401 && err.code.startsWith('PGRST30')) {
    headers['www-authenticate'] = `Bearer error="invalid_token", error_description="${err.message}"`;
  }
  return new Response(JSON.stringify(err.body()), { status: err.status, headers });
}

/**
 * Runs a handler with the project's schema cache; when it names something the
 * cache does not know, the cache is reloaded once and the handler re-run
 * (nothing has touched the database by then: names are checked first).
 */
export async function serve(c: Context<StackEnv>, handler: (req: RestRequest, cache: SchemaCache) => Promise<Response>): Promise<Response> {
  const project = c.get('project');
  const check = await requestClaims(c);
  if (!check.ok) {
    return errorResponse(
      check.reason === 'expired'
        ? new RestError(401, 'PGRST303', 'JWT expired')
        : new RestError(401, 'PGRST301', 'JWSError JWSInvalidSignature', null, null),
    );
  }
  const claims = check.claims;
  try {
    checkProfile(c);
    const url = new URL(c.req.url);
    const req: RestRequest = {
      c,
      project,
      claims,
      method: c.req.method,
      prefer: parsePrefer(c.req.header('prefer')),
      accept: parseAccept(c.req.header('accept')),
      stripNulls: acceptsStrippedNulls(c.req.header('accept')),
      query: [...url.searchParams.entries()],
    };
    if (req.prefer.handling === 'strict' && req.prefer.invalid.length) throw invalidPreferences(req.prefer.invalid);
    try {
      return await handler(req, await schemaCache(project.engine));
    } catch (e) {
      if (!(e instanceof RestError) || !e.cacheMiss) throw e;
      return await handler(req, await reloadSchemaCache(project.engine));
    }
  } catch (e) {
    const err = toRestError(e, claims.role);
    // Postgres itself says a name is gone (dropped/renamed since the cache was read): refresh it for the next request.
    if (STALE_CODES.has(err.code)) void reloadSchemaCache(project.engine).catch(() => undefined);
    return errorResponse(err);
  }
}

const STALE_CODES = new Set(['42P01', '42883']);
