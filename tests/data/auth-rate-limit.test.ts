/**
 * Sign-in throttling on POST /token (issue 9 §4, decision 015), through the
 * unmodified supabase-js client on the platform and on a tenant. Requests
 * carry a client address the way @hono/node-server hands it over (the
 * socket on c.env.incoming); one test goes through a real socket. Time is
 * moved with a fake Date, never waited for.
 */
import { serve, type ServerType } from '@hono/node-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BoundedMap } from '../../supabase/local/auth/bounded-map';
import { addressKey } from '../../supabase/local/auth/client-address';
import { startTestStack, type TestStack } from '../support/stack';
import { createUser, platformTarget, tenantTarget, type Target } from './auth-fixtures';

const SETTINGS = [
  'AUTH_RATE_LIMIT_TOKEN_REFRESH',
  'AUTH_RATE_LIMIT_TOKEN_BURST',
  'AUTH_RATE_LIMIT_SIGN_IN_FAILURES',
  'AUTH_RATE_LIMIT_SIGN_IN_WINDOW',
  'AUTH_LOCKOUT_FAILURES',
  'AUTH_LOCKOUT_SECONDS',
  'AUTH_RATE_LIMIT_HEADER',
] as const;

/** What auth-fixtures set, restored after each test. */
const BASELINE = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));

function configure(values: Partial<Record<(typeof SETTINGS)[number], string>>) {
  for (const name of SETTINGS) {
    const v = values[name] ?? BASELINE[name];
    if (v === undefined) delete process.env[name];
    else process.env[name] = v;
  }
}

let addressCounter = 0;
/** A fresh address per call, so tests never share counts. */
const newAddress = () => `198.51.100.${++addressCounter}`;

