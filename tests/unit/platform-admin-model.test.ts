import { describe, expect, it } from 'vitest';
import { addonEnabled, effectiveFeatures, type FeatureRow } from '../../supabase/functions/_shared/features';
import {
  changedTenantFields,
  deleteConsequence,
  emptyTenantForm,
  filterTenants,
  formPathOfIssue,
  maskExceptLast4,
  messageAt,
  planAmountDollars,
  slugFromName,
  tenantConfigSchema,
  tenantCreateFormSchema,
  tenantEditFormSchema,
  tenantFormFromRow,
  toCreateBody,
  toUpdateBody,
  type TenantFormValues,
} from '../../src/features/platform-admin/model';
import { createTenantSchema, MESSAGES } from '../../supabase/functions/_shared/tenant-schema';

const tenant = (
  slug: string,
  company_name: string,
  status = 'active',
  extra: Partial<{ display_name: string; email_domain: string }> = {},
) => ({
  slug,
  company_name,
  status,
  display_name: extra.display_name ?? null,
  email_domain: extra.email_domain ?? null,
});

const ROWS = [
  tenant('lincoln-isd', 'Lincoln Independent School District', 'active', { display_name: 'Lincoln ISD', email_domain: 'lincoln-isd.test' }),
  tenant('riverside-college', 'Riverside Community College', 'trial', { email_domain: 'riverside.test' }),
  tenant('oak-academy', 'Oak Academy', 'suspended'),
  tenant('old-school', 'Old School', 'canceled'),
];

describe('tenant list search and status filter', () => {
  it('with nothing chosen lists every tenant', () => {
    expect(filterTenants(ROWS, '', 'all')).toHaveLength(4);
    expect(filterTenants(ROWS, '   ', 'all')).toHaveLength(4);
  });
  it('searches company, display name, slug and domain, case-insensitively', () => {
    expect(filterTenants(ROWS, 'COMMUNITY', 'all').map((t) => t.slug)).toEqual(['riverside-college']);
    expect(filterTenants(ROWS, 'lincoln isd', 'all').map((t) => t.slug)).toEqual(['lincoln-isd']);
    expect(filterTenants(ROWS, 'oak-', 'all').map((t) => t.slug)).toEqual(['oak-academy']);
    expect(filterTenants(ROWS, 'riverside.test', 'all').map((t) => t.slug)).toEqual(['riverside-college']);
    expect(filterTenants(ROWS, 'nothing like it', 'all')).toEqual([]);
  });
  it('filters by status, and combines with the search', () => {
    expect(filterTenants(ROWS, '', 'trial').map((t) => t.slug)).toEqual(['riverside-college']);
    expect(filterTenants(ROWS, '', 'canceled').map((t) => t.slug)).toEqual(['old-school']);
    expect(filterTenants(ROWS, 'school', 'active').map((t) => t.slug)).toEqual(['lincoln-isd']);
  });
});

function filled(over: Partial<TenantFormValues> = {}): TenantFormValues {
  const base = emptyTenantForm();
  return {
    ...base,
    slug: 'maple-district',
    company_name: 'Maple District',
    email_domain: 'maple.test',
    project: { ...base.project, first_admin: { first_name: 'Ada', last_name: 'Admin', email: 'ada@maple.test' } },
    ...over,
  };
}

