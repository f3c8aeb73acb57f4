/**
 * Pure rules of the platform admin screens: the tenant list's search and
 * status filter, the tenant form's values and how they become the API's
 * bodies (validated by the API's own schemas), which fields an edit changed,
 * where a server-side issue belongs on the form, and the labels the screens
 * show.
 */
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import type { TenantRow } from '../../../supabase/functions/_shared/platform-rows';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import {
  DEFAULT_PLAN_INTERVAL,
  PLAN_INTERVALS,
  PLAN_NAMES,
  planPriceCents,
  type PlanInterval,
  type PlanName,
} from '../../../supabase/functions/_shared/plans';
import {
  createTenantSchema,
  TENANT_STATUSES,
  tenantSlugSchema,
  updateTenantSchema,
  type CreateTenantInput,
  type TenantStatus,
  type UpdateTenant,
  type UpdateTenantInput,
} from '../../../supabase/functions/_shared/tenant-schema';

// ---------------------------------------------------------------------------
// The tenant list

export const TENANT_STATUS_FILTERS = ['all', ...TENANT_STATUSES] as const;
export type TenantStatusFilter = (typeof TENANT_STATUS_FILTERS)[number];

interface Searchable {
  company_name: string;
  display_name: string | null;
  slug: string;
  email_domain: string | null;
  status: string;
}

/** Case-insensitive search on company, display name, slug and domain, then the status filter. */
export function filterTenants<T extends Searchable>(rows: readonly T[], search: string, status: TenantStatusFilter): T[] {
  const q = search.trim().toLowerCase();
  return rows.filter(
    (t) =>
      (status === 'all' || t.status === status) &&
      (!q || [t.company_name, t.display_name, t.slug, t.email_domain].some((v) => (v ?? '').toLowerCase().includes(q))),
  );
}

