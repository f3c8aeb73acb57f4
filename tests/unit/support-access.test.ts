/** Support access rules (spec §5 Support access, §4, issue 11): validation, search, timing words, the banner's state, the lock. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  describeTimeLeft,
  filterSupportTenants,
  formatClock,
  lockNotice,
  secondsLeft,
  staffDisplayName,
  SUPPORT_MESSAGES,
  SUPPORT_REASONS,
  supportBannerState,
  supportBlockedReason,
  supportReasonLabel,
  supportReasonText,
  validateSupportRequest,
} from '../../src/lib/support-access';
import { clearSupportLock, readSupportLock, writeSupportLock } from '../../src/lib/support-lock';
import { supportProfile, supportSessionJson, SUPPORT_CLIENT_EXPIRY_LEEWAY_S, type SupportAnswer } from '../../src/data/support-session';
import { healthBadge } from '../../src/features/platform-admin/support-tenants';

describe('validateSupportRequest', () => {
  it('takes exactly the spec reasons', () => {
    expect(SUPPORT_REASONS.map((r) => r.value)).toEqual([
      'technical_support',
      'bug_investigation',
      'performance_issue',
      'data_migration',
      'security_audit',
      'feature_troubleshooting',
      'other',
    ]);
  });

  it('requires the password and a reason', () => {
    expect(validateSupportRequest({ password: '', reason: 'technical_support', details: '' })).toEqual({
      ok: false,
      message: SUPPORT_MESSAGES.required,
    });
    expect(validateSupportRequest({ password: 'x', reason: '', details: '' })).toEqual({ ok: false, message: SUPPORT_MESSAGES.required });
    expect(validateSupportRequest({ password: 'x', reason: 'because', details: '' })).toEqual({
      ok: false,
      message: SUPPORT_MESSAGES.required,
    });
    expect(SUPPORT_MESSAGES.required).toBe('Please fill in all required fields');
  });

  it('requires details for Other, and trims them', () => {
    expect(validateSupportRequest({ password: 'x', reason: 'other', details: '   ' })).toEqual({
      ok: false,
      message: 'Please provide details for the "Other" reason',
    });
    expect(validateSupportRequest({ password: 'x', reason: 'other', details: ' broken sync ' })).toEqual({
      ok: true,
      body: { password: 'x', reason: 'other', details: 'broken sync' },
    });
    expect(validateSupportRequest({ password: 'x', reason: 'data_migration', details: '' })).toEqual({
      ok: true,
      body: { password: 'x', reason: 'data_migration' },
    });
  });
});

describe('tenant list', () => {
  const tenants = [
    { slug: 'lincoln-isd', company_name: 'Lincoln Independent School District', database_status: 'active' },
    { slug: 'riverside-college', company_name: 'Riverside Community College', database_status: 'failed' },
  ];

  it('searches company name or slug case-insensitively', () => {
    expect(filterSupportTenants(tenants, 'LINCOLN').map((t) => t.slug)).toEqual(['lincoln-isd']);
    expect(filterSupportTenants(tenants, 'college').map((t) => t.slug)).toEqual(['riverside-college']);
    expect(filterSupportTenants(tenants, '  ')).toHaveLength(2);
    expect(filterSupportTenants(tenants, 'zzz')).toEqual([]);
  });

  it('lets only a tenant with an active database be entered', () => {
    expect(supportBlockedReason(tenants[0]!, (s) => s)).toBeNull();
    expect(supportBlockedReason(tenants[1]!, (s) => s.toUpperCase())).toBe('Cannot be entered: its database is failed.');
  });

  it('colours health green at 90, yellow at 70, else red, and says the score', () => {
    const h = (score: number) => ({ score, status: 'good' as const, parts: { doors: 0, maintenance: 0, incidents: 0, users: 0 } });
    expect(healthBadge(h(90))).toEqual({ dot: 'bg-green-600', text: 'Health 90%', colour: 'green' });
    expect(healthBadge(h(70))).toMatchObject({ dot: 'bg-yellow-400', colour: 'yellow' });
    expect(healthBadge(h(69))).toMatchObject({ dot: 'bg-red-600', colour: 'red' });
    expect(healthBadge(null)).toEqual({ dot: 'bg-slate-400', text: 'Health unknown', colour: 'grey' });
  });
});

describe('time left', () => {
  it('counts whole seconds up, never below 0', () => {
    expect(secondsLeft(10_500, 10_000)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(5_000, 10_000)).toBe(0);
  });

  it('shows a clock and says it in words', () => {
    expect(formatClock(1800)).toBe('30:00');
    expect(formatClock(307)).toBe('5:07');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(describeTimeLeft(1799)).toBe('30 minutes left');
    expect(describeTimeLeft(61)).toBe('2 minutes left');
    expect(describeTimeLeft(60)).toBe('1 minute left');
    expect(describeTimeLeft(1)).toBe('1 second left');
    expect(describeTimeLeft(0)).toBe('no time left');
  });

  it("tells the lock in the server's words with the time left", () => {
    expect(lockNotice('Too many failed attempts', 900)).toBe('Too many failed attempts. You can try again in 15:00.');
    expect(lockNotice('Locked.', 59)).toBe('Locked. You can try again in 0:59.');
  });
});

describe('support banner', () => {
  it('is active with time left, expired when the time is up or the server refused, ended when removed early', () => {
    expect(supportBannerState('active', 1)).toBe('active');
    expect(supportBannerState('active', 0)).toBe('expired');
    expect(supportBannerState('refused', 600)).toBe('expired');
    expect(supportBannerState('gone', 600)).toBe('ended');
    expect(supportBannerState('gone', 0)).toBe('expired');
  });

  it('names the staff member and the reason', () => {
    expect(staffDisplayName({ name: ' Ada Admin ', email: 'a@x' })).toBe('Ada Admin');
    expect(staffDisplayName({ name: null, email: 'a@x' })).toBe('a@x');
    expect(supportReasonLabel('bug_investigation')).toBe('Bug investigation');
    expect(supportReasonLabel('unknown_reason')).toBe('unknown_reason');
    expect(supportReasonText('other', ' sync stuck ')).toBe('Other: sync stuck');
    expect(supportReasonText('security_audit', null)).toBe('Security audit');
  });
});

describe('support session storage shape', () => {
  const answer: SupportAnswer = {
    session: {
      access_token: 'jwt',
      token_type: 'bearer',
      expires_in: 1800,
      expires_at: 2_000_000_000,
      user: { id: 'staff-1', email: 'admin@lockstep.test' },
    },
    support: {
      id: 'log-1',
      tenant: { slug: 'lincoln-isd', company_name: 'Lincoln', display_name: null, supabase_url: 'http://x', supabase_anon_key: 'anon' },
      reason: 'technical_support',
      details: null,
      staff: { id: 'staff-1', email: 'admin@lockstep.test', name: 'Ada Admin' },
      started_at: '2033-05-18T03:03:20Z',
      expires_at: '2033-05-18T03:33:20Z',
    },
  };

  it('stores no refresh token and moves the client expiry past supabase-js’s early refresh', () => {
    const json = supportSessionJson(answer);
    expect(json.refresh_token).toBe('');
    expect(json.expires_at).toBe(2_000_000_000 + SUPPORT_CLIENT_EXPIRY_LEEWAY_S);
    expect(supportSessionJson({ ...answer, session: { ...answer.session, expires_at: '2033-05-18T03:33:20Z' } }).expires_at).toBe(
      2_000_000_000 + SUPPORT_CLIENT_EXPIRY_LEEWAY_S,
    );
  });

  it('shows the staff member as a super admin named as support', () => {
    expect(supportProfile(answer.support)).toMatchObject({
      id: 'staff-1',
      role: 'super_admin',
      display_name: 'Ada Admin (Lockstep support)',
    });
  });
});

describe('re-authentication lock', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is kept in session storage until it ends', () => {
    const data = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    });
    expect(readSupportLock(1_000)).toBeNull();
    const until = writeSupportLock(1_000, 900);
    expect(until).toBe(901_000);
    expect(readSupportLock(900_999)).toBe(901_000);
    expect(readSupportLock(901_000)).toBeNull();
    expect(data.size).toBe(0);
    writeSupportLock(0, 60);
    clearSupportLock();
    expect(readSupportLock(0)).toBeNull();
  });

  it('does nothing without session storage', () => {
    expect(readSupportLock(0)).toBeNull();
    expect(writeSupportLock(0, 5)).toBe(5_000);
  });
});
