/**
 * The tenant's Health summary (spec §3, §4, §8, §9): supabase/functions/_shared/health-summary.ts
 * over the shared rule in health.ts. Percentages are whole numbers (halves up)
 * and banded after rounding; a sign-in exactly 30 days old is not active.
 */
import { describe, expect, it } from 'vitest';
import { formatResponseTime, progressWidth } from '../../supabase/functions/_shared/health';
import {
  DATABASE_FAILED_MESSAGE,
  healthCountsFromRows,
  healthSummary,
  healthSummarySchema,
  userActivityCutoff,
  type DatabaseProbe,
  type HealthCounts,
  type HealthRow,
} from '../../supabase/functions/_shared/health-summary';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const DAY = 86_400_000;
const OK: DatabaseProbe = { connected: true, responseMs: 120 };

/** Shares in 0..1 of a category, as [total, good]: doors operational, others not open. */
type Share = [total: number, good: number];
function counts(d: Share = [0, 0], m: Share = [0, 0], i: Share = [0, 0], u: Share = [0, 0]): HealthCounts {
  return {
    doors: { total: d[0], operational: d[1], maintenance: d[0] - d[1], outOfService: 0 },
    maintenance: { total: m[0], active: m[0] - m[1], highPriority: 0 },
    incidents: { total: i[0], active: i[0] - i[1], critical: 0 },
    users: { total: u[0], active: u[1] },
  };
}
const all: Share = [4, 4];
const none: Share = [4, 0];
const summary = (c: HealthCounts, database: DatabaseProbe | null = OK) => healthSummary({ counts: c, database, now: NOW });

describe('health summary: categories', () => {
  it('is 100% excellent in every category with nothing to count', () => {
    const s = summary(counts());
    expect(s.overall).toEqual({ percentage: 100, status: 'excellent', lastChecked: '2026-11-24T12:00:00.000Z', responseTime: 120 });
    for (const part of [s.doors, s.maintenance, s.incidents, s.users]) {
      expect(part.healthPercentage).toBe(100);
      expect(part.status).toBe('excellent');
    }
  });

  it.each([
    ['doors', counts(undefined, none, none, none), 30],
    ['maintenance', counts(none, undefined, none, none), 25],
    ['incidents', counts(none, none, undefined, none), 25],
    ['users', counts(none, none, none, undefined), 20],
  ])('an empty %s category counts as 100 (its whole weight, %i)', (name, c, weight) => {
    const s = summary(c);
    expect(s[name as 'doors'].healthPercentage).toBe(100);
    expect(s.overall.percentage).toBe(weight);
  });

  it.each([
    ['doors', counts(all, none, none, none), counts(none, all, all, all), 30],
    ['maintenance', counts(none, all, none, none), counts(all, none, all, all), 25],
    ['incidents', counts(none, none, all, none), counts(all, all, none, all), 25],
    ['users', counts(none, none, none, all), counts(all, all, all, none), 20],
  ])('weighs %s alone at its weight and the rest at 100 minus it', (_name, alone, without, weight) => {
    expect(summary(alone).overall.percentage).toBe(weight);
    expect(summary(without).overall.percentage).toBe(100 - weight);
  });

  it('reports the counts it was given and each share', () => {
    const c: HealthCounts = {
      doors: { total: 10, operational: 7, maintenance: 2, outOfService: 1 },
      maintenance: { total: 8, active: 2, highPriority: 1 },
      incidents: { total: 4, active: 1, critical: 1 },
      users: { total: 5, active: 4 },
    };
    const s = summary(c);
    expect(s.doors).toEqual({ ...c.doors, healthPercentage: 70, status: 'fair' });
    expect(s.maintenance).toEqual({ ...c.maintenance, healthPercentage: 75, status: 'good' });
    expect(s.incidents).toEqual({ ...c.incidents, healthPercentage: 75, status: 'good' });
    expect(s.users).toEqual({ ...c.users, healthPercentage: 80, status: 'good' });
    // 70*0.3 + 75*0.25 + 75*0.25 + 80*0.2 = 74.5, rounded half up.
    expect(s.overall).toMatchObject({ percentage: 75, status: 'good' });
  });
});

