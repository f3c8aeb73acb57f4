/**
 * The local stack's auth against GoTrue's source (supabase/auth,
 * internal/api), with the unmodified supabase-js client: every endpoint that
 * takes an email runs GoTrue's validateEmail (mail.go: the address as sent,
 * at most 255 bytes, badoux/checkmail's format) with its 400
 * validation_failed and messages, or skips it where GoTrue does; and what the
 * stack does not implement (anonymous and phone sign-in, magic links and
 * email codes, MFA, SSO, OAuth providers, identity linking, passkeys, the
 * OAuth server) is refused with the status, code and message of GoTrue's own
 * guard for the feature being off.
 */
import { randomBytes } from 'node:crypto';
import type { AuthError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompat, type CompatFixture } from './compat-fixture';

// Fast hashes for the suite's users; production keeps the default cost.
process.env.AUTH_BCRYPT_COST = '4';

const PASSWORD = 'Correct-Horse-9';
const INVALID_FORMAT = 'Unable to validate email address: invalid format';

let fx: CompatFixture;
let user: { id: string; email: string };
let signedIn: SupabaseClient;

const unique = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@library.test`;

beforeAll(async () => {
  fx = await startCompat('compat-auth');
  const email = unique('reader');
  const created = await fx.service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (!created.data.user) throw new Error(`createUser failed: ${created.error?.message}`);
  user = { id: created.data.user.id, email };
  signedIn = fx.client();
  const s = await signedIn.auth.signInWithPassword({ email, password: PASSWORD });
  if (s.error) throw new Error(`sign-in failed: ${s.error.message}`);
});
afterAll(() => fx.close());

/** What a client sees of an auth error: status, code and message as GoTrue sends them. */
function seen(error: AuthError | null) {
  return error === null ? null : { status: error.status, code: error.code, message: error.message };
}

const invalid = (message: string) => ({ status: 400, code: 'validation_failed', message });

// Addresses GoTrue refuses, and why (checkmail's rule, then the 255-byte limit).
const REFUSED: [string, string, string][] = [
  ['no @', 'reader.library.test', INVALID_FORMAT],
  ['a leading space (GoTrue trims nothing)', ' reader@library.test', INVALID_FORMAT],
  ['a trailing newline', 'reader@library.test\n', INVALID_FORMAT],
  ['an empty domain label', 'reader@library..test', INVALID_FORMAT],
  ['a domain label starting with a hyphen', 'reader@-library.test', INVALID_FORMAT],
  ['an underscore in the domain', 'reader@li_brary.test', INVALID_FORMAT],
  ['a 64-character domain label', `reader@${'l'.repeat(64)}.test`, INVALID_FORMAT],
  ['a quoted local part', '"reader"@library.test', INVALID_FORMAT],
  ['a letter outside ASCII', 'lectrice-é@library.test', INVALID_FORMAT],
  ['256 bytes', `${'r'.repeat(243)}@library.test`, 'An email address is too long'],
  ['200 two-byte letters (GoTrue counts bytes)', `${'é'.repeat(200)}@x.test`, 'An email address is too long'],
];

describe('emails: GoTrue’s validateEmail wherever it runs', () => {
  it.each(REFUSED)('admin.createUser refuses %s', async (_why, email, message) => {
    const r = await fx.service.auth.admin.createUser({ email, password: PASSWORD });
    expect(seen(r.error)).toEqual(invalid(message));
  });

  it.each(REFUSED)(
    'admin.updateUserById, generateLink, inviteUserByEmail, resetPasswordForEmail, resend and updateUser refuse %s',
    async (_why, email, message) => {
      const expected = invalid(message);
      expect(seen((await fx.service.auth.admin.updateUserById(user.id, { email })).error)).toEqual(expected);
      expect(seen((await fx.service.auth.admin.generateLink({ type: 'recovery', email })).error)).toEqual(expected);
      expect(seen((await fx.service.auth.admin.inviteUserByEmail(email)).error)).toEqual(expected);
      expect(seen((await fx.anon.auth.resetPasswordForEmail(email)).error)).toEqual(expected);
      expect(seen((await fx.anon.auth.resend({ type: 'signup', email })).error)).toEqual(expected);
      expect(seen((await signedIn.auth.updateUser({ email })).error)).toEqual(expected);
    },
  );

  it('accepts the shapes the product and the spec use, and stores them lower-cased', async () => {
    for (const email of ['officer@lincoln-isd.test', `o'brien+${randomBytes(3).toString('hex')}@x-y.library.test`, 'root@localhost']) {
      const r = await fx.service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
      expect(r.error).toBeNull();
      expect(r.data.user?.email).toBe(email);
    }
    const upper = unique('UPPER').replace('library', 'Library');
    const r = await fx.service.auth.admin.createUser({ email: upper, password: PASSWORD, email_confirm: true });
    expect(r.data.user?.email).toBe(upper.toLowerCase());
  });

  it('says "required" for an empty address where GoTrue does, and skips it where an empty one means no change', async () => {
    expect(seen((await fx.service.auth.admin.generateLink({ type: 'recovery', email: '' })).error)).toEqual(
      invalid('An email address is required'),
    );
    expect(seen((await fx.service.auth.admin.createUser({ email: '', password: PASSWORD })).error)).toEqual(
      invalid('Cannot create a user without either an email or phone'),
    );
    expect(seen((await fx.anon.auth.resetPasswordForEmail('')).error)).toEqual(invalid('Password recovery requires an email'));
    const unchanged = await fx.service.auth.admin.updateUserById(user.id, { email: '' });
    expect(unchanged.error).toBeNull();
    expect(unchanged.data.user?.email).toBe(user.email);
  });

  it('does not validate at sign-in, as GoTrue: a malformed or padded address is only wrong credentials, case does not matter', async () => {
    const c = fx.client();
    const wrong = { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' };
    expect(seen((await c.auth.signInWithPassword({ email: 'not-an-address', password: PASSWORD })).error)).toEqual(wrong);
    expect(seen((await c.auth.signInWithPassword({ email: ` ${user.email}`, password: PASSWORD })).error)).toEqual(wrong);
    const upper = await c.auth.signInWithPassword({ email: user.email.toUpperCase(), password: PASSWORD });
    expect(upper.error).toBeNull();
    expect(upper.data.user?.id).toBe(user.id);
  });

  it('refuses sign-up before looking at the address, as a project with signups off', async () => {
    const r = await fx.anon.auth.signUp({ email: 'not-an-address', password: PASSWORD });
    expect(seen(r.error)).toEqual({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' });
  });
});

describe('mail the stack does not send, answered as GoTrue without a mail server', () => {
  it('answers resetPasswordForEmail and resend with {} for any valid address, known or not', async () => {
    expect(await fx.anon.auth.resetPasswordForEmail(user.email)).toEqual({ data: {}, error: null });
    expect(await fx.anon.auth.resetPasswordForEmail(unique('nobody'))).toEqual({ data: {}, error: null });
    const resent = await fx.anon.auth.resend({ type: 'signup', email: unique('nobody') });
    expect(resent.error).toBeNull();
  });

  it('invites by email as generateLink does: an unconfirmed user with invited_at; a confirmed one is email_exists', async () => {
    const email = unique('invited');
    const r = await fx.service.auth.admin.inviteUserByEmail(email, { data: { role: 'reader' } });
    expect(r.error).toBeNull();
    expect(r.data.user).toMatchObject({ email, user_metadata: { role: 'reader' } });
    expect(r.data.user?.email_confirmed_at).toBeUndefined();
    expect(r.data.user?.invited_at).toEqual(expect.any(String));
    const again = await fx.service.auth.admin.inviteUserByEmail(user.email);
    expect(seen(again.error)).toEqual({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    const asAnon = await fx.anon.auth.admin.inviteUserByEmail(unique('x'));
    expect(asAnon.error?.status).toBe(403);
  });
});

describe('features off, refused as a hosted project with them off', () => {
  it('anonymous and phone sign-in', async () => {
    expect(seen((await fx.client().auth.signInAnonymously()).error)).toEqual({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    });
    expect(seen((await fx.client().auth.signInWithPassword({ phone: '+15555550100', password: PASSWORD })).error)).toEqual({
      status: 422,
      code: 'phone_provider_disabled',
      message: 'Phone logins are disabled',
    });
  });

  it('magic links and one-time codes (signInWithOtp), in GoTrue’s order of checks', async () => {
    const off = { status: 422, code: 'email_provider_disabled', message: 'Login with magic link is disabled' };
    expect(seen((await fx.anon.auth.signInWithOtp({ email: user.email })).error)).toEqual(off);
    expect(seen((await fx.anon.auth.signInWithOtp({ email: user.email, options: { shouldCreateUser: false } })).error)).toEqual(off);
    const noSignups = { status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' };
    expect(seen((await fx.anon.auth.signInWithOtp({ email: unique('nobody'), options: { shouldCreateUser: false } })).error)).toEqual(
      noSignups,
    );
    // GoTrue folds an invalid address into the same answer when it may not create users.
    expect(seen((await fx.anon.auth.signInWithOtp({ email: 'not-an-address', options: { shouldCreateUser: false } })).error)).toEqual(
      noSignups,
    );
    expect(seen((await fx.anon.auth.signInWithOtp({ phone: '+15555550100' })).error)).toEqual({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Unsupported phone provider',
    });
    const legacy = await fx.auth('/magiclink', { method: 'POST', body: JSON.stringify({ email: user.email }) });
    expect(legacy.status).toBe(422);
    expect(await legacy.json()).toMatchObject({ error_code: 'email_provider_disabled' });
  });

  it('MFA: enrolment of every factor type is off and there is no factor to challenge or remove', async () => {
    expect(seen((await signedIn.auth.mfa.enroll({ factorType: 'totp' })).error)).toEqual({
      status: 422,
      code: 'mfa_totp_enroll_not_enabled',
      message: 'MFA enroll is disabled for TOTP',
    });
    expect(seen((await signedIn.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' })).error)).toEqual({
      status: 422,
      code: 'mfa_phone_enroll_not_enabled',
      message: 'MFA enroll is disabled for Phone',
    });
    const factorId = '00000000-0000-4000-8000-000000000001';
    const missing = { status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' };
    expect(seen((await signedIn.auth.mfa.challenge({ factorId })).error)).toEqual(missing);
    expect(seen((await signedIn.auth.mfa.unenroll({ factorId })).error)).toEqual(missing);
  });

  it('SSO (SAML) is off', async () => {
    expect(seen((await fx.anon.auth.signInWithSSO({ domain: 'library.test' })).error)).toEqual({
      status: 404,
      code: 'saml_provider_disabled',
      message: 'SAML 2.0 is disabled',
    });
  });

  it('OAuth providers: signInWithOAuth’s URL answers that the provider is off, or unknown', async () => {
    const { data } = await fx.anon.auth.signInWithOAuth({ provider: 'google', options: { skipBrowserRedirect: true } });
    expect(data.url).toContain('/auth/v1/authorize?provider=google');
    const r = await fx.t.fetch(data.url ?? '');
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' });
    const unknown = await fx.auth('/authorize?provider=myspace');
    expect(await unknown.json()).toMatchObject({ msg: 'Unsupported provider: Provider myspace could not be found' });
  });

  it('manual identity linking, passkeys and the OAuth server are off', async () => {
    const token = (await signedIn.auth.getSession()).data.session?.access_token ?? '';
    const linking = await fx.auth('/user/identities/authorize?provider=github&skip_http_redirect=true', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(linking.status).toBe(404);
    expect(await linking.json()).toMatchObject({ error_code: 'manual_linking_disabled', msg: 'Manual linking is disabled' });
    const passkeys = await fx.auth('/passkeys/authentication/options', { method: 'POST', body: '{}' });
    expect(passkeys.status).toBe(404);
    expect(await passkeys.json()).toMatchObject({ error_code: 'passkey_disabled', msg: 'Passkeys are disabled' });
    const oauth = await fx.auth('/oauth/clients/register', { method: 'POST', body: '{}' });
    expect(oauth.status).toBe(404);
    expect(await oauth.json()).toMatchObject({ error_code: 'feature_disabled', msg: 'OAuth server is disabled' });
  });
});
