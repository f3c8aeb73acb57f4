/**
 * What a stolen access token can no longer do (issue 9 §4): set a new
 * password without the current one, or change the account's email. And
 * emails are validated as GoTrue validates them. Through the unmodified
 * supabase-js client.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack';
import { createUser, GOOD_PASSWORD, platformTarget, rawAuth, signIn, tenantTarget, uniqueEmail, type Target } from './auth-fixtures';

const NEW_PASSWORD = 'Brand-New-Pass-7';

describe('auth: password and email changes by the user', () => {
  let t: TestStack;
  const targets: Record<string, Target> = {};
  beforeAll(async () => {
    t = await startTestStack();
    targets.platform = platformTarget(t);
    targets.tenant = tenantTarget(t, await t.createTenant());
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete process.env.AUTH_LOCKOUT_FAILURES;
  });

  describe.each(['platform', 'tenant'])('on the %s project', (which) => {
    const target = () => targets[which] as Target;

    it('refuses a new password without the current one, or with a wrong one', async () => {
      const u = await createUser(target());
      const { client } = await signIn(target(), u.email, u.password);

      const without = await client.auth.updateUser({ password: NEW_PASSWORD });
      expect(without.error?.status).toBe(400);
      expect(without.error?.code).toBe('current_password_required');

      const wrong = await client.auth.updateUser({ password: NEW_PASSWORD, current_password: 'Not-It-99!' });
      expect(wrong.error?.status).toBe(400);
      expect(wrong.error?.code).toBe('current_password_invalid');

      // Still the old password.
      await signIn(target(), u.email, u.password);
      const old = await target().anon().auth.signInWithPassword({ email: u.email, password: NEW_PASSWORD });
      expect(old.error?.code).toBe('invalid_credentials');
    });

    it('changes the password with the right current one', async () => {
      const u = await createUser(target());
      const { client } = await signIn(target(), u.email, u.password);
      const { data, error } = await client.auth.updateUser({ password: NEW_PASSWORD, current_password: u.password });
      expect(error).toBeNull();
      expect(data.user?.id).toBe(u.id);
      await signIn(target(), u.email, NEW_PASSWORD);
    });

    it('refuses an email change from the user and keeps the address', async () => {
      const u = await createUser(target());
      const { client } = await signIn(target(), u.email, u.password);
      const { data, error } = await client.auth.updateUser({ email: uniqueEmail('takeover') });
      expect(data.user).toBeNull();
      expect(error?.status).toBe(403);
      expect(error?.code).toBe('feature_disabled');
      expect((await client.auth.getUser()).data.user?.email).toBe(u.email);
      // Sending the same address again (as forms do) is no change and no error.
      expect((await client.auth.updateUser({ email: u.email.toUpperCase(), data: { a: 1 } })).error).toBeNull();
    });

    it('lets an administrator change the email with the service key', async () => {
      const u = await createUser(target());
      const email = uniqueEmail('moved');
      const { data, error } = await target().admin().auth.admin.updateUserById(u.id, { email });
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
      await signIn(target(), email, u.password);
    });
  });

  it('counts wrong current passwords like failed sign-ins, so a stolen session cannot guess the password', async () => {
    process.env.AUTH_LOCKOUT_FAILURES = '3';
    const platform = targets.platform as Target;
    const u = await createUser(platform);
    const { client } = await signIn(platform, u.email, u.password);
    for (let i = 0; i < 3; i++) {
      const r = await client.auth.updateUser({ password: NEW_PASSWORD, current_password: `Guess-${i}-Pass!` });
      expect(r.error?.code).toBe('current_password_invalid');
    }
    const locked = await client.auth.updateUser({ password: NEW_PASSWORD, current_password: u.password });
    expect(locked.error?.status).toBe(429);
    expect(locked.error?.code).toBe('over_request_rate_limit');
  });

  it('signs in a user whose email has mixed case, and refuses it with spaces around it as GoTrue does', async () => {
    const platform = targets.platform as Target;
    const u = await createUser(platform);
    await signIn(platform, u.email.toUpperCase(), u.password);
    const padded = await platform.anon().auth.signInWithPassword({ email: `  ${u.email} `, password: u.password });
    expect(padded.error?.code).toBe('invalid_credentials');
  });

  it('answers a sign-in with an impossible email as wrong credentials', async () => {
    const platform = targets.platform as Target;
    const { error } = await platform.anon().auth.signInWithPassword({ email: 'xx:;x@x.x', password: GOOD_PASSWORD });
    expect(error?.code).toBe('invalid_credentials');
  });

  describe("email validation on the admin API (GoTrue's rule)", () => {
    const invalid = [
      'xx:;x@x.x',
      'a b@example.test',
      '"quoted"@example.test',
      'x@-example.test',
      'x@example-.test',
      'x@example..test',
      'x@.example.test',
      '@example.test',
      'x@',
      'x@exa_mple.test',
      `x@${'a'.repeat(64)}.test`,
      `${'a'.repeat(250)}@x.test`,
    ];

    it.each(invalid)('refuses to create %s', async (email) => {
      const { data, error } = await (targets.tenant as Target).admin().auth.admin.createUser({ email, password: GOOD_PASSWORD });
      expect(data.user).toBeNull();
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('validation_failed');
    });

    it('refuses to change an email to an invalid one', async () => {
      const tenant = targets.tenant as Target;
      const u = await createUser(tenant);
      const { error } = await tenant.admin().auth.admin.updateUserById(u.id, { email: 'xx:;x@x.x' });
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('validation_failed');
      expect((await tenant.admin().auth.admin.getUserById(u.id)).data.user?.email).toBe(u.email);
    });

    it.each(["o'neil+doors@lincoln-isd.test", 'first.last@sub.example-school.test', 'x@localhost', `a@${'b'.repeat(63)}.test`])(
      'accepts %s',
      async (email) => {
        const tenant = targets.tenant as Target;
        const { data, error } = await tenant.admin().auth.admin.createUser({ email, password: GOOD_PASSWORD, email_confirm: true });
        expect(error).toBeNull();
        expect(data.user?.email).toBe(email.toLowerCase());
      },
    );

    it("answers a too long address with GoTrue's message", async () => {
      const tenant = targets.tenant as Target;
      const r = await rawAuth(t, tenant, '/admin/users', {
        method: 'POST',
        key: tenant.project.keys.serviceKey,
        body: JSON.stringify({ email: `${'a'.repeat(250)}@x.test` }),
      });
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ error_code: 'validation_failed', msg: 'An email address is too long' });
    });
  });
});
