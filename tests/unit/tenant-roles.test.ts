import { describe, expect, it } from 'vitest';
import { dashboardRedirectFor, landingScreenFor, normalizeRole, safeReturnTo, tenantPath } from '../../src/lib/roles';

describe('where tenant roles land', () => {
  it('sends each role to its screen after sign-in', () => {
    expect(landingScreenFor('super_admin')).toBe('dashboard');
    expect(landingScreenFor('security_admin')).toBe('security');
    expect(landingScreenFor('regular_user')).toBe('rounds');
    expect(landingScreenFor('user')).toBe('rounds');
    expect(landingScreenFor('transportation_admin')).toBe('dashboard');
    expect(landingScreenFor('office_staff')).toBe('dashboard');
    expect(landingScreenFor(null)).toBe('rounds');
    expect(landingScreenFor('something-else')).toBe('rounds');
  });
  it('sends security admins from the dashboard to security (spec §2)', () => {
    expect(dashboardRedirectFor('security_admin')).toBe('security');
    expect(dashboardRedirectFor('super_admin')).toBeNull();
    expect(dashboardRedirectFor('regular_user')).toBeNull();
  });
  it('normalizes role names', () => {
    expect(normalizeRole('user')).toBe('regular_user');
    expect(normalizeRole(undefined)).toBe('regular_user');
    expect(normalizeRole('super_admin')).toBe('super_admin');
  });
  it('builds tenant paths', () => {
    expect(tenantPath('lincoln-isd', 'change-password')).toBe('/tenant/lincoln-isd/change-password');
  });
  it('honours returnTo only for same-origin paths', () => {
    expect(safeReturnTo('/tenant-discovery')).toBe('/tenant-discovery');
    expect(safeReturnTo('//evil.test/x')).toBeNull();
    expect(safeReturnTo('/\\evil.test')).toBeNull();
    expect(safeReturnTo('https://evil.test')).toBeNull();
    expect(safeReturnTo(null)).toBeNull();
  });
});
