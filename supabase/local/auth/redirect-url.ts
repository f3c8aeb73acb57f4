/**
 * Where a link may send the browser back to, as GoTrue's redirect check: the
 * site URL's origin, or a URL on the allow list; anything else falls back to
 * the site URL, so a forged link cannot hand a session to another site.
 * Stricter than GoTrue on one point: the site URL must match by origin
 * (scheme, host and port), not by host name alone.
 */
import { additionalRedirectUrls } from './config';

function globToRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern.charAt(i);
    if (ch === '*') {
      if (pattern.charAt(i + 1) === '*') {
        out += '.*';
        i++;
      } else out += '[^/]*';
    } else out += ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

export function isAllowedRedirect(siteUrl: string, candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // No credentials in the URL: they would only serve to disguise the host.
  if (url.username || url.password) return false;
  try {
    if (url.origin === new URL(siteUrl).origin) return true;
  } catch {
    // A bad site URL allows nothing by origin; the allow list still applies.
  }
  return additionalRedirectUrls().some((p) => globToRegExp(p).test(candidate));
}

/** The first allowed candidate, else the site URL. */
export function redirectTarget(siteUrl: string, ...candidates: (string | undefined)[]): string {
  for (const c of candidates) if (c && isAllowedRedirect(siteUrl, c)) return c;
  return siteUrl;
}
