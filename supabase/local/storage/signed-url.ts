/**
 * Signed URLs as Supabase Storage makes them: a JWT signed with the project's
 * secret naming `{bucket}/{object name}` and when it stops working. Anyone
 * holding the URL may download that one object until then (an <img> tag sends
 * no API key), so the path and expiry are checked on every use.
 */
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { ERRORS } from './errors';

const key = (secret: string) => new TextEncoder().encode(secret);

export function signObjectUrl(secret: string, bucket: string, name: string, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ url: `${bucket}/${name}` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(key(secret));
}

export async function verifyObjectUrl(secret: string, token: string, bucket: string, name: string): Promise<void> {
  let url: unknown;
  try {
    ({
      payload: { url },
    } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] }));
  } catch (e) {
    throw e instanceof joseErrors.JWTExpired ? ERRORS.expiredSignature() : ERRORS.invalidSignature();
  }
  if (url !== `${bucket}/${name}`) throw ERRORS.invalidSignature();
}

/** The object's path in a URL: each segment percent-encoded, the slashes kept. */
export const encodeObjectPath = (bucket: string, name: string): string =>
  [bucket, ...name.split('/')].map((s) => encodeURIComponent(s)).join('/');
