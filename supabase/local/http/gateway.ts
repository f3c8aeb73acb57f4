/**
 * The gateway in front of each project, as Supabase's API gateway: a request
 * must carry the project's anon or service key in `apikey`; bodies over the
 * size limit are refused before anything reads them. The key is checked
 * before the project is opened, so a request without a valid key never
 * costs a tenant's database; a request that gets in holds its project open
 * until its response is done.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { isPgError } from '../engine/types';
import type { ProjectKeys } from '../keys';
import type { ProjectAccess } from '../project';
import type { StackEnv } from './context';

export const DEFAULT_BODY_LIMIT = 5 * 1024 * 1024;

const matches = (keys: ProjectKeys, key: string) => key === keys.anonKey || key === keys.serviceKey;

const invalidKey = (c: Context) =>
  c.json({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, 401);

interface NodeResponse {
  once(event: 'close' | 'finish', listener: () => void): unknown;
  writableFinished: boolean;
  destroyed: boolean;
}

function isNodeResponse(x: unknown): x is NodeResponse {
  const r = x as Partial<NodeResponse> | null;
  return typeof r?.once === 'function' && typeof r.writableFinished === 'boolean' && typeof r.destroyed === 'boolean';
}

/**
 * Under @hono/node-server a streamed body is still being written when the
 * handler returns, so the project is released once Node has sent (or lost)
 * the response; called in-process (tests, the product API's own fetch) the
 * response is complete when the handler returns.
 */
function releaseWhenSent(c: Context, release: () => void): void {
  const out: unknown = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  if (!isNodeResponse(out) || out.writableFinished || out.destroyed) {
    release();
    return;
  }
  out.once('finish', release);
  out.once('close', release);
}

/**
 * The routes that, as behind Supabase's gateway, need no key because a
 * browser opens them without one: a link opened from an email (GoTrue's
 * verify), signInWithOAuth's redirect (authorize, which answers that the
 * provider is off) and a signed Storage URL (which an <img> loads).
 */
const isKeylessRoute = (c: Context): boolean =>
  (c.req.method === 'GET' && (c.req.path.endsWith('/auth/v1/verify') || c.req.path.endsWith('/auth/v1/authorize'))) ||
  ((c.req.method === 'GET' || c.req.method === 'HEAD') && c.req.path.includes('/storage/v1/object/sign/'));

export function projectGateway(
  resolve: (c: Context<StackEnv>, apikey: string | undefined) => Promise<ProjectAccess | null>,
  bodyLimitFor: number | ((c: Context) => number),
): MiddlewareHandler<StackEnv> {
  return async (c, next) => {
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    const access = await resolve(c, key);
    if (!access) {
      return c.json(
        { code: 'PGRST000', message: 'Project not found', details: null, hint: 'Check the organization slug in the URL.' },
        404,
      );
    }
    if (!key && !isKeylessRoute(c)) {
      return c.json({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, 401);
    }
    if (key && access.keys && !matches(access.keys, key)) return invalidKey(c);
    const bodyLimit = typeof bodyLimitFor === 'number' ? bodyLimitFor : bodyLimitFor(c);
    const length = Number(c.req.header('content-length') ?? '0');
    if (key && length > bodyLimit) {
      return c.json(
        { code: 'PGRST413', message: 'Payload Too Large', details: `The request body is larger than ${bodyLimit} bytes`, hint: null },
        413,
      );
    }
    let lease: Awaited<ReturnType<ProjectAccess['open']>>;
    try {
      lease = await access.open();
    } catch (e) {
      // PostgreSQL: the stack's connection budget stayed spent (connection-budget.ts).
      if (isPgError(e) && e.code === '53300') {
        return c.json({ code: e.code, message: e.message, details: e.detail ?? null, hint: e.hint ?? null }, 503, { 'retry-after': '1' });
      }
      throw e;
    }
    if (key && !matches(lease.project.keys, key)) {
      lease.release();
      return invalidKey(c);
    }
    c.set('project', lease.project);
    try {
      await next();
    } finally {
      releaseWhenSent(c, lease.release);
    }
  };
}
