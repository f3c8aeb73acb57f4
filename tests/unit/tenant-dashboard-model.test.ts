/** The tenant dashboard's rules (spec §2 Tenant area, §3 Dashboard stats, §6 card visibility). */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEATURES,
  dashboardFigures,
  featureCards,
  recentActivity,
  userNameLookup,
  type FeatureSet,
} from '../../src/features/tenant-dashboard/dashboard-model';
import { figuresAge, STALE_AFTER_MS } from '../../src/features/tenant-dashboard/figures-age';
import { sessionEnd } from '../../src/features/tenant-dashboard/settings/support-history';
import { TENANT_ROLES } from '../../src/lib/roles';
import type { PullState } from '../../src/data';

const on: FeatureSet = { security_core: true, transportation: true, student_parking: true };
const off: FeatureSet = { security_core: true, transportation: false, student_parking: false };

describe('dashboard figures', () => {
  const counts = {
    doors: { total: 2, operational: 1, maintenance: 1, outOfService: 0 },
    users: { total: 2, active: 1 },
  };
  it('takes doors and users as System Health counts them, and counts vehicles and the active ones', () => {
    const f = dashboardFigures({ counts, vehicles: [{ id: 'v1', active: true }, { id: 'v2', active: false }, { id: 'v3' }] });
    expect(f).toEqual({ doors: 2, doorsOperational: 1, vehicles: 3, vehiclesActive: 2, users: 2 });
  });
  it('leaves out a vehicle deleted on this device', () => {
    const f = dashboardFigures({ counts, vehicles: [{ id: 'v1' }, { id: 'v2', deleted_at: '2026-01-01T00:00:00Z' }] });
    expect([f.vehicles, f.vehiclesActive]).toEqual([1, 1]);
  });
});

describe('feature cards (spec §2, §6)', () => {
  it('shows transportation to super and transportation admins, disabled with upgrade when off', () => {
    expect(featureCards('super_admin', on).transportation).toBe('open');
    expect(featureCards('transportation_admin', on).transportation).toBe('open');
    expect(featureCards('super_admin', off).transportation).toBe('upgrade');
    expect(featureCards('transportation_admin', off).transportation).toBe('upgrade');
    for (const r of ['office_staff', 'security_admin', 'regular_user'] as const) expect(featureCards(r, on).transportation).toBe('hidden');
  });
  it('shows student parking to super admins, office staff and security admins when on', () => {
    for (const r of ['super_admin', 'office_staff', 'security_admin'] as const) {
      expect(featureCards(r, on).studentParking).toBe('open');
      expect(featureCards(r, off).studentParking).toBe('hidden');
    }
    for (const r of ['transportation_admin', 'regular_user'] as const) expect(featureCards(r, on).studentParking).toBe('hidden');
  });
  it('defaults to every feature on (spec §7 fallback)', () => {
    expect(DEFAULT_FEATURES).toEqual(on);
    expect(TENANT_ROLES.length).toBe(5);
  });
});

describe('recent activity', () => {
  const users = [
    { id: 'u1', first_name: 'Maria', last_name: 'Gonzalez' },
    { id: 'u2', email: 'x@y.test' },
  ];
  const doors = [{ id: 'd1', door_number: 'A-101' }];
  it('merges checks, incidents and maintenance newest first, with who', () => {
    const items = recentActivity({
      logs: [{ id: 'l1', door_id: 'd1', user_id: 'u1', door_status: 'operational', created_at: '2026-11-23T10:00:00Z' }],
      incidents: [
        {
          id: 'i1',
          title: 'Broken pane',
          severity: 'high',
          status: 'reported',
          reported_by_name: 'James',
          reported_at: '2026-11-23T11:00:00Z',
        },
      ],
      maintenance: [
        {
          id: 'm1',
          door_id: 'd1',
          issue_type: 'Closer',
          priority: 'high',
          status: 'in_progress',
          created_by: 'u2',
          created_at: '2026-11-23T09:00:00Z',
        },
      ],
      doors,
      users,
      limit: 10,
    });
    expect(items.map((i) => [i.kind, i.title, i.who])).toEqual([
      ['incident', 'Incident: Broken pane', 'James'],
      ['check', 'Door A-101 checked', 'Maria Gonzalez'],
      ['maintenance', 'Maintenance: Closer (door A-101)', 'x@y.test'],
    ]);
    expect(items[2]!.detail).toBe('high priority · in progress');
  });
  it('keeps the newest `limit`, skips deleted incidents and rows without a time', () => {
    const logs = Array.from({ length: 5 }, (_, n) => ({ id: `l${n}`, door_id: 'd1', created_at: `2026-11-2${n}T00:00:00Z` }));
    const items = recentActivity({
      logs: [...logs, { id: 'bad', door_id: 'd1', created_at: null }],
      incidents: [{ id: 'i', title: 't', reported_at: '2026-11-30T00:00:00Z', deleted_at: '2026-11-30T00:00:00Z' }],
      maintenance: [],
      doors,
      users,
      limit: 3,
    });
    expect(items.map((i) => i.id)).toEqual(['l4', 'l3', 'l2']);
    expect(items[0]!.who).toBe('Unknown User');
  });
  it('names unknown users Unknown User', () => {
    expect(userNameLookup(users)('nobody')).toBe('Unknown User');
    expect(userNameLookup(users)(null)).toBe('Unknown User');
  });
});

describe('figures age', () => {
  const state = (table: string, at: string | null) => ({ table, last_pull_at: at }) as unknown as PullState;
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('is the oldest pull of the counted tables', () => {
    const a = figuresAge([state('doors', '2026-11-23T11:58:00Z'), state('users', '2026-11-23T09:00:00Z'), state('campus', null)], now);
    expect(a).toEqual({ text: 'Figures from the last sync, 3 h ago.', stale: true });
  });
  it('is fresh within the stale window and says so when never synced', () => {
    const fresh = new Date(now - STALE_AFTER_MS + 1).toISOString();
    expect(figuresAge([state('doors', fresh)], now).stale).toBe(false);
    expect(figuresAge([state('doors', null)], now).stale).toBe(true);
    expect(figuresAge([], now).text).toMatch(/not been synced/);
  });
});

describe('support session end', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('says ended, active until or expired', () => {
    expect(sessionEnd({ ended_at: '2026-11-23T11:00:00Z', expires_at: '2026-11-23T11:30:00Z' }, now)).toMatch(/^Ended /);
    expect(sessionEnd({ ended_at: null, expires_at: '2026-11-23T12:10:00Z' }, now)).toMatch(/^Active until /);
    expect(sessionEnd({ ended_at: null, expires_at: '2026-11-23T11:59:59Z' }, now)).toMatch(/^Expired /);
  });
});