describe('health summary: band edges (rounded to whole percent, then banded)', () => {
  it.each([
    [8999, 90, 'excellent'],
    [9000, 90, 'excellent'],
    [8950, 90, 'excellent'],
    [8949, 89, 'good'],
    [7499, 75, 'good'],
    [7500, 75, 'good'],
    [7450, 75, 'good'],
    [7449, 74, 'fair'],
    [4999, 50, 'fair'],
    [5000, 50, 'fair'],
    [4950, 50, 'fair'],
    [4949, 49, 'poor'],
    [0, 0, 'poor'],
  ])('doors %i of 10000 operational read %i%% %s', (operational, pct, status) => {
    const s = summary(counts([10_000, operational]));
    expect(s.doors).toMatchObject({ healthPercentage: pct, status });
  });

  it.each([
    [[2000, 999], 90, 'excellent'], // 89.99
    [[2000, 950], 90, 'excellent'], // 89.5
    [[2000, 949], 89, 'good'], // 89.49
  ] as const)('the overall figure 80 + users %j share reads %i%% %s', (users, pct, status) => {
    expect(summary(counts(all, all, all, [...users])).overall).toMatchObject({ percentage: pct, status });
  });

  it('the overall figure at exactly 90, 75 and 50', () => {
    expect(summary(counts(all, all, [5, 3], all)).overall).toMatchObject({ percentage: 90, status: 'excellent' });
    expect(summary(counts(all, all, none, all)).overall).toMatchObject({ percentage: 75, status: 'good' });
    expect(summary(counts(all, none, none, all)).overall).toMatchObject({ percentage: 50, status: 'fair' });
  });

  it.each([
    [[2000, 1999], 75, 'good'], // 74.99
    [[2000, 1949], 74, 'fair'], // 74.49
  ] as const)('the overall figure 55 + users %j share reads %i%% %s', (users, pct, status) => {
    expect(summary(counts(all, all, none, [...users])).overall).toMatchObject({ percentage: pct, status });
  });

  it.each([
    [[2000, 1999], 50, 'fair'], // 49.99
    [[2000, 1949], 49, 'poor'], // 49.49
  ] as const)('the overall figure 30 + users %j share reads %i%% %s', (users, pct, status) => {
    expect(summary(counts(all, none, none, [...users])).overall).toMatchObject({ percentage: pct, status });
  });
});