describe('tenant form defaults and bodies', () => {
  it('a new tenant is active, its subscription active, its licence required, provisioned, monthly', () => {
    const d = emptyTenantForm();
    expect(d.status).toBe('active');
    expect(d.subscription_status).toBe('active');
    expect(d.require_license).toBe(true);
    expect(d.no_domain).toBe(false);
    expect(d.plan_interval).toBe('monthly');
    expect(d.project?.mode).toBe('provision');
  });
  it('the defaults alone are refused by the API schema (company, slug and admin are required)', () => {
    expect(tenantCreateFormSchema.safeParse(emptyTenantForm()).success).toBe(false);
  });
  it('choosing a plan fills the price of spec §9 in dollars', () => {
    expect(planAmountDollars('Basic', 'monthly')).toBe('29.00');
    expect(planAmountDollars('Professional', 'yearly')).toBe('990.00');
    expect(planAmountDollars('Enterprise', 'multi_year')).toBe('8000.00');
    expect(planAmountDollars('Enterprise', undefined)).toBe('299.00');
    expect(planAmountDollars('', 'monthly')).toBe('');
  });
  it('builds a provisioned create body the API schema accepts, amount in cents', () => {
    const body = toCreateBody(
      filled({ plan_name: 'Professional', plan_interval: 'monthly', plan_amount: '99.00', seats: '25', paid_until: '2027-06-30' }),
    );
    const parsed = createTenantSchema.parse(body);
    expect(parsed).toMatchObject({
      slug: 'maple-district',
      plan_name: 'Professional',
      plan_interval: 'monthly',
      plan_amount_cents: 9900,
      seats: 25,
      paid_until: '2027-06-30',
      email_domain: 'maple.test',
      project: { mode: 'provision', first_admin: { email: 'ada@maple.test' } },
    });
  });
  it('without a plan sends no interval or amount; No Domain sends a null domain', () => {
    const body = toCreateBody(filled({ plan_name: '', plan_amount: '12', no_domain: true, email_domain: 'ignored.test' }));
    expect(body.plan_name).toBeNull();
    expect(body.plan_interval).toBeNull();
    expect(body.plan_amount_cents).toBeNull();
    expect(body.email_domain).toBeNull();
    expect(createTenantSchema.safeParse(body).success).toBe(true);
  });
  it('a registered project sends URL and anon key, and the service key only when typed', () => {
    const project = {
      mode: 'register' as const,
      supabase_url: 'https://abc.supabase.co/',
      supabase_anon_key: 'a'.repeat(40),
      service_key: '',
    };
    const without = toCreateBody(filled({ project }));
    expect(without.project).toEqual({ mode: 'register', supabase_url: 'https://abc.supabase.co/', supabase_anon_key: 'a'.repeat(40) });
    const withKey = toCreateBody(filled({ project: { ...project, service_key: 's'.repeat(40) } }));
    expect(withKey.project).toMatchObject({ service_key: 's'.repeat(40) });
    expect(createTenantSchema.safeParse(withKey).success).toBe(true);
  });
  it("the form's schema files the API's messages under the API's paths", () => {
    const r = tenantCreateFormSchema.safeParse(
      filled({
        slug: 'Not A Slug!',
        project: { mode: 'provision', first_admin: { first_name: 'A', last_name: 'B', email: 'a@elsewhere.test' } },
      }),
    );
    expect(r.success).toBe(false);
    const issues = r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['slug', MESSAGES.slug]);
    const domainOk = tenantCreateFormSchema.safeParse(
      filled({ project: { mode: 'provision', first_admin: { first_name: 'A', last_name: 'B', email: 'a@elsewhere.test' } } }),
    );
    expect(domainOk.success ? [] : domainOk.error.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'project.first_admin.email',
      MESSAGES.firstAdminDomain('maple.test'),
    ]);
  });
  it('a fraction of a cent and a fractional seat count are refused with clear messages', () => {
    const r = tenantCreateFormSchema.safeParse(filled({ plan_name: 'Basic', plan_amount: '29.005', seats: '1.5' }));
    const issues = r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['plan_amount_cents', 'Plan amount: whole cents']);
    expect(issues).toContainEqual(['seats', 'Seats must be a whole number']);
  });
  it('suggests a slug from the company name', () => {
    expect(slugFromName('Lincoln Independent School District')).toBe('lincoln-independent-school-district');
    expect(slugFromName('  École Saint-Jean! ')).toBe('ecole-saint-jean');
    expect(slugFromName('x'.repeat(80))).toHaveLength(63);
  });
});

const STORED = {
  slug: 'riverside-college',
  company_name: 'Riverside Community College',
  display_name: 'Riverside',
  description: null,
  email_domain: 'riverside.test',
  supabase_url: 'http://localhost/t/riverside-college',
  supabase_anon_key: 'k'.repeat(40),
  status: 'active',
  plan_name: 'Basic',
  plan_interval: 'monthly',
  plan_amount_cents: 2900,
  seats: 40,
  subscription_status: 'active',
  paid_until: null,
  require_license: true,
};

