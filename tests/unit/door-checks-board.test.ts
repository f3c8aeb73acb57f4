/**
 * The Door Status board of the Security Dashboard (src/features/security/
 * door-status.ts): campus cards, tile order and filtering, freshness from
 * each door's latest log, today's activity, totals, the header rules and the
 * settings messages; plus the 5,000 x 200,000 size computed in one pass.
 */
import { describe, expect, it } from 'vitest';
import {
  buildDoorStatusBoard,
  freshnessWindowStart,
  isActiveIncident,
  settingsSaveMessage,
  showBackToDashboard,
} from '../../src/features/security/door-status';

const H = 3_600_000;
const now = new Date(2026, 10, 22, 12, 0, 0, 0);
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

const campuses = [
  { id: 'ms', campus_name: 'Lincoln Middle School', active: true },
  { id: 'hs', campus_name: 'Lincoln High School', active: true },
  { id: 'old', campus_name: 'Closed Campus', active: false },
];

describe('buildDoorStatusBoard', () => {
  const doors = [
    { id: 'd-ea10', door_number: 'EA10', campus_id: 'hs' },
    { id: 'd-ea2', door_number: 'EA2', campus_id: 'hs' },
    { id: 'd-101', door_number: '101', campus_id: 'hs' },
    { id: 'd-b1', door_number: 'B1', campus_id: 'hs' },
    { id: 'd-ms1', door_number: 'EA1', campus_id: 'ms' },
    { id: 'd-closed', door_number: 'X1', campus_id: 'old' },
    { id: 'd-orphan', door_number: 'X2', campus_id: 'not-on-this-device' },
    {
      id: '00000000-0000-0000-0000-000000000000',
      door_number: 'EA99',
      campus_id: 'hs',
    },
    { id: 'campus-hs', door_number: 'EA98', campus_id: 'hs' },
    { id: 'd-global', door_number: 'GLOBAL_DEFAULT', campus_id: 'hs' },
  ];
  const logs = [
    { door_id: 'd-ea10', created_at: ago(30 * H), door_status: 'operational' },
    {
      door_id: 'd-ea10',
      created_at: ago(2 * H).replace('Z', '+00:00'),
      door_status: 'maintenance',
    },
    {
      door_id: 'd-ea2',
      created_at: ago(23.5 * H),
      door_status: 'out_of_service',
    },
    { door_id: 'd-101', created_at: ago(13 * H), door_status: 'operational' },
    { door_id: 'd-ms1', created_at: ago(25 * H), door_status: 'weird' },
    {
      door_id: 'unknown-door',
      created_at: ago(1 * H),
      door_status: 'operational',
    },
    { door_id: 'd-b1', created_at: 'not a time', door_status: 'operational' },
  ];
  const board = buildDoorStatusBoard({
    campuses,
    doors,
    logs,
    intervalHours: 24,
    now,
  });

  it('one card per active campus by name, then doors whose campus is not on this device', () => {
    expect(board.campuses.map((c) => c.name)).toEqual(['Lincoln High School', 'Lincoln Middle School', 'Unassigned doors']);
    expect(board.campuses[2]!.tiles.map((t) => t.doorNumber)).toEqual(['X2']);
  });

  it('leaves the doors of an inactive campus out of the cards and every count, and brings them back once it is reactivated', () => {
    const tiles = (b: typeof board) => b.campuses.flatMap((c) => c.tiles.map((t) => t.doorNumber));
    expect(tiles(board)).not.toContain('X1');
    const reactivated = buildDoorStatusBoard({
      campuses: campuses.map((c) => (c.id === 'old' ? { ...c, active: true } : c)),
      doors,
      logs,
      intervalHours: 24,
      now,
    });
    expect(reactivated.campuses.map((c) => c.name)).toEqual([
      'Closed Campus',
      'Lincoln High School',
      'Lincoln Middle School',
      'Unassigned doors',
    ]);
    expect(reactivated.campuses[0]!.tiles.map((t) => t.doorNumber)).toEqual(['X1']);
    expect(reactivated.totals).toEqual({ ...board.totals, doors: 7, noActivity: 6, needsCheck: 4 });
  });

  it('tiles in door order with non-door ids filtered out', () => {
    expect(board.campuses[0]!.tiles.map((t) => t.doorNumber)).toEqual(['B1', 'EA2', 'EA10', '101']);
  });

  it('freshness and status colour from each door’s latest log, whatever the order of the logs', () => {
    const byNumber = Object.fromEntries(board.campuses.flatMap((c) => c.tiles).map((t) => [t.doorNumber, t]));
    expect(byNumber.EA10).toMatchObject({
      freshness: 'activity-today',
      statusColor: 'yellow',
      activityToday: true,
      lastStatus: 'maintenance',
    });
    expect(byNumber.EA2).toMatchObject({
      freshness: 'check-soon',
      statusColor: 'red',
      activityToday: false,
    });
    expect(byNumber['101']).toMatchObject({
      freshness: 'recent-check',
      statusColor: 'green',
    });
    expect(byNumber.EA1).toMatchObject({
      freshness: 'needs-check',
      statusColor: 'grey',
    });
    expect(byNumber.B1).toMatchObject({
      freshness: 'needs-check',
      lastCheck: null,
      statusColor: 'grey',
    });
  });

  it('counts total doors, activity today and no activity per campus and in total', () => {
    const hs = board.campuses[0]!;
    expect([hs.totalDoors, hs.activityToday, hs.noActivity]).toEqual([4, 1, 3]);
    expect(board.totals).toEqual({
      doors: 6,
      activityToday: 1,
      noActivity: 5,
      needsCheck: 3,
      checkSoon: 1,
      recentCheck: 1,
    });
  });

  it('today means 00:00:00 to 23:59:59 of the current local date', () => {
    const b = buildDoorStatusBoard({
      campuses,
      doors: [{ id: 'a', door_number: 'A1', campus_id: 'ms' }],
      logs: [
        {
          door_id: 'a',
          created_at: new Date(2026, 10, 22, 0, 0, 0, 0).toISOString(),
        },
      ],
      intervalHours: 24,
      now: new Date(2026, 10, 22, 23, 59, 59, 0),
    });
    expect(b.totals.activityToday).toBe(1);
    const yesterday = buildDoorStatusBoard({
      campuses,
      doors: [{ id: 'a', door_number: 'A1', campus_id: 'ms' }],
      logs: [
        {
          door_id: 'a',
          created_at: new Date(2026, 10, 21, 23, 59, 59, 999).toISOString(),
        },
      ],
      intervalHours: 24,
      now: new Date(2026, 10, 22, 0, 30, 0, 0),
    });
    expect(yesterday.totals.activityToday).toBe(0);
    expect(yesterday.campuses.find((c) => c.id === 'ms')!.tiles[0]!.freshness).toBe('recent-check');
  });

  it('an empty cache gives empty campus cards and zero totals', () => {
    const b = buildDoorStatusBoard({
      campuses,
      doors: [],
      logs: [],
      intervalHours: 24,
      now,
    });
    expect(b.campuses.map((c) => c.totalDoors)).toEqual([0, 0]);
    expect(b.totals.doors).toBe(0);
  });

  // Timing lives in npm run bench (field.dashboard-render-ms), never in a unit test.
  it('builds the board for 5,000 doors and 200,000 logs', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      id: `d${i}`,
      door_number: `EA${i}`,
      campus_id: i % 2 ? 'hs' : 'ms',
    }));
    const lots = Array.from({ length: 200_000 }, (_, i) => ({
      door_id: `d${i % 5000}`,
      created_at: new Date(now.getTime() - Math.floor(i / 5000) * 24 * H - (i % 97) * 60_000).toISOString(),
      door_status: 'operational',
    }));
    const b = buildDoorStatusBoard({
      campuses,
      doors: many,
      logs: lots,
      intervalHours: 24,
      now,
    });
    expect(b.totals.doors).toBe(5000);
    expect(b.totals.activityToday).toBe(5000);
  });
});