describe('health summary: database', () => {
  it.each([
    [0, 'excellent'],
    [999, 'excellent'],
    [1000, 'good'],
    [1999, 'good'],
    [2000, 'fair'],
    [30_000, 'fair'],
  ] as const)('a response of %i ms is %s', (responseMs, status) => {
    const s = summary(counts(), { connected: true, responseMs });
    expect(s.database).toEqual({ checked: true, connected: true, responseTime: responseMs, status, error: null, detail: null });
    expect(s.overall.responseTime).toBe(responseMs);
  });

  it('rounds the measured time to whole ms before banding it', () => {
    expect(summary(counts(), { connected: true, responseMs: 999.4 }).database).toMatchObject({ responseTime: 999, status: 'excellent' });
    expect(summary(counts(), { connected: true, responseMs: 999.5 }).database).toMatchObject({ responseTime: 1000, status: 'good' });
  });

  it('not connected: overall 0% poor with "Database connection failed" (spec §8), counts still reported', () => {
    const s = summary(counts(all, all, all, all), { connected: false, responseMs: 340, error: 'HTTP 503' });
    expect(DATABASE_FAILED_MESSAGE).toBe('Database connection failed');
    expect(s.overall).toMatchObject({ percentage: 0, status: 'poor', responseTime: 340 });
    expect(s.database).toEqual({
      checked: true,
      connected: false,
      responseTime: 340,
      status: 'poor',
      error: 'Database connection failed',
      detail: 'HTTP 503',
    });
    expect(s.doors.healthPercentage).toBe(100);
  });

  it('not checked (offline): no response time and no database status, overall from the counts', () => {
    const s = summary(counts([10, 5]), null);
    expect(s.database).toEqual({ checked: false, connected: false, responseTime: null, status: null, error: null, detail: null });
    expect(s.overall).toMatchObject({ percentage: 85, status: 'good', responseTime: null });
  });

  it('a summary satisfies its own schema (a stored one is read back through it) and a bad one does not', () => {
    const s = summary(counts([3, 2]));
    expect(healthSummarySchema.parse(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(healthSummarySchema.safeParse({ ...s, overall: { ...s.overall, percentage: 101 } }).success).toBe(false);
    expect(healthSummarySchema.safeParse({ ...s, doors: undefined }).success).toBe(false);
  });
});

describe('progress and response time display', () => {
  it('clamps progress to 0..100', () => {
    expect([-5, 0, 42.5, 100, 150, Number.NaN].map(progressWidth)).toEqual([0, 0, 42.5, 100, 100, 0]);
  });
  it('shows ms below 1000 and seconds from 1000', () => {
    expect([0, 999, 999.4, 999.6, 1000, 1530, 1999, 2000, 12_345].map(formatResponseTime)).toEqual([
      '0 ms',
      '999 ms',
      '999 ms',
      '1.0 s',
      '1.0 s',
      '1.5 s',
      '2.0 s',
      '2.0 s',
      '12.3 s',
    ]);
  });
});

describe('counts from cached rows', () => {
  const cutoff = userActivityCutoff(NOW);
  const iso = (ms: number) => new Date(ms).toISOString();
  const user = (over: Partial<Record<string, unknown>>): HealthRow => ({
    id: crypto.randomUUID(),
    is_organization_user: true,
    is_admin: false,
    active: true,
    last_sign_in_at: iso(NOW - DAY),
    deleted_at: null,
    ...over,
  });

  it('starts the activity window exactly 30 days before now', () => {
    expect(cutoff).toBe(NOW - 30 * DAY);
    expect(userActivityCutoff(new Date(NOW))).toBe(cutoff);
  });

  it.each([
    ['1 ms after the cutoff', iso(cutoff + 1), 1],
    ['exactly 30 days ago', iso(cutoff), 0],
    ['1 ms before the cutoff', iso(cutoff - 1), 0],
    ['now', iso(NOW), 1],
    ['in the future (a skewed clock)', iso(NOW + DAY), 1],
    ['never', null, 0],
    ['a malformed time', 'yesterday', 0],
  ])('a user who last signed in %s is active: %i', (_label, last, active) => {
    expect(
      healthCountsFromRows({ doors: [], maintenance: [], incidents: [], users: [user({ last_sign_in_at: last })] }, NOW).users,
    ).toEqual({
      total: 1,
      active,
    });
  });

  it('counts organization users and admins not deleted; deactivated ones are not active', () => {
    const users = [
      user({}),
      user({ is_organization_user: false, is_admin: true }),
      user({ is_organization_user: false, is_admin: false }),
      user({ deleted_at: iso(NOW - DAY) }),
      user({ active: false }),
    ];
    expect(healthCountsFromRows({ doors: [], maintenance: [], incidents: [], users }, NOW).users).toEqual({ total: 3, active: 2 });
  });

  it('counts doors by status, maintenance and incidents by the schema values', () => {
    const c = healthCountsFromRows(
      {
        doors: [
          { id: 'a', status: 'operational' },
          { id: 'b', status: 'operational' },
          { id: 'c', status: 'maintenance' },
          { id: 'd', status: 'out_of_service' },
          { id: 'e', status: 'operational', deleted_at: iso(NOW) },
        ],
        maintenance: [
          { id: 'a', status: 'open', priority: 'high' },
          { id: 'b', status: 'in_progress', priority: 'high' },
          { id: 'c', status: 'in_progress', priority: 'medium' },
          { id: 'd', status: 'open', priority: 'low' },
          { id: 'e', status: 'resolved', priority: 'high' },
          { id: 'f', status: 'completed', priority: 'critical' },
          { id: 'g', status: 'open', priority: 'critical' },
        ],
        incidents: [
          { id: 'a', status: 'reported', severity: 'critical' },
          { id: 'b', status: 'investigating', severity: 'high' },
          { id: 'c', status: 'resolved', severity: 'critical' },
          { id: 'd', status: 'closed', severity: 'critical' },
          { id: 'e', status: 'reported', severity: 'critical', deleted_at: iso(NOW) },
        ],
        users: [],
      },
      NOW,
    );
    expect(c.doors).toEqual({ total: 4, operational: 2, maintenance: 1, outOfService: 1 });
    expect(c.maintenance).toEqual({ total: 7, active: 5, highPriority: 3 });
    expect(c.incidents).toEqual({ total: 4, active: 2, critical: 1 });
    const s = healthSummary({ counts: c, database: OK, now: NOW });
    expect(s.maintenance.healthPercentage).toBe(29); // 2 of 7 no longer open
    expect(s.incidents.healthPercentage).toBe(50);
  });

  it('takes a dashboard-sized cache (5,000 doors, 20,000 maintenance records, 5,000 users) in one pass each', () => {
    const doors = Array.from({ length: 5000 }, (_, n) => ({ id: `d${n}`, status: n % 10 === 0 ? 'maintenance' : 'operational' }));
    const maintenance = Array.from({ length: 20_000 }, (_, n) => ({
      id: `m${n}`,
      status: n % 4 === 0 ? 'open' : 'resolved',
      priority: n % 8 === 0 ? 'high' : 'low',
    }));
    const users = Array.from({ length: 5000 }, (_, n) => user({ last_sign_in_at: iso(NOW - (n % 60) * DAY) }));
    const c = healthCountsFromRows({ doors, maintenance, incidents: [], users }, NOW);
    expect(c.doors).toEqual({ total: 5000, operational: 4500, maintenance: 500, outOfService: 0 });
    expect(c.maintenance).toEqual({ total: 20_000, active: 5000, highPriority: 2500 });
    // Days ago 0..29 are inside the window, 30..59 are not: 83 full cycles of
    // 60 give 2490 active, the last 20 users (0..19 days ago) 20 more.
    expect(c.users).toEqual({ total: 5000, active: 2510 });
  });
});
