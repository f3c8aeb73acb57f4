/**
 * Invitation and recovery links (supabase.auth.admin.generateLink and GET
 * /verify), as hosted GoTrue: the unmodified supabase-js makes the link with
 * the service key, the link is followed like a browser would (no apikey,
 * redirect not followed) and the session in its fragment is used.
 */
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../supabase/local/project';
import { startTestStack, TEST_ORIGIN, type TestStack } from '../support/stack';
import { createUser, GOOD_PASSWORD, signIn, tenantTarget, uniqueEmail, type Target } from './auth-fixtures';

const APP_REDIRECT = `${TEST_ORIGIN}/tenant/acme/accept-invite`;

describe('auth: invitation and recovery links', () => {
  let t: TestStack;
  let project: Project;
  let tenant: Target;
  beforeAll(async () => {
    t = await startTestStack();
    project = await t.createTenant();
    tenant = tenantTarget(t, project);
  });
  afterAll(() => t.close());

  async function invite(email: string, redirectTo = APP_REDIRECT, data: Record<string, unknown> = { first_name: 'Ada' }) {
    const r = await tenant.admin().auth.admin.generateLink({ type: 'invite', email, options: { data, redirectTo } });
    expect(r.error).toBeNull();
    if (!r.data.properties || !r.data.user) throw new Error('generateLink returned no link');
    return r.data;
  }

  /** Follows a link as a browser's address bar would: no apikey, the 303 not followed. */
  async function open(link: string): Promise<{ status: number; target: URL; fragment: URLSearchParams }> {
    const res = await t.fetch(link, { redirect: 'manual' });
    const location = res.headers.get('location');
    if (!location) throw new Error(`no redirect from ${link} (HTTP ${res.status})`);
    const target = new URL(location);
    return { status: res.status, target, fragment: new URLSearchParams(target.hash.slice(1)) };
  }

  function expectLinkRefused(fragment: URLSearchParams) {
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired');
    expect(fragment.get('access_token')).toBeNull();
  }

  async function clientWith(fragment: URLSearchParams): Promise<SupabaseClient> {
    const client = tenant.anon();
    const { error } = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    return client;
  }

  it('invites a user who follows the link into a session that works against the REST API', async () => {
    const email = uniqueEmail('Invitee');
    const data = await invite(email);
    const lower = email.toLowerCase();
    expect(data.user).toMatchObject({ email: lower, user_metadata: { first_name: 'Ada' } });
    expect(data.user.email_confirmed_at).toBeUndefined();
    expect(data.user.invited_at).toEqual(expect.any(String));
    expect(data.properties).toMatchObject({ verification_type: 'invite', redirect_to: APP_REDIRECT });
    const link = new URL(data.properties.action_link);
    expect(`${link.origin}${link.pathname}`).toBe(`${tenant.authUrl}/verify`);
    expect(link.searchParams.get('token')).toBe(data.properties.hashed_token);
    expect(link.searchParams.get('type')).toBe('invite');
    expect(link.searchParams.get('redirect_to')).toBe(APP_REDIRECT);

    // Only the token's hash is stored.
    const stored = await project.engine.query<{ token_hash: string; token_type: string; ttl: number }>(
      `select token_hash, token_type, extract(epoch from expires_at - created_at)::int as ttl
         from auth.one_time_tokens where user_id = $1::uuid`,
      [data.user.id],
    );
    expect(stored.rows).toEqual([
      { token_hash: createHash('sha256').update(data.properties.hashed_token).digest('hex'), token_type: 'invite', ttl: 86_400 },
    ]);
    // The profile the product API makes beside the auth user.
    const profile = await tenant.admin().from('users').insert({ id: data.user.id, email: lower, role: 'office_staff' });
    expect(profile.error).toBeNull();

    const { status, target, fragment } = await open(data.properties.action_link);
    expect(status).toBe(303);
    expect(`${target.origin}${target.pathname}`).toBe(APP_REDIRECT);
    expect([...fragment.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'type']);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('invite');

    const client = await clientWith(fragment);
    const me = await client.auth.getUser();
    expect(me.data.user).toMatchObject({ id: data.user.id, email: lower });
    expect(me.data.user?.email_confirmed_at).toEqual(expect.any(String));
    const rows = await client.from('users').select('id, role').eq('id', data.user.id);
    expect(rows.error).toBeNull();
    expect(rows.data).toEqual([{ id: data.user.id, role: 'office_staff' }]);

    // The invited user has no password to confirm: it chooses one, then signs in with it.
    const chosen = await client.auth.updateUser({ password: GOOD_PASSWORD });
    expect(chosen.error).toBeNull();
    await signIn(tenant, email, GOOD_PASSWORD);
  });

  it('accepts a link once only', async () => {
    const data = await invite(uniqueEmail('Once'));
    const first = await open(data.properties.action_link);
    expect(first.fragment.get('access_token')).toEqual(expect.any(String));
    const again = await open(data.properties.action_link);
    expect(again.status).toBe(303);
    expect(`${again.target.origin}${again.target.pathname}`).toBe(APP_REDIRECT);
    expectLinkRefused(again.fragment);
  });

  it('refuses an expired link, a link of another type and a made-up token, leaving the link usable where it was valid', async () => {
    const data = await invite(uniqueEmail('Late'));
    const link = new URL(data.properties.action_link);

    const asRecovery = new URL(link);
    asRecovery.searchParams.set('type', 'recovery');
    expectLinkRefused((await open(asRecovery.toString())).fragment);
    const unknownType = new URL(link);
    unknownType.searchParams.set('type', 'magiclink');
    expectLinkRefused((await open(unknownType.toString())).fragment);
    const madeUp = new URL(link);
    madeUp.searchParams.set('token', 'f'.repeat(64));
    expectLinkRefused((await open(madeUp.toString())).fragment);

    // A day later (the clock moved by rewriting the expiry, not by waiting).
    await project.engine.query(`update auth.one_time_tokens set expires_at = now() - interval '1 second' where user_id = $1::uuid`, [
      data.user.id,
    ]);
    expectLinkRefused((await open(link.toString())).fragment);
    const user = await tenant.admin().auth.admin.getUserById(data.user.id);
    expect(user.data.user?.email_confirmed_at).toBeUndefined();

    // The administrator makes a new link; the user was never confirmed, so it is the same account.
    const renewed = await invite(data.user.email ?? '');
    expect(renewed.user.id).toBe(data.user.id);
    expect((await open(link.toString())).fragment.get('error_code')).toBe('otp_expired');
    expect((await open(renewed.properties.action_link)).fragment.get('type')).toBe('invite');
  });

  it('refuses to invite an existing account (email_exists) and an invalid email', async () => {
    const existing = await createUser(tenant);
    const r = await tenant.admin().auth.admin.generateLink({ type: 'invite', email: existing.email });
    expect(r.error?.status).toBe(422);
    expect(r.error?.code).toBe('email_exists');
    const bad = await tenant.admin().auth.admin.generateLink({ type: 'invite', email: 'not-an-email' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
    const kind = await tenant
      .admin()
      .auth.admin.generateLink({ type: 'email_change_new', email: existing.email, newEmail: 'x@example.test' });
    expect(kind.error?.status).toBe(400);
  });

  it('refuses generate_link without the service role (anon key or a user token: 403 not_admin) and creates nobody', async () => {
    const email = uniqueEmail('Sneaky');
    const anon = await tenant.anon().auth.admin.generateLink({ type: 'invite', email });
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');
    const u = await createUser(tenant);
    const { session } = await signIn(tenant, u.email, u.password);
    const res = await t.fetch(`${tenant.authUrl}/admin/generate_link`, {
      method: 'POST',
      headers: { apikey: project.keys.anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'invite', email }),
    });
    expect(res.status).toBe(403);
    const found = await project.engine.query('select 1 from auth.users where email = $1', [email.toLowerCase()]);
    expect(found.rows).toEqual([]);
  });

  it('sends the browser only to the site or an allowed URL, else to the site URL', async () => {
    const evil = await invite(uniqueEmail('Phish'), 'https://evil.example/steal');
    expect(evil.properties.redirect_to).toBe(TEST_ORIGIN);
    // A link edited to point elsewhere is sent to the site URL too, session and all kept on the site.
    const edited = new URL(evil.properties.action_link);
    edited.searchParams.set('redirect_to', 'https://evil.example/steal');
    const landed = await open(edited.toString());
    expect(landed.target.origin).toBe(TEST_ORIGIN);
    expect(landed.fragment.get('access_token')).toEqual(expect.any(String));

    process.env.AUTH_ADDITIONAL_REDIRECT_URLS = 'https://app.example/tenant/*/accept-invite';
    try {
      const allowed = await invite(uniqueEmail('Allowed'), 'https://app.example/tenant/acme/accept-invite');
      expect(allowed.properties.redirect_to).toBe('https://app.example/tenant/acme/accept-invite');
      const deeper = await invite(uniqueEmail('Deeper'), 'https://app.example/tenant/acme/x/accept-invite');
      expect(deeper.properties.redirect_to).toBe(TEST_ORIGIN);
    } finally {
      delete process.env.AUTH_ADDITIONAL_REDIRECT_URLS;
    }
  });

  it('does not let a banned user verify into a session, and keeps the link for after the ban', async () => {
    const data = await invite(uniqueEmail('Banned'));
    await tenant.admin().auth.admin.updateUserById(data.user.id, { ban_duration: '24h' });
    const refused = await open(data.properties.action_link);
    expect(refused.fragment.get('error_code')).toBe('user_banned');
    expect(refused.fragment.get('access_token')).toBeNull();
    await tenant.admin().auth.admin.updateUserById(data.user.id, { ban_duration: 'none' });
    expect((await open(data.properties.action_link)).fragment.get('access_token')).toEqual(expect.any(String));
  });

  it('opens no session in a tenant that requires a licence and holds none (the sign-in licence rule)', async () => {
    const slug = `unlicensed-${process.pid}`;
    const unlicensed = await t.stack.provisionTenant({ slug, companyName: 'No Licence Org', requireLicense: true });
    const admin = tenantTarget(t, unlicensed).admin().auth.admin;
    const r = await admin.generateLink({ type: 'invite', email: uniqueEmail('Unlicensed'), options: { redirectTo: APP_REDIRECT } });
    expect(r.error).toBeNull();
    const refused = await open(r.data.properties?.action_link ?? '');
    expect(refused.fragment.get('error_code')).toBe('license_inactive');
    expect(refused.fragment.get('access_token')).toBeNull();
    const kept = await unlicensed.engine.query('select 1 from auth.one_time_tokens');
    expect(kept.rows).toHaveLength(1);
  });

  it('makes a recovery link for an existing user whose session may set a new password without the old one', async () => {
    const u = await createUser(tenant);
    const r = await tenant.admin().auth.admin.generateLink({ type: 'recovery', email: u.email, options: { redirectTo: APP_REDIRECT } });
    expect(r.error).toBeNull();
    expect(r.data.properties?.verification_type).toBe('recovery');
    const { fragment } = await open(r.data.properties?.action_link ?? '');
    expect(fragment.get('type')).toBe('recovery');
    const client = await clientWith(fragment);
    const changed = await client.auth.updateUser({ password: 'Brand-New-Pass-7' });
    expect(changed.error).toBeNull();
    await signIn(tenant, u.email, 'Brand-New-Pass-7');

    const nobody = await tenant.admin().auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('Nobody') });
    expect(nobody.error?.status).toBe(404);
    expect(nobody.error?.code).toBe('user_not_found');
  });
});
