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

describe('verifyOtp (POST /verify), answered as GoTrue’s verify.go', () => {
  const otpExpired = { status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' };
  const codeInvalid = { status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' };

  it('opens a session with a link’s token_hash, once, as GoTrue does for generateLink’s hashed_token', async () => {
    const email = unique('recovering');
    await fx.service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const link = await fx.service.auth.admin.generateLink({ type: 'recovery', email });
    const tokenHash = link.data.properties?.hashed_token ?? '';
    const c = fx.client();
    const r = await c.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(r.error).toBeNull();
    expect(r.data.user?.email).toBe(email);
    expect(r.data.session?.access_token).toEqual(expect.any(String));
    expect((await c.auth.getUser()).data.user?.email).toBe(email);
    expect(seen((await fx.client().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' })).error)).toEqual(otpExpired);
  });

  it('takes an invitation’s token_hash as type invite, signup or email (they share the confirmation token), and confirms the address', async () => {
    for (const type of ['invite', 'signup', 'email'] as const) {
      const email = unique(`invitee-${type}`);
      const link = await fx.service.auth.admin.generateLink({ type: 'invite', email });
      const wrongType = await fx.client().auth.verifyOtp({ token_hash: link.data.properties?.hashed_token ?? '', type: 'recovery' });
      expect(seen(wrongType.error)).toEqual(otpExpired);
      const r = await fx.client().auth.verifyOtp({ token_hash: link.data.properties?.hashed_token ?? '', type });
      expect(r.error).toBeNull();
      expect(r.data.user?.email_confirmed_at).toEqual(expect.any(String));
    }
  });

  it('answers a code sent by email or SMS as wrong, since none was sent (magic links, email codes and SMS are off)', async () => {
    const c = fx.client();
    expect(seen((await c.auth.verifyOtp({ email: user.email, token: '123456', type: 'email' })).error)).toEqual(codeInvalid);
    expect(seen((await c.auth.verifyOtp({ email: unique('nobody'), token: '123456', type: 'magiclink' })).error)).toEqual(codeInvalid);
    expect(seen((await c.auth.verifyOtp({ phone: '+1 555 555 0100', token: '123456', type: 'sms' })).error)).toEqual(codeInvalid);
    expect(seen((await c.auth.verifyOtp({ email: 'not-an-address', token: '123456', type: 'email' })).error)).toEqual({
      status: 422,
      code: 'validation_failed',
      message: 'Invalid email format',
    });
    expect(seen((await c.auth.verifyOtp({ phone: '0155', token: '123456', type: 'sms' })).error)).toEqual(
      invalid('Invalid phone number format (E.164 required)'),
    );
    expect(seen((await c.auth.verifyOtp({ token_hash: 'abc', type: 'sms' as 'email' })).error)).toEqual(
      invalid('Invalid email verification type'),
    );
  });

  it('tells a banned user so before comparing the code, as GoTrue', async () => {
    const email = unique('banned');
    await fx.service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, ban_duration: '24h' });
    expect(seen((await fx.client().auth.verifyOtp({ email, token: '123456', type: 'email' })).error)).toEqual({
      status: 403,
      code: 'user_banned',
      message: 'User is banned',
    });
  });

  it('checks the request’s shape first, with GoTrue’s messages', async () => {
    const post = async (body: object) => {
      const r = await fx.auth('/verify', { method: 'POST', body: JSON.stringify(body) });
      return { status: r.status, body: (await r.json()) as unknown };
    };
    const failed = (msg: string) => ({ status: 400, body: { code: 400, error_code: 'validation_failed', msg } });
    expect(await post({ token_hash: 'abc' })).toEqual(failed('Verify requires a verification type'));
    expect(await post({ type: 'email' })).toEqual(failed('Verify requires either a token or a token hash'));
    expect(await post({ type: 'email', token: '1', token_hash: 'abc' })).toEqual(failed('Verify requires either a token or a token hash'));
    expect(await post({ type: 'email', token: '1', email: user.email, phone: '+15555550100' })).toEqual(
      failed('Only an email address or phone number should be provided on verify'),
    );
    expect(await post({ type: 'email', token_hash: 'abc', email: user.email })).toEqual(
      failed('Only the token_hash and type should be provided'),
    );
  });
});

describe('reauthenticate, answered as GoTrue without a mail server', () => {
  it('answers a signed-in user with {} (no nonce is sent, and a password change asks for none, only the current password)', async () => {
    expect(await signedIn.auth.reauthenticate()).toEqual({ data: { user: null, session: null }, error: null });
    const token = (await signedIn.auth.getSession()).data.session?.access_token ?? '';
    const other = 'Other-Horse-10';
    expect((await signedIn.auth.updateUser({ password: other, current_password: PASSWORD })).error).toBeNull();
    expect((await signedIn.auth.updateUser({ password: PASSWORD, current_password: other })).error).toBeNull();
    const post = await fx.auth('/reauthenticate', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    const anonymous = await fx.auth('/reauthenticate');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error_code: 'no_authorization' });
  });
});

describe('admin endpoints over what is off, answered as GoTrue with nothing there', () => {
  const MISSING = '00000000-0000-4000-8000-0000000000ff';

  it('MFA factors: every user has none, and none can be found to delete', async () => {
    expect(await fx.service.auth.admin.mfa.listFactors({ userId: user.id })).toEqual({ data: { factors: [] }, error: null });
    expect(seen((await fx.service.auth.admin.mfa.listFactors({ userId: MISSING })).error)).toEqual({
      status: 404,
      code: 'user_not_found',
      message: 'User not found',
    });
    expect(seen((await fx.service.auth.admin.mfa.deleteFactor({ userId: user.id, id: MISSING })).error)).toEqual({
      status: 404,
      code: 'mfa_factor_not_found',
      message: 'Factor not found',
    });
    expect((await fx.anon.auth.admin.mfa.listFactors({ userId: user.id })).error?.status).toBe(403);
  });

  it('passkeys and custom OAuth providers', async () => {
    expect(await fx.service.auth.admin.passkey.listPasskeys({ userId: user.id })).toEqual({ data: [], error: null });
    expect(seen((await fx.service.auth.admin.passkey.deletePasskey({ userId: user.id, passkeyId: MISSING })).error)).toEqual({
      status: 404,
      code: 'validation_failed',
      message: 'Passkey not found',
    });
    expect(seen((await fx.service.auth.admin.customProviders.listProviders()).error)).toEqual({
      status: 404,
      code: 'feature_disabled',
      message: 'Custom OAuth providers are disabled',
    });
  });

  it('SSO providers: none listed or found; a new one is checked as GoTrue checks it, then refused as SAML is off', async () => {
    const admin = (path: string, init: RequestInit = {}) =>
      fx.t.fetch(`${fx.url}/auth/v1${path}`, {
        ...init,
        headers: { apikey: fx.project.keys.serviceKey, Authorization: `Bearer ${fx.project.keys.serviceKey}` },
      });
    const list = await admin('/admin/sso/providers');
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ items: [] });
    const one = await admin(`/admin/sso/providers/${MISSING}`, { method: 'DELETE' });
    expect(one.status).toBe(404);
    expect(await one.json()).toMatchObject({ error_code: 'sso_provider_not_found', msg: 'SSO Identity Provider not found' });
    const create = async (body: object) => {
      const r = await admin('/admin/sso/providers', { method: 'POST', body: JSON.stringify(body) });
      return { status: r.status, msg: ((await r.json()) as { msg: string }).msg };
    };
    expect(await create({ type: 'oidc' })).toEqual({ status: 400, msg: "Only 'saml' supported for SSO provider type" });
    expect(await create({ type: 'saml' })).toEqual({ status: 400, msg: 'Either metadata_xml or metadata_url must be set' });
    expect(await create({ type: 'saml', metadata_url: 'http://idp.test/metadata' })).toEqual({
      status: 400,
      msg: 'metadata_url is not a HTTPS URL',
    });
    expect(await create({ type: 'saml', metadata_url: 'https://idp.test/metadata' })).toEqual({ status: 404, msg: 'SAML 2.0 is disabled' });
    const asAnon = await fx.auth('/admin/sso/providers', { headers: { Authorization: `Bearer ${fx.project.keys.anonKey}` } });
    expect(asAnon.status).toBe(403);
    expect(await asAnon.json()).toMatchObject({ error_code: 'not_admin' });
  });

  it('the audit log: GoTrue’s paging and scope checks, then no entries', async () => {
    const audit = (query: string) =>
      fx.t.fetch(`${fx.url}/auth/v1/admin/audit${query}`, {
        headers: { apikey: fx.project.keys.serviceKey, Authorization: `Bearer ${fx.project.keys.serviceKey}` },
      });
    const r = await audit('?per_page=10');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual([]);
    expect(r.headers.get('x-total-count')).toBe('0');
    expect(r.headers.get('link')).toBe('</p/compat-auth/auth/v1/admin/audit?page=0&per_page=10>; rel="last"');
    const badScope = await audit('?query=who:me');
    expect(badScope.status).toBe(400);
    expect(await badScope.json()).toMatchObject({ error_code: 'validation_failed', msg: 'Invalid query scope: who:me' });
    const badPage = await audit('?page=x');
    expect(await badPage.json()).toMatchObject({
      msg: 'Bad Pagination Parameters: strconv.ParseUint: parsing "x": invalid syntax',
    });
  });
});
