/**
 * Who is calling: the signed-in user behind a bearer access token (for
 * /user and /logout), or the service role (for /admin). Failures carry
 * GoTrue's codes so auth-js reacts as it does against hosted Supabase
 * (session_not_found makes it drop the local session).
 */
import type { Context } from 'hono';
import { bearerToken, type StackEnv } from '../http/context';
import { verifyJwt, type JwtClaims } from '../keys';
import { UUID_PATTERN } from './body';
import { AuthHttpError, forbidden } from './errors';
import { sessionIsLive } from './sessions';
import { findUserById, type UserRow } from './users';

async function verifiedClaims(c: Context<StackEnv>): Promise<JwtClaims> {
  const token = bearerToken(c);
  if (!token) throw new AuthHttpError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const check = await verifyJwt(c.get('project').keys.jwtSecret, token);
  if (!check.ok) {
    const why = check.reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }
  return check.claims;
}

export interface Caller {
  user: UserRow;
  sessionId: string | null;
  claims: JwtClaims;
}

export async function requireUser(c: Context<StackEnv>): Promise<Caller> {
  const claims = await verifiedClaims(c);
  const sub = claims.sub;
  if (typeof sub !== 'string' || !UUID_PATTERN.test(sub)) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const db = c.get('project').engine;
  let sessionId: string | null = null;
  if (claims.session_id !== undefined) {
    if (typeof claims.session_id !== 'string' || !UUID_PATTERN.test(claims.session_id)) {
      throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    }
    sessionId = claims.session_id;
    if (!(await sessionIsLive(db, sessionId, sub))) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  const user = await findUserById(db, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  return { user, sessionId, claims };
}

export async function requireAdmin(c: Context<StackEnv>): Promise<void> {
  const claims = await verifiedClaims(c);
  if (claims.role !== 'service_role') throw forbidden('not_admin', 'User not allowed');
}
