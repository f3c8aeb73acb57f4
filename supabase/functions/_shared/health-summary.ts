/**
 * The tenant's Health summary (spec §3) for the System Health modal and the
 * dashboard's System Health tile: one pure function over counts, the
 * database probe and the time, built on the shared rule in ./health.ts (the
 * same weights and bands the staff screens use), plus the one-pass count of
 * those figures from cached rows.
 *
 * Decisions the spec leaves open:
 * - Every percentage is a whole number (Math.round, halves up) and the band
 *   is taken from that whole number, so the figure shown and its colour never
 *   disagree: 89.5 reads 90% excellent, 89.49 reads 89% good.
 * - The overall figure weighs the unrounded shares (tenantHealth), then rounds.
 * - A user is active when last_sign_in_at is strictly after now minus 30
 *   days (exactly 30 days ago is not active), the account's active flag is
 *   on, and it is an organization user or an admin; the same rule as the
 *   server's tenant_summary() (`last_sign_in_at > now() - interval '30 days'`).
 * - Maintenance is active unless resolved (the tenant schema's only closed
 *   state; completed and closed are treated alike should they ever appear);
 *   high priority is high (or critical). Incidents are active unless resolved
 *   or closed; critical counts active incidents of severity critical.
 * - A database that answered with an error is "not connected": overall 0%
 *   poor with "Database connection failed" (spec §8). A database that was
 *   not checked (offline) is reported as such, with no response time, and
 *   the overall figure comes from the counts alone (the weights never
 *   include the database); no figure is invented.
 */
import { z } from 'zod';
import { healthStatus, responseStatus, tenantHealth, USER_ACTIVITY_DAYS, type HealthStatus } from './health';

/** Spec §8. */
export const DATABASE_FAILED_MESSAGE = 'Database connection failed';

export interface HealthCounts {
  doors: { total: number; operational: number; maintenance: number; outOfService: number };
  maintenance: { total: number; active: number; highPriority: number };
  incidents: { total: number; active: number; critical: number };
  /** active: signed in within the activity window (see above). */
  users: { total: number; active: number };
}

/**
 * What one timed read against the tenant's project found. null (in
 * HealthSummaryInput) means it was not tried: offline.
 */
export type DatabaseProbe = { connected: true; responseMs: number } | { connected: false; responseMs: number | null; error: string | null };

export interface HealthSummaryInput {
  counts: HealthCounts;
  database: DatabaseProbe | null;
  now: Date | number;
}

const statusSchema = z.enum(['excellent', 'good', 'fair', 'poor']);
const count = z.number().int().nonnegative();
const percent = z.number().min(0).max(100);

/** The summary's shape, also used to read a stored summary back (it is input like any other). */
export const healthSummarySchema = z.object({
  overall: z.object({
    percentage: percent,
    status: statusSchema,
    lastChecked: z.iso.datetime(),
    responseTime: count.nullable(),
  }),
  database: z.object({
    /** false: offline, not tried; connected, responseTime and status then say nothing. */
    checked: z.boolean(),
    connected: z.boolean(),
    responseTime: count.nullable(),
    status: statusSchema.nullable(),
    error: z.string().nullable(),
    /** What the failed read answered, for the admin (error is the spec's text). */
    detail: z.string().nullable(),
  }),
  doors: z.object({
    total: count,
    operational: count,
    maintenance: count,
    outOfService: count,
    healthPercentage: percent,
    status: statusSchema,
  }),
  maintenance: z.object({ total: count, active: count, highPriority: count, healthPercentage: percent, status: statusSchema }),
  incidents: z.object({ total: count, active: count, critical: count, healthPercentage: percent, status: statusSchema }),
  users: z.object({ total: count, active: count, healthPercentage: percent, status: statusSchema }),
});
export type HealthSummary = z.infer<typeof healthSummarySchema>;

function part(share: number): { healthPercentage: number; status: HealthStatus } {
  const healthPercentage = Math.round(share);
  return { healthPercentage, status: healthStatus(healthPercentage) };
}

const ms = (n: number) => Math.max(0, Math.round(n));

