/**
 * Pure rules of the tenant dashboard (spec §2 Tenant area, §3 Dashboard
 * stats and Feature flag, §6 card visibility): the summary figures from the
 * cached rows, which Feature Access cards a role sees, and the Recent
 * Activity list merged from door checks, incidents and maintenance.
 */
import type { TenantRole } from '../../lib/roles';
import type { HealthCounts } from '../../../supabase/functions/_shared/health-summary';
import { DOOR_STATUS_LABEL, type DoorStatus, type Row } from '../door-checks/index';

export const FEATURE_NAMES = ['security_core', 'transportation', 'student_parking'] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type FeatureSet = Record<FeatureName, boolean>;

/** Spec §7: when the features cannot be fetched (and none were cached), all three are on. */
export const DEFAULT_FEATURES: FeatureSet = { security_core: true, transportation: true, student_parking: true };

export const FEATURE_LABEL: Record<FeatureName, string> = {
  security_core: 'Security',
  transportation: 'Transportation',
  student_parking: 'Student Parking',
};

const notDeleted = (r: Row) => !r.deleted_at;

export interface DashboardFigures {
  doors: number;
  doorsOperational: number;
  vehicles: number;
  vehiclesActive: number;
  users: number;
}

/**
 * Spec §3 Dashboard stats: doors operational of total and organization users
 * (both as System Health counts them: real doors, users who are organization
 * users or admins), vehicles active of total.
 */
export function dashboardFigures(input: { counts: Pick<HealthCounts, 'doors' | 'users'>; vehicles: readonly Row[] }): DashboardFigures {
  let vehicles = 0;
  let vehiclesActive = 0;
  for (const v of input.vehicles) {
    if (!notDeleted(v)) continue;
    vehicles++;
    if (v.active !== false) vehiclesActive++;
  }
  const { doors, users } = input.counts;
  return { doors: doors.total, doorsOperational: doors.operational, vehicles, vehiclesActive, users: users.total };
}

export type FeatureCardState = 'open' | 'upgrade' | 'hidden';

/**
 * Spec §2, §6: the Transportation card is for super_admin and
 * transportation_admin, open when the feature is on and otherwise shown
 * disabled with "Upgrade to enable"; the Student Parking card is for
 * super_admin, office_staff and security_admin, only when it is on.
 */
export function featureCards(
  role: TenantRole,
  features: FeatureSet,
): { transportation: FeatureCardState; studentParking: FeatureCardState } {
  const transportRole = role === 'super_admin' || role === 'transportation_admin';
  const parkingRole = role === 'super_admin' || role === 'office_staff' || role === 'security_admin';
  return {
    transportation: !transportRole ? 'hidden' : features.transportation ? 'open' : 'upgrade',
    studentParking: parkingRole && features.student_parking ? 'open' : 'hidden',
  };
}

export type ActivityKind = 'check' | 'incident' | 'maintenance';

export interface ActivityItem {
  kind: ActivityKind;
  id: string;
  /** ms since epoch */
  at: number;
  title: string;
  detail: string;
  who: string;
}

/** A user's display name from the cache, "Unknown User" otherwise (spec §3 Door log). */
export function userNameLookup(users: readonly Row[]): (id: unknown) => string {
  const names = new Map<string, string>();
  for (const u of users) {
    const name = [u.first_name, u.last_name]
      .filter((p) => typeof p === 'string' && p.trim())
      .join(' ')
      .trim();
    names.set(String(u.id), name || (typeof u.email === 'string' ? u.email : ''));
  }
  return (id) => (typeof id === 'string' && names.get(id)) || 'Unknown User';
}

const time = (v: unknown) => (typeof v === 'string' ? Date.parse(v) : Number.NaN);
const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);

/**
 * The newest entries across door checks, incidents and maintenance records,
 * newest first, at most `limit`. Each input need only hold its own newest
 * `limit` rows (the page reads them through the created_at indexes).
 */
export function recentActivity(input: {
  logs: readonly Row[];
  incidents: readonly Row[];
  maintenance: readonly Row[];
  doors: readonly Row[];
  users: readonly Row[];
  limit: number;
}): ActivityItem[] {
  const nameOf = userNameLookup(input.users);
  const doorNumber = new Map(input.doors.map((d) => [String(d.id), text(d.door_number, 'Unknown door')]));
  const items: ActivityItem[] = [];
  for (const l of input.logs) {
    const status = l.door_status as DoorStatus;
    items.push({
      kind: 'check',
      id: String(l.id),
      at: time(l.created_at),
      title: `Door ${doorNumber.get(String(l.door_id)) ?? 'Unknown door'} checked`,
      detail: [DOOR_STATUS_LABEL[status] ?? text(l.door_status, 'Checked'), text(l.door_problem, '')].filter(Boolean).join(' · '),
      who: nameOf(l.user_id),
    });
  }
  for (const i of input.incidents) {
    if (i.deleted_at) continue;
    items.push({
      kind: 'incident',
      id: String(i.id),
      at: time(i.reported_at ?? i.created_at),
      title: `Incident: ${text(i.title, 'Untitled')}`,
      detail: `${text(i.severity, 'medium')} severity · ${text(i.status, 'reported')}`,
      who: text(i.reported_by_name, nameOf(i.reported_by)),
    });
  }
  for (const m of input.maintenance) {
    const door = m.door_id ? doorNumber.get(String(m.door_id)) : null;
    items.push({
      kind: 'maintenance',
      id: String(m.id),
      at: time(m.created_at),
      title: `Maintenance: ${text(m.issue_type, text(m.description, 'Work order'))}${door ? ` (door ${door})` : ''}`,
      detail: `${text(m.priority, 'medium')} priority · ${String(m.status ?? 'open').replace('_', ' ')}`,
      who: nameOf(m.created_by),
    });
  }
  return items
    .filter((i) => Number.isFinite(i.at))
    .sort((a, b) => b.at - a.at || a.id.localeCompare(b.id))
    .slice(0, input.limit);
}

/** "3 of 5" as the summary tiles show a part of a total. */
export function ofTotal(part: number, total: number): string {
  return `${part.toLocaleString()} of ${total.toLocaleString()}`;
}
