/** The staff user panel's pure rules: spec §8's texts for each failure, the add form's checks, the edit form's changes. */
import { describe, expect, it } from 'vitest';
import { ProductApiError, type TenantUser } from '../../src/data';
import {
  canReview,
  checkEdit,
  checkNewUser,
  createdLabel,
  describeFailure,
  editFormOf,
  EMPTY_NEW_USER,
  loadFailure,
  roleIsAdmin,
  roleLabel,
  TENANT_USER_MESSAGES,
  userName,
  type NewUserForm,
} from '../../src/ui/user-admin/model';

const user: TenantUser = {
  id: '6f1c2a34-0000-4000-8000-000000000001',
  email: 'jo.rivers@lincoln-isd.test',
  first_name: 'Jo',
  last_name: 'Rivers',
  phone: '(555)-123-4567',
  department: 'IT',
  role: 'regular_user',
  is_admin: false,
  is_organization_user: true,
  active: true,
  require_password_change: false,
  last_sign_in_at: null,
  created_at: '2026-11-20T10:00:00Z',
};

const goodForm: NewUserForm = {
  ...EMPTY_NEW_USER,
  first_name: ' Jordan ',
  last_name: 'Rivers',
  username: 'Jordan.Rivers@gmail.com',
  password: 'Welcome-2026!',
  confirm: 'Welcome-2026!',
};

describe('describeFailure (spec §8 Staff user panel alerts)', () => {
  it('create keeps "Failed to create user: {message}" and the server text that already has it', () => {
    expect(
      describeFailure(
        'create',
        new ProductApiError(409, 'Failed to create user: A user with this email address has already been registered'),
        true,
      ),
    ).toEqual({
      text: 'Failed to create user: A user with this email address has already been registered',
      detail: null,
    });
    expect(describeFailure('create', new ProductApiError(502, 'Failed to create user profile: boom'), true).text).toBe(
      'Failed to create user profile: boom',
    );
    expect(describeFailure('create', new ProductApiError(422, 'password: too weak'), true).text).toBe(
      'Failed to create user: password: too weak',
    );
  });

  it('a refusal and a failure on the way have their own texts', () => {
    expect(describeFailure('deactivate', new ProductApiError(502, 'Failed to deactivate user. Please try again.'), true)).toEqual({
      text: 'Failed to deactivate user. Please try again.',
      detail: null,
    });
    expect(describeFailure('deactivate', new TypeError('boom'), true).text).toBe('An error occurred while deactivating the user.');
    expect(describeFailure('update', new ProductApiError(404, 'User not found'), true)).toEqual({
      text: 'Failed to update user. Please try again.',
      detail: 'User not found',
    });
    expect(describeFailure('update', new ProductApiError(0, 'The server could not be reached. Please try again.'), true).text).toBe(
      'An error occurred while updating the user.',
    );
    expect(describeFailure('reset', new ProductApiError(502, 'x'), true).text).toBe('Failed to reset password. Please try again.');
    expect(describeFailure('reset', new Error('x'), true).text).toBe('An error occurred while resetting the password.');
    expect(describeFailure('reactivate', new ProductApiError(404, 'User not found'), true)).toEqual({
      text: 'Failed to reactivate user. Please try again.',
      detail: 'User not found',
    });
    expect(describeFailure('reactivate', new Error('x'), true).text).toBe('An error occurred while reactivating the user.');
  });

  it('a missing service key is shown in the server words; no session and offline say so', () => {
    const key = 'Service role key is required for password reset. Please configure it first.';
    expect(describeFailure('reset', new ProductApiError(409, key), true)).toEqual({ text: key, detail: null });
    expect(describeFailure('update', new ProductApiError(401, 'Not authenticated'), true).text).toBe(
      'Database connection not available. Please ensure you are logged in.',
    );
    expect(describeFailure('create', new ProductApiError(0, 'offline'), false).text).toBe(TENANT_USER_MESSAGES.offline);
  });
});

describe('loadFailure', () => {
  it('an unreachable tenant is spec §8 connection failure; other refusals keep their words', () => {
    const company = 'Lincoln Independent School District';
    const failure = `Failed to connect to ${company}'s database. Please check if the database is accessible and the connection details are correct.`;
    expect(loadFailure(new ProductApiError(502, 'anything'), company, true)).toBe(failure);
    expect(loadFailure(new Error('x'), company, true)).toBe(failure);
    expect(
      loadFailure(new ProductApiError(409, 'Service role key is required to list users. Please configure it first.'), company, true),
    ).toBe('Service role key is required to list users. Please configure it first.');
    expect(loadFailure(new ProductApiError(0, 'unreachable'), company, false)).toBe(TENANT_USER_MESSAGES.offline);
  });
});

