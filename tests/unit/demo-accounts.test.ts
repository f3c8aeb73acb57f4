// The demo constants agree with the product's rules: every tenant account
// uses its organization's email domain, every tenant has a super admin, the
// demo password passes the password rule, and licence keys have the spec's format.
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_LICENCE_KEYS, DEMO_PASSWORD, DEMO_TENANTS } from '../../supabase/local/demo';

describe('demo accounts', () => {
  it('use their organization email domain', () => {
    for (const a of DEMO_ACCOUNTS) {
      const domain = a.where === 'platform' ? 'lockstep.test' : DEMO_TENANTS.find((t) => t.slug === a.where)?.emailDomain;
      expect(a.email.endsWith(`@${domain}`), a.email).toBe(true);
    }
  });

  it('give every tenant a super admin and the platform a staff admin', () => {
    for (const t of DEMO_TENANTS) expect(DEMO_ACCOUNTS.some((a) => a.where === t.slug && a.role === 'super_admin')).toBe(true);
    expect(DEMO_ACCOUNTS.some((a) => a.where === 'platform' && a.role === 'staff_admin')).toBe(true);
  });

  it('give lincoln-isd a bus driver who signs in as a regular user (no driver role, decision 024)', () => {
    expect(DEMO_ACCOUNTS.find((a) => a.email === 'driver@lincoln-isd.test')).toMatchObject({
      where: 'lincoln-isd',
      role: 'regular_user',
      firstName: 'Robert',
      lastName: 'Alvarez',
    });
  });

  it('share a password that passes the password rule', () => {
    expect(DEMO_PASSWORD.length).toBeGreaterThanOrEqual(8);
    expect(DEMO_PASSWORD).toMatch(/[A-Z]/);
    expect(DEMO_PASSWORD).toMatch(/[0-9]/);
    expect(DEMO_PASSWORD).toMatch(/[^A-Za-z0-9]/);
  });

  it('have one licence key per tenant in the XXXX-XXXX-XXXX-XXXX format', () => {
    expect(Object.keys(DEMO_LICENCE_KEYS).sort()).toEqual(DEMO_TENANTS.map((t) => t.slug).sort());
    for (const key of Object.values(DEMO_LICENCE_KEYS)) expect(key).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
  });
});
