/**
 * GET /admin/reports/door-checks?weeks=: door checks per tenant per week for
 * the staff dashboard's Reports & Analytics (issue 11). Weeks start on Monday
 * 00:00 UTC, oldest first, the current week last (weeks 1..52, default 8).
 * Each tenant's counts come from its own project (door_checks_by_week(), with
 * its service key), asked in parallel with a time limit; a tenant that does
 * not answer is listed in `unreachable` instead of failing the report.
 * Tenants without a stored service key, or whose database is not active,
 * have no project the server can read and are left out.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { tenantAsService } from '../clients';
import type { ApiDeps } from '../deps';
import { fromDbError, readQuery } from '../http';
import { platformDb, type TenantRow, type TenantSecretRow } from '../platform';
import type { ApiEnv } from '../staff-guard';
import { mapLimited, staffAdminOnce, TENANT_CONCURRENCY, withTimeout } from '../tenant-access';
import { countParam } from './admin-activity';

const querySchema = z.strictObject({ weeks: countParam(1, 52).optional() });

const DAY_MS = 86_400_000;

/** The Mondays (UTC, YYYY-MM-DD) of the last `n` weeks, oldest first, this week's last. */
export function weekStarts(n: number, now = new Date()): string[] {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = midnight - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: n }, (_, i) => new Date(monday - (n - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10));
}

interface WeekRow {
  week_start: string;
  checks: number | string;
}

export function adminReportRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get('/door-checks', staffAdminOnce(deps), async (c) => {
    const { weeks: n = 8 } = readQuery(c, querySchema);
    const db = platformDb(deps);
    const [tenantsRes, secretsRes] = await Promise.all([
      db.from('Tenants').select('id, slug, company_name, database_status').order('company_name').order('slug'),
      db.from('tenant_secrets').select('tenant_id, service_role_key, project_url'),
    ]);
    if (tenantsRes.error) throw fromDbError(tenantsRes.error, 'Reading tenants');
    if (secretsRes.error) throw fromDbError(secretsRes.error, 'Reading tenants');
    const secrets = new Map(
      ((secretsRes.data ?? []) as Pick<TenantSecretRow, 'tenant_id' | 'service_role_key' | 'project_url'>[]).map((s) => [s.tenant_id, s]),
    );
    const tenants = ((tenantsRes.data ?? []) as Pick<TenantRow, 'id' | 'slug' | 'company_name' | 'database_status'>[]).filter(
      (t) => t.database_status === 'active' && secrets.has(t.id),
    );
    const weeks = weekStarts(n);

    const answers = await mapLimited(tenants, TENANT_CONCURRENCY, async (t) => {
      const secret = secrets.get(t.id)!;
      const tenantDb = tenantAsService(deps, secret.project_url, secret.service_role_key);
      try {
        const { data, error } = await withTimeout(tenantDb.rpc('door_checks_by_week', { p_weeks: n }));
        if (error) return { tenant: t, counts: null };
        const byWeek = new Map(((data ?? []) as WeekRow[]).map((r) => [String(r.week_start).slice(0, 10), Number(r.checks)]));
        return { tenant: t, counts: weeks.map((w) => byWeek.get(w) ?? 0) };
      } catch {
        return { tenant: t, counts: null };
      }
    });

    return c.json({
      weeks,
      tenants: answers
        .filter((a) => a.counts !== null)
        .map((a) => ({ slug: a.tenant.slug, company_name: a.tenant.company_name, counts: a.counts })),
      unreachable: answers.filter((a) => a.counts === null).map((a) => a.tenant.slug),
    });
  });

  return app;
}
