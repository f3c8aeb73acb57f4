/**
 * Pure rules of the staff dashboard and its screens (issue 11): how an audit
 * action reads, a tenant's health as a label and colour, which tenants are
 * past due, and the billing figures.
 */
import { supportDialogColour, type Health, type HealthStatus } from '../../../supabase/functions/_shared/health';

const ACTION_LABELS: Record<string, string> = {
  'tenant.create': 'Tenant created',
  'tenant.update': 'Tenant updated',
  'tenant.delete': 'Tenant deleted',
  'tenant.provision': 'Tenant database set up',
  'licence.generate': 'Licence issued',
  'licence.revoke': 'Licence revoked',
  'addon.subscribe': 'Add-on enabled',
  'staff.create': 'Staff member added',
  'staff.deactivate': 'Staff member deactivated',
  'tenant_user.create': 'Tenant user added',
  'tenant_user.update': 'Tenant user edited',
  'tenant_user.reset_password': 'Tenant user password reset',
  'tenant_user.deactivate': 'Tenant user deactivated',
  'tenant_user.reactivate': 'Tenant user reactivated',
  'support.start': 'Support session started',
  'support.end': 'Support session ended',
  'support.denied': 'Support access denied',
  'support.read': 'Support read of tenant data',
};

/** "staff.create" → "Staff member added"; an action this screen does not know shows as stored. */
export function activityLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

const HEALTH_LABELS: Record<HealthStatus, string> = { excellent: 'Excellent', good: 'Good', fair: 'Fair', poor: 'Poor' };

/** The colour classes of the shared rule's three colours (text always says the status too). */
const COLOUR_CLASSES = {
  green: 'bg-green-100 text-green-900',
  yellow: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-900',
} as const;

export interface HealthView {
  label: string;
  colour: 'green' | 'yellow' | 'red' | 'grey';
  className: string;
}

/** A tenant's health as the staff screens show it; no health (not asked, no answer) is grey. */
export function healthView(health: Health | null): HealthView {
  if (!health) return { label: 'Unknown', colour: 'grey', className: 'bg-slate-200 text-slate-800' };
  const colour = supportDialogColour(health.score);
  return { label: `${HEALTH_LABELS[health.status]} (${health.score})`, colour, className: COLOUR_CLASSES[colour] };
}

interface Billable {
  status: string;
  subscription_status: string | null;
  paid_until: string | null;
  seats: number | null;
}

/** Today as YYYY-MM-DD in the device's calendar (paid_until is a calendar day). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Past due: the subscription says so, or an active, trialing or unspecified
 * subscription's paid-until day has passed. Canceled tenants owe nothing.
 */
export function isPastDue(t: Billable, today: string): boolean {
  if (t.subscription_status === 'past_due') return true;
  if (t.subscription_status === 'canceled' || t.status === 'canceled') return false;
  return t.paid_until !== null && t.paid_until.slice(0, 10) < today;
}

export interface BillingSummary {
  activeSubscriptions: number;
  trialing: number;
  pastDue: number;
  seats: number;
}

export function billingSummary(rows: readonly Billable[], today: string): BillingSummary {
  return {
    activeSubscriptions: rows.filter((t) => t.subscription_status === 'active').length,
    trialing: rows.filter((t) => t.subscription_status === 'trialing').length,
    pastDue: rows.filter((t) => isPastDue(t, today)).length,
    seats: rows.reduce((n, t) => n + (t.seats ?? 0), 0),
  };
}

/** "2026-11-16" → "Nov 16" (a UTC Monday, shown as that calendar day). */
export function weekLabel(isoDay: string): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? isoDay : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function staffName(s: { first_name: string | null; last_name: string | null; email: string }): string {
  return [s.first_name, s.last_name].filter(Boolean).join(' ') || s.email;
}