export function healthSummary({ counts: c, database: probe, now }: HealthSummaryInput): HealthSummary {
  const h = tenantHealth({
    doors: c.doors.total,
    doorsOperational: c.doors.operational,
    maintenance: c.maintenance.total,
    maintenanceOpen: c.maintenance.active,
    incidents: c.incidents.total,
    incidentsOpen: c.incidents.active,
    users: c.users.total,
    usersActive30d: c.users.active,
  });
  const responseTime = probe?.responseMs == null ? null : ms(probe.responseMs);
  const database: HealthSummary['database'] = !probe
    ? { checked: false, connected: false, responseTime: null, status: null, error: null, detail: null }
    : probe.connected
      ? { checked: true, connected: true, responseTime, status: responseStatus(responseTime ?? 0), error: null, detail: null }
      : { checked: true, connected: false, responseTime, status: 'poor', error: DATABASE_FAILED_MESSAGE, detail: probe.error };
  const failed = probe !== null && !probe.connected;
  return {
    overall: {
      percentage: failed ? 0 : h.score,
      status: failed ? 'poor' : h.status,
      lastChecked: new Date(now).toISOString(),
      responseTime,
    },
    database,
    doors: { ...c.doors, ...part(h.parts.doors) },
    maintenance: { ...c.maintenance, ...part(h.parts.maintenance) },
    incidents: { ...c.incidents, ...part(h.parts.incidents) },
    users: { ...c.users, ...part(h.parts.users) },
  };
}

/** A cached row: whatever columns the server sent. */
export type HealthRow = Readonly<Record<string, unknown>>;

export interface HealthRows {
  doors: Iterable<HealthRow>;
  maintenance: Iterable<HealthRow>;
  incidents: Iterable<HealthRow>;
  users: Iterable<HealthRow>;
}

/** Maintenance statuses that are no longer open work (a cache may read only the others, through its status index). */
export const MAINTENANCE_CLOSED_STATUSES = ['resolved', 'completed', 'closed'] as const;
const MAINTENANCE_CLOSED = new Set<string>(MAINTENANCE_CLOSED_STATUSES);
export const MAINTENANCE_HIGH_PRIORITIES = ['high', 'critical'] as const;
const MAINTENANCE_HIGH = new Set<string>(MAINTENANCE_HIGH_PRIORITIES);
export const INCIDENT_CLOSED_STATUSES = ['resolved', 'closed'] as const;
const INCIDENT_CLOSED = new Set<string>(INCIDENT_CLOSED_STATUSES);
const DAY_MS = 86_400_000;

const removed = (r: HealthRow) => r.deleted_at !== null && r.deleted_at !== undefined;

/** The activity window's start: a sign-in must be strictly after it. */
export function userActivityCutoff(now: Date | number): number {
  return new Date(now).getTime() - USER_ACTIVITY_DAYS * DAY_MS;
}

/** Counts for healthSummary from cached rows, one pass over each table. */
export function healthCountsFromRows(rows: HealthRows, now: Date | number): HealthCounts {
  const doors = { total: 0, operational: 0, maintenance: 0, outOfService: 0 };
  for (const d of rows.doors) {
    if (removed(d)) continue;
    doors.total++;
    if (d.status === 'operational') doors.operational++;
    else if (d.status === 'maintenance') doors.maintenance++;
    else if (d.status === 'out_of_service') doors.outOfService++;
  }
  const maintenance = { total: 0, active: 0, highPriority: 0 };
  for (const m of rows.maintenance) {
    if (removed(m)) continue;
    maintenance.total++;
    if (MAINTENANCE_CLOSED.has(String(m.status))) continue;
    maintenance.active++;
    if (MAINTENANCE_HIGH.has(String(m.priority))) maintenance.highPriority++;
  }
  const incidents = { total: 0, active: 0, critical: 0 };
  for (const i of rows.incidents) {
    if (removed(i)) continue;
    incidents.total++;
    if (INCIDENT_CLOSED.has(String(i.status))) continue;
    incidents.active++;
    if (i.severity === 'critical') incidents.critical++;
  }
  const cutoff = userActivityCutoff(now);
  const users = { total: 0, active: 0 };
  for (const u of rows.users) {
    if (removed(u) || !(u.is_organization_user === true || u.is_admin === true)) continue;
    users.total++;
    if (u.active === false || typeof u.last_sign_in_at !== 'string') continue;
    // Date.parse is NaN for a malformed time, and NaN > cutoff is false.
    if (Date.parse(u.last_sign_in_at) > cutoff) users.active++;
  }
  return { doors, maintenance, incidents, users };
}
