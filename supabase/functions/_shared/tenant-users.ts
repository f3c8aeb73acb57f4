/**
 * What a staff admin may send to manage a tenant's users and the provider's
 * staff (spec §5 New user, admin password reset, User edit; issue 11), as zod
 * schemas shared by the staff screens and the product API, so a form refuses
 * exactly what the server refuses. Objects are strict: an unknown field is an
 * error, not silently dropped.
 */
import { z } from 'zod';
import { isValidEmail } from './email';
import { setPasswordError } from './password-rules';

/** Spec §5: department options. */
export const DEPARTMENTS = ['IT', 'Operations', 'Facilities', 'Security', 'Transportation', 'Police', 'Other'] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** The tenant's roles (users.role; docs/rls-matrix.md "Users: role and flags"). */
export const TENANT_ROLES = ['regular_user', 'office_staff', 'security_admin', 'transportation_admin', 'super_admin'] as const;
export type TenantRole = (typeof TENANT_ROLES)[number];

/** The product's own domain, for organizations with No Domain (spec §5 New user: "a generic product domain"). */
export const NO_DOMAIN_EMAIL_DOMAIN = 'lockstep.app';

/** Spec §9: a phone number has at most 10 digits, formatted (xxx)-xxx-xxxx (14 characters). */
export const MAX_PHONE_DIGITS = 10;

export const USER_MESSAGES = {
  required: 'Please fill in all required fields before proceeding.',
  username: 'Username: letters, digits and . _ - + only (the part before @)',
  phoneCharacters: 'Phone: digits only',
  phoneLength: `Phone: at most ${MAX_PHONE_DIGITS} digits`,
  nothing: 'Nothing to change',
} as const;

/**
 * Spec §5 User edit: the phone as the form shows it while typing, from its
 * digits (at most 10): (555, (555)-123, (555)-123-4567. No digits: ''.
 */
export function formatPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, MAX_PHONE_DIGITS);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)})-${d.slice(3)}`;
  return `(${d.slice(0, 3)})-${d.slice(3, 6)}-${d.slice(6)}`;
}

/** The local part of a username or an address (everything before the last @), lower case. */
export function usernameLocalPart(username: string): string {
  const trimmed = username.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  return at >= 0 ? trimmed.slice(0, at) : trimmed;
}

/**
 * Spec §5 New user: the organization's email domain is forced onto the
 * username's local part; with No Domain the product's domain is used.
 */
export function newUserEmail(username: string, emailDomain: string | null | undefined): string {
  return `${usernameLocalPart(username)}@${emailDomain || NO_DOMAIN_EMAIL_DOMAIN}`;
}

const LOCAL_PART = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;

/** A missing required field says so in the spec's words; a wrong type says what it expected. */
const required = { error: (iss: { input?: unknown }) => (iss.input === undefined ? USER_MESSAGES.required : undefined) };

const name = (label: string) => z.string(required).trim().min(1, `${label} is required`).max(100, `${label}: at most 100 characters`);

/** A phone as typed: digits and the usual separators; stored formatted, or null when empty. */
export const phoneSchema = z
  .string()
  .max(30, USER_MESSAGES.phoneCharacters)
  .regex(/^[0-9()\-.\s+]*$/, USER_MESSAGES.phoneCharacters)
  .refine((v) => v.replace(/\D/g, '').length <= MAX_PHONE_DIGITS, USER_MESSAGES.phoneLength)
  .transform((v) => formatPhone(v) || null)
  .nullable();

export const departmentSchema = z.enum(DEPARTMENTS).nullable();

/** A password a staff admin sets: the one rule (spec §5), with its messages; GoTrue's 72-byte limit. */
export const setPasswordSchema = z
  .string(required)
  .max(72, 'Password cannot be longer than 72 characters')
  .superRefine((v, ctx) => {
    const message = setPasswordError(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const createTenantUserSchema = z.strictObject({
  first_name: name('First name'),
  last_name: name('Last name'),
  /** The part before @ counts; the organization's domain replaces whatever follows it. */
  username: z
    .string(required)
    .max(320)
    .refine((v) => LOCAL_PART.test(usernameLocalPart(v)), USER_MESSAGES.username),
  password: setPasswordSchema,
  department: departmentSchema.optional(),
  phone: phoneSchema.optional(),
  role: z.enum(TENANT_ROLES, required),
});
export type CreateTenantUserInput = z.input<typeof createTenantUserSchema>;
export type CreateTenantUser = z.output<typeof createTenantUserSchema>;

export const INVITE_MESSAGES = {
  noPassword: 'An invitation has no password: the person chooses their own from the link',
} as const;

/**
 * What a tenant's own super admin sends to add a user (issue 12): the staff
 * create, or `invite: true` without a password, for an invitation link the
 * person opens to choose their own. The output says which: `invite` is
 * always set, and `password` is there exactly when it is false.
 */
export const createTenantUserRequestSchema = createTenantUserSchema
  .extend({ password: setPasswordSchema.optional(), invite: z.boolean().optional() })
  .superRefine((v, ctx) => {
    if (v.invite === true && v.password !== undefined)
      ctx.addIssue({ code: 'custom', path: ['password'], message: INVITE_MESSAGES.noPassword });
    if (v.invite !== true && v.password === undefined)
      ctx.addIssue({ code: 'custom', path: ['password'], message: USER_MESSAGES.required });
  })
  .transform(({ invite, password, ...rest }): CreateTenantUserRequest =>
    invite === true ? { ...rest, invite: true } : { ...rest, invite: false, password: password ?? '' },
  );
type NewUserFields = Omit<CreateTenantUser, 'password'>;
export type CreateTenantUserRequest = (NewUserFields & { invite: true }) | (NewUserFields & { invite: false; password: string });
export type CreateTenantUserRequestInput = z.input<typeof createTenantUserRequestSchema>;

export const updateTenantUserSchema = z
  .strictObject({
    first_name: name('First name'),
    last_name: name('Last name'),
    department: departmentSchema,
    phone: phoneSchema,
    role: z.enum(TENANT_ROLES),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, USER_MESSAGES.nothing);
export type UpdateTenantUserInput = z.input<typeof updateTenantUserSchema>;
export type UpdateTenantUser = z.output<typeof updateTenantUserSchema>;

export const resetPasswordSchema = z.strictObject({ password: setPasswordSchema });

/** A new member of the provider's staff: a platform account and its Staff row. */
export const createStaffSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => isValidEmail(v), 'Enter a valid email address'),
  first_name: name('First name'),
  last_name: name('Last name'),
  is_staff_admin: z.boolean(),
  password: setPasswordSchema,
});
export type CreateStaffInput = z.input<typeof createStaffSchema>;
export type CreateStaff = z.output<typeof createStaffSchema>;
