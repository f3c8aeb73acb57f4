/**
 * A tenant's health (spec §3 Health summary, §4 bands, §9 weights), shared
 * by the staff screens (every tenant) and the tenant's own dashboard:
 *   doors        share of doors operational
 *   maintenance  share of maintenance records no longer open
 *   incidents    share of incidents no longer open
 *   users        share of users who signed in within the last 30 days
 * Each share is 100 when there is nothing to count (spec §7). The overall
 * figure weighs them 30/25/25/20 and is clamped to 0..100.
 */
export type HealthStatus = 'excellent' | 'good' | 'fair' | 'poor';

export interface HealthFigures {
  doors: number;
  doorsOperational: number;
  maintenance: number;
  maintenanceOpen: number;
  incidents: number;
  incidentsOpen: number;
  users: number;
  usersActive30d: number;
}

export interface Health {
  score: number;
  status: HealthStatus;
  parts: { doors: number; maintenance: number; incidents: number; users: number };
}

export const HEALTH_WEIGHTS = { doors: 0.3, maintenance: 0.25, incidents: 0.25, users: 0.2 } as const;
/** Spec §9: the user-activity window. */
export const USER_ACTIVITY_DAYS = 30;

const clamp = (n: number) => Math.min(100, Math.max(0, n));

/** A share in percent, 100 with nothing to count. */
export function sharePercent(part: number, total: number): number {
  return total > 0 ? clamp((part / total) * 100) : 100;
}

/** Bands of spec §4: excellent at 90 or more, good at 75, fair at 50, otherwise poor. */
export function healthStatus(score: number): HealthStatus {
  if (score >= 90) return 'excellent';
  if (score >= 75) return 'good';
  if (score >= 50) return 'fair';
  return 'poor';
}

export function tenantHealth(f: HealthFigures): Health {
  const parts = {
    doors: sharePercent(f.doorsOperational, f.doors),
    maintenance: sharePercent(f.maintenance - f.maintenanceOpen, f.maintenance),
    incidents: sharePercent(f.incidents - f.incidentsOpen, f.incidents),
    users: sharePercent(f.usersActive30d, f.users),
  };
  const score = Math.round(
    clamp(
      parts.doors * HEALTH_WEIGHTS.doors +
        parts.maintenance * HEALTH_WEIGHTS.maintenance +
        parts.incidents * HEALTH_WEIGHTS.incidents +
        parts.users * HEALTH_WEIGHTS.users,
    ),
  );
  return { score, status: healthStatus(score), parts };
}

/** Database response bands of spec §4: below 1000 ms excellent, below 2000 ms good, otherwise fair. */
export function responseStatus(ms: number): Exclude<HealthStatus, 'poor'> {
  return ms < 1000 ? 'excellent' : ms < 2000 ? 'good' : 'fair';
}

/**
 * Spec §9: milliseconds below 1000, seconds above. Rounded before choosing the
 * unit, so 999.6 ms reads "1.0 s", never "1000 ms".
 */
export function formatResponseTime(ms: number): string {
  const whole = Math.round(ms);
  return whole < 1000 ? `${whole} ms` : `${(whole / 1000).toFixed(1)} s`;
}

/** Spec §9: a progress bar's width in percent, clamped to 0..100 (0 for NaN). */
export function progressWidth(percent: number): number {
  return Number.isNaN(percent) ? 0 : clamp(percent);
}

/** The support dialog's colours (spec §4): green at 90 or more, yellow at 70, otherwise red. */
export function supportDialogColour(score: number): 'green' | 'yellow' | 'red' {
  return score >= 90 ? 'green' : score >= 70 ? 'yellow' : 'red';
}
