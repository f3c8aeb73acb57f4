/** The invitation link's two pure rules: reading the verify redirect's fragment, and where a link may return to. */
import { afterEach, describe, expect, it } from 'vitest';
import { isAllowedRedirect, redirectTarget } from '../../supabase/local/auth/redirect-url';
import { parseInviteFragment } from '../../src/features/tenant-auth/invite-link';

describe('parseInviteFragment', () => {
  it('reads the session GoTrue puts in the fragment', () => {
    expect(parseInviteFragment('#access_token=a.b.c&expires_at=1&expires_in=3600&refresh_token=r1&token_type=bearer&type=invite')).toEqual({
      kind: 'session',
      access_token: 'a.b.c',
      refresh_token: 'r1',
    });
  });
  it('reads an error, which wins over any token', () => {
    expect(
      parseInviteFragment('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired'),
    ).toEqual({ kind: 'error', code: 'otp_expired' });
    expect(parseInviteFragment('#access_token=a&refresh_token=b&error=access_denied')).toEqual({ kind: 'error', code: 'access_denied' });
  });
  it('treats a missing or partial fragment as none', () => {
    expect(parseInviteFragment('')).toEqual({ kind: 'none' });
    expect(parseInviteFragment('#access_token=a')).toEqual({ kind: 'none' });
    expect(parseInviteFragment('#refresh_token=b')).toEqual({ kind: 'none' });
  });
});

describe('redirect URL check', () => {
  const SITE = 'https://app.example';
  afterEach(() => {
    delete process.env.AUTH_ADDITIONAL_REDIRECT_URLS;
  });

  it('allows the site origin only, by scheme, host and port', () => {
    expect(isAllowedRedirect(SITE, 'https://app.example/tenant/acme/accept-invite')).toBe(true);
    expect(isAllowedRedirect(SITE, 'http://app.example/tenant/acme/accept-invite')).toBe(false);
    expect(isAllowedRedirect(SITE, 'https://app.example:8443/x')).toBe(false);
    expect(isAllowedRedirect(SITE, 'https://app.example.evil.test/x')).toBe(false);
    expect(isAllowedRedirect(SITE, 'https://user:pw@app.example/x')).toBe(false);
    expect(isAllowedRedirect(SITE, 'javascript:alert(1)')).toBe(false);
    expect(isAllowedRedirect(SITE, 'not a url')).toBe(false);
  });

  it('allows allow-list patterns: * inside a segment, ** across', () => {
    process.env.AUTH_ADDITIONAL_REDIRECT_URLS = 'https://other.example/tenant/*/accept-invite, https://deep.example/**';
    expect(isAllowedRedirect(SITE, 'https://other.example/tenant/acme/accept-invite')).toBe(true);
    expect(isAllowedRedirect(SITE, 'https://other.example/tenant/a/b/accept-invite')).toBe(false);
    expect(isAllowedRedirect(SITE, 'https://deep.example/a/b/c')).toBe(true);
    expect(isAllowedRedirect(SITE, 'https://other.example/tenant/acme/accept-invite-x')).toBe(false);
  });

  it('falls back to the site URL', () => {
    expect(redirectTarget(SITE, 'https://evil.example/', undefined)).toBe(SITE);
    expect(redirectTarget(SITE, undefined, `${SITE}/ok`)).toBe(`${SITE}/ok`);
  });
});
