/** Pure rules of the staff dashboard's screens (src/features/platform-admin/staff-tools-model.ts). */
import { describe, expect, it } from 'vitest';
import { tenantHealth } from '../../supabase/functions/_shared/health';
import {
  activityLabel,
  billingSummary,
  healthView,
  isPastDue,
  localDay,
  weekLabel,
} from '../../src/features/platform-admin/staff-tools-model';

const tenant = (
  over: Partial<{ status: string; subscription_status: string | null; paid_until: string | null; seats: number | null }>,
) => ({
  status: 'active',
  subscription_status: 'active',
  paid_until: '2027-01-01',
  seats: 10,
  ...over,
});

describe('staff tools model', () => {
  it('names known audit actions and shows unknown ones as stored', () => {
    expect(activityLabel('staff.create')).toBe('Staff member added');
    expect(activityLabel('support.start')).toBe('Support session started');
    expect(activityLabel('something.new')).toBe('something.new');
  });

  it('labels health by the shared bands and colours it by the shared rule', () => {
    const all = {
      doors: 10,
      doorsOperational: 10,
      maintenance: 0,
      maintenanceOpen: 0,
      incidents: 0,
      incidentsOpen: 0,
      users: 1,
      usersActive30d: 1,
    };
    expect(healthView(tenantHealth(all))).toMatchObject({ label: 'Excellent (100)', colour: 'green' });
    const fair = tenantHealth({ ...all, doorsOperational: 0, users: 2, usersActive30d: 2 });
    expect(fair.score).toBe(70);
    expect(healthView(fair)).toMatchObject({ label: 'Fair (70)', colour: 'yellow' });
    const poor = tenantHealth({ ...all, doorsOperational: 0, maintenance: 2, maintenanceOpen: 2 });
    expect(healthView(poor).colour).toBe('red');
    expect(healthView(null)).toMatchObject({ label: 'Unknown', colour: 'grey' });
  });

  it('past due: the subscription says so, or the paid-until day has passed (never a canceled tenant)', () => {
    const today = '2026-11-23';
    expect(isPastDue(tenant({ subscription_status: 'past_due', paid_until: '2027-01-01' }), today)).toBe(true);
    expect(isPastDue(tenant({ paid_until: '2026-11-22' }), today)).toBe(true);
    expect(isPastDue(tenant({ paid_until: '2026-11-23' }), today)).toBe(false);
    expect(isPastDue(tenant({ paid_until: null }), today)).toBe(false);
    expect(isPastDue(tenant({ subscription_status: 'canceled', paid_until: '2026-01-01' }), today)).toBe(false);
  });

  it('sums the billing figures', () => {
    const rows = [
      tenant({ seats: 25 }),
      tenant({ subscription_status: 'trialing', seats: null }),
      tenant({ subscription_status: 'past_due', seats: 5 }),
    ];
    expect(billingSummary(rows, '2026-11-23')).toEqual({ activeSubscriptions: 1, trialing: 1, pastDue: 1, seats: 30 });
  });

  it('formats days and weeks', () => {
    expect(localDay(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(weekLabel('2026-11-16')).toBe('Nov 16');
  });
});
