/**
 * The pure rules of user management (spec §2, §4, §5, §8), shared by the
 * staff's panel for any tenant and a tenant super admin's own screen: the
 * exact alert texts, how a failed call becomes one of them, the labels, the
 * add form's checks (a temporary password or an invitation) and the edit
 * form's changes. The screens only wire these to their API.
 */
import { ProductApiError, type TenantUser } from '../../data';
import { checklistPasses } from '../../lib/password-rules';
import {
  createTenantUserRequestSchema,
  createTenantUserSchema,
  formatPhone,
  newUserEmail,
  updateTenantUserSchema,
  USER_MESSAGES,
  type CreateTenantUserRequestInput,
  type Department,
  type TenantRole,
  type UpdateTenantUserInput,
} from '../../../supabase/functions/_shared/tenant-users';

/** Spec §8 Staff user panel alerts (and §8 Password reset), word for word. */
export const TENANT_USER_MESSAGES = {
  noTenant: 'No tenant selected. Please select a tenant first.',
  notSignedIn: 'Database connection not available. Please ensure you are logged in.',
  created: 'User created successfully!',
  updated: 'User updated successfully!',
  deactivated: (name: string) => `User ${name} has been deactivated.`,
  reactivated: (name: string) => `User ${name} has been reactivated.`,
  resetDone: 'Password reset successful!',
  resetNext: 'The user must change the password at next sign-in.',
  empty: 'No users found for this organization.',
  offline: 'You are offline. Managing users needs a connection to the server.',
  connectionFailed: (company: string) =>
    `Failed to connect to ${company}'s database. Please check if the database is accessible and the connection details are correct.`,
} as const;

export type UserAction = 'create' | 'update' | 'deactivate' | 'reactivate' | 'reset';

/** What the server refused (its answer came) and what went wrong on the way (no answer), per action. */
const FAILED: Record<UserAction, { refused: string; unexpected: string }> = {
  create: { refused: 'Failed to create user', unexpected: 'Failed to create user' },
  update: { refused: 'Failed to update user. Please try again.', unexpected: 'An error occurred while updating the user.' },
  deactivate: { refused: 'Failed to deactivate user. Please try again.', unexpected: 'An error occurred while deactivating the user.' },
  reactivate: { refused: 'Failed to reactivate user. Please try again.', unexpected: 'An error occurred while reactivating the user.' },
  reset: { refused: 'Failed to reset password. Please try again.', unexpected: 'An error occurred while resetting the password.' },
};

export interface Failure {
  text: string;
  /** The server's own words when they add something to `text`. */
  detail: string | null;
}

/**
 * A failed call as the panel shows it. Create keeps spec §8's
 * "Failed to create user: {message}" form (the API's text already has it for
 * auth and profile failures); a missing service key (409) is shown as the
 * server words it, as spec §8 does for the reset.
 */
export function describeFailure(action: UserAction, error: unknown, online: boolean): Failure {
  const message = error instanceof Error ? error.message : '';
  if (!(error instanceof ProductApiError) || error.status === 0) {
    if (!online) return { text: TENANT_USER_MESSAGES.offline, detail: null };
    if (action === 'create') return { text: `Failed to create user: ${message || 'unknown error'}`, detail: null };
    return { text: FAILED[action].unexpected, detail: message || null };
  }
  if (error.status === 401) return { text: TENANT_USER_MESSAGES.notSignedIn, detail: null };
  if (action === 'create') {
    return { text: /^Failed to create user/.test(message) ? message : `Failed to create user: ${message}`, detail: null };
  }
  if (error.status === 409 && /service role key/i.test(message)) return { text: message, detail: null };
  return { text: FAILED[action].refused, detail: message && message !== FAILED[action].refused ? message : null };
}

/** A failed list or connection test: spec §8's connection failure unless the server said something more precise. */
export function loadFailure(error: unknown, company: string, online: boolean): string {
  if (!(error instanceof ProductApiError)) return TENANT_USER_MESSAGES.connectionFailed(company);
  if (error.status === 0) return online ? error.message : TENANT_USER_MESSAGES.offline;
  if (error.status === 401) return TENANT_USER_MESSAGES.notSignedIn;
  if (error.status === 502 || !error.message) return TENANT_USER_MESSAGES.connectionFailed(company);
  return error.message;
}

/** "First Last", else the address. */
export function userName(user: Pick<TenantUser, 'first_name' | 'last_name' | 'email'>): string {
  const name = [user.first_name, user.last_name].filter((p) => p && p.trim()).join(' ');
  return name || user.email;
}

export const ROLE_LABELS: Record<TenantRole, string> = {
  regular_user: 'Regular User',
  office_staff: 'Office Staff',
  security_admin: 'Security Admin',
  transportation_admin: 'Transportation Admin',
  super_admin: 'Super Admin',
};

export function roleLabel(role: string): string {
  return (ROLE_LABELS as Record<string, string>)[role] ?? role;
}

