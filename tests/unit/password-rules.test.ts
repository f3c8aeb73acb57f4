import { describe, expect, it } from 'vitest';
import {
  CHANGE_PASSWORD_MESSAGES as M,
  checklistPasses,
  isStrongPassword,
  passwordChecklist,
  validateChangePassword,
} from '../../src/lib/password-rules';

const ok = { currentPassword: 'Lockstep-demo1!', newPassword: 'NewPass1!', confirmPassword: 'NewPass1!' };

describe('change-password validation (spec §5, in order)', () => {
  it('accepts a valid change', () => {
    expect(validateChangePassword(ok)).toBeNull();
  });
  it('requires every field first', () => {
    expect(validateChangePassword({ ...ok, currentPassword: '' })).toBe(M.required);
    expect(validateChangePassword({ ...ok, newPassword: '' })).toBe(M.required);
    expect(validateChangePassword({ ...ok, confirmPassword: '' })).toBe(M.required);
    expect(M.required).toBe('All fields are required');
  });
  it('checks length, capital, number, special, match and difference in that order', () => {
    const v = (newPassword: string, confirmPassword = newPassword, currentPassword = 'Old-pass1!') =>
      validateChangePassword({ currentPassword, newPassword, confirmPassword });
    expect(v('short')).toBe('New password must be at least 8 characters long');
    expect(v('alllowercase')).toBe('New password must contain at least one capital letter');
    expect(v('NoNumbers!')).toBe('New password must contain at least one number');
    expect(v('NoSpecial1')).toBe('New password must contain at least one special character');
    expect(v('Good-pass1', 'Good-pass2')).toBe('New passwords do not match');
    expect(v('Same-pass1', 'Same-pass1', 'Same-pass1')).toBe('New password must be different from current password');
  });
  it('reports the earliest failing rule when several fail', () => {
    // short AND no capital AND no number: length comes first
    expect(validateChangePassword({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'xyz' })).toBe(M.length);
    // long enough, no capital, no number: capital comes first
    expect(validateChangePassword({ currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'zzz' })).toBe(M.uppercase);
  });
});

describe('live checklist', () => {
  it('has five items that tick independently', () => {
    const items = passwordChecklist('', '');
    expect(items.map((i) => i.id)).toEqual(['length', 'uppercase', 'number', 'special', 'match']);
    expect(items.every((i) => !i.ok)).toBe(true);
    const ticks = Object.fromEntries(passwordChecklist('Abcdefg1', 'x').map((i) => [i.id, i.ok]));
    expect(ticks).toEqual({ length: true, uppercase: true, number: true, special: false, match: false });
  });
  it('passes only when all five are satisfied', () => {
    expect(checklistPasses('Abcdef1!', 'Abcdef1!')).toBe(true);
    expect(checklistPasses('Abcdef1!', 'Abcdef1?')).toBe(false);
    expect(checklistPasses('Abcde1!', 'Abcde1!')).toBe(false);
  });
  it('treats any non-alphanumeric character as special', () => {
    for (const c of ['!', '@', '#', ' ', '-', '_', '.', 'é']) expect(isStrongPassword(`Abcdefg1${c}`)).toBe(true);
    expect(isStrongPassword('Abcdefg12')).toBe(false);
  });
  it('accepts the demo password', () => {
    expect(isStrongPassword('Lockstep-demo1!')).toBe(true);
  });
});
