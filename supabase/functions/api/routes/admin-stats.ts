/**
 * GET /admin/stats: the cross-tenant figures of the staff dashboard and the
 * /manage-tenants cards, from real data (the spec's figures were samples).
 * Platform figures come from the platform project; each tenant's from its
 * own project (tenant_summary(), with its service key), asked in parallel
 * with a time limit, so one slow or unreachable tenant is reported as such
 * instead of holding the answer. Each tenant that answered also has its
 * health, by the one rule the tenant's own dashboard uses
 * (supabase/functions/_shared/health.ts); one that did not has none.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { tenantHealth, type Health } from '../../_shared/health';
import { tenantAsService } from '../clients';
import type { ApiDeps } from '../deps';
import { fromDbError, readQuery } from '../http';
import { platformDb, type TenantRow, type TenantSecretRow } from '../platform';
import { staffAdminOnly, type ApiEnv } from '../staff-guard';
import { cachedSummary, keepOnly, SUMMARY_MAX_AGE_MS } from '../summary-cache';
import { mapLimited, TENANT_CONCURRENCY, withTimeout } from '../tenant-access';

/** ?fresh=1 asks every project now instead of using figures read within the last minute. */
const StatsQuery = z.strictObject({ fresh: z.enum(['0', '1', 'true', 'false']).optional() });

interface TenantSummary {
  users: number;
  active_users: number;
  doors: number;
  doors_operational: number;
  checks_24h: number;
  last_check_at: string | null;
  open_maintenance: number;
  maintenance: number;
  maintenance_open: number;
  maintenance_high: number;
  incidents: number;
  incidents_open: number;
  incidents_critical: number;
}

/** The figures summed across tenants (the health figures are per tenant only). */
const FIGURES = ['users', 'active_users', 'doors', 'doors_operational', 'checks_24h', 'open_maintenance'] as const;

const COUNTS = [
  ...FIGURES,
  'maintenance',
  'maintenance_open',
  'maintenance_high',
  'incidents',
  'incidents_open',
  'incidents_critical',
] as const;

export interface TenantFigures extends Partial<TenantSummary> {
  id: string;
  slug: string;
  company_name: string;
  status: string;
  database_status: string;
  /** null: no service key to ask with (a registered project without one), or its database is not active. */
  reachable: boolean | null;
  error: string | null;
  /** The tenant's health from its own counts; null when it was not asked or did not answer. */
  health: Health | null;
  /** When its own figures were read from its project (at most a minute before the answer unless fresh); null without figures. */
  as_of: string | null;
}

async function summaryOf(deps: ApiDeps, secret: TenantSecretRow): Promise<TenantSummary> {
  const db = tenantAsService(deps, secret.project_url, secret.service_role_key);
  const { data, error } = await withTimeout(db.rpc('tenant_summary'));
  if (error) throw new Error(error.message);
  const raw = (data ?? {}) as Record<string, unknown>;
  // A project migrated before a figure existed answers without it: 0, not NaN.
  const counts = Object.fromEntries(COUNTS.map((f) => [f, Number(raw[f] ?? 0) || 0]));
  return { ...counts, last_check_at: (raw.last_check_at as string | null | undefined) ?? null } as TenantSummary;
}

/** Health of spec §9 over a tenant's own counts. */
export function healthOf(s: TenantSummary): Health {
  return tenantHealth({
    doors: s.doors,
    doorsOperational: s.doors_operational,
    maintenance: s.maintenance,
    maintenanceOpen: s.maintenance_open,
    incidents: s.incidents,
    incidentsOpen: s.incidents_open,
    users: s.users,
    usersActive30d: s.active_users,
  });
}

export function adminStatsRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use('*', staffAdminOnly(deps));

  app.get('/', async (c) => {
    const { fresh } = readQuery(c, StatsQuery);
    const maxAgeMs = fresh === '1' || fresh === 'true' ? 0 : SUMMARY_MAX_AGE_MS;
    const db = platformDb(deps);
    const [tenantsRes, secretsRes, staffRes] = await Promise.all([
      db.from('Tenants').select('id, slug, company_name, status, database_status, subscription_status').order('company_name'),
      db.from('tenant_secrets').select('tenant_id, service_role_key, project_url'),
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

    const perTenant = await mapLimited(tenants, TENANT_CONCURRENCY, async (t): Promise<TenantFigures> => {
      const base = { id: t.id, slug: t.slug, company_name: t.company_name, status: t.status, database_status: t.database_status };
      const secret = secrets.get(t.id);
      if (!secret || t.database_status !== 'active') return { ...base, reachable: null, error: null, health: null, as_of: null };
      try {
        const project = { id: t.id, projectUrl: secret.project_url };
        const { value: summary, readAt } = await cachedSummary(deps, project, maxAgeMs, () => summaryOf(deps, secret));
        return { ...base, ...summary, reachable: true, error: null, health: healthOf(summary), as_of: readAt.toISOString() };
      } catch (e) {
        return { ...base, reachable: false, error: e instanceof Error ? e.message : String(e), health: null, as_of: null };
      }
    });
    keepOnly(
      deps,
      tenants.flatMap((t) => {
        const secret = secrets.get(t.id);
        return secret ? [{ id: t.id, projectUrl: secret.project_url }] : [];
      }),
    );

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