/** Whether a role carries the admin flag (the tenant's users trigger: DESIGN §6). */
export function roleIsAdmin(role: string): boolean {
  return role === 'security_admin' || role === 'transportation_admin' || role === 'super_admin';
}

/** The Created column: the date in the viewer's locale, or the raw text if it does not parse. */
export function createdLabel(iso: string, locale?: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

// ---- Add New User -------------------------------------------------------

export interface NewUserForm {
  first_name: string;
  last_name: string;
  username: string;
  password: string;
  confirm: string;
  department: Department | '';
  phone: string;
  role: TenantRole;
  /** Send an invitation link instead of setting a password (the tenant's own screen only). */
  invite: boolean;
}

export const EMPTY_NEW_USER: NewUserForm = {
  first_name: '',
  last_name: '',
  username: '',
  password: '',
  confirm: '',
  department: '',
  phone: '',
  role: 'regular_user',
  invite: false,
};

/** Spec §4: Review & Create is enabled only when every checklist item passes (an invitation sets no password). */
export function canReview(form: NewUserForm): boolean {
  return form.invite || checklistPasses(form.password, form.confirm);
}

export type NewUserCheck =
  | { ok: true; body: CreateTenantUserRequestInput; email: string }
  | { ok: false; message: string; fields: Partial<Record<keyof NewUserForm, string>> };

/**
 * The Review step's checks: the required fields first (spec §5's one
 * message), then the API's own schema, so the form refuses what the server
 * refuses; the email shown is the one the server will make.
 */
export function checkNewUser(form: NewUserForm, emailDomain: string | null): NewUserCheck {
  const required: ('first_name' | 'last_name' | 'username' | 'password')[] = ['first_name', 'last_name', 'username'];
  if (!form.invite) required.push('password');
  const missing = required.filter((k) => !form[k].trim());
  if (missing.length > 0) {
    return { ok: false, message: USER_MESSAGES.required, fields: Object.fromEntries(missing.map((k) => [k, 'Required'])) };
  }
  const body: CreateTenantUserRequestInput = {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    username: form.username.trim(),
    ...(form.invite ? { invite: true } : { password: form.password }),
    role: form.role,
    ...(form.department ? { department: form.department } : {}),
    ...(form.phone ? { phone: form.phone } : {}),
  };
  // The staff's route takes only the password form; the invitation form is the tenant route's.
  const parsed = form.invite ? createTenantUserRequestSchema.safeParse(body) : createTenantUserSchema.safeParse(body);
  if (!parsed.success) {
    const fields: Partial<Record<keyof NewUserForm, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && key in form && !fields[key as keyof NewUserForm]) fields[key as keyof NewUserForm] = issue.message;
    }
    return { ok: false, message: parsed.error.issues[0]?.message ?? USER_MESSAGES.required, fields };
  }
  return { ok: true, body, email: newUserEmail(body.username, emailDomain) };
}

// ---- Edit User ----------------------------------------------------------

export interface EditUserForm {
  first_name: string;
  last_name: string;
  department: Department | '';
  phone: string;
  role: TenantRole;
}

export function editFormOf(user: TenantUser): EditUserForm {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    department: (user.department ?? '') as Department | '',
    phone: formatPhone(user.phone ?? ''),
    role: user.role as TenantRole,
  };
}

export type EditCheck =
  { ok: true; changes: UpdateTenantUserInput | null } | { ok: false; message: string; fields: Partial<Record<keyof EditUserForm, string>> };

/**
 * Spec §5 User edit: first and last name required; only the fields that
 * changed are sent (null changes when nothing did), checked by the API's schema.
 */
export function checkEdit(user: TenantUser, form: EditUserForm): EditCheck {
  const fields: Partial<Record<keyof EditUserForm, string>> = {};
  if (!form.first_name.trim()) fields.first_name = 'First name is required';
  if (!form.last_name.trim()) fields.last_name = 'Last name is required';
  if (fields.first_name || fields.last_name) return { ok: false, message: Object.values(fields)[0] ?? '', fields };

  const before = editFormOf(user);
  const changes: UpdateTenantUserInput = {};
  if (form.first_name.trim() !== before.first_name) changes.first_name = form.first_name.trim();
  if (form.last_name.trim() !== before.last_name) changes.last_name = form.last_name.trim();
  if (form.department !== before.department) changes.department = form.department || null;
  if (formatPhone(form.phone) !== before.phone) changes.phone = form.phone ? formatPhone(form.phone) : null;
  if (form.role !== before.role) changes.role = form.role;
  if (Object.keys(changes).length === 0) return { ok: true, changes: null };

  const parsed = updateTenantUserSchema.safeParse(changes);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && key in form && !fields[key as keyof EditUserForm]) fields[key as keyof EditUserForm] = issue.message;
    }
    return { ok: false, message: parsed.error.issues[0]?.message ?? USER_MESSAGES.nothing, fields };
  }
  return { ok: true, changes };
}
