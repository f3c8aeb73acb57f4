/**
 * Project keys and JWTs, as a hosted Supabase project has them: one HS256
 * secret per project; the anon and service keys are long-lived JWTs signed
 * with it; access tokens carry sub, role, email, aud, exp.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface ProjectKeys {
  jwtSecret: string;
  anonKey: string;
  serviceKey: string;
}

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface JwtClaims {
  sub?: string;
  role: ApiRole;
  email?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  session_id?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  [claim: string]: unknown;
}

const TEN_YEARS_S = 10 * 365 * 24 * 3600;

function secretBytes(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signJwt(secret: string, claims: JwtClaims, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(secretBytes(secret));
}

export async function createProjectKeys(ref: string): Promise<ProjectKeys> {
  const jwtSecret = randomBytes(48).toString('base64url');
  const anonKey = await signJwt(jwtSecret, { role: 'anon', iss: 'lockstep-local', ref }, TEN_YEARS_S);
  const serviceKey = await signJwt(jwtSecret, { role: 'service_role', iss: 'lockstep-local', ref }, TEN_YEARS_S);
  return { jwtSecret, anonKey, serviceKey };
}

export type JwtCheck = { ok: true; claims: JwtClaims } | { ok: false; reason: 'expired' | 'invalid' };

const ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'];

export async function verifyJwt(secret: string, token: string): Promise<JwtCheck> {
  try {
    const { payload } = await jwtVerify(token, secretBytes(secret), { algorithms: ['HS256'] });
    if (typeof payload.role !== 'string' || !ROLES.includes(payload.role)) return { ok: false, reason: 'invalid' };
    return { ok: true, claims: payload as JwtClaims };
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}