describe('freshnessWindowStart', () => {
  it('reaches back to today’s start or the interval, whichever is earlier, plus a margin for UTC offsets', () => {
    const noon = new Date(2026, 10, 22, 12, 0, 0, 0);
    expect(Date.parse(freshnessWindowStart(noon, 1))).toBe(new Date(2026, 10, 22, 0, 0, 0, 0).getTime() - 14 * H);
    expect(Date.parse(freshnessWindowStart(noon, 24))).toBe(noon.getTime() - 38 * H);
  });

  it('is stable within a minute, so live queries do not restart on every tick', () => {
    const a = new Date(2026, 10, 22, 12, 0, 1, 0);
    const b = new Date(2026, 10, 22, 12, 0, 59, 0);
    expect(freshnessWindowStart(a, 24)).toBe(freshnessWindowStart(b, 24));
  });
});

describe('the header and messages', () => {
  it('shows Back to the tenant dashboard for super admins and staff in support mode only', () => {
    expect(showBackToDashboard('super_admin', null)).toBe(true);
    expect(showBackToDashboard('security_admin', 'true')).toBe(true);
    expect(showBackToDashboard('security_admin', null)).toBe(false);
    expect(showBackToDashboard('regular_user', 'false')).toBe(false);
  });

  it('uses the spec’s texts when the server refuses the check interval', () => {
    expect(settingsSaveMessage('PGRST205')).toBe('Settings updated locally (database setup needed)');
    expect(settingsSaveMessage('42501')).toBe('Settings updated locally (database connection issue)');
    expect(settingsSaveMessage(null)).toBe('Settings updated locally (database connection issue)');
  });

  it('counts incidents as active until resolved or closed', () => {
    expect(['reported', 'investigating', 'resolved', 'closed'].map((status) => isActiveIncident({ status }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(isActiveIncident({ status: 'reported', deleted_at: '2026-01-01' })).toBe(false);
  });
});
