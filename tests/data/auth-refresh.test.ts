/**
 * Refresh token rotation (single use, reuse detection, concurrent refreshes)
 * and logout, through the unmodified supabase-js client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack';
import { createUser, jwtPayload, platformTarget, signIn, type Target } from './auth-fixtures';

describe('auth: refresh and logout', () => {
  let t: TestStack;
  let platform: Target;
  beforeAll(async () => {
    t = await startTestStack();
    platform = platformTarget(t);
  });
  afterAll(() => t.close());

  it('rotates: a refresh returns a new token pair in the same session', async () => {
    const u = await createUser(platform);
    const { client, session } = await signIn(platform, u.email, u.password);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const next = data.session;
    if (!next) throw new Error('no session');
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.user.id).toBe(u.id);
    expect(next.expires_in).toBe(3600);
    expect(jwtPayload(next.access_token).session_id).toBe(jwtPayload(session.access_token).session_id);
    const again = await client.auth.refreshSession();
    expect(again.error).toBeNull();
    const me = await client.auth.getUser();
    expect(me.data.user?.id).toBe(u.id);
  });

  it('stores refresh tokens hashed, never as issued', async () => {
    const u = await createUser(platform);
    const { session } = await signIn(platform, u.email, u.password);
    const r = await platform.project.engine.query('select 1 from auth.refresh_tokens where token = $1', [session.refresh_token]);
    expect(r.rows).toHaveLength(0);
  });

  it('refuses a reused refresh token and revokes the rest of its session', async () => {
    const u = await createUser(platform);
    const { session } = await signIn(platform, u.email, u.password);
    const first = await platform.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const successor = first.data.session?.refresh_token;
    if (!successor) throw new Error('no successor');

    const reuse = await platform.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.data.session).toBeNull();
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used');

    // Whoever holds the successor (maybe a thief) is cut off too.
    const next = await platform.anon().auth.refreshSession({ refresh_token: successor });
    expect(next.error?.code).toBe('refresh_token_already_used');
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await platform.anon().auth.refreshSession({ refresh_token: 'not-a-token-we-issued' });
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.status).toBe(400);
  });

  it('hands a retry within the reuse interval the same successor, not a sign-out', async () => {
    process.env.AUTH_REFRESH_REUSE_INTERVAL = '10';
    try {
      const u = await createUser(platform);
      const { session } = await signIn(platform, u.email, u.password);
      // The first response is "lost": the client retries with the same token.
      const first = await platform.anon().auth.refreshSession({ refresh_token: session.refresh_token });
      const retry = await platform.anon().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(first.error).toBeNull();
      expect(retry.error).toBeNull();
      expect(retry.data.session?.refresh_token).toBe(first.data.session?.refresh_token);
      const next = await platform.anon().auth.refreshSession({ refresh_token: retry.data.session?.refresh_token ?? '' });
      expect(next.error).toBeNull();
      // Once the successor itself has been used, the old token is plain reuse.
      const late = await platform.anon().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(late.error?.code).toBe('refresh_token_already_used');
    } finally {
      process.env.AUTH_REFRESH_REUSE_INTERVAL = '0';
    }
  });

  it('lets exactly one of two concurrent refreshes of the same token win', async () => {
    const u = await createUser(platform);
    for (let round = 0; round < 3; round++) {
      const { session } = await signIn(platform, u.email, u.password);
      const clients = [platform.anon(), platform.anon(), platform.anon()];
      const results = await Promise.all(clients.map((c) => c.auth.refreshSession({ refresh_token: session.refresh_token })));
      const winners = results.filter((r) => r.error === null && r.data.session !== null);
      const losers = results.filter((r) => r.error !== null);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(2);
      for (const l of losers) expect(l.error?.code).toBe('refresh_token_already_used');
    }
  });

  it('logout (local) revokes the refresh token and the access token', async () => {
    const u = await createUser(platform);
    const { client, session } = await signIn(platform, u.email, u.password);
    const other = await signIn(platform, u.email, u.password);
    const { error } = await client.auth.signOut({ scope: 'local' });
    expect(error).toBeNull();

    const refresh = await platform.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).not.toBeNull();
    const me = await platform.anon().auth.getUser(session.access_token);
    expect(me.data.user).toBeNull();
    expect(me.error?.name).toBe('AuthSessionMissingError');

    // The user's other session is untouched.
    const still = await other.client.auth.getUser();
    expect(still.data.user?.id).toBe(u.id);
    const stillRefresh = await other.client.auth.refreshSession();
    expect(stillRefresh.error).toBeNull();
  });

  it('logout (global) ends every session of the user', async () => {
    const u = await createUser(platform);
    const one = await signIn(platform, u.email, u.password);
    const two = await signIn(platform, u.email, u.password);
    expect((await one.client.auth.signOut()).error).toBeNull();
    expect((await platform.anon().auth.refreshSession({ refresh_token: one.session.refresh_token })).error).not.toBeNull();
    expect((await platform.anon().auth.refreshSession({ refresh_token: two.session.refresh_token })).error).not.toBeNull();
    expect((await platform.anon().auth.getUser(two.session.access_token)).data.user).toBeNull();
  });

  it('logout (others) keeps only the current session', async () => {
    const u = await createUser(platform);
    const one = await signIn(platform, u.email, u.password);
    const two = await signIn(platform, u.email, u.password);
    expect((await one.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await one.client.auth.getUser()).data.user?.id).toBe(u.id);
    expect((await platform.anon().auth.getUser(two.session.access_token)).data.user).toBeNull();
    expect((await platform.anon().auth.refreshSession({ refresh_token: two.session.refresh_token })).error).not.toBeNull();
  });

  it('honours AUTH_JWT_EXPIRY', async () => {
    const u = await createUser(platform);
    process.env.AUTH_JWT_EXPIRY = '120';
    try {
      const { session } = await signIn(platform, u.email, u.password);
      expect(session.expires_in).toBe(120);
      expect(jwtPayload(session.access_token).exp).toBe(session.expires_at);
    } finally {
      delete process.env.AUTH_JWT_EXPIRY;
    }
  });

  it('refreshes an expired session through setSession', async () => {
    const u = await createUser(platform);
    process.env.AUTH_JWT_EXPIRY = '1';
    const session = await signIn(platform, u.email, u.password)
      .then((r) => r.session)
      .finally(() => delete process.env.AUTH_JWT_EXPIRY);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await platform.anon().auth.getUser(session.access_token)).error?.code).toBe('bad_jwt');
    const client = platform.anon();
    const { data, error } = await client.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    expect(error).toBeNull();
    expect(data.session?.expires_in).toBe(3600);
    expect((await client.auth.getUser()).data.user?.id).toBe(u.id);
  });
});
