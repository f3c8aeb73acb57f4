/** The staff door-troubleshooting view's rules (spec §2 /door-management, §9 Due This Week). */
import { describe, expect, it } from 'vitest';
import type { StaffDoor, StaffMaintenance } from '../../src/data/staff-doors-api';
import {
  doorStatusLabel,
  doorTitle,
  filterDoors,
  isDoorStatusFilter,
  isDueThisWeek,
  maintenanceOfDoor,
  maintenanceStatusLabel,
  nextCheckAt,
  summarizeDoors,
} from '../../src/features/platform-admin/door-troubleshooting';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 3_600_000;

function door(over: Partial<StaffDoor>): StaffDoor {
  return {
    id: 'd1',
    door_number: 'A101',
    name: null,
    location: null,
    status: 'operational',
    condition: 'good',
    camera: null,
    campus_id: 'c1',
    campus_name: 'North Campus',
    last_check_at: null,
    updated_at: '2026-11-01T00:00:00Z',
    ...over,
  };
}

describe('due this week', () => {
  it('counts a door never checked as due now', () => {
    expect(nextCheckAt(door({}), 24, NOW)).toBe(NOW);
    expect(isDueThisWeek(door({}), 24, NOW)).toBe(true);
  });

  it('is the last check plus the interval, due when that falls within 7 days', () => {
    const checked = door({ last_check_at: new Date(NOW - HOUR).toISOString() });
    expect(nextCheckAt(checked, 24, NOW)).toBe(NOW + 23 * HOUR);
    expect(isDueThisWeek(checked, 24, NOW)).toBe(true);
    // A 168-hour interval checked an hour ago is next due in 167 hours: inside the week.
    expect(isDueThisWeek(checked, 168, NOW)).toBe(true);
    // Checked just now with a 168-hour interval: due exactly at the week's end, still inside.
    expect(isDueThisWeek(door({ last_check_at: new Date(NOW).toISOString() }), 168, NOW)).toBe(true);
  });

  it('leaves out a door whose next check is more than 7 days away', () => {
    const future = door({ last_check_at: new Date(NOW + 2 * HOUR).toISOString() });
    expect(isDueThisWeek(future, 168, NOW)).toBe(false);
  });

  it('treats an unreadable check time as never checked', () => {
    expect(nextCheckAt(door({ last_check_at: 'not a time' }), 24, NOW)).toBe(NOW);
  });
});

describe('summary cards', () => {
  it('counts each status and the doors due this week', () => {
    const doors = [
      door({ id: '1', status: 'operational' }),
      door({ id: '2', status: 'operational', last_check_at: new Date(NOW + HOUR).toISOString() }),
      door({ id: '3', status: 'maintenance' }),
      door({ id: '4', status: 'out_of_service' }),
      door({ id: '5', status: 'something_else' }),
    ];
    expect(summarizeDoors(doors, 168, NOW)).toEqual({ operational: 2, maintenance: 1, outOfService: 1, dueThisWeek: 4 });
    expect(summarizeDoors([], 24, NOW)).toEqual({ operational: 0, maintenance: 0, outOfService: 0, dueThisWeek: 0 });
  });
});

describe('search and status filter', () => {
  const doors = [
    door({ id: '1', door_number: 'A101', name: 'Main Entrance', location: 'Front lobby', status: 'operational' }),
    door({ id: '2', door_number: 'B2', name: null, location: 'Gym', status: 'maintenance' }),
    door({ id: '3', door_number: 'C3', name: 'Loading Dock', location: null, status: 'out_of_service' }),
  ];
  const ids = (rows: StaffDoor[]) => rows.map((d) => d.id);

  it('searches name, door number and location case-insensitively', () => {
    expect(ids(filterDoors(doors, 'ENTRANCE', 'all'))).toEqual(['1']);
    expect(ids(filterDoors(doors, 'gym', 'all'))).toEqual(['2']);
    expect(ids(filterDoors(doors, ' b2 ', 'all'))).toEqual(['2']);
    expect(ids(filterDoors(doors, '', 'all'))).toEqual(['1', '2', '3']);
    expect(ids(filterDoors(doors, 'nowhere', 'all'))).toEqual([]);
  });

  it('filters by status, with the search', () => {
    expect(ids(filterDoors(doors, '', 'out_of_service'))).toEqual(['3']);
    expect(ids(filterDoors(doors, 'dock', 'operational'))).toEqual([]);
    expect(isDoorStatusFilter('maintenance')).toBe(true);
    expect(isDoorStatusFilter('broken')).toBe(false);
  });
});

describe('labels', () => {
  it('names doors, statuses and maintenance states in words', () => {
    expect(doorTitle(door({ name: '  ' }))).toBe('A101');
    expect(doorTitle(door({ name: 'Main' }))).toBe('Main');
    expect(doorStatusLabel('out_of_service')).toBe('Out of Service');
    expect(doorStatusLabel('odd_state')).toBe('odd state');
    expect(maintenanceStatusLabel('in_progress')).toBe('In Progress');
    expect(maintenanceStatusLabel('')).toBe('');
  });

  it("lists one door's open maintenance", () => {
    const m = (id: string, door_id: string | null): StaffMaintenance => ({
      id,
      door_id,
      door_name: null,
      issue_type: 'hardware',
      description: null,
      priority: 'high',
      status: 'open',
      assigned_to_name: null,
      created_at: '2026-11-20T00:00:00Z',
    });
    expect(maintenanceOfDoor([m('1', 'd1'), m('2', 'd2'), m('3', null)], 'd1').map((r) => r.id)).toEqual(['1']);
  });
});
