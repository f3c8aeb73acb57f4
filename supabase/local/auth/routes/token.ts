/**
 * POST /token: the password grant (sign in) and the refresh_token grant,
 * both throttled by the auth app's SignInLimiter.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { StackEnv } from '../../http/context';
import { sessionResponse } from '../access-token';
import { readJsonBody } from '../body';
import { lookupEmail } from '../email';
import { badRequest, unprocessable } from '../errors';
import { verifyPassword } from '../password';
import { createSession, rotateRefreshToken } from '../sessions';
import type { Attempt, SignInLimiter } from '../sign-in-limiter';
import { findUserByEmail, findUserById, isBanned, type UserRow } from '../users';

const PasswordGrant = z.object({
  email: z.string({ error: 'must be a string' }).max(1024).optional(),
  phone: z.string({ error: 'must be a string' }).max(1024).optional(),
  password: z.string({ error: 'must be a string' }).max(1024),
});

const RefreshGrant = z.object({
  refresh_token: z.string({ error: 'must be a string' }).max(1024),
});

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

async function passwordGrant(c: Context<StackEnv>, limiter: SignInLimiter, attempt: Attempt): Promise<Response> {
  const body = await readJsonBody(c, PasswordGrant);
  // GoTrue's order (token.go): both given, then email, then phone (off here, as on a project without it).
  if (body.email && body.phone) {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (!body.email && body.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!body.email) throw badRequest('validation_failed', 'missing email or phone');
  // GoTrue does not validate here: it looks the address up lower-cased, untrimmed.
  const key = lookupEmail(body.email);
  const email = body.email.toLowerCase();
  // Refused before bcrypt runs, so a blocked attacker costs no CPU.
  limiter.begin(attempt, email);
  const db = c.get('project').engine;
  // An address GoTrue would not accept cannot belong to a user: no lookup.
  const found = key === null ? null : await findUserByEmail(db, key);
  // Always run bcrypt, against a dummy hash when there is no user, so the
  // response time does not tell which emails have accounts.
  const ok = await verifyPassword(body.password, found?.encrypted_password);
  if (!found || !ok) throw invalidCredentials();
  limiter.succeeded(attempt, email);
  if (found.email_confirmed_at === null) throw badRequest('email_not_confirmed', 'Email not confirmed');
  if (isBanned(found)) throw badRequest('user_banned', 'User is banned');
  const signedIn = await db.transaction(async (tx) => {
    const r = await tx.query<{ id: string }>(
      'update auth.users set last_sign_in_at = now() where id = $1::uuid and deleted_at is null returning id::text as id',
      [found.id],
    );
    if (!r.rows[0]) return null;
    const session = await createSession(tx, found.id);
    const user = await findUserById(tx, found.id);
    return user ? { user, ...session } : null;
  });
  // Deleted between the password check and now: as if it never existed.
  if (!signedIn) throw invalidCredentials();
  const at = Math.floor(Date.now() / 1000);
  return c.json(await sessionResponse(c, signedIn.user, signedIn.sessionId, signedIn.refreshToken, 'password', at));
}

async function refreshGrant(c: Context<StackEnv>): Promise<Response> {
  const body = await readJsonBody(c, RefreshGrant);
  if (!body.refresh_token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const db = c.get('project').engine;
  const r = await rotateRefreshToken(db, body.refresh_token, c.get('project').keys.jwtSecret);
  switch (r.kind) {
    case 'not_found':
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    case 'reused':
      throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    case 'session_expired':
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    case 'rotated':
      break;
  }
  const user: UserRow | null = await findUserById(db, r.userId);
  if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  // amr keeps how the session was first authenticated, as GoTrue's does.
  return c.json(await sessionResponse(c, user, r.sessionId, r.refreshToken, 'password', r.signedInAt));
}

export async function tokenHandler(c: Context<StackEnv>, limiter: SignInLimiter): Promise<Response> {
  const grant = c.req.query('grant_type');
  if (grant !== 'password' && grant !== 'refresh_token') throw badRequest('unsupported_grant_type', 'unsupported_grant_type');
  const attempt = limiter.attempt(c);
  limiter.takeToken(attempt);
  return grant === 'password' ? passwordGrant(c, limiter, attempt) : refreshGrant(c);
}
