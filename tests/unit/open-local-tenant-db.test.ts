/**
 * A route's loader opening the tenant's store before its screen renders
 * (src/data/use-local-tenant-db.ts): nothing without the organization cached
 * at sign-in, else the one shared opening the screen then finds. The store
 * is real IndexedDB semantics (fake-indexeddb); localStorage, which Node does
 * not provide without a file, is a small in-memory stand-in.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rememberOrganization } from '../../src/data/auth-orgs';
import { tenantDbName } from '../../src/data/local-db';
import { openLocalTenantDb } from '../../src/data/use-local-tenant-db';

beforeAll(() => {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  });
  rememberOrganization({
    slug: 'early-isd',
    company_name: 'Early ISD',
    display_name: 'Early ISD',
    description: null,
    email_domain: null,
    supabase_url: 'http://x.invalid/t/early-isd/',
    supabase_anon_key: 'anon',
  });
});
afterAll(() => vi.unstubAllGlobals());

describe('openLocalTenantDb', () => {
  it('opens nothing for an organization this device has not cached, nor without a user', () => {
    expect(openLocalTenantDb('nowhere-isd', 'u1')).toBeNull();
    expect(openLocalTenantDb('early-isd', '')).toBeNull();
  });

  it('opens the user’s store once, bound to the cached URL, and hands the same opening to the screen', async () => {
    const first = openLocalTenantDb('early-isd', 'u1');
    expect(first).not.toBeNull();
    expect(openLocalTenantDb('early-isd', 'u1')).toBe(first);
    const db = await first;
    expect(db?.name).toBe(tenantDbName('early-isd', 'u1'));
    expect(db?.binding.url).toBe('http://x.invalid/t/early-isd');
    expect(db?.isOpen()).toBe(true);
    db?.close();
  });
});
