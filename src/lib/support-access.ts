/**
 * The rules of audited support access (spec §2 Support access dialog, §4,
 * §5 Support access; DESIGN §8): the reasons a staff admin may give, the
 * dialog's validation in the spec's words, which tenants can be entered, and
 * how the time left of a session and of a re-authentication lock are told.
 */

/** Spec §5: the reasons, as the API takes them, with the words the dialog shows. */
export const SUPPORT_REASONS = [
  { value: 'technical_support', label: 'Technical support' },
  { value: 'bug_investigation', label: 'Bug investigation' },
  { value: 'performance_issue', label: 'Performance issue' },
  { value: 'data_migration', label: 'Data migration' },
  { value: 'security_audit', label: 'Security audit' },
  { value: 'feature_troubleshooting', label: 'Feature troubleshooting' },
  { value: 'other', label: 'Other' },
] as const;
export type SupportReason = (typeof SUPPORT_REASONS)[number]['value'];

export const SUPPORT_MESSAGES = {
  required: 'Please fill in all required fields',
  otherDetails: 'Please provide details for the "Other" reason',
} as const;

export function isSupportReason(value: string): value is SupportReason {
  return SUPPORT_REASONS.some((r) => r.value === value);
}

/** The reason in words ("bug_investigation" → "Bug investigation"); an unknown value is shown as sent. */
export function supportReasonLabel(value: string | null | undefined): string {
  return SUPPORT_REASONS.find((r) => r.value === value)?.label ?? value ?? '';
}

export interface SupportRequestInput {
  password: string;
  reason: string;
  details: string;
}

export interface SupportRequest {
  password: string;
  reason: SupportReason;
  details?: string;
}

/**
 * Spec §5: password and reason are required; with "other" the details are
 * too. The body to send, or the message to show.
 */
export function validateSupportRequest(input: SupportRequestInput): { ok: true; body: SupportRequest } | { ok: false; message: string } {
  const details = input.details.trim();
  if (!input.password || !isSupportReason(input.reason)) return { ok: false, message: SUPPORT_MESSAGES.required };
  if (input.reason === 'other' && !details) return { ok: false, message: SUPPORT_MESSAGES.otherDetails };
  return { ok: true, body: { password: input.password, reason: input.reason, ...(details ? { details } : {}) } };
}

/** What step 1 needs of a tenant (the staff figures' perTenant entries). */
export interface SupportTenantOption {
  slug: string;
  company_name: string;
  database_status: string;
}

/** Only a tenant whose database is active can be entered; otherwise why not. */
export function supportBlockedReason(tenant: SupportTenantOption, statusLabel: (status: string) => string): string | null {
  return tenant.database_status === 'active'
    ? null
    : `Cannot be entered: its database is ${statusLabel(tenant.database_status).toLowerCase()}.`;
}

/** Case-insensitive search on company name or slug (spec §2 step 1), in the given order. */
export function filterSupportTenants<T extends SupportTenantOption>(tenants: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...tenants];
  return tenants.filter((t) => t.company_name.toLowerCase().includes(q) || t.slug.toLowerCase().includes(q));
}

/** Whole seconds left until `until` (ms since the epoch), never below 0. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** A countdown as a clock: 29:59, 5:07, 0:00; an hour or more as 1:02:03. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * The time left in words, in whole minutes (rounded up) above a minute and
 * in seconds below it: what a screen reader hears, so it changes at most
 * once a minute until the last one.
 */
export function describeTimeLeft(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s === 0) return 'no time left';
  if (s < 60) return `${s} second${s === 1 ? '' : 's'} left`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'} left`;
}

/** The 429 lock (five wrong passwords): the server's words and when the dialog opens again. */
export function lockNotice(serverMessage: string, seconds: number): string {
  const base = serverMessage.trim().replace(/\.?$/, '.');
  return `${base} You can try again in ${formatClock(seconds)}.`;
}

/** The name a support session shows for its staff member: their name, else their email. */
export function staffDisplayName(staff: { name?: string | null; email: string }): string {
  return staff.name?.trim() || staff.email;
}

/**
 * What the support banner shows: active while the session is this device's
 * tenant session and time is left; expired once its time is up or the
 * tenant's server refused it; ended when it was removed (exited elsewhere).
 */
export type SupportBannerState = 'active' | 'expired' | 'ended';

export function supportBannerState(session: 'active' | 'refused' | 'gone', secondsLeftNow: number): SupportBannerState {
  if (session === 'gone') return secondsLeftNow <= 0 ? 'expired' : 'ended';
  if (session === 'refused' || secondsLeftNow <= 0) return 'expired';
  return 'active';
}

/** The reason as the banner names it: its words, and the details when given. */
export function supportReasonText(reason: string, details: string | null | undefined): string {
  const label = supportReasonLabel(reason);
  const more = details?.trim();
  return more ? `${label}: ${more}` : label;
}
