/**
 * Browser hardening headers for what the stack serves (DESIGN §8, decision
 * 016). Every response gets nosniff and a referrer policy; HTML gets the
 * Content-Security-Policy (no inline script, connections only to this origin,
 * the tenants' project URLs and the geocoding provider, never framed) and a
 * Permissions-Policy that gives the camera to the app alone; HSTS is sent when
 * the app is served over https. README says how to set the same on a static host.
 */
import type { MiddlewareHandler } from 'hono';

export interface SecurityHeaderOptions {
  /** The address browsers use (https turns on HSTS). */
  publicUrl: () => string;
  /** Origins of the tenant projects the app may call (hosted tenants live on other hosts). */
  tenantOrigins: () => Promise<string[]>;
}

/** OpenStreetMap's public Nominatim, the app's default geocoder (src/lib/geocoding). */
const DEFAULT_GEOCODING_URL = 'https://nominatim.openstreetmap.org';

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(connect: string[]): string {
  return [
    `default-src 'self'`,
    `script-src 'self'`,
    // Libraries (the QR scanner) set style attributes; styles cannot run code.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src ${['self', ...connect].map((o) => (o === 'self' ? `'self'` : o)).join(' ')}`,
    `media-src 'self' blob:`,
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

export function securityHeaders(opts: SecurityHeaderOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('x-content-type-options', 'nosniff');
    h.set('referrer-policy', 'strict-origin-when-cross-origin');
    const https = opts.publicUrl().startsWith('https:') || c.req.header('x-forwarded-proto') === 'https';
    if (https) h.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (!(h.get('content-type') ?? '').startsWith('text/html')) return;
    const own = originOf(opts.publicUrl());
    const geocoding = originOf(process.env.VITE_GEOCODING_URL || DEFAULT_GEOCODING_URL);
    const tenants = await opts.tenantOrigins().catch(() => []);
    const connect = [...new Set([own, geocoding, ...tenants].filter((o): o is string => o !== null))];
    h.set('content-security-policy', contentSecurityPolicy(connect));
    h.set('permissions-policy', PERMISSIONS_POLICY);
    h.set('x-frame-options', 'DENY');
  };
}