/** "past_due" → "Past due", "active" → "Active". */
export function humanize(value: string | null | undefined): string {
  if (!value) return '—';
  const s = value.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  // A bare date (paid_until) is a calendar day, not a UTC midnight.
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00`) : new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString();
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

// ---------------------------------------------------------------------------
// The tenant form

const formText = z.string().optional();

/**
 * What the form holds: text as typed (the amount in dollars), the No Domain
 * checkbox and both kinds of project. Nothing is refused here; the body built
 * from it is checked by the API's own schema.
 */
const tenantFormFields = z.object({
  slug: formText,
  company_name: formText,
  display_name: formText,
  description: formText,
  email_domain: formText,
  no_domain: z.boolean().optional(),
  status: formText,
  plan_name: formText,
  plan_interval: formText,
  plan_amount: formText,
  seats: formText,
  subscription_status: formText,
  paid_until: formText,
  require_license: z.boolean().optional(),
  project: z
    .object({
      mode: z.enum(['provision', 'register']).optional(),
      first_admin: z.object({ first_name: formText, last_name: formText, email: formText }).optional(),
      supabase_url: formText,
      supabase_anon_key: formText,
      service_key: formText,
      /** Edit only: drop the stored service role key. */
      remove_service_key: z.boolean().optional(),
    })
    .optional(),
});
export type TenantFormValues = z.input<typeof tenantFormFields>;
export type ProjectKind = 'provisioned' | 'registered';

const text = (v: string | undefined) => (v ?? '').trim();
const orNull = (v: string | undefined) => text(v) || null;
const numberOrNull = (v: string | undefined) => (text(v) ? Number(text(v)) : null);

/** The plan's price for the interval, in dollars as the amount field shows it. */
export function planAmountDollars(plan: string | undefined, interval: string | undefined): string {
  if (!PLAN_NAMES.includes(plan as PlanName)) return '';
  const i = PLAN_INTERVALS.includes(interval as PlanInterval) ? (interval as PlanInterval) : DEFAULT_PLAN_INTERVAL;
  return centsToDollars(planPriceCents(plan as PlanName, i));
}

/** A slug suggested from the company name: lower case, hyphens, at most 63. */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/** Spec §4: a new tenant is active, its subscription active and its licence required; monthly by default. */
export function emptyTenantForm(): TenantFormValues {
  return {
    slug: '',
    company_name: '',
    display_name: '',
    description: '',
    email_domain: '',
    no_domain: false,
    status: 'active',
    plan_name: '',
    plan_interval: DEFAULT_PLAN_INTERVAL,
    plan_amount: '',
    seats: '',
    subscription_status: 'active',
    paid_until: '',
    require_license: true,
    project: {
      mode: 'provision',
      first_admin: { first_name: '', last_name: '', email: '' },
      supabase_url: '',
      supabase_anon_key: '',
      service_key: '',
      remove_service_key: false,
    },
  };
}

type TenantFields = Pick<
  TenantRow,
  | 'slug'
  | 'company_name'
  | 'display_name'
  | 'description'
  | 'email_domain'
  | 'supabase_url'
  | 'supabase_anon_key'
  | 'status'
  | 'plan_name'
  | 'plan_interval'
  | 'plan_amount_cents'
  | 'seats'
  | 'subscription_status'
  | 'paid_until'
  | 'require_license'
>;

/** The edit form's starting values: the stored row (never a stored service key, which is write-only). */
export function tenantFormFromRow(row: TenantFields): TenantFormValues {
  return {
    slug: row.slug,
    company_name: row.company_name,
    display_name: row.display_name ?? '',
    description: row.description ?? '',
    email_domain: row.email_domain ?? '',
    no_domain: !row.email_domain,
    status: row.status,
    plan_name: row.plan_name ?? '',
    plan_interval: row.plan_interval ?? DEFAULT_PLAN_INTERVAL,
    plan_amount: centsToDollars(row.plan_amount_cents),
    seats: row.seats === null ? '' : String(row.seats),
    subscription_status: row.subscription_status ?? '',
    paid_until: row.paid_until ?? '',
    require_license: row.require_license,
    project: {
      mode: 'register',
      first_admin: { first_name: '', last_name: '', email: '' },
      supabase_url: row.supabase_url ?? '',
      supabase_anon_key: row.supabase_anon_key ?? '',
      service_key: '',
      remove_service_key: false,
    },
  };
}

/** The fields create and update share, as the API takes them (enums checked by its schema). */
function commonBody(v: TenantFormValues) {
  const plan = orNull(v.plan_name);
  return {
    company_name: text(v.company_name),
    display_name: orNull(v.display_name),
    description: orNull(v.description),
    email_domain: v.no_domain ? null : orNull(v.email_domain),
    plan_name: plan as CreateTenantInput['plan_name'],
    plan_interval: (plan ? orNull(v.plan_interval) : null) as CreateTenantInput['plan_interval'],
    plan_amount_cents: plan ? dollarsToCents(v.plan_amount) : null,
    seats: numberOrNull(v.seats),
    subscription_status: orNull(v.subscription_status) as CreateTenantInput['subscription_status'],
    paid_until: orNull(v.paid_until),
    require_license: v.require_license ?? true,
  };
}

/** POST /api/admin/tenants's body from the form. */
export function toCreateBody(v: TenantFormValues): CreateTenantInput {
  const p = v.project ?? {};
  const project: CreateTenantInput['project'] =
    p.mode === 'register'
      ? {
          mode: 'register',
          supabase_url: text(p.supabase_url),
          supabase_anon_key: text(p.supabase_anon_key),
          ...(text(p.service_key) ? { service_key: text(p.service_key) } : {}),
        }
      : {
          mode: 'provision',
          first_admin: {
            first_name: text(p.first_admin?.first_name),
            last_name: text(p.first_admin?.last_name),
            email: text(p.first_admin?.email),
          },
        };
  return { slug: text(v.slug), status: text(v.status) as CreateTenantInput['status'], ...commonBody(v), project };
}

/**
 * Every field an edit may send (PATCH takes any subset). A registered
 * project's URL and anon key are editable and its service key write-only
 * (sent only when typed, or null to remove it); a provisioned project's are
 * not sent at all.
 */
export function toUpdateBody(v: TenantFormValues, kind: ProjectKind): UpdateTenantInput {
  const body: UpdateTenantInput = { status: text(v.status) as UpdateTenantInput['status'], ...commonBody(v) };
  if (kind === 'registered') {
    const p = v.project ?? {};
    body.supabase_url = text(p.supabase_url);
    body.supabase_anon_key = text(p.supabase_anon_key);
    if (text(p.service_key)) body.service_key = text(p.service_key);
    else if (p.remove_service_key) body.service_key = null;
  }
  return body;
}

/** The Add Tenant form's resolver schema: the form's values become the body, checked by createTenantSchema itself. */
export const tenantCreateFormSchema = tenantFormFields.transform(toCreateBody).pipe(createTenantSchema);

/** The edit form's resolver schema, checked by updateTenantSchema. */
export function tenantEditFormSchema(kind: ProjectKind) {
  return tenantFormFields.transform((v) => toUpdateBody(v, kind)).pipe(updateTenantSchema);
}

/** Only what an edit changed, so PATCH touches nothing else (the service key, write-only, whenever it is sent). */
export function changedTenantFields(row: Readonly<Record<string, unknown>>, body: UpdateTenant): UpdateTenant {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (key === 'service_key' || (row[key] ?? null) !== (value ?? null)) out[key] = value;
  }
  return out as UpdateTenant;
}

/** Where the API's field paths show on the form (the amount is typed in dollars; project fields sit under project). */
const FORM_PATHS = [
  'slug',
  'company_name',
  'display_name',
  'description',
  'email_domain',
  'status',
  'plan_name',
  'plan_interval',
  'plan_amount',
  'seats',
  'subscription_status',
  'paid_until',
  'require_license',
  'project.first_admin.first_name',
  'project.first_admin.last_name',
  'project.first_admin.email',
  'project.supabase_url',
  'project.supabase_anon_key',
  'project.service_key',
] as const satisfies readonly FieldPath<TenantFormValues>[];
export type TenantFormPath = (typeof FORM_PATHS)[number];

export function formPathOfIssue(apiPath: string): TenantFormPath | null {
  const path =
    apiPath === 'plan_amount_cents'
      ? 'plan_amount'
      : ['supabase_url', 'supabase_anon_key', 'service_key'].includes(apiPath)
        ? `project.${apiPath}`
        : apiPath;
  return (FORM_PATHS as readonly string[]).includes(path) ? (path as TenantFormPath) : null;
}

/** The first error message found at any of the dot paths (the resolver files errors under the API's paths). */
export function messageAt(errors: unknown, ...paths: string[]): string | undefined {
  for (const path of paths) {
    let node: unknown = errors;
    for (const key of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    const message = node && typeof node === 'object' ? (node as { message?: unknown }).message : undefined;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Provisioning, licences, deletion

export type ProjectProvider = 'local' | 'supabase' | 'registered';

export const PROVISIONING_STEP_LABELS: Readonly<Record<string, string>> = {
  create_project: 'Creating the project',
  wait_ready: 'Waiting for the project to be ready',
  configure: 'Setting up the database',
  first_admin: 'Creating the first super admin',
  done: 'Done',
};

export function provisioningStepLabel(step: string | null | undefined): string {
  return step ? (PROVISIONING_STEP_LABELS[step] ?? humanize(step)) : '—';
}

export const PROVIDER_LABELS: Readonly<Record<ProjectProvider, string>> = {
  local: 'Provisioned on this server (local)',
  supabase: 'Provisioned on Supabase (hosted)',
  registered: 'Registered existing project',
};

export function projectKindOf(provider: ProjectProvider): ProjectKind {
  return provider === 'registered' ? 'registered' : 'provisioned';
}

/** What the delete confirmation says happens to the tenant's database. */
export function deleteConsequence(company: string, provider: ProjectProvider): string {
  return projectKindOf(provider) === 'provisioned'
    ? `Deleting ${company} removes it from Lockstep, and its database and all its data are permanently deleted.`
    : `Deleting ${company} removes it from Lockstep: its Supabase project is not touched; Lockstep forgets it.`;
}

// ---------------------------------------------------------------------------
// Features and add-ons (/admin/verify)

export type { FeatureRow as FeatureFlag } from '../../../supabase/functions/_shared/features';

export const FEATURE_LABELS: Readonly<Record<string, string>> = {
  security_core: 'Security Core',
  transportation: 'Transportation',
  student_parking: 'Student Parking',
};

// ---------------------------------------------------------------------------
// /tenant-config (development only)

export const DEFAULT_TENANT_CONFIG = {
  slug: 'springfield-school-district',
  company_name: 'Springfield School District',
  supabase_url: '',
  supabase_anon_key: '',
};

function isUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Spec §5: the database URL is required and a URL; the anonymous key is required. */
export const tenantConfigSchema = z.object({
  slug: tenantSlugSchema,
  company_name: z.string().trim().min(1, 'Company name is required'),
  supabase_url: z
    .string()
    .trim()
    .min(1, 'Database URL is required')
    .refine(isUrl, 'Database URL must be a valid URL')
    .transform((v) => v.replace(/\/+$/, '')),
  supabase_anon_key: z.string().trim().min(1, 'Anonymous key is required'),
});
export type TenantConfigInput = z.input<typeof tenantConfigSchema>;
export type TenantConfig = z.output<typeof tenantConfigSchema>;

/** A key shown masked except its last 4 characters. */
export function maskExceptLast4(key: string): string {
  return key.length <= 4 ? '•'.repeat(key.length) : `••••••••${key.slice(-4)}`;
}

export type { TenantStatus };
