/**
 * Access tokens as GoTrue mints them (HS256 with the project's JWT secret)
 * and the session response that carries one.
 */
import { SignJWT } from 'jose';
import type { Context } from 'hono';
import type { StackEnv } from '../http/context';
import { jwtExpirySeconds } from './config';
import { asObject, userJson, type UserRow } from './users';

/** How the session was opened, as GoTrue's amr: a password, an invitation link (otp) or a recovery link. */
export type AuthMethod = 'password' | 'otp' | 'recovery';

/** GoTrue's issuer: the auth API's own URL (https://<ref>.supabase.co/auth/v1). */
export function issuer(c: Context<StackEnv>): string {
  const url = new URL(c.req.url);
  const at = url.pathname.indexOf('/auth/v1');
  return `${url.origin}${at >= 0 ? url.pathname.slice(0, at + '/auth/v1'.length) : ''}`;
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

export async function sessionResponse(
  c: Context<StackEnv>,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  method: AuthMethod,
  authenticatedAt: number,
): Promise<SessionResponse> {
  const project = c.get('project');
  const expiresIn = jwtExpirySeconds();
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + expiresIn;
  const accessToken = await new SignJWT({
    sub: user.id,
    role: 'authenticated',
    aud: 'authenticated',
    email: user.email ?? '',
    phone: '',
    session_id: sessionId,
    app_metadata: asObject(user.raw_app_meta_data),
    user_metadata: asObject(user.raw_user_meta_data),
    aal: 'aal1',
    amr: [{ method, timestamp: authenticatedAt }],
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer(c))
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(project.keys.jwtSecret));
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}
