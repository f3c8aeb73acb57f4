/**
 * Password sign-in, the session it returns, GET /user and tenant isolation,
 * through the unmodified supabase-js client.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../supabase/local/project';
import { startTestStack, type TestStack } from '../support/stack';
import { createUser, jwtPayload, platformTarget, rawAuth, signIn, tenantTarget, uniqueEmail, type Target } from './auth-fixtures';

describe('auth: sign-in and sessions', () => {
  let t: TestStack;
  let platform: Target;
  beforeAll(async () => {
    t = await startTestStack();
    platform = platformTarget(t);
  });
  afterAll(() => t.close());

  it('signs in with the right password and returns a GoTrue session', async () => {
    const u = await createUser(platform, { userMetadata: { full_name: 'Ada' } });
    const before = Math.floor(Date.now() / 1000);
    const { session } = await signIn(platform, u.email, u.password);
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(session.user.id).toBe(u.id);
    expect(session.user.email).toBe(u.email);
    expect(session.user.aud).toBe('authenticated');
    expect(session.user.role).toBe('authenticated');
    expect(session.user.is_anonymous).toBe(false);
    expect(session.user.identities).toEqual([]);
    expect(session.user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(session.user.user_metadata).toEqual({ full_name: 'Ada' });
    expect(session.user.email_confirmed_at).toBeTruthy();
    expect(session.user.last_sign_in_at).toBeTruthy();

    const claims = jwtPayload(session.access_token);
    expect(claims).toMatchObject({
      sub: u.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: u.email,
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Ada' },
      exp: session.expires_at,
    });
    expect(typeof claims.session_id).toBe('string');
    expect(typeof claims.iat).toBe('number');
  });

  it('records last_sign_in_at', async () => {
    const u = await createUser(platform);
    const r = await platform.project.engine.query<{ last_sign_in_at: unknown }>('select last_sign_in_at from auth.users where id = $1', [
      u.id,
    ]);
    expect(r.rows[0]?.last_sign_in_at).toBeNull();
    await signIn(platform, u.email, u.password);
    const after = await platform.project.engine.query<{ last_sign_in_at: unknown }>(
      'select last_sign_in_at from auth.users where id = $1',
      [u.id],
    );
    expect(after.rows[0]?.last_sign_in_at).not.toBeNull();
  });

  it('accepts the email in any case, but not with spaces around it (GoTrue trims nothing; the app trims)', async () => {
    const u = await createUser(platform);
    await signIn(platform, u.email.toUpperCase(), u.password);
    const padded = await platform.anon().auth.signInWithPassword({ email: `  ${u.email} `, password: u.password });
    expect(padded.error?.code).toBe('invalid_credentials');
  });

  it('refuses a wrong password and an unknown user with the same error', async () => {
    const u = await createUser(platform);
    const wrong = await platform.anon().auth.signInWithPassword({ email: u.email, password: 'Wrong-Password-1' });
    const unknown = await platform.anon().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'Wrong-Password-1' });
    for (const r of [wrong, unknown]) {
      expect(r.data.session).toBeNull();
      expect(r.error?.message).toBe('Invalid login credentials');
      expect(r.error?.code).toBe('invalid_credentials');
      expect(r.error?.status).toBe(400);
    }
  });

  it('refuses an unconfirmed email only after the password matched', async () => {
    const u = await createUser(platform, { confirmed: false });
    const right = await platform.anon().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(right.error?.code).toBe('email_not_confirmed');
    expect(right.error?.message).toBe('Email not confirmed');
    const wrong = await platform.anon().auth.signInWithPassword({ email: u.email, password: 'Wrong-Password-1' });
    expect(wrong.error?.code).toBe('invalid_credentials');
  });

  it('refuses a banned user', async () => {
    const u = await createUser(platform);
    const { error } = await platform.admin().auth.admin.updateUserById(u.id, { ban_duration: '24h' });
    expect(error).toBeNull();
    const r = await platform.anon().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(r.error?.code).toBe('user_banned');
    await platform.admin().auth.admin.updateUserById(u.id, { ban_duration: 'none' });
    await signIn(platform, u.email, u.password);
  });

  it('getUser returns the signed-in user', async () => {
    const u = await createUser(platform);
    const { client } = await signIn(platform, u.email, u.password);
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(u.id);
    expect(data.user?.email).toBe(u.email);
  });

  it('refuses a token that is expired, forged or not a user token', async () => {
    const u = await createUser(platform);
    const { session } = await signIn(platform, u.email, u.password);
    const secret = new TextEncoder().encode(platform.project.keys.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...jwtPayload(session.access_token), iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret);
    const forged = await new SignJWT(jwtPayload(session.access_token))
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('not-the-project-secret-not-the-project-secret'));
    for (const token of [expired, forged, platform.project.keys.anonKey, 'garbage']) {
      const { data, error } = await platform.anon().auth.getUser(token);
      expect(data.user).toBeNull();
      expect(error?.status).toBe(403);
      expect(error?.code).toBe('bad_jwt');
    }
    const none = await rawAuth(t, platform, '/user');
    expect(none.status).toBe(401);
  });

  it('speaks the pre-2024 error shape to clients that do not send the API version', async () => {
    const res = await rawAuth(t, platform, '/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail(), password: 'Whatever-1' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
    const v2024 = await rawAuth(t, platform, '/token?grant_type=password', {
      method: 'POST',
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email: uniqueEmail(), password: 'Whatever-1' }),
    });
    expect(v2024.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await v2024.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('serves /settings and /health', async () => {
    const s = await rawAuth(t, platform, '/settings');
    expect(s.status).toBe(200);
    expect(await s.json()).toMatchObject({ external: { email: true }, disable_signup: true });
    const h = await rawAuth(t, platform, '/health');
    expect(h.status).toBe(200);
  });

  it('refuses self sign-up', async () => {
    const { error } = await platform.anon().auth.signUp({ email: uniqueEmail(), password: 'Correct-Horse-9' });
    expect(error?.code).toBe('signup_disabled');
  });

  describe('tenant isolation', () => {
    let a: Target;
    let b: Target;
    let projectA: Project;
    beforeAll(async () => {
      projectA = await t.createTenant();
      a = tenantTarget(t, projectA);
      b = tenantTarget(t, await t.createTenant());
    });

    it("refuses tenant A's session on tenant B", async () => {
      const u = await createUser(a);
      const { session } = await signIn(a, u.email, u.password);
      const onA = await a.anon().auth.getUser(session.access_token);
      expect(onA.data.user?.id).toBe(u.id);

      const onB = await b.anon().auth.getUser(session.access_token);
      expect(onB.data.user).toBeNull();
      expect(onB.error?.code).toBe('bad_jwt');

      const setOnB = await b.anon().auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
      expect(setOnB.data.session).toBeNull();
      expect(setOnB.error).not.toBeNull();

      const refreshOnB = await b.anon().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(refreshOnB.error?.code).toBe('refresh_token_not_found');
    });

    it('does not know tenant A users on tenant B', async () => {
      const u = await createUser(a);
      const r = await b.anon().auth.signInWithPassword({ email: u.email, password: u.password });
      expect(r.error?.code).toBe('invalid_credentials');
    });

    it("refuses a service-role token signed with tenant A's secret on tenant B's admin API", async () => {
      const forged = await new SignJWT({ role: 'service_role' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(projectA.keys.jwtSecret));
      const res = await rawAuth(t, b, '/admin/users', { key: forged });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error_code: 'bad_jwt' });
    });
  });
});