describe('labels', () => {
  it('names, roles, the admin flag and dates', () => {
    expect(userName(user)).toBe('Jo Rivers');
    expect(userName({ ...user, first_name: null, last_name: ' ' })).toBe(user.email);
    expect(roleLabel('super_admin')).toBe('Super Admin');
    expect(roleLabel('mystery')).toBe('mystery');
    expect(roleIsAdmin('transportation_admin')).toBe(true);
    expect(roleIsAdmin('office_staff')).toBe(false);
    expect(createdLabel('2026-11-20T10:00:00Z', 'en-US')).toBe('Nov 20, 2026');
    expect(createdLabel('not a date')).toBe('not a date');
    expect(TENANT_USER_MESSAGES.deactivated('Jo Rivers')).toBe('User Jo Rivers has been deactivated.');
  });
});

describe('checkNewUser (spec §4, §5 New user)', () => {
  it('Review & Create waits for every checklist item, the confirmation included', () => {
    expect(canReview(goodForm)).toBe(true);
    expect(canReview({ ...goodForm, confirm: 'Welcome-2026' })).toBe(false);
    expect(canReview({ ...goodForm, password: 'welcome-2026!', confirm: 'welcome-2026!' })).toBe(false);
  });

  it('forces the organization domain onto the username, or the product domain without one', () => {
    const ok = checkNewUser(goodForm, 'lincoln-isd.test');
    expect(ok).toMatchObject({ ok: true, email: 'jordan.rivers@lincoln-isd.test', body: { first_name: 'Jordan', role: 'regular_user' } });
    expect(checkNewUser(goodForm, null)).toMatchObject({ ok: true, email: 'jordan.rivers@lockstep.app' });
  });

  it('required fields first, in the spec words, then the API schema', () => {
    expect(checkNewUser({ ...goodForm, last_name: '  ' }, 'x.test')).toEqual({
      ok: false,
      message: 'Please fill in all required fields before proceeding.',
      fields: { last_name: 'Required' },
    });
    const bad = checkNewUser({ ...goodForm, username: 'jo rivers' }, 'x.test');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.fields.username).toMatch(/^Username:/);
    const badPhone = checkNewUser({ ...goodForm, phone: '(555)-123-4567-8' }, 'x.test');
    expect(badPhone.ok).toBe(false);
  });

  it('sends department and phone only when given', () => {
    const r = checkNewUser({ ...goodForm, department: 'Police', phone: '(555)-123' }, 'x.test');
    expect(r).toMatchObject({ ok: true, body: { department: 'Police', phone: '(555)-123' } });
    const plain = checkNewUser(goodForm, 'x.test');
    expect(plain.ok && 'department' in plain.body).toBe(false);
  });

  it('an invitation needs no password, sends none, and the request schema accepts it', () => {
    const invite = { ...goodForm, invite: true, password: '', confirm: '' };
    expect(canReview(invite)).toBe(true);
    const r = checkNewUser(invite, 'lincoln-isd.test');
    expect(r).toMatchObject({ ok: true, email: 'jordan.rivers@lincoln-isd.test', body: { invite: true } });
    expect(r.ok && 'password' in r.body).toBe(false);
    expect(checkNewUser({ ...invite, first_name: '' }, 'x.test')).toMatchObject({ ok: false, fields: { first_name: 'Required' } });
    // Without the invitation the password is required again.
    expect(checkNewUser({ ...invite, invite: false }, 'x.test')).toMatchObject({ ok: false, fields: { password: 'Required' } });
  });

  it('a password form never sends invite', () => {
    const r = checkNewUser(goodForm, 'x.test');
    expect(r.ok && 'invite' in r.body).toBe(false);
    expect(r).toMatchObject({ ok: true, body: { password: goodForm.password } });
  });
});

describe('checkEdit (spec §5 User edit)', () => {
  it('nothing changed sends nothing', () => {
    expect(checkEdit(user, editFormOf(user))).toEqual({ ok: true, changes: null });
  });

  it('sends only what changed; an emptied department or phone becomes null', () => {
    const form = { ...editFormOf(user), first_name: ' Joanna ', department: '' as const, phone: '', role: 'security_admin' as const };
    expect(checkEdit(user, form)).toEqual({
      ok: true,
      changes: { first_name: 'Joanna', department: null, phone: null, role: 'security_admin' },
    });
    expect(checkEdit({ ...user, phone: null }, { ...editFormOf({ ...user, phone: null }), phone: '(555)-987-6543' })).toEqual({
      ok: true,
      changes: { phone: '(555)-987-6543' },
    });
  });

  it('first and last name are required', () => {
    expect(checkEdit(user, { ...editFormOf(user), first_name: ' ', last_name: '' })).toEqual({
      ok: false,
      message: 'First name is required',
      fields: { first_name: 'First name is required', last_name: 'Last name is required' },
    });
  });
});
