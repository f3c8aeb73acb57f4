/** The tenant user list's pure rules: a cached row as a user, the live search and role filter, the order and the empty texts. */
import { describe, expect, it } from 'vitest';
import type { TenantUser } from '../../src/data';
import {
  ALL_ROLES,
  emptyText,
  filterUsers,
  lastSignInLabel,
  sortUsers,
  userFromCacheRow,
  USERS_LIST_TEXT,
} from '../../src/features/tenant-dashboard/users/users-list';

function user(over: Partial<TenantUser>): TenantUser {
  return {
    id: 'u1',
    email: 'jo.rivers@lincoln-isd.test',
    first_name: 'Jo',
    last_name: 'Rivers',
    phone: null,
    department: null,
    role: 'regular_user',
    is_admin: false,
    is_organization_user: true,
    active: true,
    require_password_change: false,
    last_sign_in_at: null,
    created_at: '2026-01-01T00:00:00Z',
    ...over,
  };
}

const jo = user({});
const maria = user({ id: 'u2', email: 'super@lincoln-isd.test', first_name: 'Maria', last_name: 'Gonzalez', role: 'super_admin' });
const sam = user({ id: 'u3', email: 'SAM@lincoln-isd.test', first_name: null, last_name: null, role: 'security_admin' });
const all = [jo, maria, sam];

describe('filterUsers', () => {
  it('keeps everyone with no search and All Roles', () => {
    expect(filterUsers(all, '', ALL_ROLES)).toEqual(all);
    expect(filterUsers(all, '   ', ALL_ROLES)).toEqual(all);
  });

  it('matches the name or the email, case-insensitive, ignoring surrounding spaces', () => {
    expect(filterUsers(all, 'MARIA', ALL_ROLES)).toEqual([maria]);
    expect(filterUsers(all, ' jo rivers ', ALL_ROLES)).toEqual([jo]);
    expect(filterUsers(all, 'sam@', ALL_ROLES)).toEqual([sam]);
    expect(filterUsers(all, '@lincoln-isd.test', ALL_ROLES)).toEqual(all);
    expect(filterUsers(all, 'nobody', ALL_ROLES)).toEqual([]);
  });

  it('keeps only the chosen role, and combines it with the search', () => {
    expect(filterUsers(all, '', 'super_admin')).toEqual([maria]);
    expect(filterUsers(all, 'jo', 'super_admin')).toEqual([]);
    expect(filterUsers(all, '', 'office_staff')).toEqual([]);
  });
});

describe('emptyText', () => {
  it('says there are no users, or none that match', () => {
    expect(emptyText(0)).toBe('No users found for this organization.');
    expect(emptyText(3)).toBe('No users match your search.');
    expect(USERS_LIST_TEXT.noMatch).toBe('No users match your search.');
  });
});

describe('sortUsers', () => {
  it('orders by name (the email when there is none), without changing its input', () => {
    const input = [maria, sam, jo];
    expect(sortUsers(input).map((u) => u.id)).toEqual(['u1', 'u2', 'u3']);
    expect(input.map((u) => u.id)).toEqual(['u2', 'u3', 'u1']);
  });
});

describe('userFromCacheRow', () => {
  it('reads a synced users row as the API user', () => {
    const row = {
      id: 'u9',
      email: 'a@b.test',
      first_name: 'A',
      last_name: 'B',
      phone: '(555)-123-4567',
      department: 'IT',
      role: 'office_staff',
      is_admin: false,
      is_organization_user: true,
      active: false,
      require_password_change: true,
      last_sign_in_at: '2026-11-20T10:00:00Z',
      created_at: '2026-01-01T00:00:00Z',
      deleted_at: null,
      is_super_admin: false,
    };
    expect(userFromCacheRow(row)).toEqual({
      id: 'u9',
      email: 'a@b.test',
      first_name: 'A',
      last_name: 'B',
      phone: '(555)-123-4567',
      department: 'IT',
      role: 'office_staff',
      is_admin: false,
      is_organization_user: true,
      active: false,
      require_password_change: true,
      last_sign_in_at: '2026-11-20T10:00:00Z',
      created_at: '2026-01-01T00:00:00Z',
    });
  });

  it('takes the column defaults for what the row lacks, and drops removed rows and rows without an email', () => {
    expect(userFromCacheRow({ id: 'u1', email: 'x@y.test' })).toMatchObject({
      role: 'regular_user',
      active: true,
      is_organization_user: true,
      require_password_change: false,
      last_sign_in_at: null,
    });
    expect(userFromCacheRow({ id: 'u1', email: 'x@y.test', deleted_at: '2026-01-01T00:00:00Z' })).toBeNull();
    expect(userFromCacheRow({ id: 'u1' })).toBeNull();
  });
});

describe('lastSignInLabel', () => {
  it('says Never without a time, shows a time in the locale, and an unparsable value as is', () => {
    expect(lastSignInLabel(null)).toBe('Never');
    expect(lastSignInLabel('2026-11-20T10:00:00Z', 'en-US')).toMatch(/Nov 20, 2026/);
    expect(lastSignInLabel('soon')).toBe('soon');
  });
});