describe('tenant edit', () => {
  it('starts from the stored row and sends nothing when nothing changed', () => {
    const values = tenantFormFromRow(STORED);
    expect(values.plan_amount).toBe('29.00');
    expect(values.project?.service_key).toBe('');
    const body = tenantEditFormSchema('provisioned').parse(values);
    expect(changedTenantFields(STORED, body)).toEqual({});
  });
  it('sends only the changed fields; canceled is allowed on edit', () => {
    const values = { ...tenantFormFromRow(STORED), status: 'canceled', seats: '50', display_name: '' };
    const body = tenantEditFormSchema('provisioned').parse(values);
    expect(changedTenantFields(STORED, body)).toEqual({ status: 'canceled', seats: 50, display_name: null });
  });
  it('a provisioned project never sends its URL or keys; a registered one may, the service key only when typed or removed', () => {
    const v = tenantFormFromRow(STORED);
    expect(toUpdateBody(v, 'provisioned')).not.toHaveProperty('supabase_url');
    const reg = toUpdateBody({ ...v, project: { ...v.project, supabase_url: 'https://new.supabase.co' } }, 'registered');
    expect(reg.supabase_url).toBe('https://new.supabase.co');
    expect(reg).not.toHaveProperty('service_key');
    expect(toUpdateBody({ ...v, project: { ...v.project, remove_service_key: true } }, 'registered').service_key).toBeNull();
    const typed = tenantEditFormSchema('registered').parse({ ...v, project: { ...v.project, service_key: 's'.repeat(40) } });
    expect(changedTenantFields(STORED, typed)).toEqual({ service_key: 's'.repeat(40) });
  });
  it("maps the API's issue paths onto the form's fields", () => {
    expect(formPathOfIssue('plan_amount_cents')).toBe('plan_amount');
    expect(formPathOfIssue('supabase_url')).toBe('project.supabase_url');
    expect(formPathOfIssue('project.first_admin.email')).toBe('project.first_admin.email');
    expect(formPathOfIssue('slug')).toBe('slug');
    expect(formPathOfIssue('')).toBeNull();
    expect(formPathOfIssue('unknown_field')).toBeNull();
  });
  it('finds an error message at the first matching path', () => {
    const errors = { plan_amount_cents: { message: 'whole cents' }, project: { first_admin: { email: { message: 'domain' } } } };
    expect(messageAt(errors, 'plan_amount', 'plan_amount_cents')).toBe('whole cents');
    expect(messageAt(errors, 'project.first_admin.email')).toBe('domain');
    expect(messageAt(errors, 'slug')).toBeUndefined();
  });
});

describe('labels and small rules', () => {
  it('says what deleting does to the database', () => {
    expect(deleteConsequence('Oak', 'local')).toContain('its database and all its data are permanently deleted');
    expect(deleteConsequence('Oak', 'supabase')).toContain('its database and all its data are permanently deleted');
    expect(deleteConsequence('Oak', 'registered')).toContain('its Supabase project is not touched; Lockstep forgets it');
  });
  it('an add-on is on only when a live row enables it (not a default, not expired or disabled)', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const features: FeatureRow[] = [
      { feature_name: 'transportation', enabled: false, status: 'disabled', expires_at: null },
      { feature_name: 'student_parking', enabled: true, status: 'active', expires_at: null },
    ];
    expect(addonEnabled(features, 'transportation', now)).toBe(false);
    expect(addonEnabled(features, 'student_parking', now)).toBe(true);
    expect(addonEnabled([], 'student_parking', now)).toBe(false);
    const expired: FeatureRow[] = [{ feature_name: 'transportation', enabled: true, status: 'expired', expires_at: null }];
    expect(addonEnabled(expired, 'transportation', now)).toBe(false);
    const lapsed: FeatureRow[] = [{ feature_name: 'transportation', enabled: true, status: 'active', expires_at: '2026-11-01T00:00:00Z' }];
    expect(addonEnabled(lapsed, 'transportation', now)).toBe(false);
    // What a tenant gets: student parking and security core by default, transportation only when enabled.
    expect(effectiveFeatures([], now)).toEqual({ security_core: true, transportation: false, student_parking: true });
  });
  it('masks a key except its last 4 characters', () => {
    expect(maskExceptLast4('eyJhbGciOiJIUzI1NiJ9.abcd')).toBe('••••••••abcd');
    expect(maskExceptLast4('abc')).toBe('•••');
  });
  it('/tenant-config: the URL is required and a URL, the key required (spec §5)', () => {
    const ok = {
      slug: 'springfield-school-district',
      company_name: 'Springfield',
      supabase_url: 'https://x.supabase.co/',
      supabase_anon_key: 'k',
    };
    expect(tenantConfigSchema.parse(ok).supabase_url).toBe('https://x.supabase.co');
    const msgs = (v: object) => {
      const r = tenantConfigSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(msgs({ ...ok, supabase_url: '' })).toContain('Database URL is required');
    expect(msgs({ ...ok, supabase_url: 'not a url' })).toContain('Database URL must be a valid URL');
    expect(msgs({ ...ok, supabase_anon_key: ' ' })).toContain('Anonymous key is required');
  });
});
