/**
 * The gateway in front of each project, as Supabase's API gateway: a request
 * must carry the project's anon or service key in `apikey`; bodies over the
 * size limit are refused before anything reads them.
 */
import type { MiddlewareHandler } from 'hono';
import type { Project } from '../project';
import type { StackEnv } from './context';

export const DEFAULT_BODY_LIMIT = 5 * 1024 * 1024;

export function projectGateway(
  resolve: (c: Parameters<MiddlewareHandler<StackEnv>>[0]) => Promise<Project | null>,
  bodyLimit: number,
): MiddlewareHandler<StackEnv> {
  return async (c, next) => {
    const project = await resolve(c);
    if (!project) {
      return c.json(
        { code: 'PGRST000', message: 'Project not found', details: null, hint: 'Check the organization slug in the URL.' },
        404,
      );
    }
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    // As Supabase's gateway: a link opened from an email carries no key, so
    // GoTrue's verify route is open (it checks the link's own token).
    if (!key && c.req.method === 'GET' && c.req.path.endsWith('/auth/v1/verify')) {
      c.set('project', project);
      return next();
    }
    if (!key) return c.json({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, 401);
    if (key !== project.keys.anonKey && key !== project.keys.serviceKey) {
      return c.json({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, 401);
    }
    const length = Number(c.req.header('content-length') ?? '0');
    if (length > bodyLimit) {
      return c.json(
        { code: 'PGRST413', message: 'Payload Too Large', details: `The request body is larger than ${bodyLimit} bytes`, hint: null },
        413,
      );
    }
    c.set('project', project);
    await next();
  };
}