describe('auth: sign-in rate limits', () => {
  let t: TestStack;
  const targets: Record<string, Target> = {};

  beforeAll(async () => {
    t = await startTestStack();
    targets.platform = platformTarget(t);
    targets.tenant = tenantTarget(t, await t.createTenant());
  });
  afterAll(() => t.close());
  afterEach(() => {
    configure({});
    vi.useRealTimers();
  });

  /** What the node server passes as c.env: the socket the request came in on. */
  const fetchFrom =
    (address: string): typeof fetch =>
    async (input, init) =>
      t.app.fetch(new Request(input, init), { incoming: { socket: { remoteAddress: address, remoteFamily: 'IPv4' } } });

  function clientFrom(target: Target, address: string): SupabaseClient {
    return createClient(target.authUrl.replace(/\/auth\/v1$/, ''), target.project.keys.anonKey, {
      global: { fetch: fetchFrom(address) },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }

  const signInFrom = (target: Target, address: string, email: string, password: string) =>
    clientFrom(target, address).auth.signInWithPassword({ email, password });

  function rawToken(target: Target, address: string, grant: string, body: unknown, headers: Record<string, string> = {}) {
    return fetchFrom(address)(`${target.authUrl}/token?grant_type=${grant}`, {
      method: 'POST',
      headers: { apikey: target.project.keys.anonKey, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  describe.each(['platform', 'tenant'])('on the %s project', (which) => {
    const target = () => targets[which] as Target;

    it('locks an account briefly for the address that kept failing; the right password works from elsewhere', async () => {
      configure({ AUTH_LOCKOUT_FAILURES: '3', AUTH_LOCKOUT_SECONDS: '60' });
      vi.useFakeTimers({ toFake: ['Date'] });
      const u = await createUser(target());
      const attacker = newAddress();
      for (let i = 0; i < 3; i++) {
        const r = await signInFrom(target(), attacker, u.email, 'Wrong-Pass-1!');
        expect(r.error?.code).toBe('invalid_credentials');
      }
      const locked = await signInFrom(target(), attacker, u.email, u.password);
      expect(locked.error?.status).toBe(429);
      expect(locked.error?.code).toBe('over_request_rate_limit');
      expect(locked.data.session).toBeNull();

      // The user, from their own address, is not kept out.
      const user = await signInFrom(target(), newAddress(), u.email, u.password);
      expect(user.error).toBeNull();
      expect(user.data.session?.user.id).toBe(u.id);

      // The lock is brief: past it, the same address may try again.
      vi.setSystemTime(Date.now() + 61_000);
      const after = await signInFrom(target(), attacker, u.email, u.password);
      expect(after.error).toBeNull();
    });

    it('stops one address spraying passwords over many accounts, and only that address', async () => {
      configure({ AUTH_RATE_LIMIT_SIGN_IN_FAILURES: '4', AUTH_RATE_LIMIT_SIGN_IN_WINDOW: '300' });
      vi.useFakeTimers({ toFake: ['Date'] });
      const victim = await createUser(target());
      const sprayer = newAddress();
      for (let i = 0; i < 4; i++) {
        const r = await signInFrom(target(), sprayer, `sprayed-${i}@example.test`, 'Summer-2024!');
        expect(r.error?.code).toBe('invalid_credentials');
      }
      // Even a right password is not checked from that address any more.
      const refused = await signInFrom(target(), sprayer, victim.email, victim.password);
      expect(refused.error?.status).toBe(429);
      expect(refused.error?.code).toBe('over_request_rate_limit');
      expect((await signInFrom(target(), newAddress(), victim.email, victim.password)).error).toBeNull();

      vi.setSystemTime(Date.now() + 301_000);
      expect((await signInFrom(target(), sprayer, victim.email, victim.password)).error).toBeNull();
    });

    it('limits token requests per address (refresh grants too) in both GoTrue error shapes', async () => {
      configure({ AUTH_RATE_LIMIT_TOKEN_BURST: '3', AUTH_RATE_LIMIT_TOKEN_REFRESH: '1' });
      vi.useFakeTimers({ toFake: ['Date'] });
      const address = newAddress();
      for (let i = 0; i < 3; i++) {
        const r = await clientFrom(target(), address).auth.refreshSession({ refresh_token: `not-a-token-${i}` });
        expect(r.error?.code).toBe('refresh_token_not_found');
      }
      const limited = await clientFrom(target(), address).auth.refreshSession({ refresh_token: 'not-a-token' });
      expect(limited.error?.status).toBe(429);
      expect(limited.error?.code).toBe('over_request_rate_limit');

      const legacy = await rawToken(target(), address, 'refresh_token', { refresh_token: 'x' });
      expect(legacy.status).toBe(429);
      expect(Number(legacy.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await legacy.json()).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
      const current = await rawToken(
        target(),
        address,
        'password',
        { email: 'a@b.test', password: 'x' },
        {
          'X-Supabase-Api-Version': '2024-01-01',
        },
      );
      expect(current.status).toBe(429);
      expect(await current.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });

      // Other addresses are unaffected, and the bucket refills (1 per 5 minutes here).
      expect((await rawToken(target(), newAddress(), 'refresh_token', { refresh_token: 'x' })).status).toBe(400);
      vi.setSystemTime(Date.now() + 300_000);
      expect((await rawToken(target(), address, 'refresh_token', { refresh_token: 'x' })).status).toBe(400);
    });
  });

  it('counts per project: limits reached on a tenant leave the platform alone', async () => {
    configure({ AUTH_LOCKOUT_FAILURES: '2' });
    const address = newAddress();
    const email = 'same-person@example.test';
    const p = await createUser(targets.platform as Target, { email });
    await createUser(targets.tenant as Target, { email });
    for (let i = 0; i < 2; i++) await signInFrom(targets.tenant as Target, address, email, 'Wrong-Pass-1!');
    expect((await signInFrom(targets.tenant as Target, address, email, p.password)).error?.code).toBe('over_request_rate_limit');
    expect((await signInFrom(targets.platform as Target, address, email, p.password)).error).toBeNull();
  });

  it('counts parallel guesses before checking them, so a burst cannot slip past the lock', async () => {
    configure({ AUTH_LOCKOUT_FAILURES: '3' });
    const u = await createUser(targets.platform as Target);
    const address = newAddress();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signInFrom(targets.platform as Target, address, u.email, `Wrong-Pass-${i}!`)),
    );
    const codes = results.map((r) => r.error?.code);
    expect(codes.filter((c) => c === 'invalid_credentials')).toHaveLength(3);
    expect(codes.filter((c) => c === 'over_request_rate_limit')).toHaveLength(7);
  });

  it('a right password ends the count, so an occasional typo never locks the user', async () => {
    configure({ AUTH_LOCKOUT_FAILURES: '3' });
    const u = await createUser(targets.platform as Target);
    const address = newAddress();
    for (let round = 0; round < 3; round++) {
      await signInFrom(targets.platform as Target, address, u.email, 'Typo-Pass-1!');
      await signInFrom(targets.platform as Target, address, u.email, 'Typo-Pass-2!');
      expect((await signInFrom(targets.platform as Target, address, u.email, u.password)).error).toBeNull();
    }
  });

  it('counts requests without a socket (in-process callers) together under one key', async () => {
    configure({ AUTH_RATE_LIMIT_TOKEN_BURST: '2', AUTH_RATE_LIMIT_TOKEN_REFRESH: '1' });
    const tenant = tenantTarget(t, await t.createTenant());
    const noSocket = (path: string) =>
      t.fetch(`${tenant.authUrl}${path}`, {
        method: 'POST',
        headers: { apikey: tenant.project.keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: 'x' }),
      });
    expect((await noSocket('/token?grant_type=refresh_token')).status).toBe(400);
    expect((await noSocket('/token?grant_type=refresh_token')).status).toBe(400);
    expect((await noSocket('/token?grant_type=refresh_token')).status).toBe(429);
  });

  describe('through a real socket', () => {
    let server: ServerType;
    let base: string;
    beforeAll(async () => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise<void>((resolve) => server.once('listening', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    async function refreshFrom(tenant: Target, forwardedFor: string) {
      const r = await fetch(`${base}${new URL(tenant.authUrl).pathname}/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: tenant.project.keys.anonKey, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ refresh_token: 'x' }),
      });
      await r.body?.cancel();
      return r.status;
    }

    it('limits by the socket address and ignores X-Forwarded-For unless configured', async () => {
      configure({ AUTH_RATE_LIMIT_TOKEN_BURST: '2', AUTH_RATE_LIMIT_TOKEN_REFRESH: '1' });
      const tenant = tenantTarget(t, await t.createTenant());
      // A client that makes up a new X-Forwarded-For each time is still one address.
      expect(await refreshFrom(tenant, '203.0.113.1')).toBe(400);
      expect(await refreshFrom(tenant, '203.0.113.2')).toBe(400);
      expect(await refreshFrom(tenant, '203.0.113.3')).toBe(429);
    });

    it('behind a proxy, trusts the last X-Forwarded-For entry once AUTH_RATE_LIMIT_HEADER names it', async () => {
      configure({ AUTH_RATE_LIMIT_TOKEN_BURST: '1', AUTH_RATE_LIMIT_TOKEN_REFRESH: '1', AUTH_RATE_LIMIT_HEADER: 'X-Forwarded-For' });
      const tenant = tenantTarget(t, await t.createTenant());
      expect(await refreshFrom(tenant, '203.0.113.10')).toBe(400);
      expect(await refreshFrom(tenant, '203.0.113.11')).toBe(400);
      // A forged first entry does not help: the proxy appended the real one.
      expect(await refreshFrom(tenant, '10.9.9.9, 203.0.113.10')).toBe(429);
    });
  });

  it('keys IPv6 clients by their /64 and IPv4-mapped addresses by their IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps limiter state bounded: the stalest entries go first', () => {
    const m = new BoundedMap<number>(3, (until, now) => now >= until);
    for (let i = 0; i < 1000; i++) m.set(`k${i}`, Number.MAX_SAFE_INTEGER);
    expect(m.size).toBe(3);
    expect(m.get('k999', 0)).toBeDefined();
    expect(m.get('k0', 0)).toBeUndefined();
    m.set('spent', 5);
    expect(m.get('spent', 10)).toBeUndefined();
  });
});
