/**
 * The admin API (supabase.auth.admin.*): only the service role may use it.
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack';
import { createUser, GOOD_PASSWORD, platformTarget, signIn, uniqueEmail, type Target } from './auth-fixtures';

describe('auth: admin API', () => {
  let t: TestStack;
  let platform: Target;
  beforeAll(async () => {
    t = await startTestStack();
    platform = platformTarget(t);
  });
  afterAll(() => t.close());

  it('creates, reads, updates and deletes a user with the service key', async () => {
    const admin = platform.admin().auth.admin;
    const email = uniqueEmail('Admin');
    const created = await admin.createUser({
      email,
      password: GOOD_PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'Grace' },
      app_metadata: { tenant: 'acme' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id;
    if (!id) throw new Error('no user');
    expect(created.data.user?.email).toBe(email.toLowerCase());
    expect(created.data.user?.app_metadata).toEqual({ tenant: 'acme', provider: 'email', providers: ['email'] });
    expect(created.data.user?.user_metadata).toEqual({ full_name: 'Grace' });

    const got = await admin.getUserById(id);
    expect(got.data.user?.email).toBe(email.toLowerCase());

    const updated = await admin.updateUserById(id, {
      password: 'Another-Pass-8',
      user_metadata: { team: 'blue' },
      app_metadata: { provider: 'evil' },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ full_name: 'Grace', team: 'blue' });
    // Provider keys belong to the server.
    expect(updated.data.user?.app_metadata).toMatchObject({ provider: 'email', tenant: 'acme' });
    await signIn(platform, email, 'Another-Pass-8');

    const deleted = await admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
    const login = await platform.anon().auth.signInWithPassword({ email, password: 'Another-Pass-8' });
    expect(login.error?.code).toBe('invalid_credentials');
  });

  it('confirms an email and changes it', async () => {
    const admin = platform.admin().auth.admin;
    const u = await createUser(platform, { confirmed: false });
    const blocked = await platform.anon().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(blocked.error?.code).toBe('email_not_confirmed');
    const newEmail = uniqueEmail('moved');
    const r = await admin.updateUserById(u.id, { email_confirm: true, email: newEmail });
    expect(r.error).toBeNull();
    expect(r.data.user?.email_confirmed_at).toBeTruthy();
    await signIn(platform, newEmail, u.password);
  });

  it('soft deletes: the user is gone and the email is free again', async () => {
    const admin = platform.admin().auth.admin;
    const u = await createUser(platform);
    const { session } = await signIn(platform, u.email, u.password);
    expect((await admin.deleteUser(u.id, true)).error).toBeNull();
    expect((await admin.getUserById(u.id)).error?.code).toBe('user_not_found');
    expect((await platform.anon().auth.getUser(session.access_token)).data.user).toBeNull();
    await createUser(platform, { email: u.email });
  });

  it('refuses a duplicate email', async () => {
    const u = await createUser(platform);
    const { data, error } = await platform.admin().auth.admin.createUser({
      email: u.email.toUpperCase(),
      password: GOOD_PASSWORD,
      email_confirm: true,
    });
    expect(data.user).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
    expect(error?.message).toBe('A user with this email address has already been registered');
    const other = await createUser(platform);
    const upd = await platform.admin().auth.admin.updateUserById(other.id, { email: u.email });
    expect(upd.error?.code).toBe('email_exists');
  });

  it('enforces the password rule on admin-set passwords', async () => {
    const { error } = await platform.admin().auth.admin.createUser({ email: uniqueEmail(), password: 'weak', email_confirm: true });
    expect(error?.code).toBe('weak_password');
  });

  it('lists users with pagination', async () => {
    for (let i = 0; i < 3; i++) await createUser(platform);
    const admin = platform.admin().auth.admin;
    const all = await admin.listUsers();
    expect(all.error).toBeNull();
    const total = all.data.users.length;
    expect(total).toBeGreaterThanOrEqual(3);
    const page1 = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(2);
    if (!('total' in page1.data)) throw new Error('no pagination');
    expect(page1.data.total).toBe(total);
    expect(page1.data.nextPage).toBe(2);
    const page2 = await admin.listUsers({ page: 2, perPage: 2 });
    const ids1 = page1.data.users.map((u) => u.id);
    for (const u of page2.data.users) expect(ids1).not.toContain(u.id);
  });

  it('refuses the anon key and a user token with not_admin', async () => {
    const victim = await createUser(platform);
    const u = await createUser(platform);
    const { session } = await signIn(platform, u.email, u.password);
    const asUser = createClient('http://stack.test/platform', t.stack.platform.keys.anonKey, {
      global: { fetch: t.fetch, headers: { Authorization: `Bearer ${session.access_token}` } },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    for (const client of [platform.anon(), asUser]) {
      const admin = client.auth.admin;
      const attempts = [
        await admin.createUser({ email: uniqueEmail(), password: GOOD_PASSWORD, email_confirm: true }),
        await admin.getUserById(victim.id),
        await admin.updateUserById(victim.id, { password: 'Hijacked-Pass-1' }),
        await admin.listUsers(),
        await admin.deleteUser(victim.id),
      ];
      for (const r of attempts) {
        expect(r.error?.status).toBe(403);
        expect(r.error?.code).toBe('not_admin');
        expect(r.error?.message).toBe('User not allowed');
      }
    }
    await signIn(platform, victim.email, victim.password);
  });

  it('bans with a Go duration and lifts the ban with none', async () => {
    const u = await createUser(platform);
    const { session } = await signIn(platform, u.email, u.password);
    const admin = platform.admin().auth.admin;
    const banned = await admin.updateUserById(u.id, { ban_duration: '1h30m' });
    expect(banned.error).toBeNull();
    expect(banned.data.user?.banned_until).toBeTruthy();
    // A ban ends current sessions as well.
    expect((await platform.anon().auth.refreshSession({ refresh_token: session.refresh_token })).error).not.toBeNull();
    const bad = await admin.updateUserById(u.id, { ban_duration: 'forever' });
    expect(bad.error?.status).toBe(400);
    expect((await admin.updateUserById(u.id, { ban_duration: 'none' })).error).toBeNull();
    await signIn(platform, u.email, u.password);
  });

  it('answers 404 for an unknown or malformed user id', async () => {
    const admin = platform.admin().auth.admin;
    expect((await admin.getUserById('00000000-0000-4000-8000-000000000000')).error?.status).toBe(404);
    expect((await admin.updateUserById('00000000-0000-4000-8000-000000000000', { user_metadata: {} })).error?.status).toBe(404);
    expect((await admin.deleteUser('00000000-0000-4000-8000-000000000000')).error?.status).toBe(404);
  });
});
