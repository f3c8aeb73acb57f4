/**
 * The one password rule of Lockstep (DESIGN §8), shared by the screens
 * (src/lib/password-rules.ts re-exports it) and the product API: the
 * change-password validation of spec §5 (a live checklist and messages
 * checked in order), and the same rule for a password a staff admin sets for
 * a tenant user (spec §5 New user and admin password reset: the staff panel
 * enforces 8 characters, a capital, a number and a special character).
 */

export interface ChecklistItem {
  id: 'length' | 'uppercase' | 'number' | 'special' | 'match';
  label: string;
  ok: boolean;
}

export const MIN_PASSWORD_LENGTH = 8;

export function hasUppercase(value: string): boolean {
  return /[A-Z]/.test(value);
}
export function hasNumber(value: string): boolean {
  return /[0-9]/.test(value);
}
/** Any character that is not a letter or a digit counts as special. */
export function hasSpecial(value: string): boolean {
  return /[^A-Za-z0-9]/.test(value);
}

/** True when a password satisfies the strength rule (8+, capital, digit, special). */
export function isStrongPassword(value: string): boolean {
  return value.length >= MIN_PASSWORD_LENGTH && hasUppercase(value) && hasNumber(value) && hasSpecial(value);
}

/** The five live checklist items shown under the new password. */
export function passwordChecklist(next: string, confirm: string): ChecklistItem[] {
  return [
    { id: 'length', label: 'At least 8 characters', ok: next.length >= MIN_PASSWORD_LENGTH },
    { id: 'uppercase', label: 'One capital letter', ok: hasUppercase(next) },
    { id: 'number', label: 'One number', ok: hasNumber(next) },
    { id: 'special', label: 'One special character', ok: hasSpecial(next) },
    { id: 'match', label: 'Passwords match', ok: next.length > 0 && next === confirm },
  ];
}

export function checklistPasses(next: string, confirm: string): boolean {
  return passwordChecklist(next, confirm).every((item) => item.ok);
}

export const CHANGE_PASSWORD_MESSAGES = {
  required: 'All fields are required',
  length: 'New password must be at least 8 characters long',
  uppercase: 'New password must contain at least one capital letter',
  number: 'New password must contain at least one number',
  special: 'New password must contain at least one special character',
  mismatch: 'New passwords do not match',
  sameAsCurrent: 'New password must be different from current password',
} as const;

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first failing rule's message, in the order of spec §5, or null when valid. */
export function validateChangePassword(input: ChangePasswordInput): string | null {
  const { currentPassword, newPassword, confirmPassword } = input;
  const m = CHANGE_PASSWORD_MESSAGES;
  if (!currentPassword || !newPassword || !confirmPassword) return m.required;
  if (newPassword.length < MIN_PASSWORD_LENGTH) return m.length;
  if (!hasUppercase(newPassword)) return m.uppercase;
  if (!hasNumber(newPassword)) return m.number;
  if (!hasSpecial(newPassword)) return m.special;
  if (newPassword !== confirmPassword) return m.mismatch;
  if (newPassword === currentPassword) return m.sameAsCurrent;
  return null;
}

/** Spec §5 New user (staff panel): the same rule, worded for a password someone else sets. */
export const SET_PASSWORD_MESSAGES = {
  length: 'Password must be at least 8 characters long',
  uppercase: 'Password must contain at least one capital letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
} as const;

/** The first rule a staff-set password fails, in the spec's order, or null when it passes. */
export function setPasswordError(password: string): string | null {
  const m = SET_PASSWORD_MESSAGES;
  if (password.length < MIN_PASSWORD_LENGTH) return m.length;
  if (!hasUppercase(password)) return m.uppercase;
  if (!hasNumber(password)) return m.number;
  if (!hasSpecial(password)) return m.special;
  return null;
}
