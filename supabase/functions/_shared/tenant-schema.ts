/**
 * What a staff admin may send to create or change a tenant (spec §3, §4, §5),
 * as zod schemas shared by the tenant form and the product API, so the form
 * refuses exactly what the server refuses. Objects are strict: an unknown
 * field is an error, not silently dropped.
 */
import { z } from 'zod';
import { EMAIL_DOMAIN_PATTERN, isValidEmail } from './email';
import { PLAN_INTERVALS, PLAN_NAMES } from './plans';

export const TENANT_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Create offers these; edit adds canceled (spec §4). */
export const CREATE_TENANT_STATUSES = ['active', 'suspended', 'trial'] as const;
export const TENANT_STATUSES = [...CREATE_TENANT_STATUSES, 'canceled'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled'] as const;
export const DATABASE_STATUSES = ['active', 'creating', 'error', 'pending'] as const;
export const ADDON_NAMES = ['transportation', 'student_parking'] as const;
export type AddonName = (typeof ADDON_NAMES)[number];
export const FEATURE_NAMES = ['security_core', ...ADDON_NAMES] as const;

export const MESSAGES = {
  required: 'Company name, slug, Supabase URL and anon key are required',
  slug: 'Slug: lowercase letters, digits and hyphens, starting and ending with a letter or digit (at most 63)',
  domain: 'Email domain: a domain such as district.org, without @',
  firstAdminDomain: (domain: string) => `The first admin's email must be on ${domain}`,
  email: 'Enter a valid email address',
} as const;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const tenantSlugSchema = z.string().trim().toLowerCase().regex(TENANT_SLUG_PATTERN, MESSAGES.slug);

export const emailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@+/, ''))
  .pipe(z.string().max(253).regex(EMAIL_DOMAIN_PATTERN, MESSAGES.domain))
  .nullable();

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => isValidEmail(v), MESSAGES.email);

export const projectUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && !u.search && !u.hash;
    } catch {
      return false;
    }
  }, 'Supabase URL must be an http(s) address without credentials, query or fragment')
  .transform((v) => v.replace(/\/+$/, ''));

const apiKeySchema = z.string().trim().min(20, 'That does not look like a Supabase API key').max(4096);

const tenantFields = {
  company_name: text(200).min(1, 'Company name is required'),
  display_name: optionalText(200),
  description: optionalText(2000),
  email_domain: emailDomainSchema,
  plan_name: z.enum(PLAN_NAMES).nullable(),
  plan_interval: z.enum(PLAN_INTERVALS).nullable(),
  plan_amount_cents: z.number().int('Plan amount: whole cents').min(0, 'Plan amount must be at least 0').max(100_000_000).nullable(),
  seats: z.number().int('Seats must be a whole number').min(0).max(1_000_000).nullable(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  paid_until: z.iso.date('Paid until: a date such as 2027-06-30').nullable(),
  require_license: z.boolean(),
};

export const firstAdminSchema = z.strictObject({
  first_name: text(100).min(1, "The first admin's first name is required"),
  last_name: text(100).min(1, "The first admin's last name is required"),
  email: emailSchema,
});

/** A new project made by the provider's driver, with its first super admin. */
const provisionProject = z.strictObject({ mode: z.literal('provision'), first_admin: firstAdminSchema });
/** An existing project registered by URL and anon key (the spec's form); its service key is optional and write-only. */
const registerProject = z.strictObject({
  mode: z.literal('register'),
  supabase_url: projectUrlSchema,
  supabase_anon_key: apiKeySchema,
  service_key: apiKeySchema.nullish(),
});

export const createTenantSchema = z
  .strictObject({
    slug: tenantSlugSchema,
    status: z.enum(CREATE_TENANT_STATUSES),
    ...tenantFields,
    project: z.discriminatedUnion('mode', [provisionProject, registerProject]),
  })
  .superRefine((t, ctx) => {
    if (t.project.mode === 'provision' && t.email_domain && !t.project.first_admin.email.endsWith(`@${t.email_domain}`)) {
      ctx.addIssue({ code: 'custom', path: ['project', 'first_admin', 'email'], message: MESSAGES.firstAdminDomain(t.email_domain) });
    }
  });
export type CreateTenantInput = z.input<typeof createTenantSchema>;
export type CreateTenant = z.output<typeof createTenantSchema>;

/** Every field optional; the project URL and keys only for a registered project (the API checks which kind it is). */
export const updateTenantSchema = z
  .strictObject({
    ...tenantFields,
    status: z.enum(TENANT_STATUSES),
    supabase_url: projectUrlSchema,
    supabase_anon_key: apiKeySchema,
    service_key: apiKeySchema.nullable(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateTenantInput = z.input<typeof updateTenantSchema>;
export type UpdateTenant = z.output<typeof updateTenantSchema>;

export const subscribeSchema = z.strictObject({ tenantSlug: tenantSlugSchema, addonName: z.enum(ADDON_NAMES) });

export const generateLicenceSchema = z.strictObject({
  /** Revoke the active licence in the same step (the staff admin confirmed it). */
  replace: z.boolean().optional(),
  notes: optionalText(500),
});

/** The label of spec §4 for a database_status. */
export function databaseStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'active':
      return 'Connected';
    case 'creating':
      return 'Creating';
    case 'error':
      return 'Disconnected';
    case 'pending':
      return 'Pending';
    default:
      return 'Unknown';
  }
}

/** The label of spec §4 for a subscription_status. */
export function subscriptionStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'active':
      return 'Active';
    case 'trialing':
      return 'Trialing';
    case 'past_due':
      return 'Past due';
    case 'canceled':
      return 'Canceled';
    default:
      return 'Not specified';
  }
}
