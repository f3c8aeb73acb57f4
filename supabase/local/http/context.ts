/**
 * What every request to a project carries once the gateway has let it in:
 * the project it targets. Auth and rest apps are written against this.
 */
import type { Context } from 'hono';
import { verifyJwt, type JwtCheck } from '../keys';
import type { Project } from '../project';

export type StackEnv = { Variables: { project: Project } };

export function bearerToken(c: Context): string | null {
  const h = c.req.header('authorization');
  if (!h) return null;
  const m = /^bearer\s+(.+)$/i.exec(h.trim());
  return m?.[1] ?? null;
}

/**
 * The claims a request runs with: those of its bearer token, or of the apikey
 * when no token is sent (as PostgREST behind Supabase's gateway does).
 */
export async function requestClaims(c: Context<StackEnv>): Promise<JwtCheck> {
  const project = c.get('project');
  const token = bearerToken(c) ?? c.req.header('apikey') ?? c.req.query('apikey') ?? '';
  return verifyJwt(project.keys.jwtSecret, token);
}
