import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  classifyAuthError,
  platformSignInMessage,
  signInErrorBlames,
  tenantSignInMessage,
} from '../../src/data/auth-errors';
import { parseStoredSession } from '../../src/data/auth-session';
import * as light from '../../src/data/storage-keys';
import * as store from '../../src/data/session-store';

describe('sign-in error messages (spec §8)', () => {
  const invalid = { name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' };
  const unconfirmed = { name: 'AuthApiError', status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' };
  const unreachable = { name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' };
  const badKey = { name: 'AuthApiError', status: 401, message: 'Invalid API key' };

  it('classifies supabase-js auth errors', () => {
    expect(classifyAuthError(invalid)).toBe('invalid-credentials');
    expect(classifyAuthError({ message: 'Invalid login credentials' })).toBe('invalid-credentials');
    expect(classifyAuthError(unconfirmed)).toBe('email-not-confirmed');
    expect(classifyAuthError(unreachable)).toBe('unreachable');
    expect(classifyAuthError(badKey)).toBe('unreachable');
    expect(classifyAuthError(new TypeError('Failed to fetch'))).toBe('unreachable');
    expect(classifyAuthError({ message: 'User is banned' })).toBe('other');
  });
  it('maps tenant sign-in errors', () => {
    expect(tenantSignInMessage(invalid)).toBe('Invalid email or password');
    expect(tenantSignInMessage(unconfirmed)).toBe('Please check your email and confirm your account');
    expect(tenantSignInMessage(unreachable)).toBe(
      'Database connection error. The tenant database is currently unavailable. Please contact your administrator.',
    );
    expect(tenantSignInMessage({ message: 'User is banned' })).toBe('User is banned');
    expect(tenantSignInMessage(null)).toBe(AUTH_MESSAGES.loginFailed);
  });
  it("says a tenant's licence is not active when the server refuses sign-in for it", () => {
    const refused = { name: 'AuthApiError', status: 403, code: 'license_inactive', message: 'licence' };
    expect(classifyAuthError(refused)).toBe('licence-inactive');
    expect(tenantSignInMessage(refused)).toBe(
      "This organization's licence is not active, so no one can sign in. Please contact your administrator.",
    );
  });
  it('maps platform sign-in errors', () => {
    expect(platformSignInMessage(invalid)).toBe('Invalid email or password');
    expect(platformSignInMessage(unreachable)).toBe('An unexpected error occurred.');
    expect(platformSignInMessage(unreachable, false)).toBe(AUTH_MESSAGES.offline);
    expect(platformSignInMessage({})).toBe('An unexpected error occurred.');
  });
});

describe('stored sessions', () => {
  it('reads the user of a supabase-js session and ignores anything else', () => {
    const raw = JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 123, user: { id: 'u1', email: 'a@b.test' } });
    expect(parseStoredSession(raw)).toEqual({ userId: 'u1', email: 'a@b.test', expiresAt: 123, refused: false });
    expect(parseStoredSession(null)).toBeNull();
    expect(parseStoredSession('not json')).toBeNull();
    expect(parseStoredSession(JSON.stringify({ user: { id: 'u1' } }))).toBeNull();
  });
  it('says a session is refused only when the refused refresh token is its own', () => {
    const raw = JSON.stringify({ access_token: 'a', refresh_token: 'r2', expires_at: 123, user: { id: 'u1', email: 'a@b.test' } });
    expect(parseStoredSession(raw, 'r2')?.refused).toBe(true);
    // A new sign-in stored a new session: the old refusal no longer applies.
    expect(parseStoredSession(raw, 'r1')?.refused).toBe(false);
  });
  it('uses the same storage keys as the session store', () => {
    expect(light.platformStorageKey()).toBe(store.platformStorageKey());
    expect(light.tenantStorageKey('lincoln-isd')).toBe(store.tenantStorageKey('lincoln-isd'));
  });
});

describe('what a sign-in message blames (issue 13 §3: it goes when those fields are typed in again)', () => {
  it('blames the typed credentials for a wrong password and the email for an unconfirmed account', () => {
    expect(signInErrorBlames(AUTH_MESSAGES.invalidCredentials)).toEqual(['email', 'password']);
    expect(signInErrorBlames(AUTH_MESSAGES.emailNotConfirmed)).toEqual(['email']);
  });

  it('blames no field when typing cannot make it untrue (offline, throttled, server down)', () => {
    for (const m of [AUTH_MESSAGES.offline, AUTH_MESSAGES.rateLimited, AUTH_MESSAGES.tenantUnavailable, AUTH_MESSAGES.unexpected]) {
      expect(signInErrorBlames(m)).toBeUndefined();
    }
  });
});
