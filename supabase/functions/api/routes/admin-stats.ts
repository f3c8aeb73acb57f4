/**
 * GET /admin/stats: the cross-tenant figures of the staff dashboard and the
 * /manage-tenants cards, from real data (the spec's figures were samples).
 * Platform figures come from the platform project; each tenant's from its
 * own project (tenant_summary(), with its service key), asked in parallel
 * with a time limit, so one slow or unreachable tenant is reported as such
 * instead of holding the answer.
 */
import { Hono } from 'hono';
import { tenantAsService } from '../clients';
import type { ApiDeps } from '../deps';
import { fromDbError } from '../http';
import { platformDb, type TenantRow, type TenantSecretRow } from '../platform';
import { staffAdminOnly, type ApiEnv } from '../staff-guard';

const PER_TENANT_TIMEOUT_MS = 5000;
const CONCURRENCY = 12;

interface TenantSummary {
  users: number;
  active_users: number;
  doors: number;
  doors_operational: number;
  checks_24h: number;
  last_check_at: string | null;
  open_maintenance: number;
}

const FIGURES = ['users', 'active_users', 'doors', 'doors_operational', 'checks_24h', 'open_maintenance'] as const;

export interface TenantFigures extends Partial<TenantSummary> {
  id: string;
  slug: string;
  company_name: string;
  status: string;
  database_status: string;
  /** null: no service key to ask with (a registered project without one), or its database is not active. */
  reachable: boolean | null;
  error: string | null;
}

async function summaryOf(deps: ApiDeps, secret: TenantSecretRow): Promise<TenantSummary> {
  const db = tenantAsService(deps, secret.project_url, secret.service_role_key);
  const call = db.rpc('tenant_summary').then(({ data, error }) => {
    if (error) throw new Error(error.message);
    return data as TenantSummary;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PER_TENANT_TIMEOUT_MS / 1000} s`)), PER_TENANT_TIMEOUT_MS);
  });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs fn over items, at most `limit` at a time, keeping their order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export function adminStatsRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use('*', staffAdminOnly(deps));

  app.get('/', async (c) => {
    const db = platformDb(deps);
    const [tenantsRes, secretsRes, staffRes] = await Promise.all([
      db.from('Tenants').select('id, slug, company_name, status, database_status, subscription_status').order('company_name'),
      db.from('tenant_secrets').select('tenant_id, service_role_key, project_url, provider, provider_ref, jwt_secret'),
      db.from('Staff').select('id', { count: 'exact', head: true }).eq('active', true),
    ]);
    if (tenantsRes.error) throw fromDbError(tenantsRes.error, 'Reading tenants');
    if (secretsRes.error) throw fromDbError(secretsRes.error, 'Reading tenants');
    if (staffRes.error) throw fromDbError(staffRes.error, 'Reading staff');
    const tenants = (tenantsRes.data ?? []) as Pick<
      TenantRow,
      'id' | 'slug' | 'company_name' | 'status' | 'database_status' | 'subscription_status'
    >[];
    const secrets = new Map(((secretsRes.data ?? []) as TenantSecretRow[]).map((s) => [s.tenant_id, s]));

    const perTenant = await mapLimited(tenants, CONCURRENCY, async (t): Promise<TenantFigures> => {
      const base = { id: t.id, slug: t.slug, company_name: t.company_name, status: t.status, database_status: t.database_status };
      const secret = secrets.get(t.id);
      if (!secret || t.database_status !== 'active') return { ...base, reachable: null, error: null };
      try {
        return { ...base, ...(await summaryOf(deps, secret)), reachable: true, error: null };
      } catch (e) {
        return { ...base, reachable: false, error: e instanceof Error ? e.message : String(e) };
      }
    });

    const totals = Object.fromEntries(FIGURES.map((f) => [f, perTenant.reduce((n, t) => n + (t[f] ?? 0), 0)])) as Record<
      (typeof FIGURES)[number],
      number
    >;
    const count = (status: string) => tenants.filter((t) => t.status === status).length;
    return c.json({
      tenants: {
        total: tenants.length,
        active: count('active'),
        trial: count('trial'),
        suspended: count('suspended'),
        canceled: count('canceled'),
      },
      subscriptions: { active: tenants.filter((t) => t.subscription_status === 'active').length },
      staff: staffRes.count ?? 0,
      totals,
      unreachable: perTenant.filter((t) => t.reachable === false).map((t) => t.slug),
      perTenant,
      generatedAt: new Date().toISOString(),
    });
  });

  return app;
}
