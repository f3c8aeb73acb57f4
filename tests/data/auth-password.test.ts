/**
 * Changing one's own password through supabase.auth.updateUser (with the
 * current password, as GoTrue's current_password): the product's password
 * rule is enforced by the server, with GoTrue's errors.
 */
import { isAuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack';
import { createUser, platformTarget, signIn, type Target } from './auth-fixtures';

describe('auth: own password and profile', () => {
  let t: TestStack;
  let platform: Target;
  beforeAll(async () => {
    t = await startTestStack();
    platform = platformTarget(t);
  });
  afterAll(() => t.close());

  it.each([
    ['short', 'Ab1!', ['length']],
    ['no uppercase', 'abcdefg1!', ['characters']],
    ['no digit', 'Abcdefgh!', ['characters']],
    ['no special character', 'Abcdefgh1', ['characters']],
    ['short and plain', 'abc', ['length', 'characters']],
  ])('refuses a weak password (%s) with its reasons', async (_label, password, reasons) => {
    const u = await createUser(platform);
    const { client } = await signIn(platform, u.email, u.password);
    const { data, error } = await client.auth.updateUser({ password, current_password: u.password });
    expect(data.user).toBeNull();
    expect(isAuthWeakPasswordError(error)).toBe(true);
    if (!isAuthWeakPasswordError(error)) return;
    expect(error.status).toBe(422);
    expect(error.code).toBe('weak_password');
    expect(error.reasons).toEqual(reasons);
    // Still the old password.
    await signIn(platform, u.email, u.password);
  });

  it('refuses the same password', async () => {
    const u = await createUser(platform);
    const { client } = await signIn(platform, u.email, u.password);
    const { error } = await client.auth.updateUser({ password: u.password, current_password: u.password });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('same_password');
    expect(error?.message).toBe('New password should be different from the old password.');
  });

  it('changes the password: the new one signs in, the old one does not', async () => {
    const u = await createUser(platform);
    const { client } = await signIn(platform, u.email, u.password);
    const other = await signIn(platform, u.email, u.password);
    const { data, error } = await client.auth.updateUser({ password: 'Brand-New-Pass-7', current_password: u.password });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(u.id);
    await signIn(platform, u.email, 'Brand-New-Pass-7');
    const old = await platform.anon().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(old.error?.code).toBe('invalid_credentials');

    const hash = await platform.project.engine.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [u.id],
    );
    expect(hash.rows[0]?.encrypted_password).toMatch(/^\$2[aby]\$04\$/);

    // The session that changed it stays; every other session is ended.
    expect((await client.auth.getUser()).data.user?.id).toBe(u.id);
    expect((await platform.anon().auth.getUser(other.session.access_token)).data.user).toBeNull();
  });

  it('merges user metadata; null removes a key', async () => {
    const u = await createUser(platform, { userMetadata: { a: 1, b: 2 } });
    const { client } = await signIn(platform, u.email, u.password);
    const { data, error } = await client.auth.updateUser({ data: { b: null, c: 'three' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ a: 1, c: 'three' });
    expect((await client.auth.getUser()).data.user?.user_metadata).toEqual({ a: 1, c: 'three' });
  });

  it('refuses an email change, even to an address taken by another user', async () => {
    const a = await createUser(platform);
    const b = await createUser(platform);
    const { client } = await signIn(platform, a.email, a.password);
    const { error } = await client.auth.updateUser({ email: b.email });
    // Only an administrator changes emails now (issue 9 §4), so the answer
    // no longer tells whether the address has an account.
    expect(error?.code).toBe('feature_disabled');
  });

  it('hashes with bcrypt cost 10 by default', async () => {
    const saved = process.env.AUTH_BCRYPT_COST;
    delete process.env.AUTH_BCRYPT_COST;
    try {
      const u = await createUser(platform);
      const r = await platform.project.engine.query<{ encrypted_password: string }>(
        'select encrypted_password from auth.users where id = $1',
        [u.id],
      );
      expect(r.rows[0]?.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    } finally {
      process.env.AUTH_BCRYPT_COST = saved;
    }
  });
});
