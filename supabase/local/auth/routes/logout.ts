/**
 * POST /logout?scope=global|local|others: ends sessions, which revokes their
 * refresh tokens (cascade) and makes their access tokens fail on /user with
 * session_not_found.
 */
import type { Context } from 'hono';
import type { StackEnv } from '../../http/context';
import { badRequest } from '../errors';
import { requireUser } from '../guards';
import { endSessions, type LogoutScope } from '../sessions';

const SCOPES: readonly LogoutScope[] = ['global', 'local', 'others'];

function isScope(s: string): s is LogoutScope {
  return (SCOPES as readonly string[]).includes(s);
}

export async function logoutHandler(c: Context<StackEnv>): Promise<Response> {
  const scope = c.req.query('scope') ?? 'global';
  if (!isScope(scope)) throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  const { user, sessionId } = await requireUser(c);
  await endSessions(c.get('project').engine, user.id, sessionId, scope);
  return c.body(null, 204);
}
